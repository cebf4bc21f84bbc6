"""The card design holds: every base card is defined, the turn loop names no card, each card has its scenario, each
choice its button words in both languages, and each event kind its words in both languages."""

import re
import tomllib
from pathlib import Path

import pytest

from kotguide.engine import KINDS
from kotguide.engine.cards import registry
from kotguide.engine.data import CONTENT_DIR, cards, is_power_card
from kotguide.engine.scenario import SCENARIO_DIR

ENGINE = Path(__file__).resolve().parents[2] / "kotguide" / "engine"
LOOP = ["flow.py", "ops.py", "resolve.py", "tokyo.py", "market.py", "state.py", "setup.py", "phases.py"]
POWER = [c for c in cards() if is_power_card(c)]  # the costumes module has its own tests and scenarios
CHOICES = sorted(c for c in registry.defined() if registry.get(c).offer is not None and c in POWER)
PLACEHOLDERS = {"die", "face", "monster", "card", "amount"}


def test_every_base_card_has_a_definition():
    assert sorted(set(POWER) - registry.defined()) == []
    assert len(POWER) == 64 and sum(cards()[c].copies for c in POWER) == 66


# Every engine file that is not a card's or a module's definition; bots.py still holds the bots' own card values.
OUTSIDE_DEFINITIONS = sorted({*LOOP, "cards/choices.py", "cards/registry.py",
                              *(p.name for p in ENGINE.glob("*.py") if p.name != "bots.py")})


@pytest.mark.parametrize("name", OUTSIDE_DEFINITIONS)
def test_only_card_and_module_definitions_name_a_card(name):
    text = (ENGINE / name).read_text(encoding="utf-8")
    literals = set(re.findall(r"[\"']([a-z0-9-]+)[\"']", text))
    # "heal" is also a rule id and a modifier name; every other card id (costumes included) is a card's only
    assert sorted(literals & (set(cards()) - {"heal"})) == []


@pytest.mark.parametrize("card", sorted(POWER))
def test_every_card_has_a_scenario(card):
    path = SCENARIO_DIR / f"card-{card}.toml"
    assert path.exists()
    raw = tomllib.loads(path.read_text(encoding="utf-8"))
    assert raw["expect"], card  # a hand-written expectation


def test_every_choice_has_button_words_in_both_languages():
    labels = {}
    for lang in ("en", "ja"):
        text = tomllib.loads((CONTENT_DIR / lang / "cards.toml").read_text(encoding="utf-8"))
        labels[lang] = {cid: row["use_label"] for cid, row in text.items() if "use_label" in row}
    assert sorted(labels["en"]) == sorted(labels["ja"]) == CHOICES
    for lang, rows in labels.items():
        for cid, label in rows.items():
            used = set(re.findall(r"{(\w+)}", label))
            assert used <= PLACEHOLDERS, (lang, cid, used)
            assert set(re.findall(r"{(\w+)}", labels["en"][cid])) == used, (lang, cid)


def test_every_event_kind_has_words_in_both_languages_with_the_same_lines():
    en = tomllib.loads((CONTENT_DIR / "en" / "events.toml").read_text(encoding="utf-8"))
    ja = tomllib.loads((CONTENT_DIR / "ja" / "events.toml").read_text(encoding="utf-8"))
    assert sorted(en) == sorted(ja) == sorted(KINDS)
    for kind in KINDS:
        assert sorted(en[kind]) == sorted(ja[kind]), kind
        for line in (*en[kind].values(), *ja[kind].values()):
            assert set(re.findall(r"{(\w+)}", line)) <= {"monster", "amount", *KINDS[kind].params}, (kind, line)


def test_an_expansion_card_needs_no_change_to_the_turn_loop():
    """A new Keep card is a definition and nothing else: held, its hook runs; not held, it does not."""
    from kotguide.engine.cards.registry import CardDef
    from kotguide.engine.testing import find, make_setup, play

    NEW = "friend-of-children"  # a Keep card id, shadowed by the new card's definition for the test  # noqa: N806

    def resolved(ctx, owner, counts, **kw):
        if ctx.s.active == owner and counts["heart"] >= 2:
            ctx.gain_vp(owner, 1, "power-cards", card=NEW)

    registry.define(CardDef(NEW, hooks={"resolved": resolved}))  # stands in for a new Keep card
    try:
        dice = "heart heart 1 2 3 1"
        held = play(make_setup({"id": "gigazaur", "cards": [NEW]}, "the-king", dice=dice), "roll resolve")
        assert find(held.events, "vp-gained", monster="gigazaur", amount=1, card=NEW)  # two hearts: 1 VP
        assert held.state.monster("gigazaur").vp == 1 + 1  # the card's VP, then entering the empty Tokyo
        nobody = play(make_setup({"id": "gigazaur", "cards": []}, "the-king", dice=dice), "roll resolve")
        assert not find(nobody.events, "vp-gained", card=NEW)
        assert nobody.state.monster("gigazaur").vp == 1  # entering Tokyo only
    finally:
        registry.undefine(NEW)
    assert registry.get(NEW) is not None  # the real definition is back
