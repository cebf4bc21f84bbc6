"""A bounded load run: pages, search and sandbox steps against gunicorn (2 workers, production settings).

    .venv/bin/python bench/load.py [--seconds 120] [--connections 16]

Four phases share the time: every page in both languages; search (whole pages and the htmx drop-down); the sandbox
(htmx steps along every scenario and along long random games, whole position pages, shares that write to the
database, shared positions); then all of them mixed. wrk (one thread, --connections open connections) cycles
through each phase's requests; a Lua script counts every status. Only valid requests are sent, so any answer that
is not 2xx/3xx, any socket error and any error in the server log is an error. Loopback only (127.0.0.1); stops
after --seconds. DATABASE_URL, if set, is used (migrated first); otherwise a temporary SQLite file.
Exit status 1 on any error.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import secrets
import signal
import subprocess
import sys
import threading
from pathlib import Path
from urllib.parse import quote, urlencode

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "kotguide.settings")

import django  # noqa: E402

django.setup()

from pages import PROXY_HEADERS, Server, server_cpu  # noqa: E402

from kotguide.content.scenarios import scenarios  # noqa: E402
from kotguide.engine import legal_actions, replay  # noqa: E402
from kotguide.sandbox.models import SharedPosition  # noqa: E402
from kotguide.sandbox.position import MAX_URL, Position  # noqa: E402
from kotguide.sandbox.views import STEP_MARGIN  # noqa: E402
from kotguide.site.seo import page_paths  # noqa: E402

LANGS = ("ja", "en")
SEARCHES = {
    "ja": ["回", "回復", "攻撃", "脱出", "ハート", "トーキョー", "回復の上限", "パワーカード 購入", "毒トークン",
           "勝利ポイント", "えねるぎー", "zzz"],
    "en": ["a", "vp", "heal", "smash", "yield tokyo", "Alien Metabolism", "poison tokens", "energy", "the", "回復",
           "ＨＥＡＬ", "qqqzzz"],
}
CSRF = secrets.token_hex(16)  # a 32-character secret: the cookie and the form field, as a browser would send them

LUA = r"""
local requests = {}
local counter = 0
statuses = {}
local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  local file = assert(io.open(args[1], "r"))
  for line in file:lines() do
    local method, path, hdrs, body = line:match("^([^\t]*)\t([^\t]*)\t([^\t]*)\t(.*)$")
    local headers = {}
    for name, value in hdrs:gmatch("([^|:]+):([^|]*)") do headers[name] = value end
    if body == "" then body = nil end
    requests[#requests + 1] = wrk.format(method, path, headers, body)
  end
  file:close()
  counter = tonumber(args[2] or "0") % #requests
end

function request()
  counter = counter % #requests + 1
  return requests[counter]
end

local shown = 0
function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
  if (status < 200 or status >= 400) and shown < 3 then
    shown = shown + 1
    local text = body:gsub("%s+", " "):match("<h1>(.-)</h1>.-<p[^>]*>(.-)</p>") or body:sub(1, 200)
    io.write(string.format("ANSWER %d %s\n", status, text))
  end
end

function done(summary, latency, requests)
  for _, thread in ipairs(threads) do
    for status, count in pairs(thread:get("statuses")) do
      io.write(string.format("STATUS %d %d\n", status, count))
    end
  end
end
"""


def line(method: str, path: str, headers: dict | None = None, body: str = "") -> str:
    headers = {**PROXY_HEADERS, **(headers or {})}
    assert "\t" not in path + body and "\n" not in path + body
    return "\t".join([method, path, "|".join(f"{k}:{v}" for k, v in headers.items()), body])


def page_requests() -> list[str]:
    found = [line("GET", paths[lang]) for paths in page_paths() for lang in LANGS]
    found += [line("GET", f"/{lang}/sandbox/") for lang in LANGS]
    return found


def search_requests() -> list[str]:
    found = []
    for lang, queries in SEARCHES.items():
        for q in queries:
            path = f"/{lang}/search/?{urlencode({'q': q})}"
            found += [line("GET", path), line("GET", path, {"HX-Request": "true"})]
    return found


def random_game(scenario_id: str, length: int, rnd: random.Random) -> list[str]:
    setup = scenarios()[scenario_id].setup
    state, actions = replay(setup, []).state, []
    while len(actions) < length and state.decision:
        actions.append(rnd.choice(legal_actions(state)).code)
        state = replay(setup, actions).state
    return actions


def sandbox_requests(origin: str) -> tuple[list[str], list[tuple[str, str]], list[Position]]:
    """The sandbox lines; the positions the load shares (to check afterwards that they were stored); the positions
    its GETs of shared addresses open (to be shared before the load starts)."""
    rnd = random.Random(14)
    found, shared, opened = [], [], []
    htmx = {"HX-Request": "true"}
    games = [(s.id, list(s.actions)) for s in scenarios().values()]
    games += [(sid, random_game(sid, n, rnd)) for sid in ("tokyo-bay", "yielding", "heal") for n in (60, 150)]
    for scenario_id, actions in games:
        base = f"/{rnd.choice(LANGS)}/sandbox/{scenario_id}/"
        for k in range(len(actions)):
            query = urlencode({"a": " ".join(actions[:k]), "do": actions[k]} if k else {"do": actions[k]})
            if len(base) + len(query) < MAX_URL - STEP_MARGIN:  # closer, the step form posts: covered by the shares
                found.append(line("GET", f"{base}?{query}", htmx))
        if actions and len(base) + len(" ".join(actions)) * 3 < MAX_URL:
            found.append(line("GET", f"{base}?{urlencode({'a': ' '.join(actions)})}"))  # a whole position page
        position = Position(scenario=scenario_id, actions=tuple(actions[: rnd.randrange(len(actions) + 1)]))
        body = urlencode({"position": position.to_json(), "csrfmiddlewaretoken": CSRF})
        lang = rnd.choice(LANGS)
        headers = {"Cookie": f"csrftoken={CSRF}", "Origin": origin,
                   "Content-Type": "application/x-www-form-urlencoded"}
        found.append(line("POST", f"/{lang}/sandbox/share/", headers, body))
        shared.append((lang, SharedPosition.pinned(position).id))
        earlier = Position(scenario=scenario_id, actions=tuple(actions[: rnd.randrange(len(actions) + 1)]))
        found.append(line("GET", f"/{rnd.choice(LANGS)}/p/{quote(SharedPosition.pinned(earlier).id)}/"))
        opened.append(earlier)
    return found, shared, opened


def share_first(server: Server, positions: list[Position], origin: str) -> None:
    import http.client

    for position in positions:
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
        body = urlencode({"position": position.to_json(), "csrfmiddlewaretoken": CSRF})
        conn.request("POST", "/en/sandbox/share/", body, {**PROXY_HEADERS, "Cookie": f"csrftoken={CSRF}",
                     "Origin": origin, "Content-Type": "application/x-www-form-urlencoded"})
        assert conn.getresponse().status == 302
        conn.close()


def run_phase(server: Server, name: str, lines: list[str], seconds: int, connections: int, tmp: Path,
              kill_worker: bool = False) -> dict:
    requests_file = tmp / f"{name}.tsv"
    requests_file.write_text("\n".join(lines) + "\n", encoding="utf-8")
    script = tmp / "load.lua"
    script.write_text(LUA)
    assert server.url("/").startswith("http://127.0.0.1:")
    command = ["wrk", "-t1", f"-c{connections}", f"-d{seconds}s", "--timeout", "10s", "--latency", "-s", str(script),
               server.url("/"), "--", str(requests_file), str(random.randrange(10_000))]
    cpu = server_cpu(server.pid)
    killed_cpu = []  # the killed worker's CPU time, which leaves the sum with it

    def kill_a_worker() -> None:
        worker = server.worker_pids()[0]
        killed_cpu.append(server_cpu(worker))
        os.kill(worker, signal.SIGKILL)

    killer = None
    if kill_worker:  # halfway through, one worker dies as an out-of-memory kill would end it
        killer = threading.Timer(seconds / 2, kill_a_worker)
        killer.start()
    out = subprocess.run(command, capture_output=True, text=True, check=True, timeout=seconds + 60).stdout
    if killer:
        killer.join()
    cpu = server_cpu(server.pid) + sum(killed_cpu) - cpu
    statuses = {int(s): int(c) for s, c in re.findall(r"^STATUS (\d+) (\d+)$", out, re.M)}
    latency = dict(re.findall(r"^\s+(50|99)(?:\.000)?%\s+(\S+)\s*$", out, re.M))
    socket_errors = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", out)
    result = {
        "phase": name,
        "distinct": len(lines),
        "requests": int(re.search(r"(\d+) requests in", out).group(1)),
        "rps": float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1)),
        "p50": latency.get("50"),
        "p99": latency.get("99"),
        "statuses": statuses,
        "socket_errors": dict(zip(SOCKET_ERRORS, map(int, socket_errors.groups()), strict=True))
        if socket_errors else {},
    }
    result["answers"] = re.findall(r"^ANSWER (.*)$", out, re.M)
    result["cpu_ms"] = cpu / max(result["requests"], 1) * 1000
    result["errors"] = sum(result["socket_errors"].values()) + sum(c for s, c in statuses.items() if not 200 <= s < 400)
    return result


SOCKET_ERRORS = ("connect", "read", "write", "timeout")  # as wrk counts them


def stored_ids(server: Server) -> set[str]:
    """Every shared position's id in the server's database, read by a separate process with the server's settings."""
    script = "import django; django.setup(); from kotguide.sandbox.models import SharedPosition as S; " \
             "print('\\n'.join(S.objects.values_list('pk', flat=True)))"
    out = subprocess.run([sys.executable, "-c", script], cwd=Path(__file__).resolve().parents[1], env=server.env,
                         capture_output=True, text=True, check=True).stdout
    return set(out.split())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=int, default=120, help="the whole run (default 120), split in 4 phases")
    parser.add_argument("--connections", type=int, default=32)
    args = parser.parse_args()

    # the load measures capacity from one address; the limits themselves are tested in tests/test_serving.py
    server = Server(extra_env={"KOTGUIDE_RATELIMIT_READS": "1000000/m", "KOTGUIDE_RATELIMIT_WRITES": "1000000/m"})
    try:
        server.prepare()
        server.start()
        origin = f"https://127.0.0.1:{server.port}"
        pages, search = page_requests(), search_requests()
        sandbox, shared, opened = sandbox_requests(origin)
        share_first(server, opened, origin)
        mixed = pages[::4] + search + sandbox
        random.Random(1).shuffle(mixed)
        phases = [("pages", pages), ("search", search), ("sandbox", sandbox), ("mixed", mixed)]
        each = max(2, args.seconds // len(phases))
        print(f"load: nginx in front of gunicorn, {server.workers} workers x 8 threads, production settings, database "
              f"{'DATABASE_URL' if os.environ.get('DATABASE_URL') else 'SQLite (temporary)'}; "
              f"wrk -t1 -c{args.connections}, {len(phases)} phases x {each} s, 127.0.0.1 only; a worker is killed "
              "(SIGKILL) halfway through the mixed phase")
        print("CPU: gunicorn's CPU time per request (steadier than req/s when other work shares the machine)")
        print(f"{'phase':<8} {'distinct':>8} {'requests':>9} {'req/s':>7} {'p50':>8} {'p99':>8} {'CPU':>8}  statuses")
        results, errors = [], 0
        for name, lines in phases:
            if name == "mixed":
                before = stored_ids(server)
            result = run_phase(server, name, lines, each, args.connections, server.tmp, kill_worker=name == "mixed")
            results.append(result)
            errors += result["errors"]
            statuses = ", ".join(f"{s}: {c}" for s, c in sorted(result["statuses"].items()))
            for answer in result["answers"]:
                print(f"         {answer}")
            print(f"{name:<8} {result['distinct']:>8} {result['requests']:>9} {result['rps']:>7.0f} "
                  f"{result['p50']:>8} {result['p99']:>8} {result['cpu_ms']:>5.1f} ms  {statuses}"
                  + "".join(f"  socket errors, {kind}: {n}" for kind, n in result["socket_errors"].items() if n),
                  flush=True)
        after = stored_ids(server)
        lost = before - after
        unreadable = [pid for pid in sorted(after) if server.get(f"/en/p/{pid}/")[0] != 200]
        log = server.log.read_text(errors="replace")
        # a worker killed on purpose is logged by the master (not an error of the site)
        log_errors = len(re.findall(r"Traceback|Internal Server Error", log))
        total = sum(r["requests"] for r in results)
        print(f"in all: {total} requests, {errors} errors, errors in the server log: {log_errors}; stored positions "
              f"before the kill: {len(before)}, after the run: {len(after)}, lost: {len(lost)}, unreadable: "
              f"{len(unreadable)}")
        (server.tmp / "load.json").write_text(json.dumps(results, indent=1))
        if errors or log_errors or lost or unreadable:
            raise SystemExit(1)
    finally:
        server.stop()


if __name__ == "__main__":
    main()
