"""The starting position as a value: ``Setup`` serializes to a JSON/TOML-safe dict and back.

A game is a ``Setup`` plus a list of actions. Cards not placed by the setup (monsters' cards, market, top of deck,
discard) are shuffled with the seed and go below the given top of the deck; an absent market is dealt from the deck.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType
from typing import Any

from . import data, supply
from . import options as O
from .dice import FACE_SET, is_special_face
from .errors import InvalidSetup, SetupProblem

OUTSIDE, CITY, BAY = "outside", "city", "bay"
LOCATIONS: tuple[str, ...] = (OUTSIDE, CITY, BAY)
START_LIFE = 10
MIN_PLAYERS, MAX_PLAYERS = 2, 6
BAY_MIN_ALIVE = 5  # Tokyo Bay is in use only while 5 or more monsters are alive

MAX_LIFE_CAP = 12  # no monster's maximum life goes above 12 (Even Bigger, Full Regeneration)
MAX_ENERGY = 999  # the bank never runs out; a bound so that every count a form takes is finite
MAX_VP = 99  # the VP dial stops the game at 20; past the start of a turn a monster may hold more
GOAL_VP = 20

_MONSTER_KEYS = ("id", "life", "max_life", "vp", "energy", "location", "cards", "tokens", "pieces")
_SETUP_KEYS = ("monsters", "options", "first_player", "market", "deck", "discard", "dice", "seed", "modules", "turn",
               "table")
Path = tuple[str | int, ...]


class TurnStep(StrEnum):
    """Where the first turn of the game stands (``Setup.turn.step``)."""

    START = "start"  # the turn begins: its start-of-turn effects (2 VP in Tokyo…) are still to come
    ROLL = "roll"  # start-of-turn effects taken, the first roll is next
    ROLLED = "rolled"  # dice on the table, ``rerolls`` left, ready to reroll or resolve
    YIELD = "yield"  # the dice are resolved; the smashed occupants in ``hit`` choose to stay or yield
    BUY = "buy"  # the buy step begins


_TURN_KEYS: dict[TurnStep, tuple[str, ...]] = {
    TurnStep.START: (), TurnStep.ROLL: (), TurnStep.ROLLED: ("dice", "rerolls", "kept"),
    TurnStep.YIELD: ("dice", "hit"), TurnStep.BUY: ("dice",),
}


@dataclass(frozen=True, slots=True)
class TurnSetup:
    """A position inside the first turn (what FEN is to chess): the step, the dice on the table, the rerolls left and
    the dice the last roll kept, the occupants waiting to yield. From ``roll`` on, the start-of-turn effects are taken:
    the monsters' numbers are as they stand after them, and the game opens there directly."""

    step: TurnStep = TurnStep.START
    dice: tuple[str, ...] = ()  # the faces on the table, base dice then special dice in die order
    rerolls: int | None = None  # rolled: rerolls left (None: all of them, the first roll just made)
    kept: tuple[int, ...] = ()  # rolled: the dice (0-based) the last reroll did not roll (empty: the first roll)
    hit: tuple[str, ...] = ()  # yield: the monsters in Tokyo the roll smashed, asked in seat order

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"step": str(self.step)}
        if self.dice:
            out["dice"] = list(self.dice)
        if self.rerolls is not None:
            out["rerolls"] = self.rerolls
        if self.kept:
            out["kept"] = list(self.kept)
        if self.hit:
            out["hit"] = list(self.hit)
        return out


@dataclass(frozen=True, slots=True)
class MonsterSetup:
    id: str
    life: int = START_LIFE
    max_life: int = START_LIFE
    vp: int = 0
    energy: int = 0
    location: str = OUTSIDE
    cards: tuple[str, ...] = ()
    tokens: tuple[tuple[str, int], ...] = ()  # (token name, count) pairs, sorted
    pieces: tuple[str, ...] = ()  # module pieces in front of the monster (``Monster.pieces``)

    def to_dict(self) -> dict[str, Any]:
        out = {
            "id": self.id, "life": self.life, "max_life": self.max_life, "vp": self.vp, "energy": self.energy,
            "location": self.location, "cards": list(self.cards), "tokens": dict(self.tokens),
        }
        if self.pieces:
            out["pieces"] = list(self.pieces)
        return out

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any] | str) -> MonsterSetup:
        found: list[SetupProblem] = []
        out = cls._read(raw, ("monsters", 0), found)
        if found:
            raise InvalidSetup.of(found)
        return out

    @classmethod
    def _read(cls, raw: Any, at: Path, found: list[SetupProblem]) -> MonsterSetup:
        """The monster of ``raw``; what cannot be read is added to ``found`` and given its default."""
        if isinstance(raw, str):
            return cls(raw)
        if not isinstance(raw, Mapping):
            found.append(SetupProblem("bad-field", at, {"field": "monsters",
                                                        "reason": "each monster is an id or a table"}))
            return cls("")
        for key in raw:
            if key not in _MONSTER_KEYS:
                found.append(SetupProblem("unknown-key", (*at, str(key)), {"key": key, "where": "a monster"}))
        monster_id = raw.get("id")
        if not isinstance(monster_id, str):
            found.append(SetupProblem("bad-field", (*at, "id"),
                                      {"field": "monsters", "reason": "a monster needs an id"}))
            monster_id = ""
        max_life = raw.get("max_life", START_LIFE)
        tokens = raw.get("tokens", {})
        if not isinstance(tokens, Mapping):
            found.append(SetupProblem("bad-field", (*at, "tokens"), {"field": "tokens", "reason": "a table of counts"}))
            tokens = {}
        return cls(
            id=monster_id, life=raw.get("life", max_life), max_life=max_life, vp=raw.get("vp", 0),
            energy=raw.get("energy", 0), location=raw.get("location", OUTSIDE),
            cards=_read_strs(raw.get("cards", ()), (*at, "cards"), found),
            tokens=tuple(sorted((str(k), v) for k, v in tokens.items())),
            pieces=_read_strs(raw.get("pieces", ()), (*at, "pieces"), found),
        )


@dataclass(frozen=True, slots=True)
class Setup:
    monsters: tuple[MonsterSetup, ...]
    options: tuple[str, ...] = ()
    first_player: str | None = None  # None: claw roll-off
    market: tuple[str, ...] | None = None  # None: dealt from the deck; shorter than the market: rest dealt
    deck: tuple[str, ...] = ()  # the top of the deck, top first; the unplaced cards are shuffled below it
    discard: tuple[str, ...] = ()
    dice: tuple[str, ...] = ()  # scripted faces, used by every die roll in order before the RNG
    seed: int = 0
    # per expansion module in ``options``, its setup table (keys decided and checked by the module)
    modules: tuple[tuple[str, Mapping[str, Any]], ...] = ()
    turn: TurnSetup | None = None  # None: the first turn begins (as ``TurnSetup()``)
    # the game follows a physical table: the dice rolled and the cards revealed there are given as actions
    # (``chance.py``) instead of drawn from the seed
    table: bool = False

    def module_table(self, module: str) -> Mapping[str, Any]:
        return next((table for name, table in self.modules if name == module), {})

    @property
    def market_size(self) -> int:
        return O.market_size(self.options)

    @property
    def step(self) -> TurnStep:
        return TurnStep.START if self.turn is None else self.turn.step

    def to_dict(self) -> dict[str, Any]:
        """A JSON- and TOML-safe dict (no None values)."""
        out: dict[str, Any] = {"monsters": [m.to_dict() for m in self.monsters], "options": list(self.options)}
        if self.first_player is not None:
            out["first_player"] = self.first_player
        if self.market is not None:
            out["market"] = list(self.market)
        out["deck"] = list(self.deck)
        out["discard"] = list(self.discard)
        out["dice"] = list(self.dice)
        out["seed"] = self.seed
        if self.modules:
            out["modules"] = {name: plain(table) for name, table in self.modules}
        if self.turn is not None:
            out["turn"] = self.turn.to_dict()
        if self.table:
            out["table"] = True
        return out

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Setup:
        """Read a dict (from JSON or TOML) and validate it; ``InvalidSetup`` with every problem found if anything is
        wrong (a key that cannot be read is checked no further)."""
        found: list[SetupProblem] = []
        setup = cls._read(raw, found)
        if setup is not None and not found:  # a key that cannot be read is checked no further
            found.extend(setup.problems())
        if found:
            raise InvalidSetup.of(found)
        assert setup is not None
        return setup

    @classmethod
    def _read(cls, raw: Any, found: list[SetupProblem]) -> Setup | None:
        if not isinstance(raw, Mapping):
            found.append(SetupProblem("bad-field", (), {"field": "setup", "reason": "a table"}))
            return None
        for key in raw:
            if key not in _SETUP_KEYS:
                found.append(SetupProblem("unknown-key", (str(key),), {"key": key, "where": "the setup"}))
        monsters = raw.get("monsters")
        if not isinstance(monsters, list | tuple):
            found.append(SetupProblem("bad-field", ("monsters",),
                                      {"field": "monsters", "reason": "a list of monsters"}))
            monsters = []
        market = raw.get("market")
        seed = raw.get("seed", 0)
        if not isinstance(seed, int) or isinstance(seed, bool):
            found.append(SetupProblem("bad-field", ("seed",), {"field": "seed", "reason": "an integer"}))
            seed = 0
        modules = raw.get("modules", {})
        if not isinstance(modules, Mapping) or not all(isinstance(t, Mapping) for t in modules.values()):
            found.append(SetupProblem("bad-field", ("modules",),
                                      {"field": "modules", "reason": "a table of tables, one per module"}))
            modules = {}
        first = raw.get("first_player")
        if first is not None and not isinstance(first, str):
            found.append(SetupProblem("bad-field", ("first_player",),
                                      {"field": "first_player", "reason": "a monster id"}))
            first = None
        table = raw.get("table", False)
        if not isinstance(table, bool):
            found.append(SetupProblem("bad-field", ("table",), {"field": "table", "reason": "true or false"}))
            table = False
        setup = cls(
            monsters=tuple(MonsterSetup._read(m, ("monsters", i), found) for i, m in enumerate(monsters)),
            options=_read_strs(raw.get("options", ()), ("options",), found),
            first_player=first,
            market=None if market is None else _read_strs(market, ("market",), found),
            deck=_read_strs(raw.get("deck", ()), ("deck",), found),
            discard=_read_strs(raw.get("discard", ()), ("discard",), found),
            dice=_read_strs(raw.get("dice", ()), ("dice",), found),
            seed=seed,
            modules=tuple(sorted((str(name), _frozen(t)) for name, t in modules.items())),
            turn=_read_turn(raw.get("turn"), found),
            table=table,
        )
        return setup

    def validate(self) -> None:
        """Raise ``InvalidSetup`` (with every problem) unless this is a legal position."""
        found = self.problems()
        if found:
            raise InvalidSetup.of(found)

    def problems(self) -> list[SetupProblem]:
        """Every reason this is not a position the physical game can reach, each with its path into ``to_dict()``."""
        from . import cards, modules  # noqa: F401  (the cards and modules define their tokens and tables)
        from .modules import registry as module_registry

        out: list[SetupProblem] = []

        def add(code: str, path: Path, **params: Any) -> None:
            out.append(SetupProblem(code, path, params))

        n = len(self.monsters)
        if not MIN_PLAYERS <= n <= MAX_PLAYERS:
            add("players", ("monsters",), count=n)
        known = data.monsters()
        seen: dict[str, int] = {}
        taken: dict[str, str] = {}
        card_data = data.cards()
        placed: Counter[str] = Counter()
        token_totals: Counter[str] = Counter()
        for i, m in enumerate(self.monsters):
            at: Path = ("monsters", i)
            if m.id not in known:
                add("unknown-monster", (*at, "id"), monster=m.id)
            elif m.id in seen:
                add("duplicate-monster", (*at, "id"), monster=m.id, seat=seen[m.id])
            else:
                seen[m.id] = i
            _check_int(add, at, m.id, "max_life", m.max_life, 1, MAX_LIFE_CAP)
            if _check_int(add, at, m.id, "life", m.life, 1, MAX_LIFE_CAP) and isinstance(m.max_life, int) \
                    and m.life > m.max_life:
                add("bad-value", (*at, "life"), monster=m.id, field="life", value=m.life, reason="above max_life",
                    high=m.max_life)
            vp_high = GOAL_VP - 1 if self.step is TurnStep.START else MAX_VP
            if _check_int(add, at, m.id, "vp", m.vp, 0, MAX_VP) and m.vp > vp_high:
                add("goal-reached", (*at, "vp"), monster=m.id, value=m.vp, high=vp_high)
            _check_int(add, at, m.id, "energy", m.energy, 0, MAX_ENERGY)
            if m.location not in LOCATIONS:
                add("bad-location", (*at, "location"), monster=m.id, location=m.location)
            elif m.location != OUTSIDE:
                if m.location in taken:
                    add("space-taken", (*at, "location"), space=m.location, monster=taken[m.location])
                else:
                    taken[m.location] = m.id
            for j, card in enumerate(m.cards):
                if card in card_data and card_data[card].type != data.KEEP:
                    add("not-keep", (*at, "cards", j), monster=m.id, card=card)
            placed.update(m.cards)
            self._check_tokens(add, at, m, token_totals)
        for name, total in sorted(token_totals.items()):
            limit = supply.token(name)
            if limit is not None and limit.supply is not None and total > limit.supply:
                last = max(i for i, m in enumerate(self.monsters) if dict(m.tokens).get(name))
                add("too-many-tokens", ("monsters", last, "tokens", name), token=name, count=total,
                    supply=limit.supply)
        if BAY in taken and n < BAY_MIN_ALIVE:
            bay = next(i for i, m in enumerate(self.monsters) if m.location == BAY)
            add("bay-closed", ("monsters", bay, "location"), count=n)
        for j, option in enumerate(self.options):
            if option not in O.ALL:
                add("unknown-option", ("options", j), option=option)
            needed = O.REQUIRES.get(option)
            if needed is not None and needed not in self.options:
                add("option-requires", ("options", j), option=option, needs=needed)
        for name, _table in self.modules:
            if name not in O.MODULES or name not in self.options:
                add("module-table", ("modules", name), module=name)
        if O.TWO_PLAYER in self.options and n != 2:
            add("option-players", ("options", self.options.index(O.TWO_PLAYER)), option=O.TWO_PLAYER, players=2)
        if self.first_player is not None and self.first_player not in seen:
            add("first-player", ("first_player",), monster=self.first_player)
        if self.market is not None and len(self.market) > self.market_size:
            add("market-size", ("market", self.market_size), size=self.market_size, count=len(self.market))
        places: list[tuple[Path, str]] = [(("monsters", i, "cards", j), c) for i, m in enumerate(self.monsters)
                                          for j, c in enumerate(m.cards)]
        for key in ("market", "deck", "discard"):
            places += [((key, j), c) for j, c in enumerate(getattr(self, key) or ())]
        placed.update(self.market or ())
        placed.update(self.deck)
        placed.update(self.discard)
        for card, count in placed.items():
            where = [path for path, c in places if c == card]
            if card not in card_data:
                for path in where:
                    add("unknown-card", path, card=card)
                continue
            if count > card_data[card].copies:
                add("too-many-copies", where[-1], card=card, count=count, copies=card_data[card].copies)
            if card_data[card].kind == data.COSTUME and O.COSTUMES not in self.options:
                add("needs-option", where[-1], card=card, option=O.COSTUMES)
        for j, face in enumerate(self.dice):
            if face not in FACE_SET and not is_special_face(face):
                add("bad-face", ("dice", j), face=face)
        self._check_turn(add)
        if not out:  # a module reads the rest of the setup: only a setup sound so far is worth its checks
            for module in module_registry.in_play(self.options):
                try:
                    module.validate(self, self.module_table(module.id))
                except InvalidSetup as error:
                    out.extend(SetupProblem(p.code, p.path or ("modules", module.id), p.params)
                               for p in error.problems)
        return out

    def _check_tokens(self, add: Callable[..., None], at: Path, m: MonsterSetup, totals: Counter[str]) -> None:
        tokens = dict(m.tokens)
        for name, count in m.tokens:
            limit = supply.token(name)
            high = MAX_ENERGY if limit is None else limit.most
            if not _check_int(add, (*at, "tokens", name), m.id, f"tokens.{name}", count, 0, high, leaf=False):
                continue
            totals[name] += count
            if limit is None:
                continue
            if limit.option is not None and limit.option not in self.options and count:
                add("needs-option", (*at, "tokens", name), card=name, option=limit.option)
            if limit.card is not None and count and limit.card not in m.cards:
                add("token-without-card", (*at, "tokens", name), monster=m.id, token=name, card=limit.card)
        for limit in supply.defined().values():
            if limit.card is not None and limit.low and limit.card in m.cards and tokens.get(limit.name, 0) < limit.low:
                add("card-without-token", (*at, "tokens", limit.name), monster=m.id, token=limit.name, card=limit.card)

    def _check_turn(self, add: Callable[..., None]) -> None:
        t = self.turn
        if t is None:
            return
        if t.step not in _TURN_KEYS:
            add("turn-step", ("turn", "step"), step=t.step)
            return
        given = {"dice": bool(t.dice), "rerolls": t.rerolls is not None, "kept": bool(t.kept), "hit": bool(t.hit)}
        for key, present in given.items():
            if present and key not in _TURN_KEYS[t.step]:
                add("turn-key", ("turn", key), key=key, step=t.step)
        if t.step is TurnStep.START:
            return
        if self.first_player is None:
            add("turn-needs-first", ("first_player",))
        if t.step is TurnStep.ROLLED and not t.dice:
            add("turn-no-dice", ("turn", "dice"), step=t.step)
        for j, face in enumerate(t.dice):
            if face not in FACE_SET and not is_special_face(face):
                add("bad-face", ("turn", "dice", j), face=face)
        if t.rerolls is not None and (not isinstance(t.rerolls, int) or isinstance(t.rerolls, bool) or t.rerolls < 0):
            add("bad-value", ("turn", "rerolls"), monster=self.first_player, field="rerolls", value=t.rerolls,
                reason="not a count")
        for j, die in enumerate(t.kept):
            if not isinstance(die, int) or isinstance(die, bool) or not 0 <= die < len(t.dice) or die in t.kept[:j]:
                add("turn-kept", ("turn", "kept", j), die=die, count=len(t.dice))
        if t.step is TurnStep.YIELD and not t.hit:
            add("turn-hit", ("turn", "hit"), monster="", reason="nobody is waiting to yield")
        by_id = {m.id: m for m in self.monsters}
        for j, monster in enumerate(t.hit):
            m = by_id.get(monster)
            reason = ("not in the game" if m is None else "it is the monster whose turn it is"
                      if monster == self.first_player else "not in Tokyo" if m.location == OUTSIDE
                      else "named twice" if monster in t.hit[:j] else "")
            if reason:
                add("turn-hit", ("turn", "hit", j), monster=monster, reason=reason)


def _read_turn(raw: Any, found: list[SetupProblem]) -> TurnSetup | None:
    if raw is None:
        return None
    if not isinstance(raw, Mapping):
        found.append(SetupProblem("bad-field", ("turn",), {"field": "turn", "reason": "a table"}))
        return None
    for key in raw:
        if key not in ("step", *_TURN_KEYS[TurnStep.ROLLED], "hit"):
            found.append(SetupProblem("unknown-key", ("turn", str(key)), {"key": key, "where": "the turn"}))
    step = raw.get("step", TurnStep.START)
    if step not in _TURN_KEYS:
        found.append(SetupProblem("turn-step", ("turn", "step"), {"step": step}))
        return None
    kept = raw.get("kept", ())
    if not isinstance(kept, list | tuple):
        found.append(SetupProblem("bad-field", ("turn", "kept"), {"field": "kept", "reason": "a list of dice"}))
        kept = ()
    return TurnSetup(step=TurnStep(step), dice=_read_strs(raw.get("dice", ()), ("turn", "dice"), found),
                     rerolls=raw.get("rerolls"), kept=tuple(kept),
                     hit=_read_strs(raw.get("hit", ()), ("turn", "hit"), found))


def _frozen(value: Any) -> Any:
    """A setup table read from TOML/JSON, made immutable (a Setup is a value: hashable, never changed)."""
    if isinstance(value, Mapping):
        return MappingProxyType({str(k): _frozen(v) for k, v in value.items()})
    if isinstance(value, list | tuple):
        return tuple(_frozen(v) for v in value)
    return value


def plain(value: Any) -> Any:
    """The JSON/TOML-safe form of a frozen setup table or a mark: tuples and lists as lists, frozensets as sorted
    lists, mappings as dicts."""
    if isinstance(value, Mapping):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, tuple | list):
        return [plain(v) for v in value]
    if isinstance(value, frozenset | set):
        return sorted(plain(v) for v in value)
    return value


def _check_int(add: Callable[..., None], at: Path, monster: str, name: str, value: object, low: int, high: int,
               *, leaf: bool = True) -> bool:
    """Whether ``value`` is an integer from ``low`` to ``high``; else its problem is added (path ``at + (name,)``, or
    ``at`` itself when ``leaf`` is false)."""
    path = (*at, name) if leaf else at
    if not isinstance(value, int) or isinstance(value, bool):
        add("bad-value", path, monster=monster, field=name, value=value, reason="not an integer")
        return False
    if value < low:
        add("bad-value", path, monster=monster, field=name, value=value, reason=f"below {low}", low=low)
        return False
    if value > high:
        add("too-high", path, monster=monster, field=name, value=value, high=high)
        return False
    return True


def _read_strs(value: object, path: Path, found: list[SetupProblem]) -> tuple[str, ...]:
    if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
        found.append(SetupProblem("bad-field", path, {"field": str(path[-1]), "reason": "a list of strings"}))
        return ()
    return tuple(value)
