"""Command line: ``python -m kotguide.engine play FILE.toml | simulate … | soak … | compile`` (``--help`` for each)."""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Sequence
from typing import Any

from . import compiled, data
from . import options as O
from .errors import EngineError
from .flow import replay
from .invariants import check as check_invariants
from .random_play import OPTION_SETS, Stats, play_random, random_setup
from .scenario import check, load, play
from .state import GameState


def _state_json(s: GameState) -> dict[str, Any]:
    names = data.monsters()
    return {
        "turn": s.turn,
        "active": s.monsters[s.active].id,
        "phase": s.phase,
        "decision": None if s.decision is None else s.decision.to_dict(),
        "winner": None if s.outcome is None else (list(s.outcome.winners) or "none"),
        "outcome": None if s.outcome is None else s.outcome.to_dict(),
        "monsters": [
            {"id": m.id, "name": names[m.id].name_en, "life": m.life, "max_life": m.max_life, "vp": m.vp,
             "energy": m.energy, "location": m.location, "cards": list(m.cards), "alive": m.alive}
            for m in s.monsters
        ],
        "dice": list(s.dice),
        "rolls_left": s.rolls_left,
        "market": list(s.market),
        "deck_size": len(s.deck),
        "discard_size": len(s.discard),
    }


def cmd_play(args: argparse.Namespace) -> int:
    scn = load(args.file)
    result = play(scn)
    problems = check(scn, result)
    out = {
        "scenario": scn.id,
        "rules": list(scn.rules),
        "actions": [a.code for a in result.actions],
        "state": _state_json(result.state),
        "events": [e.to_dict() for e in result.events],
        "expect": {"ok": not problems, "problems": problems},
    }
    print(json.dumps(out, ensure_ascii=False, indent=2))
    if problems:
        print(f"{scn.id}: {len(problems)} expectation(s) not met", file=sys.stderr)
        return 1
    return 0


def _options(args: argparse.Namespace) -> tuple[str, ...]:
    opts = tuple(args.option or ())
    for o in opts:
        if o not in O.ALL:
            raise SystemExit(f"error: unknown option {o!r} (known: {', '.join(O.ALL)})")
    return opts


def _print_stats(label: str, st: Stats, seconds: float) -> None:
    print(f"[{label}] games {st.games}  turns {st.turns}  actions {st.actions}  time {seconds:.2f} s")
    print(f"  {st.games / seconds:.0f} games/s  {st.turns / seconds:.0f} turns/s  "
          f"{st.actions / seconds:.0f} actions/s")
    print(f"  turns per game: mean {st.turns / max(st.games, 1):.1f}  max {st.max_turns}")
    reasons = ", ".join(f"{k} {v} ({100 * v / st.games:.1f}%)" for k, v in sorted(st.reasons.items()))
    print(f"  outcomes: {reasons}; shared wins {st.shared}")
    seats = ", ".join(f"seat {k}: {v}" for k, v in sorted(st.winners_by_seat.items()))
    print(f"  wins by seat: {seats}")


def cmd_simulate(args: argparse.Namespace) -> int:
    opts = _options(args)
    rnd = random.Random(args.seed)
    st = Stats()
    t0 = time.perf_counter()
    for _ in range(args.games):
        st.add(play_random(random_setup(rnd, args.players, opts), rnd))
    _print_stats(f"players {args.players or '2-6'} options {','.join(opts) or 'base'}", st,
                 time.perf_counter() - t0)
    return 0


def cmd_soak(args: argparse.Namespace) -> int:
    sets: Sequence[tuple[str, ...]] = [_options(args)] if args.option else OPTION_SETS
    failed = 0
    for opts in sets:
        rnd = random.Random(args.seed)
        st = Stats()
        t0 = time.perf_counter()
        for i in range(args.games):
            setup = random_setup(rnd, args.players, opts)
            try:
                result = play_random(setup, rnd, check=check_invariants)
                again = replay(setup, result.state.history).state
                if again != result.state:
                    raise AssertionError("replaying the action list gives a different state")
            except (AssertionError, RuntimeError, EngineError) as e:
                failed += 1
                print(f"FAIL game {i} options {opts}: {e}", file=sys.stderr)
                print(json.dumps({"setup": setup.to_dict()}), file=sys.stderr)
                break
            st.add(result)
        label = f"soak options {','.join(opts) or 'base'} players {args.players or '2-6'}"
        _print_stats(label, st, time.perf_counter() - t0)
        print("  invariants checked after every action; replay identical: "
              f"{'yes' if st.games == args.games else 'NO'}")
    return 1 if failed else 0


def cmd_compile(args: argparse.Namespace) -> int:
    if args.clean:
        compiled.clean()
    elif not compiled.built():
        compiled.build()
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m kotguide.engine", description="kotguide rules engine")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("play", help="replay a scenario file; print the final state and the events as JSON")
    p.add_argument("file")
    p.set_defaults(func=cmd_play)
    p = sub.add_parser("compile", help="compile the hot modules with mypyc, unless the build is fresh")
    p.add_argument("--clean", action="store_true", help="remove the build instead: every module runs from source")
    p.set_defaults(func=cmd_compile)
    for name, func, games, help_text in (
        ("simulate", cmd_simulate, 1000, "play random legal games and print speed and outcome figures"),
        ("soak", cmd_soak, 10_000, "random games per option set, checking invariants after every action and "
                                   "that the action list replays to the same state"),
    ):
        p = sub.add_parser(name, help=help_text)
        p.add_argument("--games", type=int, default=games)
        p.add_argument("--players", type=int, default=None, help="2-6 (default: random per game)")
        p.add_argument("--seed", type=int, default=1)
        p.add_argument("--option", action="append", metavar="NAME", help=f"one of {', '.join(O.ALL)}; repeatable")
        p.set_defaults(func=func)
    args = parser.parse_args(argv)
    if getattr(args, "players", None) is not None and not 2 <= args.players <= 6:
        parser.error("--players must be between 2 and 6")
    if O.TWO_PLAYER in (getattr(args, "option", None) or ()) and args.players not in (None, 2):
        parser.error("the two-player option needs --players 2")
    try:
        return int(args.func(args))
    except EngineError as e:
        step = e.params.get("step")
        where = f"step {step}: " if step is not None else ""
        print(f"error: {where}{e.message} [{e.code}]", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
