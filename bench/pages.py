"""Rule pages from gunicorn against the same HTML as a static file from the same server, side by side.

    .venv/bin/python bench/pages.py [--seconds 4] [--rounds 3] [--connections 8] [--no-uncached]

Starts gunicorn (2 workers) with the production settings (DJANGO_DEBUG=0, whitenoise, collectstatic into a temporary
STATIC_ROOT first), saves each rule page as served into that STATIC_ROOT, reloads, and runs wrk on 127.0.0.1 against
the page and its static copy in turn, `--rounds` times; the median of each is printed with the ratio. wrk sends
`X-Forwarded-Proto: https` as the TLS proxy in front would. Then the transfer of one rule page as a browser gets it:
the HTML and every file it loads (compressed as served), and whether any of them is on another host.
Needs wrk (`apt-get install wrk`, or `make bench-pages`). Traffic goes to 127.0.0.1 only and every run is bounded.
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


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class Server:
    """gunicorn with the production settings on 127.0.0.1, state in a temporary directory."""

    workers: int = 2
    extra_env: dict = field(default_factory=dict)
    port: int = field(default_factory=free_port)
    tmp: Path = field(default_factory=lambda: Path(tempfile.mkdtemp(prefix="kotguide-bench-")))
    process: subprocess.Popen | None = None

    @property
    def static_root(self) -> Path:
        return self.tmp / "static"

    @property
    def env(self) -> dict:
        env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "kotguide.settings",
            "DJANGO_DEBUG": "0",
            "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
            "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
            "DJANGO_STATIC_ROOT": str(self.static_root),
            **self.extra_env,
        }
        if not env.get("DATABASE_URL"):
            env["KOTGUIDE_DB"] = str(self.tmp / "db.sqlite3")
        return env

    def prepare(self) -> None:
        env = self.env
        for command in (["collectstatic", "--noinput", "-v", "0"], ["migrate", "--noinput", "-v", "0"]):
            subprocess.run([PYTHON, "manage.py", *command], cwd=ROOT, env=env, check=True)

    def start(self) -> Server:
        command = [GUNICORN, "kotguide.wsgi", "--workers", str(self.workers), "--bind", f"127.0.0.1:{self.port}",
                   "--access-logfile", "/dev/null", "--error-logfile", str(self.tmp / "gunicorn.log"),
                   "--capture-output"]
        if "--no-control-socket" in subprocess.run([GUNICORN, "--help"], capture_output=True, text=True).stdout:
            command.append("--no-control-socket")  # gunicorn 25+: leave the default control socket to others
        self.process = subprocess.Popen(command, cwd=ROOT, env=self.env, start_new_session=True)
        self.wait_for("/robots.txt")
        return self

    def reload(self, probe: str) -> None:
        """New workers (whitenoise reads STATIC_ROOT when a worker starts): wait until `probe` answers 200."""
        os.kill(self.process.pid, signal.SIGHUP)
        time.sleep(0.5)
        self.wait_for(probe)

    def wait_for(self, path: str, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise SystemExit(f"gunicorn exited: see {self.tmp / 'gunicorn.log'}")
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

    def stop(self, remove: bool = True) -> None:
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
        if remove:
            shutil.rmtree(self.tmp, ignore_errors=True)


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
        threads: int = 1, server: Server | None = None) -> WrkResult:
    assert url.startswith("http://127.0.0.1:"), "loopback only"
    cpu_before = server_cpu(server.process.pid) if server else 0.0
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
    cpu = server_cpu(server.process.pid) - cpu_before if server else 0.0
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
    parser.add_argument("--no-uncached", action="store_true", help="skip the run with the page store off")
    args = parser.parse_args()

    server = Server()
    uncached = None if args.no_uncached else Server(extra_env={"KOTGUIDE_PAGE_CACHE": "0"})
    try:
        server.prepare()
        server.start()
        bench = server.static_root / "bench"
        bench.mkdir()
        pairs = []
        for i, (label, path) in enumerate(RULE_PAGES):
            status, _, html, _ = server.get(path)
            assert status == 200, (path, status)
            (bench / f"page{i}.html").write_bytes(html)
            (bench / f"page{i}.html.gz").write_bytes(gzip.compress(html, 9))  # whitenoise serves it on gzip
            pairs.append((label, path, f"/static/bench/page{i}.html", len(html)))
        server.reload(pairs[-1][2])
        if uncached:
            uncached.tmp, uncached.port = server.tmp, free_port()
            uncached.start()

        print(f"gunicorn, {server.workers} sync workers, production settings; wrk -t1 -c{args.connections}, "
              f"{args.rounds} x {args.seconds} s per figure (median), 127.0.0.1; {os.cpu_count()} CPUs shared by "
              "server and wrk (and anything else running)")
        print("req/s: as wrk measured them; CPU: gunicorn's CPU time per request (steadier on a busy machine)")
        header = (f"{'page':<13} {'encoding':<8} {'bytes':>6} | {'page req/s':>10} {'static req/s':>12} {'ratio':>5} |"
                  f" {'page CPU':>9} {'static CPU':>10} {'ratio':>5} | {'p50/p99 ms page':>15} {'static':>13}")
        if uncached:
            header += f" | {'store off: req/s':>16} {'CPU':>7}"
        print(header)
        for _label, path, static, _size in pairs:  # warm up: first renders, imports, connections
            for target in filter(None, (server, uncached)):
                wrk(target.url(path), 1, 2)
            wrk(server.url(static), 1, 2)
        worst = None
        measured = [(label, path, static, size, "identity") for label, path, static, size in pairs]
        measured.insert(1, (*pairs[0][:4], "gzip"))
        for label, path, static, size, encoding in measured:
            headers = {"Accept-Encoding": encoding}
            page_runs, static_runs, raw_runs = [], [], []
            for _ in range(args.rounds):
                page_runs.append(wrk(server.url(path), args.seconds, args.connections, headers, server=server))
                static_runs.append(wrk(server.url(static), args.seconds, args.connections, headers, server=server))
                if uncached and encoding == "identity":
                    raw_runs.append(wrk(uncached.url(path), args.seconds, args.connections, headers, server=uncached))
            page, static_r = median(page_runs), median(static_runs)
            ratio = page.rps / static_r.rps
            cpu_ratio = static_r.cpu_us / page.cpu_us
            worst = ratio if worst is None else min(worst, ratio)
            line = (f"{label:<13} {encoding:<8} {size:>6} | {page.rps:>10.0f} {static_r.rps:>12.0f} {ratio:>5.2f} |"
                    f" {page.cpu_us:>6.0f} us {static_r.cpu_us:>7.0f} us {cpu_ratio:>5.2f} |"
                    f" {page.p50_ms:>6.1f}/{page.p99_ms:<8.1f} {static_r.p50_ms:>5.1f}/{static_r.p99_ms:<7.1f}")
            if raw_runs:
                raw = median(raw_runs)
                line += f" | {raw.rps:>16.0f} {raw.cpu_us:>4.0f} us"
            errors = page.errors + static_r.errors
            print(line + (f"  ERRORS: {errors}" if errors else ""), flush=True)
        print(f"lowest req/s ratio: {worst:.2f} (goal: at least 0.50)")

        rows, other_hosts = transfer(server, RULE_PAGES[0][1])
        print(f"\none rule page as a browser loads it ({RULE_PAGES[0][1]}, Accept-Encoding: gzip, deflate, br):")
        for item, encoding, body, head, cache in rows:
            print(f"  {item:<52} {encoding:<8} {body:>7} B body  {head:>4} B headers  {cache}")
        total_body = sum(r[2] for r in rows)
        total = total_body + sum(r[3] for r in rows)
        print(f"  in all: {total_body} B of bodies, {total} B with headers ({total / 1024:.1f} KB; goal under 60 KB)")
        print(f"  other hosts asked: {', '.join(other_hosts) if other_hosts else 'none'}")
        if other_hosts or total >= BUDGET or worst < 0.5:
            raise SystemExit(1)
    finally:
        if uncached:
            uncached.stop(remove=False)  # shares the first server's directory
        server.stop()


if __name__ == "__main__":
    main()
