"""The production stack on one machine: nginx (Debian's package) in front of gunicorn (threaded workers).

nginx serves the hashed static files itself (a year, immutable, precompressed .gz beside each), keeps the content
pages Django marks public in its cache (compressed and plain, as GZipMiddleware, the one compressing layer for dynamic
answers, sent them), answers what never reaches Django (a request line over 8 KB, a malformed request, gunicorn
down) with the site's own error page and security headers, and passes the client's address on for the rate limits.
gunicorn listens on 127.0.0.1 only. Started as root with a `user`, both masters stay root (nginx binds the port,
gunicorn writes its pid file and log) while every process that handles a request, nginx's and gunicorn's workers,
runs as that user, who owns only what the app writes: nginx's cache and temporary files, and the `writable`
directories (the database's, the file caches). `Stack(...).start()` writes everything under `directory` and starts
both, detached; `stop()` stops them and empties nginx's cache, so a content change plus a restart serves the new text
at once.
`manage.py stack start|stop` (and `make serve`, `make serve-stop`) drive it. Nothing here imports Django.
"""

from __future__ import annotations

import contextlib
import grp
import os
import pwd
import shutil
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

from kotguide.site.security import HEADERS

NGINX = "/usr/sbin/nginx"
# what Django's own middleware adds to its answers, for the answers nginx makes itself
STATIC_HEADERS = {
    **HEADERS,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
}
_HASHED = r"\.[0-9a-f]{12}\."  # ManifestStaticFilesStorage: css/site.0123456789ab.css


def _headers(indent: str) -> str:
    return "".join(f'{indent}add_header {name} "{value}" always;\n' for name, value in STATIC_HEADERS.items())


@dataclass
class Stack:
    directory: Path  # nginx's configuration, logs, cache and error pages; gunicorn's pid and log
    static_root: Path
    host: str = "127.0.0.1"
    port: int = 8000  # nginx
    app_port: int = 8001  # gunicorn, loopback only
    workers: int = 2
    threads: int = 8
    cache: bool = True  # nginx's page cache (off: every page reaches Django, for a benchmark)
    env: dict | None = None  # gunicorn's environment (default: this process's)
    user: str | None = None  # started as root: the unprivileged user nginx's and gunicorn's workers run as
    writable: tuple[Path, ...] = ()  # with `user`: the directories the app writes (its database's, file caches)
    python: str = sys.executable  # the Python gunicorn runs on (with `user`: one that user can read)

    # ---------------------------------------------------------------- configuration
    def nginx_conf(self) -> str:
        d = self.directory
        cache = (
            "      proxy_cache pages;\n"
            "      proxy_cache_key $encoding$request_uri;  # no Host: one public origin, whatever the Host says\n"
            "      proxy_cache_lock on;\n"
            "      proxy_cache_bypass $http_hx_request;\n"
            "      proxy_no_cache $http_hx_request;\n"
            "      add_header X-Cache $upstream_cache_status always;\n"
            if self.cache
            else ""
        )
        return f"""# Written by kotguide.site.stack: do not edit (see docs/deploy.md).
{self._nginx_user()}
worker_processes {max(1, os.cpu_count() or 1)};
pid {d}/nginx.pid;
error_log {d}/nginx-error.log warn;
events {{ worker_connections 2048; }}
http {{
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  charset utf-8;  # the error pages
  access_log off;
  server_tokens off;
  sendfile on;
  tcp_nopush on;
  keepalive_timeout 65;
  keepalive_requests 100000;
  large_client_header_buffers 4 8k;  # a request line over 8 KB gets 414 here, with the site's page
  client_max_body_size 64k;  # the largest form: a position is at most 24,000 characters
  client_body_temp_path {d}/tmp/body;
  proxy_temp_path {d}/tmp/proxy;
  fastcgi_temp_path {d}/tmp/fastcgi;
  uwsgi_temp_path {d}/tmp/uwsgi;
  scgi_temp_path {d}/tmp/scgi;

  # Django compresses its own answers (GZipMiddleware, the one layer for dynamic answers); nginx compresses
  # nothing itself and sends static files' precompressed .gz (gzip_static).
  gzip off;
  # the cache keeps each content page once compressed and once plain
  map $http_accept_encoding $encoding {{
    ~*gzip gzip;
    default identity;
  }}

  proxy_cache_path {d}/cache levels=1:2 keys_zone=pages:10m max_size=256m inactive=1h use_temp_path=off;
  # gunicorn's master listens on one socket for all its workers: listed twice, a request whose worker died (an
  # out-of-memory kill) is tried again on another worker instead of failing.
  upstream django {{
    server 127.0.0.1:{self.app_port} max_fails=0;
    server 127.0.0.1:{self.app_port} max_fails=0;
    keepalive 64;
  }}
  map $request_uri $error_lang {{
    ~^/ja/ ja;
    default en;
  }}

  server {{
    listen {self.host}:{self.port} default_server;
    server_name _;

    error_page 400 408 413 414 431 494 /_error/$error_lang-400.html;
    error_page 500 502 503 504 /_error/$error_lang-500.html;
    location /_error/ {{
      internal;
      alias {d}/errors/;
{_headers("      ")}    }}

    location ~ "^/static/(.+{_HASHED}[^/]+)$" {{  # hashed names never change: a year, immutable
      alias {self.static_root}/$1;
      gzip_static on;
      add_header Cache-Control "public, max-age=31536000, immutable" always;
{_headers("      ")}    }}
    location /static/ {{
      alias {self.static_root}/;
      gzip_static on;
      add_header Cache-Control "public, max-age=3600" always;
{_headers("      ")}    }}

    location / {{
      proxy_pass http://django;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;  # with its port, as the browser's Origin has it (CSRF); Django checks it
      proxy_set_header X-Real-IP $remote_addr;
      proxy_set_header Accept-Encoding $encoding;
      proxy_set_header X-Forwarded-Proto $http_x_forwarded_proto;  # from the TLS proxy in front, if any
      proxy_read_timeout 60s;
      # every POST of the site is safe to send again: a position is stored under its content's hash
      proxy_next_upstream error timeout http_502 non_idempotent;
      proxy_next_upstream_tries 3;
{cache}    }}
  }}
}}
"""

    def _nginx_user(self) -> str:
        if self.user:
            group = grp.getgrgid(pwd.getpwnam(self.user).pw_gid).gr_name
            return f"user {self.user} {group};  # the workers (they write the cache); the master stays root"
        return f"user {pwd.getpwuid(os.getuid()).pw_name};  # who starts the stack (its workers write the cache)"

    # ---------------------------------------------------------------- processes
    @property
    def gunicorn_pid(self) -> Path:
        return self.directory / "gunicorn.pid"

    def start(self, error_pages: dict[str, bytes]) -> None:
        """Write the configuration and the error pages ({"en-400": html, …}), start gunicorn and nginx."""
        self.stop()
        for sub in ("tmp", "cache", "errors"):
            (self.directory / sub).mkdir(parents=True, exist_ok=True)
        if self.user:
            for path in (self.directory / "tmp", self.directory / "cache", *self.writable):
                path.mkdir(parents=True, exist_ok=True)
                _give(path, self.user)
        for name, html in error_pages.items():
            (self.directory / "errors" / f"{name}.html").write_bytes(html)
        conf = self.directory / "nginx.conf"
        conf.write_text(self.nginx_conf())
        gunicorn = [self.python, "-m", "gunicorn"]
        subprocess.run(
            [*gunicorn, "kotguide.wsgi", "--worker-class", "gthread", "--workers", str(self.workers),
             "--threads", str(self.threads), "--bind", f"127.0.0.1:{self.app_port}", "--keep-alive", "75",
             "--limit-request-line", "8190", "--daemon", "--pid", str(self.gunicorn_pid),
             "--error-logfile", str(self.directory / "gunicorn.log"),  # no access log: it keeps nothing of readers
             "--capture-output", *self._no_control_socket(gunicorn), *self._worker_user()],
            check=True, env={**(self.env or os.environ), "KOTGUIDE_CLIENT_IP_META": "HTTP_X_REAL_IP"},
        )
        subprocess.run([NGINX, "-c", str(conf), "-e", str(self.directory / "nginx-error.log")], check=True)
        self.wait_for("/robots.txt")

    def _worker_user(self) -> list[str]:
        if not self.user:
            return []
        return ["--user", self.user, "--group", grp.getgrgid(pwd.getpwnam(self.user).pw_gid).gr_name]

    @staticmethod
    def _no_control_socket(gunicorn: list[str]) -> list[str]:
        """gunicorn 25+ opens a control socket in ~/.gunicorn by default: one per machine, so two stacks collide."""
        helped = subprocess.run([*gunicorn, "--help"], capture_output=True, text=True).stdout
        return ["--no-control-socket"] if "--no-control-socket" in helped else []

    def wait_for(self, path: str, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                probe = urllib.request.Request(f"http://127.0.0.1:{self.port}{path}",
                                               headers={"X-Forwarded-Proto": "https"})  # as from the TLS proxy
                with urllib.request.urlopen(probe, timeout=5) as answer:
                    if answer.status == 200:
                        return
            except (OSError, urllib.error.URLError):
                pass
            time.sleep(0.2)
        raise RuntimeError(f"{path} did not answer within {timeout} s: see {self.directory}/gunicorn.log")

    def stop(self) -> None:
        """Stop nginx and gunicorn (each by its pid file) and empty nginx's cache."""
        for pid_file in (self.directory / "nginx.pid", self.gunicorn_pid):
            pid = self._pid(pid_file)
            if pid is None:
                continue
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGTERM)
            for _ in range(100):
                try:
                    os.kill(pid, 0)
                except ProcessLookupError:
                    break
                time.sleep(0.1)
            pid_file.unlink(missing_ok=True)
        shutil.rmtree(self.directory / "cache", ignore_errors=True)

    @staticmethod
    def _pid(path: Path) -> int | None:
        try:
            return int(path.read_text().strip())
        except (OSError, ValueError):
            return None


def _give(root: Path, user: str) -> None:
    """`root` and everything in it owned by `user` (and its group); symbolic links are not followed."""
    entry = pwd.getpwnam(user)
    os.chown(root, entry.pw_uid, entry.pw_gid, follow_symlinks=False)
    for folder, dirs, files in os.walk(root):
        for name in dirs + files:
            os.chown(os.path.join(folder, name), entry.pw_uid, entry.pw_gid, follow_symlinks=False)
