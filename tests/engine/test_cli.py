"""The command line: play a scenario file, simulate random games, soak with invariant checks."""

import json
import subprocess
import sys

from kotguide.engine.__main__ import main
from kotguide.engine.random_play import OPTION_SETS
from kotguide.engine.scenario import SCENARIO_DIR


def test_play_prints_state_and_events(capsys):
    assert main(["play", str(SCENARIO_DIR / "yielding.toml")]) == 0
    out = json.loads(capsys.readouterr().out)
    state = out["state"]
    assert state["active"] == "gigazaur" and state["phase"] == "buy" and state["winner"] is None
    assert state["decision"] == {"monster": "gigazaur", "kind": "buy"}
    king = state["monsters"][1]
    assert king == {"id": "the-king", "name": "The King", "life": 7, "max_life": 10, "vp": 0, "energy": 0,
                    "location": "outside", "cards": [], "alive": True}
    assert {"kind": "yielded", "rule": "yielding", "monster": "the-king", "data": {"space": "city"}} in out["events"]
    assert out["expect"] == {"ok": True, "problems": []}


def test_play_prints_the_winner(capsys):
    assert main(["play", str(SCENARIO_DIR / "victory-nobody.toml")]) == 0
    assert json.loads(capsys.readouterr().out)["state"]["winner"] == "none"


def test_bad_file_exits_non_zero_without_traceback(tmp_path, capsys):
    bad = tmp_path / "bad.toml"
    bad.write_text("id = [", encoding="utf-8")
    assert main(["play", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "error:" in err and "Traceback" not in err
    assert main(["play", str(tmp_path / "missing.toml")]) == 2


def test_illegal_action_exits_non_zero(tmp_path, capsys):
    f = tmp_path / "illegal.toml"
    f.write_text('id = "illegal"\nrules = ["rolling"]\ntitle_en = "x"\ntitle_ja = "x"\n'
                 '[setup]\nmonsters = ["gigazaur", "the-king"]\nfirst_player = "gigazaur"\n'
                 '[[step]]\naction = "roll"\n[[step]]\naction = "stay"\n', encoding="utf-8")
    assert main(["play", str(f)]) == 2
    err = capsys.readouterr().err
    assert "step 1" in err and "wrong-time" in err


def test_failed_expectation_exits_1(tmp_path, capsys):
    text = (SCENARIO_DIR / "goal.toml").read_text(encoding="utf-8").replace("vp = 21", "vp = 22")
    f = tmp_path / "goal.toml"
    f.write_text(text, encoding="utf-8")
    assert main(["play", str(f)]) == 1


def test_simulate_prints_figures(capsys):
    assert main(["simulate", "--games", "20", "--players", "4", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "games/s" in out and "turns/s" in out and "outcomes:" in out


def test_soak_checks_every_option_set(capsys):
    assert main(["soak", "--games", "5", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert out.count("[soak options") == len(OPTION_SETS)  # base, variants, each module, every module at once
    assert "replay identical: yes" in out


def test_module_entry_point():
    r = subprocess.run([sys.executable, "-m", "kotguide.engine", "simulate", "--games", "3", "--option",
                        "five-card-market"], capture_output=True, text=True, check=False)
    assert r.returncode == 0, r.stderr
    r = subprocess.run([sys.executable, "-m", "kotguide.engine", "simulate", "--option", "turbo"],
                       capture_output=True, text=True, check=False)
    assert r.returncode != 0 and "unknown option" in r.stderr
