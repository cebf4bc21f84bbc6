"""The production stack (nginx in front of gunicorn, kotguide.site.stack) started for real on 127.0.0.1: nginx's own
answers carry the security headers and the site's page (F9), content pages are cached by nginx under the configured
origin only, static files are immutable, one compressing layer. Needs Debian's nginx (`make test` installs it)."""

from __future__ import annotations

import gzip
import http.client
import os
import pwd
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from kotguide.site.security import CONTENT_SECURITY_POLICY

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


APP_USER = "kotguide"  # make app-user (a prerequisite of make test) creates it when run as root


APP_PYTHON = ROOT / "var" / "app-python" / "bin" / "python"  # make app-user: when the user cannot run .venv's


def app_user() -> str | None:
    """Started as root, the stack runs its workers as the app's user, as `make serve` does (None: not root, no such
    user, or no Python it can run)."""
    if os.geteuid() != 0:
        return None
    try:
        pwd.getpwnam(APP_USER)
    except KeyError:
        return None
    python = str(APP_PYTHON) if APP_PYTHON.exists() else sys.executable
    return APP_USER if subprocess.run([python, "-c", ""], user=APP_USER, check=False).returncode == 0 else None


@pytest.fixture(scope="module")
def stack():
    tmp = Path(tempfile.mkdtemp(prefix="kotguide-test-stack-"))
    tmp.chmod(0o755)  # the app's user reads the static files and passes through to its data
    data = tmp / "data"  # what the app writes, the only directory its user owns
    data.mkdir()
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "kotguide.settings", "DJANGO_DEBUG": "0",
           "DJANGO_SECRET_KEY": secrets.token_urlsafe(50), "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
           "KOTGUIDE_PUBLIC_ORIGIN": "https://kotguide.example", "DJANGO_STATIC_ROOT": str(tmp / "static"),
           "KOTGUIDE_DB": str(data / "db.sqlite3"), "KOTGUIDE_CACHE_DIR": str(data / "cache"),
           "DJANGO_SECURE_SSL_REDIRECT": "0"}
    env.pop("REDIS_URL", None)
    user = app_user()
    if user and APP_PYTHON.exists():
        env["KOTGUIDE_APP_PYTHON"] = str(APP_PYTHON)
    port = free_port()
    manage = [sys.executable, "manage.py"]
    for command in (["collectstatic", "--noinput", "-v", "0"], ["migrate", "--noinput", "-v", "0"]):
        subprocess.run([*manage, *command], cwd=ROOT, env=env, check=True)
    directory = tmp / "run"
    subprocess.run([*manage, "stack", "start", "--directory", str(directory), "--port", str(port), "--app-port",
                    str(free_port()), "--workers", "1", "--threads", "4", *(["--user", user] if user else [])],
                   cwd=ROOT, env=env, check=True, stdout=subprocess.DEVNULL, timeout=120)
    yield port, tmp
    subprocess.run([*manage, "stack", "stop", "--directory", str(directory)], cwd=ROOT, env=env, check=True,
                   stdout=subprocess.DEVNULL)
    shutil.rmtree(tmp, ignore_errors=True)


def owner_of(pid: int) -> str:
    return pwd.getpwuid(os.stat(f"/proc/{pid}").st_uid).pw_name


def send(port: int, raw: bytes) -> tuple[int, dict, bytes]:
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        s.sendall(raw)
        data = b""
        while chunk := s.recv(65536):
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {k.lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:])}
    return int(lines[0].split()[1]), headers, body


def get(port: int, path: str, **headers) -> tuple[int, dict, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request("GET", path, headers=headers)
    response = conn.getresponse()
    body = response.read()
    conn.close()
    return response.status, {k.lower(): v for k, v in response.getheaders()}, body


def assert_security_headers(headers: dict) -> None:
    assert headers["content-security-policy"] == CONTENT_SECURITY_POLICY
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["x-frame-options"] == "DENY"
    assert headers["referrer-policy"] == "same-origin"


def test_f9_a_request_line_too_long_gets_the_site_page_with_the_headers(stack):
    port, _ = stack
    status, headers, body = get(port, "/ja/?q=" + "x" * 9000)
    assert status == 414
    assert_security_headers(headers)
    assert b"kotguide" in body and b'<html lang="en">' in body  # nginx cannot read the path of a line this long


def test_f9_a_malformed_request_gets_the_site_page_with_the_headers(stack):
    port, _ = stack
    status, headers, body = send(port, b"GET /ja/\x01\x02 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    assert status == 400
    assert_security_headers(headers)
    assert b"<title>" in body and b"kotguide" in body


def test_content_pages_are_cached_by_nginx_whatever_the_host(stack):
    port, _ = stack
    first = get(port, "/en/glossary/", Host="127.0.0.1:1")
    second = get(port, "/en/glossary/", Host="127.0.0.1:2")
    assert first[0] == second[0] == 200
    assert second[1]["x-cache"] == "HIT" and first[2] == second[2]
    assert b'href="https://kotguide.example/en/glossary/"' in second[2]
    assert "set-cookie" not in second[1]
    assert_security_headers(second[1])


def test_one_compressing_layer(stack):
    port, _ = stack
    status, headers, body = get(port, "/en/search/?q=heal", **{"Accept-Encoding": "gzip"})
    assert status == 200 and headers["content-encoding"] == "gzip"
    assert b"</html>" in gzip.decompress(body)  # compressed once: one gunzip gives the page


def test_hashed_static_files_are_immutable(stack):
    port, _ = stack
    _status, _headers, page = get(port, "/en/")
    css = next(p for p in page.decode().split('"') if p.startswith("/static/css/site."))
    status, headers, _ = get(port, css, **{"Accept-Encoding": "gzip"})
    assert status == 200 and headers["cache-control"] == "public, max-age=31536000, immutable"
    assert headers["content-encoding"] == "gzip"
    assert_security_headers(headers)


@pytest.mark.skipif(app_user() is None, reason="needs root and the app's user (make app-user)")
def test_started_as_root_every_worker_runs_as_the_app_user_who_owns_only_what_the_app_writes(stack):
    port, tmp = stack
    assert send(port, b"GET /en/rules/heal/ HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n")[0] == 200
    masters = {"nginx": int((tmp / "run" / "nginx.pid").read_text()),
               "gunicorn": int((tmp / "run" / "gunicorn.pid").read_text())}
    for name, master in masters.items():
        workers = [int(p) for p in Path(f"/proc/{master}/task/{master}/children").read_text().split()]
        assert workers, name
        assert {owner_of(pid) for pid in workers} == {APP_USER}, name  # what handles a request
        assert owner_of(master) == "root"  # binds the port, writes the pid file
    assert (tmp / "data" / "db.sqlite3").owner() == APP_USER
    assert (tmp / "run" / "cache").owner() == APP_USER  # nginx's page cache
    assert (tmp / "run" / "nginx.conf").owner() == "root" and (tmp / "run").owner() == "root"
    assert (tmp / "static").owner() == "root"  # served, never written
