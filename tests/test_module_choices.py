"""Every choice the expansion modules offer, and every event they cause, has words in both languages: random games
with every module on; every legal `use:` action at every decision, and every log line, worded in Japanese without
English and in English without ids or unfilled placeholders."""

import random
import re

import pytest
from django.utils import translation

from kotguide.content import components
from kotguide.engine import data, legal_actions
from kotguide.engine import options as O
from kotguide.engine.flow import apply_in_place, start
from kotguide.engine.random_play import random_setup
from kotguide.sandbox.log import line
from kotguide.sandbox.table import action_label

GAMES = 30
LATIN = re.compile(r"[A-Za-z]")
IDS = {*data.monsters(), *data.cards(), *(c for kind in components.KINDS for c in components.components("en", kind))}
IDS |= {f"{prefix}{i}" for prefix in ("tile-", "evo-") for i in IDS}
IDS = {i for i in IDS if "-" in i or i in data.monsters()}  # not ids that are plain words ("heal", "frenzy")


def _raw(text: str) -> bool:
    """An id shown as it is ("gigazaur", "evo-freeze-ray"), or a placeholder left unfilled."""
    return "{" in text or any(word in IDS for word in re.findall(r"[a-z0-9]+(?:-[a-z0-9]+)*", text))


def _words_in_random_games(lang: str, options: tuple[str, ...]) -> tuple[dict[str, str], dict[str, str]]:
    """(code -> label of every `use:` action offered, event kind and variant -> a log line), first wording seen."""
    labels: dict[str, str] = {}
    lines: dict[str, str] = {}

    def log(events) -> None:
        for e in events:
            lines.setdefault(f"{e.kind}/{sorted(e.data)}", line(e, lang).text)

    with translation.override(lang):
        for seed in range(GAMES):
            rnd = random.Random(seed)
            s, events = start(random_setup(rnd, rnd.randint(2, 5), options))
            log(events)
            while s.decision is not None:
                actions = legal_actions(s)
                for a in actions:
                    if a.code.startswith("use:") and a.code not in labels:
                        labels[a.code] = action_label(a.code, lang, s, s.decision.seat)
                log(apply_in_place(s, rnd.choice(actions)))
    return labels, lines


@pytest.mark.parametrize("options", [O.MODULES, (O.EVOLUTIONS, O.MUTANT_DRAFT)], ids=["every-module", "draft"])
def test_every_module_choice_and_event_is_worded_in_both_languages(options):
    ja, ja_log = _words_in_random_games("ja", options)
    en, en_log = _words_in_random_games("en", options)
    assert len({code.split(":")[1] for code in en}) >= (5 if options == O.MODULES else 2)
    assert {code: label for code, label in ja.items() if LATIN.search(label)} == {}
    assert {code: label for code, label in en.items() if _raw(label)} == {}
    assert {kind: text for kind, text in ja_log.items() if LATIN.search(text) or "?" in text} == {}
    assert {kind: text for kind, text in en_log.items() if _raw(text) or "?" in text} == {}


# Pandakaï's and King Kong's choices and events, played out (random games rarely reach some of them)
NEW_DECK_GAMES = {
    "bamboozle": ("gigazaur pandakai", {"gigazaur": 6}, "bamboozle", "1 2 3 1 2 energy",
                  "roll resolve buy:0 use:evo-bamboozle:armor-plating"),
    "bamboo-supply": ("pandakai gigazaur", {}, "", "1 2 3 1 2 energy 1 2 3 1 2 energy",
                      "use:evo-bamboo-supply:add roll resolve end roll resolve end use:evo-bamboo-supply:take"),
    "king-of-skull-island": ("gigazaur king-kong the-king", {}, "king-of-skull-island",
                             "smash smash 1 2 3 energy 1 2 3 1 2 energy",
                             "roll resolve yield use:evo-king-of-skull-island end"),
    "islander-sacrifice": ("king-kong gigazaur", {}, "islander-sacrifice", "energy 1 2 3 1 2",
                           "use:evo-islander-sacrifice"),
    "son-of-kong-kiko": ("gigazaur king-kong", {}, "son-of-kong-kiko", "smash smash 1 2 3 energy", "roll resolve"),
}


@pytest.mark.parametrize("card", list(NEW_DECK_GAMES))
def test_the_new_decks_choices_and_log_lines_are_worded_in_both_languages(card):
    from kotguide.engine.testing import evolution_setup, play

    seats, energy, held, dice, steps = NEW_DECK_GAMES[card]
    ids = seats.split()
    monsters = [{"id": m, "energy": energy.get(m, 0)} for m in ids]
    if card == "bamboo-supply":
        monsters[0]["pieces"] = ["evo-bamboo-supply"]
    if card in ("king-of-skull-island", "son-of-kong-kiko"):
        monsters[1] |= {"location": "city", "life": 2 if card == "son-of-kong-kiko" else 6}
    holder = next(m for m in ids if m in ("pandakai", "king-kong"))
    setup = evolution_setup(*monsters, hands={holder: [held]} if held else {}, dice=dice,
                            market=["heal", "armor-plating", "energize"])
    actions = steps.split()
    for lang in ("ja", "en"):
        with translation.override(lang):
            for n in range(len(actions)):
                state = play(setup, actions[:n]).state
                code = actions[n]
                if code.startswith("use:"):
                    label = action_label(code, lang, state, state.decision.seat)
                    assert not (LATIN.search(label) if lang == "ja" else _raw(label)), label
            texts = [line(e, lang).text for e in play(setup, actions).events]
            bad = [t for t in texts if "?" in t or (LATIN.search(t) if lang == "ja" else _raw(t))]
            assert bad == [], bad
