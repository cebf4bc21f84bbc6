"""The table editor's state and its edits: an engine setup being edited, plus a short undo stack.

The state rides in the request (a hidden field of the editor's form, or `?s=` in an address), signed and compressed
(`encode`/`decode`): no server memory holds it. A state that was tampered with, is too long or does not read is
`BadDraft`, which the view turns into a 400 in the reader's language.

The setup is the engine's own dict (`Setup.to_dict` keys), so checking it is `Setup.problems()` and each problem's
path says which control it belongs beside. What a module adds (counters, pieces, hands, its table) comes from
`kotguide.site_modules`: this file names no module.

Edits are short codes, the value of the button pressed (`edit`), with a typed or chosen value beside them in the
form (`value-<code>`): `n:0:life:+1`, `set:0:life` (value: the number), `place:1:city`, `die:3:smash`, `keep:3`,
`card:0` (value: a card's name in either language or edition; `card:0:<card id>`: a suggestion taken), `uncard:0:2`,
`count:0:<token>:+1`, `flag:0:<token>`, `list:0:<field>` (value: a name), `unlist:0:<field>:<id>`,
`choice:<module>:<field>` (value), `option:<option>`, `monster:0` (value), `monsters:+1`, `turn` (value: the monster
whose turn it is), `step` (value), `rerolls:+1`, `market` (value; `market:<card id>`), `unmarket:1`, `undo`; `enter`
(Enter pressed in a name field: the first name field filled in is added).
"""

from __future__ import annotations

import json
import unicodedata
from dataclasses import dataclass
from functools import cache
from typing import Any

from django.core import signing

from kotguide import site_modules
from kotguide.content import library
from kotguide.engine import InvalidSetup, Setup, SetupProblem, data, limits
from kotguide.engine import options as O
from kotguide.engine.dice import FACES
from kotguide.engine.limits import Limits
from kotguide.engine.setup import BAY, CITY, LOCATIONS, MAX_PLAYERS, MIN_PLAYERS, OUTSIDE, START_LIFE, TurnStep

SALT = "kotguide.disputes.editor"
MAX_STATE = 8000  # characters of an encoded state: an undo stack of UNDO_DEPTH full tables fits easily
UNDO_DEPTH = 12
DEFAULT_MONSTERS = 4  # a prefill that does not say how many
FRESH_MONSTERS = 3  # a fresh table: the monster whose turn it is, the one in Tokyo, one more
EXAMPLE_MONSTERS = ("gigazaur", "the-king", "cyber-kitty")
NEUTRAL_ROLL = ("1", "1", "2", "2", "3", "3")
STEPS = (TurnStep.START, TurnStep.ROLL, TurnStep.ROLLED)
UNSET = ""  # a die whose face is not chosen yet
NUMBERS = ("life", "vp", "energy")
VARIANTS = (O.TWO_PLAYER, O.FIVE_CARD_MARKET)  # the options a table in the middle of a game can show


class BadDraft(Exception):
    """The editor's state cannot be read (tampered, too long, not a table) or the edit makes no sense."""


@dataclass(frozen=True)
class Draft:
    setup: dict[str, Any]
    undo: tuple[dict[str, Any], ...] = ()

    def encode(self) -> str:
        return signing.dumps({"s": self.setup, "u": list(self.undo)}, salt=SALT, compress=True)

    @property
    def monsters(self) -> list[dict[str, Any]]:
        return self.setup["monsters"]

    def problems(self) -> list[SetupProblem]:
        """Every reason the engine refuses this table, each with its path (empty: it opens)."""
        try:
            Setup.from_dict(self.setup)
        except InvalidSetup as error:
            return list(error.problems)
        return []


def decode(text: str) -> Draft:
    if len(text) > MAX_STATE:
        raise BadDraft("too-long")
    try:
        raw = signing.loads(text, salt=SALT)
    except (signing.BadSignature, ValueError, UnicodeDecodeError):
        raise BadDraft("tampered") from None
    if not isinstance(raw, dict) or not isinstance(raw.get("s"), dict) or not isinstance(raw.get("u"), list):
        raise BadDraft("tampered")
    return Draft(raw["s"], tuple(raw["u"][-UNDO_DEPTH:]))


# --- fresh tables, prefills and sandbox positions ---------------------------------------------------------------
def box_monsters() -> list[str]:
    return list(data.monsters())


def fresh(count: int = FRESH_MONSTERS) -> Draft:
    """The table most disputes start from, to change into the one at hand: N monsters at full life, the ones the
    rulebook's and the FAQ's examples name first (`EXAMPLE_MONSTERS`), the first one's turn with its dice rolled, the
    second one in Tokyo City; the roll is `NEUTRAL_ROLL` (nothing scores), so only the dice that differ are tapped."""
    count = min(max(count, MIN_PLAYERS), MAX_PLAYERS)
    ids = [*EXAMPLE_MONSTERS, *(m for m in box_monsters() if m not in EXAMPLE_MONSTERS)][:count]
    monsters = [_monster(m) for m in ids]
    monsters[1]["location"] = CITY
    setup = {"monsters": monsters, "options": [], "first_player": ids[0],
             "turn": {"step": str(TurnStep.ROLLED), "dice": list(NEUTRAL_ROLL)}}
    return Draft(normalized(setup))


def _monster(monster_id: str) -> dict[str, Any]:
    return {"id": monster_id, "life": START_LIFE, "max_life": START_LIFE, "vp": 0, "energy": 0,
            "location": OUTSIDE, "cards": [], "tokens": {}, "pieces": []}


def normalized(setup: dict[str, Any], resize_dice: bool = True) -> dict[str, Any]:
    """The setup made whole after an edit: each maximum life from what the monster holds; the dice on the table as
    many as the monster whose turn it is rolls, and its rerolls left within its rerolls (`resize_dice`: a table read
    from a game keeps the dice and rerolls it shows, which a curse or Freeze Time may have changed); every monster
    named in its module's hands (nothing is dealt); each module's table for the middle of a game; and no module
    table, token or piece without its module."""
    bounds = bounds_of(setup)
    for m in setup["monsters"]:
        m["max_life"] = bounds.max_life.get(m["id"], START_LIFE)
    on = set(setup.get("options", ()))
    in_play = site_modules.in_play(on)
    prefixes = tuple(f.prefix for m in site_modules.every() if m not in in_play for f in m.lists
                     if isinstance(f, site_modules.Pieces))
    for m in setup["monsters"]:  # what a module switched off had put on the monsters goes with it
        m["tokens"] = {t: n for t, n in m.get("tokens", {}).items()
                       if bounds.tokens.get(t) is None or bounds.tokens[t].option in (None, *on)}
        m["pieces"] = [p for p in m.get("pieces", []) if not prefixes or not p.startswith(prefixes)]
    tables = {name: table for name, table in (setup.get("modules") or {}).items() if name in on}
    for module in in_play:
        table = tables.setdefault(module.id, {})
        for key, value in module.mid_game.items():
            table.setdefault(key, value)
        for f in module.lists:
            if isinstance(f, site_modules.Hand):
                hands = table.setdefault(f.key, {})
                for m in setup["monsters"]:
                    hands.setdefault(m["id"], [])
                for monster in [k for k in hands if k not in {m["id"] for m in setup["monsters"]}]:
                    del hands[monster]
        asked = module.asked(setup)
        for f in module.table:
            if f not in asked or isinstance(f, site_modules.Count) and not _get(table, f.path):
                _put(table, f.path, None)  # a field that no longer holds goes (its card left play); 0 is no count
            elif isinstance(f, site_modules.Choice) and f.default is not None and _get(table, f.path) is None:
                _put(table, f.path, f.default)
        if not table:
            del tables[module.id]
    if tables:
        setup["modules"] = tables
    else:
        setup.pop("modules", None)
    turn = setup.get("turn") or {"step": str(TurnStep.START)}
    if turn.get("step") == TurnStep.ROLLED:
        if resize_dice:
            wanted = bounds.dice + len(bounds.special_dice)
            dice = list(turn.get("dice", []))[:wanted]
            turn["dice"] = dice + [UNSET] * (wanted - len(dice))
        wanted = len(turn.setdefault("dice", []))
        turn["kept"] = [k for k in turn.get("kept", []) if isinstance(k, int) and 0 <= k < wanted]
        if not turn["kept"]:
            turn.pop("kept")
        if turn.get("rerolls") is not None and resize_dice:
            turn["rerolls"] = min(max(int(turn["rerolls"]), 0), bounds.rerolls)
    else:
        turn = {"step": turn.get("step", str(TurnStep.START))}
    setup["turn"] = turn
    return setup


def _editable(option: str) -> bool:
    module = site_modules.get(option)
    return module is not None and module.editable


def from_state(state: Any) -> Draft:
    """A sandbox position's table as it stands (its monsters still in the game), to edit: the turn of the monster
    whose turn it is, before its roll or with its dice on the table."""
    from kotguide.engine.phases import DecisionKind

    alive = [m for m in state.monsters if m.alive]
    active = state.monsters[state.active]
    monsters = [{
        "id": m.id, "life": m.life, "max_life": m.max_life, "vp": m.vp, "energy": m.energy,
        "location": m.location, "cards": list(m.cards), "tokens": {k: v for k, v in m.tokens.items() if v},
        "pieces": list(m.pieces),
    } for m in alive]
    setup: dict[str, Any] = {
        "monsters": monsters, "options": [o for o in state.options if o in VARIANTS or _editable(o)],
        "first_player": active.id if active.alive else alive[0].id,
        "market": [c for c in state.market if c],
        "turn": {"step": str(TurnStep.ROLL)},
    }
    tables = {m.id: m.read_table(state) for m in site_modules.in_play(setup["options"]) if m.read_table}
    if tables:
        setup["modules"] = tables
    decision = state.decision
    if decision is not None and decision.kind in (DecisionKind.REROLL, DecisionKind.RESOLVE) and state.dice:
        setup["turn"] = {"step": str(TurnStep.ROLLED), "dice": list(state.dice), "rerolls": max(state.rolls_left, 0),
                         "kept": [i for i, kept in enumerate(state.kept) if kept]}
    return Draft(normalized(setup, resize_dice=False))


# --- the prefill address (the resolver's field names: kotguide.disputes.presets) -----------------------------------
def seat_field(seat: int, name: str) -> str:
    """A prefill parameter of monster `seat` (1-based): `m2-life`."""
    return f"m{seat}-{name}"


def die_field(number: int) -> str:
    return f"die{number}"


def market_field(number: int) -> str:
    return f"market{number}"


def special_die_field(kind: str) -> str:
    return f"die-{kind}"


def _int(value: Any, default: int) -> int:
    try:
        return int(str(value))
    except ValueError:
        return default


def from_prefill(query: Any) -> Draft:
    """A table from the resolver's address parameters (`?monsters=3&m1-monster=gigazaur&m1-life=6&…`, see
    `presets`): what they say is put on a fresh table; what does not read is left at its default, and what the rules
    refuse shows beside its control."""
    def many(name: str) -> list[str]:
        return [v for v in query.getlist(name) if v] if hasattr(query, "getlist") else list(query.get(name, []))

    count = min(max(_int(query.get("monsters"), DEFAULT_MONSTERS), MIN_PLAYERS), MAX_PLAYERS)
    known = box_monsters()
    chosen = [query.get(seat_field(s, "monster")) for s in range(1, count + 1)]
    spare = [m for m in known if m not in chosen]
    options = [o for o in many("options") if o in VARIANTS or _editable(o)]
    on = site_modules.in_play(options)
    monsters, modules = [], {}
    for seat in range(1, count + 1):
        monster_id = chosen[seat - 1] if chosen[seat - 1] in known else spare.pop(0)
        m = _monster(monster_id)
        for name in NUMBERS:
            m[name] = _int(query.get(seat_field(seat, name)), m[name])
        if query.get(seat_field(seat, "place")) in LOCATIONS:
            m["location"] = query.get(seat_field(seat, "place"))
        m["cards"] = many(seat_field(seat, "cards"))
        for token in ("poison", "shrink", "smoke"):
            if _int(query.get(seat_field(seat, token)), 0):
                m["tokens"][token] = _int(query.get(seat_field(seat, token)), 0)
        for module in on:
            for f in module.seat:
                if isinstance(f, site_modules.Counter):
                    raw = query.get(seat_field(seat, "beast" if f.token == "beast" else f.token))
                    n = 1 if f.flag and raw in ("on", "1", "true") else _int(raw, 0)
                    if n:
                        m["tokens"][f.token] = n
                elif isinstance(f, site_modules.Pieces):
                    m["pieces"] += [f.prefix + v for v in many(seat_field(seat, f.name))]
                else:
                    hands = modules.setdefault(module.id, {}).setdefault(f.key, {})
                    hands[monster_id] = many(seat_field(seat, f.name))
        monsters.append(m)
    for module in on:
        for f in module.table:
            if query.get(f.name):
                value = _int(query.get(f.name), 0) if isinstance(f, site_modules.Count) else query.get(f.name)
                _put(modules.setdefault(module.id, {}), f.path, value)
    ids = [m["id"] for m in monsters]
    turn_monster = query.get("turn") if query.get("turn") in ids else ids[0]
    step = query.get("step") if query.get("step") in STEPS else str(TurnStep.ROLL)
    setup: dict[str, Any] = {"monsters": monsters, "options": options, "first_player": turn_monster}
    market = [query.get(market_field(n)) for n in range(1, O.FIVE_CARD_MARKET_SIZE + 1) if query.get(market_field(n))]
    if market:
        setup["market"] = market
    if modules:
        setup["modules"] = modules
    dice = [query.get(die_field(n)) for n in range(1, 10) if query.get(die_field(n))]
    specials = [query.get(special_die_field(m.die.kind)) for m in on
                if m.die and query.get(special_die_field(m.die.kind))]
    if step == TurnStep.ROLLED or dice:
        turn: dict[str, Any] = {"step": str(TurnStep.ROLLED), "dice": dice + specials}
        if query.get("rerolls") not in (None, ""):
            turn["rerolls"] = _int(query.get("rerolls"), 2)
        setup["turn"] = turn
    else:
        setup["turn"] = {"step": step}
    return Draft(normalized(setup))


# --- edits ------------------------------------------------------------------------------------------------------
def apply(draft: Draft, edit: str, value: str = "") -> Draft:
    """The draft after one edit (`undo` takes the last one back); `BadDraft` for an edit that makes no sense."""
    if edit == "undo":
        if not draft.undo:
            return draft
        return Draft(draft.undo[-1], draft.undo[:-1])
    setup = json.loads(json.dumps(draft.setup))  # a deep copy of plain JSON values
    name, *args = edit.split(":")
    handler = _EDITS.get(name)
    if handler is None:
        raise BadDraft("unknown-edit")
    try:
        handler(setup, args, value.strip())
    except _Unknown as unknown:
        raise UnknownName(unknown.field, unknown.typed) from None
    except (IndexError, KeyError, ValueError, TypeError, AttributeError):
        raise BadDraft("bad-edit") from None
    setup = normalized(setup, resize_dice=name in _RESIZING)
    if setup == draft.setup:
        return draft
    return Draft(setup, (*draft.undo, draft.setup)[-UNDO_DEPTH:])


def entered(values: dict[str, str]) -> str | None:
    """The edit of the first name field filled in (`value-card:0` -> `card:0`), for Enter pressed in one."""
    return next((key[len("value-"):] for key, value in values.items()
                 if key.startswith("value-") and key[len("value-"):].split(":")[0] in ("card", "list", "market")
                 and value.strip()), None)


def _seat(setup: dict, arg: str) -> dict:
    index = int(arg)
    if not 0 <= index < len(setup["monsters"]):
        raise IndexError(index)
    return setup["monsters"][index]


def _step(arg: str) -> int:
    if arg not in ("+1", "-1"):
        raise ValueError(arg)
    return int(arg)


def bounds_of(setup: dict) -> Limits:
    """The engine's bounds for a table being edited (`limits` takes a setup that need not be valid: it is read
    without its checks)."""
    value = Setup._read(setup, [])
    if value is None:
        raise BadDraft("unreadable")
    return limits(value)


def _edit_number(setup: dict, args: list[str], value: str) -> None:
    m, name = _seat(setup, args[0]), args[1]
    if name not in NUMBERS:
        raise ValueError(name)
    low, high = number_bounds(setup, m, name)
    m[name] = min(max(int(m[name]) + _step(args[2]), low), high)


def _edit_set(setup: dict, args: list[str], value: str) -> None:
    """A number chosen from its list (`set:0:vp`, value 12) or its dial (`set:0:vp:12`): within the same bounds as
    its stepper."""
    m, name = _seat(setup, args[0]), args[1]
    if len(args) == 3:
        value = args[2]
    if name not in NUMBERS:
        raise ValueError(name)
    low, high = number_bounds(setup, m, name)
    wanted = int(value)
    if not low <= wanted <= high:
        raise ValueError(value)
    m[name] = wanted


def number_bounds(setup: dict, monster: dict, name: str) -> tuple[int, int]:
    """The lowest and highest life, VP or energy the editor lets a monster have."""
    bounds = bounds_of(setup)
    return {"life": (1, monster["max_life"]), "vp": (0, bounds.most_vp), "energy": (0, bounds.most_energy)}[name]


def _edit_count(setup: dict, args: list[str], value: str) -> None:
    m, token = _seat(setup, args[0]), args[1]
    defined = bounds_of(setup).tokens.get(token)
    if defined is None:
        raise ValueError(token)
    n = min(max(int(m["tokens"].get(token, 0)) + _step(args[2]), 0), defined.most)
    if n:
        m["tokens"][token] = n
    else:
        m["tokens"].pop(token, None)


def _edit_flag(setup: dict, args: list[str], value: str) -> None:
    m, token = _seat(setup, args[0]), args[1]
    if token not in {c.token for module in site_modules.every() for c in module.counters if c.flag}:
        raise ValueError(token)
    if m["tokens"].pop(token, 0) == 0:
        m["tokens"][token] = 1


def _edit_place(setup: dict, args: list[str], value: str) -> None:
    m, place = _seat(setup, args[0]), args[1]
    if place not in LOCATIONS:
        raise ValueError(place)
    if place != OUTSIDE:  # the monster there makes room, as at the table
        for other in setup["monsters"]:
            if other["location"] == place:
                other["location"] = OUTSIDE
    m["location"] = place


def _edit_card(setup: dict, args: list[str], value: str) -> None:
    m = _seat(setup, args[0])
    card = card_id(args[1] if len(args) > 1 else value)  # `card:0:<id>`: a suggestion taken
    if card is None:
        raise _Unknown(f"m{args[0]}/cards", value)
    m["cards"].append(card)


def _edit_uncard(setup: dict, args: list[str], value: str) -> None:
    del _seat(setup, args[0])["cards"][int(args[1])]


def seat_list(name: str) -> tuple[site_modules.ModuleUI, site_modules.Pieces | site_modules.Hand]:
    """The module list field (pieces or a hand) of this name, with its module."""
    for module in site_modules.every():
        for f in module.lists:
            if f.name == name:
                return module, f
    raise ValueError(name)


def _edit_list(setup: dict, args: list[str], value: str) -> None:
    m = _seat(setup, args[0])
    module, f = seat_list(args[1])
    if module.id not in setup["options"]:
        raise ValueError(module.id)
    ids = [m2["id"] for m2 in setup["monsters"]]
    found = component_id(f, value, m["id"], ids)
    if found is None:
        raise _Unknown(f"m{args[0]}/{f.name}", value)
    if isinstance(f, site_modules.Pieces):
        m["pieces"].append(f.prefix + found)
    else:
        setup.setdefault("modules", {}).setdefault(module.id, {}).setdefault(f.key, {}).setdefault(m["id"], []).append(
            found)


def _edit_unlist(setup: dict, args: list[str], value: str) -> None:
    m = _seat(setup, args[0])
    module, f = seat_list(args[1])
    if isinstance(f, site_modules.Pieces):
        m["pieces"].remove(f.prefix + args[2])
    else:
        setup["modules"][module.id][f.key][m["id"]].remove(args[2])


def _edit_choice(setup: dict, args: list[str], value: str) -> None:
    module = site_modules.get(args[0])
    if module is None or module.id not in setup["options"]:
        raise ValueError(args[0])
    choice = next((c for c in module.asked(setup) if c.name == args[1] and isinstance(c, site_modules.Choice)), None)
    if choice is None:
        raise ValueError(args[1])
    table = setup.setdefault("modules", {}).setdefault(module.id, {})
    ids = [m["id"] for m in setup["monsters"]]
    allowed = {v for v, _label in choice.choices("en", ids)}
    if value == "" and choice.empty is not None:
        _put(table, choice.path, None)
    elif value in allowed:
        _put(table, choice.path, value)
    else:
        raise ValueError(value)


def _edit_total(setup: dict, args: list[str], value: str) -> None:
    """A module's count for the whole table, one up or down within the engine's bound."""
    module = site_modules.get(args[0])
    if module is None or module.id not in setup["options"]:
        raise ValueError(args[0])
    count = next((c for c in module.asked(setup) if c.name == args[1] and isinstance(c, site_modules.Count)), None)
    if count is None:
        raise ValueError(args[1])
    table = setup.setdefault("modules", {}).setdefault(module.id, {})
    most = bounds_of(setup).modules.get(module.id, {}).get(count.path[-1], 0)
    n = min(max(int(_get(table, count.path) or 0) + _step(args[2]), 0), most)
    _put(table, count.path, n or None)


def _edit_option(setup: dict, args: list[str], value: str) -> None:
    option = args[0]
    if option not in VARIANTS and not _editable(option):
        raise ValueError(option)
    options = setup["options"]
    if option in options:
        options.remove(option)
    else:
        options.append(option)
        options.sort(key=O.ALL.index)


def _edit_monster(setup: dict, args: list[str], value: str) -> None:
    m = _seat(setup, args[0])
    if value not in box_monsters():
        raise ValueError(value)
    for other in setup["monsters"]:
        if other["id"] == value and other is not m:  # the two monsters swap seats
            other["id"] = m["id"]
            break
    for table in (setup.get("modules") or {}).values():
        for f_value in table.values():
            if isinstance(f_value, dict) and m["id"] in f_value and value not in f_value:
                f_value[value] = f_value.pop(m["id"])
    if setup.get("first_player") == m["id"]:
        setup["first_player"] = value
    m["id"] = value


def _edit_monsters(setup: dict, args: list[str], value: str) -> None:
    monsters = setup["monsters"]
    if _step(args[0]) > 0:
        if len(monsters) >= MAX_PLAYERS:
            return
        seated = {m["id"] for m in monsters}
        monsters.append(_monster(next(m for m in box_monsters() if m not in seated)))
    elif len(monsters) > MIN_PLAYERS:
        gone = monsters.pop()
        if setup.get("first_player") == gone["id"]:
            setup["first_player"] = monsters[0]["id"]
    if len(monsters) < 5:
        for m in monsters:
            if m["location"] == BAY:
                m["location"] = OUTSIDE


def _edit_turn(setup: dict, args: list[str], value: str) -> None:
    if value not in {m["id"] for m in setup["monsters"]}:
        raise ValueError(value)
    setup["first_player"] = value


def _edit_step(setup: dict, args: list[str], value: str) -> None:
    if value not in STEPS:
        raise ValueError(value)
    setup["turn"] = {"step": value} if value != TurnStep.ROLLED else {**setup["turn"], "step": value}


def _edit_die(setup: dict, args: list[str], value: str) -> None:
    index, face = int(args[0]), args[1]
    turn = setup["turn"]
    if turn.get("step") != TurnStep.ROLLED:
        turn = setup["turn"] = {"step": str(TurnStep.ROLLED), "dice": []}
        setup.update(normalized(setup))
        turn = setup["turn"]
    dice = turn["dice"]
    if not 0 <= index < len(dice):
        raise IndexError(index)
    if face not in die_faces(setup, index):
        raise ValueError(face)
    dice[index] = face


def _edit_keep(setup: dict, args: list[str], value: str) -> None:
    index = int(args[0])
    turn = setup["turn"]
    if turn.get("step") != TurnStep.ROLLED or not 0 <= index < len(turn["dice"]):
        raise IndexError(index)
    kept = turn.setdefault("kept", [])
    if index in kept:
        kept.remove(index)
    else:
        kept.append(index)
        kept.sort()


def _edit_rerolls(setup: dict, args: list[str], value: str) -> None:
    turn = setup["turn"]
    if turn.get("step") != TurnStep.ROLLED:
        raise ValueError("rerolls")
    most = bounds_of(setup).rerolls
    left = most if turn.get("rerolls") is None else int(turn["rerolls"])
    turn["rerolls"] = min(max(left + _step(args[0]), 0), max(most, left))


def _edit_market(setup: dict, args: list[str], value: str) -> None:
    market = list(setup.get("market") or [])
    if len(market) >= O.market_size(setup["options"]):
        raise IndexError(len(market))
    card = card_id(args[0] if args else value)  # `market:<id>`: a suggestion taken
    if card is None:
        raise _Unknown("market", value)
    setup["market"] = [*market, card]


def _edit_unmarket(setup: dict, args: list[str], value: str) -> None:
    market = setup["market"]
    del market[int(args[0])]
    if not market:
        del setup["market"]


# edits that can change how many dice the monster whose turn it is rolls (what it holds, who it is, the modules)
_RESIZING = frozenset({"card", "uncard", "list", "unlist", "flag", "count", "option", "monster", "monsters", "turn",
                       "step"})
_EDITS = {
    "n": _edit_number, "set": _edit_set, "count": _edit_count, "flag": _edit_flag, "place": _edit_place,
    "card": _edit_card, "uncard": _edit_uncard, "list": _edit_list, "unlist": _edit_unlist, "choice": _edit_choice,
    "total": _edit_total,
    "option": _edit_option, "monster": _edit_monster, "monsters": _edit_monsters, "turn": _edit_turn,
    "step": _edit_step, "die": _edit_die, "keep": _edit_keep, "rerolls": _edit_rerolls, "market": _edit_market,
    "unmarket": _edit_unmarket,
}


class _Unknown(ValueError):
    """A name typed that matches no card or component: said beside its field, not a tampered edit."""

    def __init__(self, field: str, typed: str):
        super().__init__(field)
        self.field, self.typed = field, typed


class UnknownName(Exception):
    def __init__(self, field: str, typed: str):
        super().__init__(field)
        self.field, self.typed = field, typed


# --- dice and names ----------------------------------------------------------------------------------------------
def die_kind(setup: dict, index: int) -> site_modules.SpecialDie | None:
    """Which special die die `index` of the roll is (None: a base die): the special dice come after the base dice,
    in die order; a die showing a special face is that face's die."""
    dice = setup.get("turn", {}).get("dice", [])
    face = dice[index] if 0 <= index < len(dice) else ""
    specials = bounds_of(setup).special_dice
    kind, _sep, _name = face.rpartition(":")
    if not kind and specials and index >= len(dice) - len(specials):
        kind = specials[index - (len(dice) - len(specials))]
    return next((m.die for m in site_modules.every() if m.die and m.die.kind == kind), None) if kind else None


def die_faces(setup: dict, index: int) -> tuple[str, ...]:
    """The faces die `index` of the roll may show: a base die's six, or its special die's."""
    special = die_kind(setup, index)
    return FACES if special is None else tuple(special.faces)


def fold(text: str) -> str:
    """A name as typed, folded so that spelling details do not matter: width, case, spaces and dots, katakana."""
    text = unicodedata.normalize("NFKC", text).casefold()
    text = "".join(c for c in text if c.isalnum())
    return "".join(chr(ord(c) - 0x60) if "ァ" <= c <= "ヶ" else c for c in text)


@cache
def _card_names() -> dict[str, str]:
    """Every folded name of every Power card and costume: Japanese, English, the 2011 English name, the id."""
    out: dict[str, str] = {}
    for lang in ("ja", "en"):
        for card in library.cards(lang).values():
            for name in (card.id, card.name, card.name_2011, card.other_name):
                if name:
                    out.setdefault(fold(name), card.id)
    return out


def card_id(typed: str) -> str | None:
    return _card_names().get(fold(typed)) if typed else None


def card_suggestions(lang: str) -> list[tuple[str, str]]:
    """What the card field suggests: each card's name in the reader's language, then in the other (value, label)."""
    other = "en" if lang == "ja" else "ja"
    out = []
    for card in sorted(library.cards(lang).values(), key=lambda c: c.sort_key):
        other_name = library.cards(other)[card.id].name
        out.append((card.name, other_name))
        out.append((other_name, card.name))
        if card.name_2011:
            out.append((card.name_2011, card.name))
    return out


MOST_SUGGESTED = 8


def card_matches(typed: str, lang: str) -> list[tuple[str, str, str]]:
    """The cards whose name, in either language or edition, begins with what is typed (folded), then those with a
    later word that does: (id, name in the reader's language, name in the other), each in the reader's order, at
    most `MOST_SUGGESTED`."""
    want = fold(typed)
    if not want:
        return []
    other = "en" if lang == "ja" else "ja"
    first, later = [], []
    for card in sorted(library.cards(lang).values(), key=lambda c: c.sort_key):
        theirs = library.cards(other)[card.id]
        names = [n for n in (card.name, theirs.name, card.name_2011, card.other_name) if n]
        if any(fold(n).startswith(want) for n in names):
            first.append((card.id, card.name, theirs.name))
        elif any(fold(w).startswith(want) for n in names for w in n.split()[1:]):
            later.append((card.id, card.name, theirs.name))
    return (first + later)[:MOST_SUGGESTED]


def component_id(f: site_modules.Pieces | site_modules.Hand, typed: str, monster: str,
                 at_table: list[str]) -> str | None:
    want = fold(typed)
    if not want:
        return None
    for lang in ("ja", "en"):
        for value, label in f.choices(lang, monster, at_table):
            if want in (fold(value), fold(label)) or fold(label).startswith(want) and len(want) >= 4:
                return value
    return None


def _get(table: dict, path: tuple[str, ...]) -> Any:
    for key in path:
        if not isinstance(table, dict):
            return None
        table = table.get(key)
    return table


def _put(table: dict, path: tuple[str, ...], value: Any) -> None:
    for key in path[:-1]:
        table = table.setdefault(key, {})
    if value is None:
        table.pop(path[-1], None)
    else:
        table[path[-1]] = value


def table_setup(draft: Draft) -> Setup:
    """The draft as an engine setup (`InvalidSetup` with every problem)."""
    return Setup.from_dict(draft.setup)


def get_in(table: dict, path: tuple[str, ...]) -> Any:
    return _get(table, path)
