"""The starting position as a value: ``Setup`` serializes to a JSON/TOML-safe dict and back.

A game is a ``Setup`` plus a list of actions. Cards not placed by the setup (monsters' cards, market, top of deck,
discard) are shuffled with the seed and go below the given top of the deck; an absent market is dealt from the deck.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from . import data
from . import options as O
from .dice import FACE_SET, is_special_face
from .errors import InvalidSetup

OUTSIDE, CITY, BAY = "outside", "city", "bay"
LOCATIONS: tuple[str, ...] = (OUTSIDE, CITY, BAY)
START_LIFE = 10
MIN_PLAYERS, MAX_PLAYERS = 2, 6
BAY_MIN_ALIVE = 5  # Tokyo Bay is in use only while 5 or more monsters are alive

_MONSTER_KEYS = ("id", "life", "max_life", "vp", "energy", "location", "cards", "tokens", "pieces")
_SETUP_KEYS = ("monsters", "options", "first_player", "market", "deck", "discard", "dice", "seed", "modules")


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
        if isinstance(raw, str):
            return cls(raw)
        if not isinstance(raw, Mapping):
            raise InvalidSetup("bad-field", field="monsters", reason="each monster is an id or a table")
        for key in raw:
            if key not in _MONSTER_KEYS:
                raise InvalidSetup("unknown-key", key=key, where="a monster")
        if not isinstance(raw.get("id"), str):
            raise InvalidSetup("bad-field", field="monsters", reason="a monster needs an id")
        max_life = raw.get("max_life", START_LIFE)
        tokens = raw.get("tokens", {})
        if not isinstance(tokens, Mapping):
            raise InvalidSetup("bad-field", field="tokens", reason="a table of counts")
        return cls(
            id=raw["id"], life=raw.get("life", max_life), max_life=max_life, vp=raw.get("vp", 0),
            energy=raw.get("energy", 0), location=raw.get("location", OUTSIDE),
            cards=_str_tuple(raw.get("cards", ()), "cards"),
            tokens=tuple(sorted((str(k), v) for k, v in tokens.items())),
            pieces=_str_tuple(raw.get("pieces", ()), "pieces"),
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

    def module_table(self, module: str) -> Mapping[str, Any]:
        return next((table for name, table in self.modules if name == module), {})

    @property
    def market_size(self) -> int:
        return O.market_size(self.options)

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
        return out

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Setup:
        """Read a dict (from JSON or TOML) and validate it; ``InvalidSetup`` if anything is wrong."""
        if not isinstance(raw, Mapping):
            raise InvalidSetup("bad-field", field="setup", reason="a table")
        for key in raw:
            if key not in _SETUP_KEYS:
                raise InvalidSetup("unknown-key", key=key, where="the setup")
        monsters = raw.get("monsters")
        if not isinstance(monsters, list | tuple):
            raise InvalidSetup("bad-field", field="monsters", reason="a list of monsters")
        market = raw.get("market")
        seed = raw.get("seed", 0)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise InvalidSetup("bad-field", field="seed", reason="an integer")
        modules = raw.get("modules", {})
        if not isinstance(modules, Mapping) or not all(isinstance(t, Mapping) for t in modules.values()):
            raise InvalidSetup("bad-field", field="modules", reason="a table of tables, one per module")
        first = raw.get("first_player")
        if first is not None and not isinstance(first, str):
            raise InvalidSetup("bad-field", field="first_player", reason="a monster id")
        setup = cls(
            monsters=tuple(MonsterSetup.from_dict(m) for m in monsters),
            options=_str_tuple(raw.get("options", ()), "options"),
            first_player=first,
            market=None if market is None else _str_tuple(market, "market"),
            deck=_str_tuple(raw.get("deck", ()), "deck"),
            discard=_str_tuple(raw.get("discard", ()), "discard"),
            dice=_str_tuple(raw.get("dice", ()), "dice"),
            seed=seed,
            modules=tuple(sorted((str(name), _frozen(table)) for name, table in modules.items())),
        )
        setup.validate()
        return setup

    def validate(self) -> None:
        """Raise ``InvalidSetup`` unless this is a legal starting position."""
        n = len(self.monsters)
        if not MIN_PLAYERS <= n <= MAX_PLAYERS:
            raise InvalidSetup("players", count=n)
        known = data.monsters()
        seen: set[str] = set()
        taken: dict[str, str] = {}
        card_data = data.cards()
        placed: Counter[str] = Counter()
        for m in self.monsters:
            if m.id not in known:
                raise InvalidSetup("unknown-monster", monster=m.id)
            if m.id in seen:
                raise InvalidSetup("duplicate-monster", monster=m.id)
            seen.add(m.id)
            _check_int(m.id, "max_life", m.max_life, 1)
            _check_int(m.id, "life", m.life, 1)
            if m.life > m.max_life:
                raise InvalidSetup("bad-value", monster=m.id, field="life", value=m.life, reason="above max_life")
            _check_int(m.id, "vp", m.vp, 0)
            _check_int(m.id, "energy", m.energy, 0)
            for name, count in m.tokens:
                _check_int(m.id, f"tokens.{name}", count, 0)
            if m.location not in LOCATIONS:
                raise InvalidSetup("bad-location", monster=m.id, location=m.location)
            if m.location != OUTSIDE:
                if m.location in taken:
                    raise InvalidSetup("space-taken", space=m.location)
                taken[m.location] = m.id
            for card in m.cards:
                if card not in card_data:
                    raise InvalidSetup("unknown-card", card=card)
                if card_data[card].type != data.KEEP:
                    raise InvalidSetup("not-keep", monster=m.id, card=card)
            placed.update(m.cards)
        if BAY in taken and n < BAY_MIN_ALIVE:
            raise InvalidSetup("bay-closed")
        for option in self.options:
            if option not in O.ALL:
                raise InvalidSetup("unknown-option", option=option)
            needed = O.REQUIRES.get(option)
            if needed is not None and needed not in self.options:
                raise InvalidSetup("option-requires", option=option, needs=needed)
        for name, _table in self.modules:
            if name not in O.MODULES or name not in self.options:
                raise InvalidSetup("module-table", module=name)
        if O.TWO_PLAYER in self.options and n != 2:
            raise InvalidSetup("option-players", option=O.TWO_PLAYER, players=2)
        if self.first_player is not None and self.first_player not in seen:
            raise InvalidSetup("first-player", monster=self.first_player)
        if self.market is not None and len(self.market) > self.market_size:
            raise InvalidSetup("market-size", size=self.market_size, count=len(self.market))
        placed.update(self.market or ())
        placed.update(self.deck)
        placed.update(self.discard)
        for card, count in placed.items():
            if card not in card_data:
                raise InvalidSetup("unknown-card", card=card)
            if count > card_data[card].copies:
                raise InvalidSetup("too-many-copies", card=card, count=count, copies=card_data[card].copies)
            if card_data[card].kind == data.COSTUME and O.COSTUMES not in self.options:
                raise InvalidSetup("needs-option", card=card, option=O.COSTUMES)
        from .modules import registry as module_registry  # the modules (and their dice) import this module

        for face in self.dice:
            if face not in FACE_SET and not is_special_face(face):
                raise InvalidSetup("bad-face", face=face)
        module_registry.validate(self)


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


def _check_int(monster: str, name: str, value: object, low: int) -> None:
    if not isinstance(value, int) or isinstance(value, bool):
        raise InvalidSetup("bad-value", monster=monster, field=name, value=value, reason="not an integer")
    if value < low:
        raise InvalidSetup("bad-value", monster=monster, field=name, value=value, reason=f"below {low}")


def _str_tuple(value: object, name: str) -> tuple[str, ...]:
    if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
        raise InvalidSetup("bad-field", field=name, reason="a list of strings")
    return tuple(value)
