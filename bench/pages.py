"""Rule pages through the production stack against the same HTML served by nginx and by Python, side by side.

    .venv/bin/python bench/pages.py [--seconds 4] [--rounds 3] [--connections 8]

Starts the production stack twice (`manage.py stack`: nginx in front of gunicorn's threaded workers, production
settings, collectstatic into a temporary STATIC_ROOT), once with nginx's page cache and once without, saves each rule
page as served, and runs wrk on 127.0.0.1, `--rounds` times each, against: the page through the stack; the same HTML
file served by the same nginx; the page from gunicorn directly (Django alone: nginx's cache cannot help) and through
the stack with nginx's cache off; the same file from Python's http.server. It prints the medians and two ratios
(A: stack / nginx, goal 0.50; B: Django alone / http.server, goal 0.80). wrk sends `X-Forwarded-Proto: https` as
the TLS proxy in front would. Then the transfer of one rule page as a browser gets it. Needs wrk and nginx
(`make bench-pages` installs both). Loopback only; every run is bounded.
"""

from __future__ import annotations

import argparse
import gzip
import http.client
import os
import re
import secrets
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYTHON = sys.executable
GUNICORN = str(Path(PYTHON).with_name("gunicorn"))
PROXY_HEADERS = {"X-Forwarded-Proto": "https"}  # what the TLS proxy in front adds
RULE_PAGES = [  # (label, address)
    ("section, en", "/en/rules/heal/"),
    ("section, ja", "/ja/rules/heal/"),
    ("side by side", "/ja/rules/heal/both/"),
]
BUDGET = 60 * 1024
SECRET = secrets.token_urlsafe(50)  # one key for every server of a run (they share a database and cache)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class Server:
    """The production stack (nginx in front of gunicorn's threaded workers, `manage.py stack`) on 127.0.0.1 with the
    production settings, state in a temporary directory; `stack=False`: gunicorn alone (sync workers)."""

    workers: int = 2
    extra_env: dict = field(default_factory=dict)
    port: int = field(default_factory=free_port)
    app_port: int = field(default_factory=free_port)  # gunicorn's, behind nginx
    tmp: Path = field(default_factory=lambda: Path(tempfile.mkdtemp(prefix="kotguide-bench-")))
    stack: bool = True
    nginx_cache: bool = True
    name: str = "stack"
    process: subprocess.Popen | None = None

    @property
    def static_root(self) -> Path:
        return self.tmp / "static"

    @property
    def directory(self) -> Path:
        return self.tmp / self.name

    @property
    def log(self) -> Path:
        return self.directory / "gunicorn.log"

    @property
    def env(self) -> dict:
        env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "kotguide.settings",
            "DJANGO_DEBUG": "0",
            "DJANGO_SECRET_KEY": SECRET,
            "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
            "DJANGO_STATIC_ROOT": str(self.static_root),
            "KOTGUIDE_CACHE_DIR": str(self.data / "cache"),
            **self.extra_env,
        }
        if not env.get("DATABASE_URL"):
            env["KOTGUIDE_DB"] = str(self.data / "db.sqlite3")
        return env

    @property
    def data(self) -> Path:
        """What the app writes (the database, the file cache): the one directory the app's user owns when the stack
        is started as root (KOTGUIDE_APP_USER)."""
        return self.tmp / "data"

    def __post_init__(self) -> None:
        self.data.mkdir(exist_ok=True)
        self.tmp.chmod(0o755)  # the app's user reads the static files and passes through to its data

    def prepare(self) -> None:
        env = self.env
        for command in (["collectstatic", "--noinput", "-v", "0"], ["migrate", "--noinput", "-v", "0"]):
            subprocess.run([PYTHON, "manage.py", *command], cwd=ROOT, env=env, check=True)

    def start(self) -> Server:
        self.directory.mkdir(parents=True, exist_ok=True)
        if self.stack:
            command = [PYTHON, "manage.py", "stack", "start", "--directory", str(self.directory), "--port",
                       str(self.port), "--app-port", str(self.app_port), "--workers", str(self.workers)]
            subprocess.run([*command, *([] if self.nginx_cache else ["--no-cache"])], cwd=ROOT, env=self.env,
                           check=True, stdout=subprocess.DEVNULL)
        else:
            command = [GUNICORN, "kotguide.wsgi", "--workers", str(self.workers), "--bind", f"127.0.0.1:{self.port}",
                       "--error-logfile", str(self.log), "--capture-output"]
            self.process = subprocess.Popen(command, cwd=ROOT, env=self.env, start_new_session=True)
        self.wait_for("/robots.txt")
        return self

    @property
    def pid(self) -> int:
        """gunicorn's master (its workers are its children)."""
        if self.process:
            return self.process.pid
        return int((self.directory / "gunicorn.pid").read_text())

    def worker_pids(self) -> list[int]:
        out = subprocess.run(["pgrep", "-P", str(self.pid)], capture_output=True, text=True).stdout
        return [int(p) for p in out.split()]

    def wait_for(self, path: str, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process and self.process.poll() is not None:
                raise SystemExit(f"gunicorn exited: see {self.log}")
            try:
                if self.get(path)[0] == 200:
                    return
            except OSError:
                pass
            time.sleep(0.2)
        raise SystemExit(f"{path} did not answer within {timeout} s")

    def get(self, path: str, headers: dict | None = None) -> tuple[int, dict, bytes, int]:
        """(status, headers, body as sent, header bytes) of one GET."""
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            conn.request("GET", path, headers={**PROXY_HEADERS, **(headers or {})})
            response = conn.getresponse()
            body = response.read()
            head = sum(len(k) + len(v) + 4 for k, v in response.getheaders()) + 17
            return response.status, {k.lower(): v for k, v in response.getheaders()}, body, head
        finally:
            conn.close()

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    def app_url(self, path: str) -> str:
        """gunicorn itself, without nginx: Django alone."""
        return f"http://127.0.0.1:{self.app_port}{path}"

    def stop(self, remove: bool = True) -> None:
        if self.stack:
            subprocess.run([PYTHON, "manage.py", "stack", "stop", "--directory", str(self.directory)], cwd=ROOT,
                           env=self.env, check=False, stdout=subprocess.DEVNULL)
        elif self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
        if remove:
            shutil.rmtree(self.tmp, ignore_errors=True)


class StaticServer:
    """Python's http.server (threaded) serving a directory on 127.0.0.1: the floor a Python server reaches."""

    def __init__(self, directory: Path):
        self.port = free_port()
        self.process = subprocess.Popen(
            [PYTHON, "-m", "http.server", str(self.port), "--bind", "127.0.0.1", "--directory", str(directory)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        time.sleep(1)

    @property
    def pid(self) -> int:
        return self.process.pid

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    def stop(self) -> None:
        os.killpg(self.process.pid, signal.SIGTERM)
        self.process.wait(timeout=20)


@dataclass
class WrkResult:
    rps: float
    p50_ms: float
    p99_ms: float
    requests: int
    errors: int
    cpu_us: float = 0.0  # server CPU time (gunicorn master and workers) per request


_TICK = os.sysconf("SC_CLK_TCK")


def server_cpu(pid: int) -> float:
    """CPU seconds used so far by a process and its children (gunicorn's master and its workers)."""
    total = 0.0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if stat.parent.name == str(pid) or fields[1] == str(pid):  # fields[1]: the parent's pid
            total += (int(fields[11]) + int(fields[12])) / _TICK
    return total


def _ms(text: str) -> float:
    value, unit = re.fullmatch(r"([\d.]+)(us|ms|s)", text).groups()
    return float(value) * {"us": 0.001, "ms": 1, "s": 1000}[unit]


def wrk(url: str, seconds: int, connections: int, headers: dict | None = None, script: str | None = None,
        threads: int = 1, server: Server | StaticServer | None = None) -> WrkResult:
    assert url.startswith("http://127.0.0.1:"), "loopback only"
    cpu_before = server_cpu(server.pid) if server else 0.0
    command = ["wrk", f"-t{threads}", f"-c{connections}", f"-d{seconds}s", "--timeout", "10s", "--latency"]
    for name, value in {**PROXY_HEADERS, **(headers or {})}.items():
        command += ["-H", f"{name}: {value}"]
    if script:
        command += ["-s", script]
    out = subprocess.run([*command, url], capture_output=True, text=True, check=True,
                         timeout=seconds + 60).stdout
    latency = dict(re.findall(r"^\s+(50|99)(?:\.000)?%\s+(\S+)\s*$", out, re.M))
    non_2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    socket_errors = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", out)
    errors = (int(non_2xx.group(1)) if non_2xx else 0) + (sum(map(int, socket_errors.groups())) if socket_errors else 0)
    requests = int(re.search(r"(\d+) requests in", out).group(1))
    cpu = server_cpu(server.pid) - cpu_before if server else 0.0
    return WrkResult(
        rps=float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1)),
        p50_ms=_ms(latency["50"]),
        p99_ms=_ms(latency["99"]),
        requests=requests,
        errors=errors,
        cpu_us=cpu / max(requests, 1) * 1e6,
    )


def median(results: list[WrkResult]) -> WrkResult:
    return WrkResult(
        statistics.median(r.rps for r in results), statistics.median(r.p50_ms for r in results),
        statistics.median(r.p99_ms for r in results), sum(r.requests for r in results), sum(r.errors for r in results),
        statistics.median(r.cpu_us for r in results),
    )


# ------------------------------------------------------------------ what a browser transfers

_ASSETS = re.compile(
    r'<(?:link[^>]*\brel="(?:stylesheet|icon|preload|modulepreload|manifest|apple-touch-icon)"[^>]*\bhref'
    r'|script[^>]*\bsrc|img[^>]*\bsrc|source[^>]*\bsrcset)="([^"]+)"'
)
_CSS_URL = re.compile(r"""url\(\s*['"]?([^'")]+)['"]?\s*\)|@import\s+['"]([^'"]+)['"]""")
BROWSER = {"Accept-Encoding": "gzip, deflate, br", "Accept": "text/html,*/*"}


def transfer(server: Server, path: str) -> tuple[list[tuple[str, str, int, int, str]], list[str]]:
    """[(path, encoding, body bytes, header bytes, cache-control)] of the page and all it loads; other hosts."""
    rows, other_hosts, seen = [], [], set()
    queue = [path]
    while queue:
        item = queue.pop(0)
        if item in seen or item.startswith("data:"):
            continue
        seen.add(item)
        if re.match(r"^([a-z][a-z0-9+.-]*:)?//", item, re.I):
            other_hosts.append(item)
            continue
        status, headers, body, head = server.get(item, BROWSER)
        assert status == 200, (item, status)
        rows.append((item, headers.get("content-encoding", "identity"), len(body), head,
                     headers.get("cache-control", "")))
        text = (gzip.decompress(body) if headers.get("content-encoding") == "gzip" else body).decode("utf-8", "replace")
        base = item.rsplit("/", 1)[0] + "/"
        if headers.get("content-type", "").startswith("text/html"):
            queue += _ASSETS.findall(text)
        elif headers.get("content-type", "").startswith("text/css"):
            for url, imported in _CSS_URL.findall(text):
                ref = url or imported
                queue.append(ref if ref.startswith(("/", "data:")) or "//" in ref else base + ref)
    return rows, other_hosts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=int, default=4, help="length of each wrk run (default 4)")
    parser.add_argument("--rounds", type=int, default=3, help="runs of each side, alternating (default 3)")
    parser.add_argument("--connections", type=int, default=8)
    args = parser.parse_args()

    server = Server()
    uncached = Server(nginx_cache=False, name="uncached")  # nginx passes every page to Django, and Django alone
    python = None
    try:
        server.prepare()
        uncached.tmp, uncached.port = server.tmp, free_port()
        server.start()
        uncached.start()
        bench = server.static_root / "bench"
        bench.mkdir()
        pairs = []
        for i, (label, path) in enumerate(RULE_PAGES):
            status, _, html, _ = server.get(path)
            assert status == 200, (path, status)
            (bench / f"page{i}.html").write_bytes(html)
            (bench / f"page{i}.html.gz").write_bytes(gzip.compress(html, 9))  # nginx's gzip_static sends it
            pairs.append((label, path, f"/static/bench/page{i}.html", f"/page{i}.html", len(html)))
        python = StaticServer(bench)

        print(f"production stack: nginx in front of gunicorn ({server.workers} workers x 8 threads), production "
              f"settings; wrk -t1 -c{args.connections}, {args.rounds} x {args.seconds} s per figure (median), "
              f"127.0.0.1; {os.cpu_count()} CPUs shared by the servers and wrk (and anything else running)")
        print("A: the page through the stack (nginx's cache on) / nginx serving the same HTML file   goal >= 0.50")
        print("B: Django alone (gunicorn, threaded workers, without nginx) / Python's http.server serving the same "
              "file   goal >= 0.80; 'via nginx': the stack with nginx's cache off")
        print("CPU: gunicorn's CPU time per request (master and workers); B CPU: http.server's CPU per request / "
              "Django's (steadier than req/s on a busy machine)")
        print(f"{'page':<13} {'encoding':<8} {'bytes':>6} | {'stack':>7} {'nginx':>7} {'A':>5} |"
              f" {'Django':>7} {'CPU':>7} {'python':>7} {'B':>5} {'B CPU':>5} | {'via nginx':>9} |"
              f" {'p50/p99 ms stack':>16}"
              f" {'Django':>13}")
        for _label, path, static, plain, _size in pairs:  # warm up: first renders, imports, connections
            wrk(server.url(path), 1, 2)
            wrk(uncached.url(path), 1, 2)
            wrk(uncached.app_url(path), 1, 2)
            wrk(server.url(static), 1, 2)
            wrk(python.url(plain), 1, 2)
        worst_a = worst_b = None
        measured = [(label, path, static, plain, size, "identity") for label, path, static, plain, size in pairs]
        measured.insert(1, (*pairs[0], "gzip"))
        errors = 0
        for label, path, static, plain, size, encoding in measured:
            headers = {"Accept-Encoding": encoding}
            runs: dict[str, list[WrkResult]] = {"stack": [], "nginx": [], "raw": [], "python": [], "via": []}
            for _ in range(args.rounds):
                runs["stack"].append(wrk(server.url(path), args.seconds, args.connections, headers, server=server))
                runs["nginx"].append(wrk(server.url(static), args.seconds, args.connections, headers))
                runs["raw"].append(wrk(uncached.app_url(path), args.seconds, args.connections, headers,
                                       server=uncached))
                runs["via"].append(wrk(uncached.url(path), args.seconds, args.connections, headers))
                if encoding == "identity":  # http.server does not compress
                    runs["python"].append(wrk(python.url(plain), args.seconds, args.connections, headers,
                                              server=python))
            stack, nginx, raw = median(runs["stack"]), median(runs["nginx"]), median(runs["raw"])
            a = stack.rps / nginx.rps
            worst_a = a if worst_a is None else min(worst_a, a)
            line = (f"{label:<13} {encoding:<8} {size:>6} | {stack.rps:>7.0f} {nginx.rps:>7.0f} {a:>5.2f} |"
                    f" {raw.rps:>8.0f} {raw.cpu_us:>4.0f} us")
            if runs["python"]:
                py = median(runs["python"])
                b = raw.rps / py.rps
                worst_b = b if worst_b is None else min(worst_b, b)
                line += f" {py.rps:>7.0f} {b:>5.2f} {py.cpu_us / raw.cpu_us:>5.2f}"
            else:
                line += f" {'':>7} {'':>5} {'':>5}"
            line += (f" | {median(runs['via']).rps:>9.0f} | {stack.p50_ms:>6.1f}/{stack.p99_ms:<9.1f}"
                     f" {raw.p50_ms:>5.1f}/{raw.p99_ms:<7.1f}")
            run_errors = sum(r.errors for group in runs.values() for r in group)
            errors += run_errors
            print(line + (f"  ERRORS: {run_errors}" if run_errors else ""), flush=True)
        print(f"lowest A: {worst_a:.2f} (goal: at least 0.50); lowest B: {worst_b:.2f} (goal: at least 0.80)")

        rows, other_hosts = transfer(server, RULE_PAGES[0][1])
        print(f"\none rule page as a browser loads it ({RULE_PAGES[0][1]}, Accept-Encoding: gzip, deflate, br):")
        for item, encoding, body, head, cache in rows:
            print(f"  {item:<52} {encoding:<8} {body:>7} B body  {head:>4} B headers  {cache}")
        total_body = sum(r[2] for r in rows)
        total = total_body + sum(r[3] for r in rows)
        print(f"  in all: {total_body} B of bodies, {total} B with headers ({total / 1024:.1f} KB; goal under 60 KB)")
        print(f"  other hosts asked: {', '.join(other_hosts) if other_hosts else 'none'}")
        if other_hosts or total >= BUDGET or worst_a < 0.5 or worst_b < 0.8 or errors:
            raise SystemExit(1)
    finally:
        if python:
            python.stop()
        uncached.stop(remove=False)  # shares the first server's directory
        server.stop()


def stop_on_terminate(_signum, _frame) -> None:
    raise SystemExit(143)  # runs main's `finally`, which stops the servers this run started


if __name__ == "__main__":
    signal.signal(signal.SIGTERM, stop_on_terminate)
    main()
