"""The editor's board: what the drawn table in edit mode shows, built from a draft in the reader's language, with
every problem of the table beside the control it is about. Templates only display it.

A problem's place is its path into the setup (`SetupProblem.path`): `("monsters", 2, "life")` is monster 3's life,
`("turn", "dice", 4)` die 5, `("modules", <module>, *path)` that module's field with that path. Its words are the
message of its code (`SETUP_MESSAGES`, or the module's own in `kotguide.site_modules`), filled with names.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from kotguide import site_modules
from kotguide.content import components, library
from kotguide.engine import SetupProblem
from kotguide.engine import options as O
from kotguide.engine.dice import FACES
from kotguide.engine.setup import BAY, BAY_MIN_ALIVE, CITY, LOCATIONS, TurnStep
from kotguide.sandbox.drawings import die_class, face_symbol, monster_colours
from kotguide.sandbox.words import card_name, face_name, monster_name, option_name, space_name

from . import editor, presets

SETUP_MESSAGES = {
    "players": gettext_lazy("A game has 2 to 6 monsters."),
    "unknown-monster": gettext_lazy("Choose one of the monsters in the list."),
    "duplicate-monster": gettext_lazy(
        "%(monster)s is already at the table as monster %(seat)s: each monster plays once."
    ),
    "bad-value": gettext_lazy("This number is not possible here."),
    "bad-location": gettext_lazy("Choose outside Tokyo, Tokyo City or Tokyo Bay."),
    "space-taken": gettext_lazy("%(monster)s is already in %(space)s: only one monster fits there."),
    "bay-closed": gettext_lazy(
        "Tokyo Bay is used only with 5 or more monsters in the game; with %(count)s it is closed."
    ),
    "unknown-card": gettext_lazy("Choose a card from the list."),
    "too-many-copies": gettext_lazy("%(card)s is on the table %(count)s times, but the game has %(copies)s."),
    "not-keep": gettext_lazy("%(card)s is a Discard card: it is used when bought and never kept."),
    "market-size": gettext_lazy("The market holds %(size)s cards."),
    "unknown-option": gettext_lazy("Choose options from the list."),
    "option-players": gettext_lazy("The two-player variant needs exactly 2 monsters."),
    "first-player": gettext_lazy("%(monster)s is not at the table: choose one of the monsters above."),
    "bad-face": gettext_lazy("Choose one of the six faces."),
    "bad-field": gettext_lazy("The sandbox cannot open this table."),
    "unknown-key": gettext_lazy("The sandbox cannot open this table."),
    "bad-file": gettext_lazy("The sandbox cannot open this table."),
    # the expansion modules
    "option-requires": gettext_lazy("Tick %(needs)s too: %(option)s needs it."),
    "module-table": gettext_lazy("The sandbox cannot open this table."),
    "draft-deals": gettext_lazy("The sandbox cannot open this table."),
    # the bounds of the box
    "too-high": gettext_lazy("This number is not possible here."),
    "goal-reached": gettext_lazy(
        "With 20 VP or more when this turn began, %(monster)s would already have won: the game ends at the end of the "
        "turn in which a monster reaches 20 VP."),
    "too-many-tokens": gettext_lazy("The game has only %(supply)s of these tokens, and the table has %(count)s."),
    "token-without-card": gettext_lazy("Smoke tokens sit on Smoke Cloud, which this monster does not hold."),
    "card-without-token": gettext_lazy(
        "Smoke Cloud is discarded when its last Smoke token is spent: while it is held it has 1 to 3."),
    # a position inside the turn
    "turn-step": gettext_lazy("The sandbox cannot open this table."),
    "turn-key": gettext_lazy("The sandbox cannot open this table."),
    "turn-needs-first": gettext_lazy("The sandbox cannot open this table."),
    "turn-no-dice": gettext_lazy("Choose the face of each die on the table."),
    "turn-dice": gettext_lazy("Choose the face of each die on the table."),
    "turn-rerolls": gettext_lazy("The sandbox cannot open this table."),
    "turn-kept": gettext_lazy("The sandbox cannot open this table."),
    "turn-hit": gettext_lazy("The sandbox cannot open this table."),
    "turn-setup-choices": gettext_lazy("The sandbox cannot open this table."),
    "bad-packets": gettext_lazy("The sandbox cannot open this table."),
}
TOP = "table"  # the key of problems about the whole table
DIALS = ("life", "vp")  # the two dials of a monster board; energy cubes are counted, not dialled
DIAL_MOST = 20  # the VP dial's last number (the life dial ends sooner); past it, the stepper goes on
LISTED_MOST = 30  # the energy list goes this far (a full round's energy); its + goes on


@dataclass
class Stepper:
    key: str  # where its problems go
    label: str
    value: int
    down: str  # the edit codes of its buttons
    up: str
    low: bool  # at its lowest: the − button is off
    high: bool
    set: str = ""  # life, VP, energy: the edit code of choosing the number from a list (`set:0:vp`)
    choices: list[int] = field(default_factory=list)
    dial: list[tuple[int, str]] = field(default_factory=list)  # (n, its edit code): the choices as buttons, one
    # tap each, like the dials of a monster board


@dataclass
class Flag:
    key: str
    label: str
    on: bool
    edit: str
    help: str = ""


@dataclass
class NameList:
    """Things held, each with its remove button, and a field to add one by name."""

    key: str
    label: str
    items: list[tuple[str, str]]  # (remove edit code, name)
    edit: str  # the add edit code (its field is value-<edit>)
    suggestions: str  # the datalist id
    suggests: bool = False  # typing shows buttons that add a card (the cards' lists)
    offered: list[tuple[str, str, str]] = field(default_factory=list)  # what the empty field offers: (id, names)


@dataclass
class Seat:
    index: int
    id: str
    name: str
    colour: str
    life: int
    max_life: int
    vp: int
    energy: int
    place: str
    place_name: str
    turn: bool
    numbers: list[Stepper]
    places: list[tuple[str, str, bool]]  # (edit, name, current)
    cards: NameList
    counters: list[Stepper] = field(default_factory=list)
    flags: list[Flag] = field(default_factory=list)
    lists: list[NameList] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)  # every message about this seat (the seat opens)
    notes: dict[str, list[str]] = field(default_factory=dict)  # key -> messages beside that control
    monster_edit: str = ""

    @property
    def life_percent(self) -> int:
        return round(100 * self.life / self.max_life) if self.max_life else 0

    @property
    def vp_percent(self) -> int:
        return round(100 * min(self.vp, 20) / 20)


@dataclass
class Die:
    index: int
    face: str  # "" while not chosen
    name: str
    symbol: str
    die: str
    kept: bool
    faces: list[tuple[str, str, str, str, bool]]  # (edit, name, symbol, die class, shown now)
    label: str  # what the die is ("Die 3", "Berserk die")
    notes: list[str] = field(default_factory=list)
    help: str = ""  # a special die's: when it is rolled


@dataclass
class ChoiceField:
    key: str
    label: str
    edit: str
    current: str
    choices: list[tuple[str, str]]
    help: str = ""
    notes: list[str] = field(default_factory=list)


@dataclass
class ModulePanel:
    id: str
    name: str
    rule: str  # its rule section
    fields: list[ChoiceField]
    notes: list[str] = field(default_factory=list)
    counts: list[tuple[Stepper, list[str]]] = field(default_factory=list)  # each with the messages beside it


@dataclass
class Board:
    lang: str
    seats: list[Seat]
    city: Seat | None
    bay: Seat | None
    bay_open: bool
    count: int
    turn: ChoiceField
    step: ChoiceField
    dice: list[Die]
    rolled: bool
    rerolls: Stepper | None
    market: NameList
    market_size: int
    options: list[Flag]
    panels: list[ModulePanel]
    notes: dict[str, list[str]]  # key -> messages (the table's own, the turn, the options, the market)
    problem_count: int
    problem_links: list[tuple[str, str]]  # (the id of the control a problem is beside, what it says), in page order
    monsters: list[tuple[str, str]]  # every monster of the box (value, name)
    card_suggestions: list[tuple[str, str]]
    list_suggestions: dict[str, list[tuple[str, str]]]  # datalist id -> suggestions
    can_grow: bool
    can_shrink: bool


def board(draft: editor.Draft, lang: str, problems: Any = (), notes: dict[str, str] | None = None) -> Board:
    setup = draft.setup
    bounds = editor.bounds_of(setup)
    placed = _placed(problems, setup, lang)
    for key, message in (notes or {}).items():
        placed.setdefault(key, []).append(message)
    colours = monster_colours()
    ids = [m["id"] for m in setup["monsters"]]
    on = site_modules.in_play(setup.get("options", ()))
    seats = []
    for i, m in enumerate(setup["monsters"]):
        name = monster_name(m["id"], lang)
        seat_notes = {k.split("/", 1)[1]: v for k, v in placed.items() if k.startswith(f"m{i}/")}

        def stepper(key: str, label: str, value: int, low: int, high: int, edit: str) -> Stepper:
            return Stepper(key, label, value, f"{edit}:-1", f"{edit}:+1", value <= low, value >= high)

        numbers = []
        for key, label in (("life", _("Life")), ("vp", _("VP")), ("energy", _("Energy"))):
            low, high = editor.number_bounds(setup, m, key)
            number = replace(stepper(key, str(label), m[key], low, high, f"n:{i}:{key}"), set=f"set:{i}:{key}")
            if key in DIALS:
                number.dial = [(n, f"set:{i}:{key}:{n}") for n in range(low, min(high, DIAL_MOST) + 1)]
            else:
                number.choices = sorted({*range(low, min(high, LISTED_MOST) + 1), m[key]})
            numbers.append(number)
        tokens = m.get("tokens", {})
        base_tokens = [("poison", _("Poison tokens")), ("shrink", _("Shrink tokens")), ("smoke", _("Smoke tokens"))]
        counters = [stepper(f"tokens.{t}", str(label), tokens.get(t, 0), 0, bounds.tokens[t].most, f"count:{i}:{t}")
                    for t, label in base_tokens if t in bounds.tokens]
        flags, lists = [], []
        for module in on:
            for f in module.seat:
                if isinstance(f, site_modules.Counter) and f.flag:
                    flags.append(Flag(f"tokens.{f.token}", str(f.label), bool(tokens.get(f.token)),
                                      f"flag:{i}:{f.token}", str(f.help or "")))
                elif isinstance(f, site_modules.Counter):
                    most = bounds.tokens[f.token].most if f.token in bounds.tokens else 0
                    counters.append(stepper(f"tokens.{f.token}", str(f.label), tokens.get(f.token, 0), 0, most,
                                            f"count:{i}:{f.token}"))
                else:
                    names = dict(f.choices(lang, m["id"], ids))
                    held = ([p[len(f.prefix):] for p in m.get("pieces", ()) if p.startswith(f.prefix)]
                            if isinstance(f, site_modules.Pieces)
                            else list(editor.get_in(setup.get("modules", {}), (module.id, f.key, m["id"])) or ()))
                    lists.append(NameList(f.name, str(f.label), [(f"unlist:{i}:{f.name}:{x}", names.get(x, x))
                                                                 for x in held], f"list:{i}:{f.name}",
                                          f"ed-list-{f.name}-{i}"))
        places = [(f"place:{i}:{p}", space_name(p), m["location"] == p) for p in LOCATIONS
                  if p != BAY or len(ids) >= BAY_MIN_ALIVE or m["location"] == BAY]
        shown = {"id", "life", "vp", "energy", "place", "cards", *(c.key for c in counters), *(f.key for f in flags),
                 *(lst.key for lst in lists)}
        other = [msg for key, msgs in seat_notes.items() if key not in shown for msg in msgs]
        if other:  # a problem of this monster no control of its own shows: at the top of its board
            seat_notes["other"] = other
        seat = Seat(
            index=i, id=m["id"], name=name, colour=colours.get(m["id"], ""), life=m["life"], max_life=m["max_life"],
            vp=m["vp"], energy=m["energy"], place=m["location"], place_name=space_name(m["location"]),
            turn=setup.get("first_player") == m["id"], numbers=numbers, places=places,
            cards=NameList("cards", str(_("Keep cards held")), [(f"uncard:{i}:{j}", card_name(c, lang))
                                                                for j, c in enumerate(m.get("cards", ()))],
                           f"card:{i}", "ed-cards", suggests=True,
                           offered=presets.cards_asked_about(lang, m.get("cards", ()))),
            counters=counters, flags=flags, lists=lists,
            problems=[msg for key, msgs in seat_notes.items() if key != "other" for msg in msgs], notes=seat_notes,
            monster_edit=f"monster:{i}",
        )
        seats.append(seat)
    turn = setup.get("turn", {})
    rolled = turn.get("step") == TurnStep.ROLLED
    dice = []
    faces_on_table = turn.get("dice", []) if rolled else [editor.UNSET] * (bounds.dice + len(bounds.special_dice))
    kept = set(turn.get("kept", ()))
    for j, face in enumerate(faces_on_table):
        special = editor.die_kind(setup, j) if rolled else None
        if not rolled and j >= bounds.dice:  # the special dice it will roll, after the base dice
            special = next(m.die for m in site_modules.every()
                           if m.die and m.die.kind == bounds.special_dice[j - bounds.dice])
        choices = FACES if special is None else tuple(special.faces)
        kind = None if special is None else special.kind
        label = str(_("Die %(n)s") % {"n": j + 1}) if special is None else str(special.label)
        dice.append(Die(j, face, face_name(face) if face else str(_("not chosen")), face_symbol(face) if face else "",
                        _die_classes(face or (choices[0] if kind else "1")), j in kept,
                        [(f"die:{j}:{c}", face_name(c), face_symbol(c), _die_classes(c), c == face) for c in choices],
                        label, placed.get(f"die{j}", []), str(special.help or "") if special else ""))
    rerolls = None
    if rolled:
        left = turn.get("rerolls")
        left = bounds.rerolls if left is None else left
        rerolls = Stepper("rerolls", str(_("Rerolls left")), left, "rerolls:-1", "rerolls:+1", left <= 0,
                          left >= bounds.rerolls)
    market = list(setup.get("market") or ())
    size = O.market_size(setup.get("options", ()))
    panels = []
    for module in on:
        fields_, counts = [], []
        table = (setup.get("modules") or {}).get(module.id, {})
        for choice in module.asked(setup):
            key = f"{module.id}/{choice.name}"
            if isinstance(choice, site_modules.Count):
                n = int(editor.get_in(table, choice.path) or 0)
                most = bounds.modules.get(module.id, {}).get(choice.path[-1], 0)
                edit = f"total:{module.id}:{choice.name}"
                counts.append((Stepper(key, str(choice.label), n, f"{edit}:-1", f"{edit}:+1", n <= 0, n >= most),
                               placed.get(key, [])))
                continue
            current = editor.get_in(table, choice.path) or ""
            options = ([("", str(choice.empty))] if choice.empty is not None else []) + [
                (v, str(label)) for v, label in choice.choices(lang, ids)]
            fields_.append(ChoiceField(f"{module.id}/{choice.name}", str(choice.label),
                                       f"choice:{module.id}:{choice.name}", current, options, str(choice.help or ""),
                                       placed.get(f"{module.id}/{choice.name}", [])))
        if fields_ or counts or placed.get(module.id):
            panels.append(ModulePanel(module.id, str(module.name), module.rule or module.id, fields_,
                                      placed.get(module.id, []), counts))
    shown = {TOP, "turn", "step", "dice", "rerolls", "market", "options", *(f"die{d.index}" for d in dice),
             *(p.id for p in panels), *(f.key for p in panels for f in p.fields),
             *(s.key for p in panels for s, _notes in p.counts)}
    for key in [k for k in placed if k not in shown and not k.startswith("m")]:  # no control shows it: at the top
        placed.setdefault(TOP, []).extend(placed.pop(key))
    by_place = {s.place: s for s in seats}
    option_flags = [Flag("options", option_name(o), o in setup.get("options", ()), f"option:{o}")
                    for o in (*editor.VARIANTS, *(m.id for m in site_modules.editable()))]
    list_suggestions = {}
    for seat in seats:
        for lst in seat.lists:
            module, f = editor.seat_list(lst.key)
            other = "en" if lang == "ja" else "ja"
            mine = f.choices(lang, seat.id, ids)
            theirs = dict(f.choices(other, seat.id, ids))
            list_suggestions[lst.suggestions] = [(label, theirs.get(v, "")) for v, label in mine]
    step_labels = {TurnStep.START: _("The turn begins (start-of-turn effects to come)"),
                   TurnStep.ROLL: _("Before the first roll"),
                   TurnStep.ROLLED: _("The dice are rolled")}
    return Board(
        lang=lang, seats=seats, city=by_place.get(CITY), bay=by_place.get(BAY),
        bay_open=len(ids) >= BAY_MIN_ALIVE, count=len(ids),
        turn=ChoiceField("turn", str(_("Whose turn")), "turn", setup.get("first_player", ""),
                         [(s.id, s.name) for s in seats], notes=placed.get("turn", [])),
        step=ChoiceField("step", str(_("Which step")), "step", turn.get("step", ""),
                         [(str(s), str(step_labels[s])) for s in editor.STEPS], notes=placed.get("step", [])),
        dice=dice, rolled=rolled, rerolls=rerolls,
        market=NameList("market", str(_("Market")),
                        [(f"unmarket:{j}", card_name(c, lang)) for j, c in enumerate(market)],
                        "market" if len(market) < size else "", "ed-cards", suggests=True),
        market_size=size, options=option_flags, panels=panels, notes=placed,
        problem_count=sum(len(v) for v in placed.values()),
        problem_links=_links(placed, seats, dice),
        monsters=[(m, monster_name(m, lang)) for m in editor.box_monsters()],
        card_suggestions=editor.card_suggestions(lang), list_suggestions=list_suggestions,
        can_grow=len(ids) < 6, can_shrink=len(ids) > 2,
    )


def _links(placed: dict[str, list[str]], seats: list[Seat], dice: list[Die]) -> list[tuple[str, str]]:
    """Each problem of the summary with the control it is beside, in page order: the seats, the modules' panels,
    the turn and the dice, the market, the options (the table's own are said in the summary itself)."""
    out = []
    for seat in seats:
        out += [(f"ed-seat-{seat.index}-summary", f"{seat.name}: {msg}") for msg in seat.problems]
    order = {"turn": 1, "step": 2, "dice": 3, "rerolls": 5, "market": 6, "options": 7}  # the panels are 0, a die 4

    def place(key: str) -> tuple[int, int, str]:
        if key.startswith("die") and key[3:].isdigit():
            return 4, int(key[3:]), ""
        return order.get(key, 0), 0, key

    for key in sorted((k for k in placed if k != TOP and not k.startswith("m")), key=place):
        if key.startswith("die"):
            target = f"ed-die-{key[3:]}-summary" if key[3:].isdigit() else "ed-dice-title"
        elif "/" in key:
            module, choice = key.split("/", 1)
            target = f"ed-choice-{module}-{choice}-v"
        else:
            target = {"turn": "ed-turn-v", "step": "ed-step-v", "rerolls": "ed-rerolls-up", "dice": "ed-dice-title",
                      "market": "ed-market-part", "options": "ed-options"}.get(key, f"ed-panel-{key}")
        out += [(target, msg) for msg in placed[key]]
    return out


def _die_classes(face: str) -> str:
    """Its die's colours and its face's (site.css: `.die-base.face-heart`), as the sandbox's dice have them."""
    return f"{die_class(face)} {face_symbol(face)}"


def message(problem: SetupProblem, setup: dict, lang: str) -> str:
    """A problem in the reader's words, its names filled in."""
    code, p = problem.code, problem.params
    text = None
    module = site_modules.get(str(p.get("option", "")))
    if module is not None:
        text = module.messages.get(code)
    if text is None and problem.path[:1] == ("modules",) and len(problem.path) > 1:
        owner = site_modules.get(str(problem.path[1]))
        text = owner.messages.get(code) if owner else None
    if text is None:
        text = SETUP_MESSAGES.get(code) or site_modules.messages().get(code) or SETUP_MESSAGES["bad-field"]
    if code == "bad-face" and problem.path[:2] == ("turn", "dice"):
        text = SETUP_MESSAGES["turn-dice"]
    if code == "bad-value" and p.get("field") in ("life", "max_life"):
        text = gettext_lazy("Life is from 1 to the maximum: %(start)s, or %(most)s with Even Bigger.")
    words: dict[str, Any] = {key: value for key, value in p.items() if isinstance(value, str | int)}
    words.update({"start": 10, "most": 12})
    if "monster" in p:
        words["monster"] = monster_name(str(p["monster"]), lang)
    if "card" in p:
        words["card"] = card_name(str(p["card"]), lang)
    for key, kind in library.COMPONENT_KIND_OF_SCHEME.items():
        if key in p:
            found = components.find(lang, kind, str(p[key]))
            words[key] = found.name if found else str(p[key])
            if key == "evolution":
                words["card"] = words[key]
    if "space" in p:
        words["space"] = space_name(str(p["space"]))
    for key in ("option", "needs"):
        if key in p:
            words[key] = option_name(str(p[key]))
    if "seat" in p and isinstance(p["seat"], int):
        words["seat"] = p["seat"] + 1
    return str(text) % _Words(words)


class _Words(dict):
    def __missing__(self, key: str) -> str:
        return ""


def key_of(problem: SetupProblem, setup: dict) -> str:
    """Which control a problem goes beside (see the module docstring)."""
    path = problem.path
    if not path:
        return TOP
    head = path[0]
    if head == "monsters" and len(path) >= 2 and isinstance(path[1], int):
        rest = path[2:]
        name = str(rest[0]) if rest else "id"
        if name == "tokens" and len(rest) > 1:
            name = f"tokens.{rest[1]}"
        elif name == "pieces" and len(rest) > 1:
            pieces = setup["monsters"][path[1]].get("pieces", [])
            piece = pieces[rest[1]] if isinstance(rest[1], int) and rest[1] < len(pieces) else ""
            name = next((f.name for m in site_modules.every() for f in m.lists
                         if isinstance(f, site_modules.Pieces) and piece.startswith(f.prefix)), "pieces")
        elif name == "max_life":
            name = "life"
        elif name == "location":
            name = "place"
        return f"m{path[1]}/{name}"
    if head == "turn":
        if len(path) >= 3 and path[1] in ("dice", "kept") and isinstance(path[2], int):
            return f"die{path[2]}"
        return {"dice": "dice", "rerolls": "rerolls"}.get(str(path[1]) if len(path) > 1 else "", "step")
    if head == "first_player":
        return "turn"
    if head in ("options", "market"):
        return head
    if head == "modules" and len(path) >= 2:
        module = site_modules.get(str(path[1]))
        if module is None:
            return "options"
        rest = tuple(str(x) for x in path[2:])
        for choice in module.table:
            if rest[: len(choice.path)] == choice.path:
                return f"{module.id}/{choice.name}"
        for f in module.lists:
            if isinstance(f, site_modules.Hand) and rest[:1] == (f.key,) and len(rest) > 1:
                seat = next((i for i, m in enumerate(setup["monsters"]) if m["id"] == rest[1]), None)
                if seat is not None:
                    return f"m{seat}/{f.name}"
        return module.id
    return TOP


def _placed(problems: Any, setup: dict, lang: str) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for problem in problems:
        text = message(problem, setup, lang)
        bucket = out.setdefault(key_of(problem, setup), [])
        if text not in bucket:
            bucket.append(text)
    return out

