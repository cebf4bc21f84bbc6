"""Event params are typed in the catalogue (events.KINDS): the checker the scenario and property tests run on every
emitted event refuses an undeclared param and a value of the wrong type."""

from kotguide.engine import rules as R
from kotguide.engine.events import KINDS, USUAL, Event, ParamType, mismatches

IDS = frozenset({"gigazaur", "the-king"})


def test_every_param_of_every_kind_has_a_type():
    for kind in KINDS.values():
        assert set(kind.types) == set(kind.params), kind.kind
        assert all(isinstance(t, ParamType) for t in kind.types.values()), kind.kind


def test_a_kind_may_give_a_name_another_type():
    assert KINDS["first-player"].types["by"] == ParamType.WORD  # "setup" or "roll-off", not a monster
    assert KINDS["bay-closed"].types["to"] == ParamType.SPACE
    assert KINDS["damaged"].types["by"] == USUAL["by"] == ParamType.MONSTER


def test_an_event_that_follows_its_kind_has_no_mismatch():
    assert mismatches(Event("smashed", R.SMASH, "gigazaur", 2, {"targets": ["the-king"]}), IDS) == []
    assert mismatches(Event("vp-gained", R.NUMBERS, "gigazaur", 3, {"face": "3", "count": 3}), IDS) == []
    assert mismatches(Event("bay-closed", R.TOKYO_BAY, None, None, {"to": None}), IDS) == []  # nobody in the Bay
    assert mismatches(Event("dice-rolled", R.ROLLING, "gigazaur", None,
                            {"faces": ["1", "berserk:skull"], "rerolled": [0, 1], "roll": 1}), IDS) == []


def test_an_undeclared_param_is_a_mismatch():
    assert mismatches(Event("smashed", R.SMASH, "gigazaur", 2, {"targets": [], "victims": ["the-king"]})) == [
        "param 'victims' not declared"]
    assert mismatches(Event("curse-discarded", R.CURSES, "gigazaur", None, {"curse": "x"})) == [
        "param 'monster' not declared"]


def test_a_value_of_the_wrong_type_is_a_mismatch():
    def wrong(kind: str, rule: str, monster: str | None, amount: int | None, **data: object) -> list[str]:
        return mismatches(Event(kind, rule, monster, amount, dict(data)), IDS)

    assert wrong("smashed", R.SMASH, "gigazaur", 2, targets="the-king") != []  # a list of monsters
    assert wrong("smashed", R.SMASH, "gigazaur", 2, targets=["meka-dragon"]) != []  # not in this game
    assert wrong("vp-gained", R.NUMBERS, "gigazaur", 3, face="4", count=3) != []  # no such face
    assert wrong("vp-gained", R.NUMBERS, "gigazaur", 3, face="3", count="3") != []  # a number
    assert wrong("stayed", R.YIELDING, "gigazaur", None, space="tokyo") != []  # city, bay or outside
    assert wrong("game-over", R.VICTORY, None, None, winners=[], reason="points", shared="no") != []  # a flag
    assert wrong("dice-rolled", R.ROLLING, "gigazaur", None, faces=["1"], rerolled=[-1], roll=1) != []
    assert wrong("option-used", R.MODULES, None, None, option="chess") != []
    assert wrong("vp-gained", R.SMASH, "gigazaur", 1) == ["rule 'smash' not declared"]
