"""The base game's question templates (the engine answers; see questions.py)."""

from __future__ import annotations

from collections.abc import Iterator

from kotguide.engine import Replay, legal_actions
from kotguide.engine.phases import DecisionKind

from .questions import (
    CARD,
    DIE,
    MONSTER,
    NO,
    NOBODY,
    NUMBER,
    SPACE,
    YES,
    YES_NO,
    Template,
    Variant,
    at_buy,
    city_occupant,
    dice_of,
    final,
    monster,
    only_if,
    rolled,
    start_value,
    stat_of,
)

G, K, C, M, A, P = "gigazaur", "the-king", "cyber-kitty", "meka-dragon", "alienoid", "space-penguin"
NUMBER_FACES = ("1", "2", "3")


def _count(faces: list[str], face: str) -> int:
    return sum(1 for f in faces if f == face)


# --- hearts -----------------------------------------------------------------------------------------------------
def _heal_outside() -> Iterator[Variant]:
    for life, max_life, dice in [
        (5, 10, ["heart", "heart", "1", "2", "3", "energy"]),
        (8, 10, ["heart", "heart", "heart", "heart", "1", "2"]),
        (3, 10, ["heart", "smash", "smash", "energy", "2", "2"]),
        (9, 10, ["heart", "heart", "heart", "3", "3", "1"]),
        (10, 10, ["heart", "heart", "1", "1", "2", "energy"]),
        (6, 12, ["heart", "heart", "heart", "heart", "heart", "smash"]),
    ]:
        yield Variant(rolled([monster(G, life=life, max_life=max_life), monster(K, location="city")], dice),
                      ("resolve",), G, "life")


def _heal_outside_mistakes(replay: Replay, v: Variant) -> dict[str, str]:
    life, hearts = start_value(v, "life", 10), _count(dice_of(v), "heart")
    return only_if({str(life + hearts): "no-cap", str(life): "heal-needs-set"}, stat_of(replay, v))


def _heal_in_tokyo() -> Iterator[Variant]:
    for life, dice, space, others in [
        (5, ["heart", "heart", "heart", "1", "2", "energy"], "city", [K]),
        (7, ["heart", "heart", "smash", "smash", "2", "3"], "city", [K, C]),
        (4, ["heart", "heart", "heart", "heart", "energy", "energy"], "city", [K, C, M]),
        (6, ["heart", "1", "1", "1", "smash", "energy"], "bay", [K, C, M, A]),
        (2, ["heart", "heart", "2", "2", "2", "smash"], "city", [K, C]),
    ]:
        rest = [monster(o) for o in others]
        if space == "bay":
            rest[0]["location"] = "city"
        yield Variant(rolled([monster(G, life=life, location=space), *rest], dice), ("resolve",), G, "life")


def _heal_in_tokyo_mistakes(replay: Replay, v: Variant) -> dict[str, str]:
    life, hearts = start_value(v, "life", 10), _count(dice_of(v), "heart")
    return only_if({str(min(life + hearts, 10)): "heal-in-tokyo"}, stat_of(replay, v))


# --- numbers ----------------------------------------------------------------------------------------------------
def _numbers() -> Iterator[Variant]:
    for vp, dice in [
        (0, ["3", "3", "3", "1", "heart", "energy"]),
        (4, ["2", "2", "2", "2", "1", "1"]),
        (2, ["1", "1", "1", "3", "3", "3"]),
        (5, ["1", "1", "2", "2", "3", "3"]),
        (7, ["1", "1", "1", "1", "1", "smash"]),
        (0, ["3", "3", "3", "3", "3", "3"]),
    ]:
        yield Variant(rolled([monster(G, vp=vp), monster(K, location="city")], dice), ("resolve",), G, "vp")


def _face_sum(faces: list[str]) -> int:
    return sum(int(f) for f in faces if f in NUMBER_FACES)


def _numbers_mistakes(replay: Replay, v: Variant) -> dict[str, str]:
    vp, faces = start_value(v, "vp", 0), dice_of(v)
    sets = sum(int(f) for f in NUMBER_FACES if _count(faces, f) >= 3)
    pairs = sum(int(f) for f in NUMBER_FACES if _count(faces, f) >= 2)
    return only_if({str(vp + _face_sum(faces)): "face-sum", str(vp + sets): "extra-dice-ignored",
                    str(vp + pairs): "pairs-score"}, stat_of(replay, v))


def _scoring_dice() -> Iterator[Variant]:
    for dice in [
        ["2", "2", "2", "1", "1", "heart"],
        ["3", "1", "3", "energy", "3", "3"],
        ["3", "3", "3", "3", "2", "energy"],
        ["heart", "1", "smash", "1", "3", "1"],
    ]:
        yield Variant(rolled([monster(G), monster(K, location="city")], dice), ("resolve",), G)


def _scoring_dice_right(replay: Replay, v: Variant) -> frozenset[str]:
    """The dice showing a number the engine scored (its `vp-gained` events for the numbers rule name the face)."""
    scored = {e.data.get("face") for e in replay.events if e.kind == "vp-gained" and e.rule == "numbers"}
    return frozenset(f"die:{i}" for i, face in enumerate(dice_of(v)) if face in scored)


def _scoring_dice_mistakes(replay: Replay, v: Variant) -> dict[str, str]:
    wrong = {}
    for i, face in enumerate(dice_of(v)):
        wrong[f"die:{i}"] = "pairs-score" if face in NUMBER_FACES else "not-a-number"
    return only_if(wrong, _scoring_dice_right(replay, v))


# --- energy -----------------------------------------------------------------------------------------------------
def _energy() -> Iterator[Variant]:
    for energy, dice in [
        (0, ["energy", "energy", "1", "2", "3", "heart"]),
        (3, ["energy", "energy", "energy", "energy", "smash", "1"]),
        (5, ["energy", "smash", "smash", "2", "2", "heart"]),
        (1, ["energy", "energy", "energy", "3", "3", "3"]),
    ]:
        yield Variant(rolled([monster(G, energy=energy), monster(K, location="city")], dice), ("resolve",), G,
                      "energy")


def _energy_mistakes(replay: Replay, v: Variant) -> dict[str, str]:
    energy, bolts = start_value(v, "energy", 0), _count(dice_of(v), "energy")
    as_a_set = energy if bolts < 3 else energy + bolts - 2
    return only_if({str(as_a_set): "energy-needs-set", str(bolts): "energy-replaces"},
                   stat_of(replay, v))


# --- smash ------------------------------------------------------------------------------------------------------
def _smash_from_outside() -> Iterator[Variant]:
    yield Variant(rolled([monster(G), monster(K, location="city"), monster(C)],
                         ["smash", "smash", "1", "2", "heart", "energy"]), ("resolve",), G)
    yield Variant(rolled([monster(G), monster(K), monster(C, location="city"), monster(M)],
                         ["smash", "1", "1", "3", "heart", "heart"]), ("resolve",), G)
    yield Variant(rolled([monster(G), monster(K, location="city"), monster(C, location="bay"), monster(M), monster(A)],
                         ["smash", "smash", "smash", "2", "2", "energy"]), ("resolve",), G)
    yield Variant(rolled([monster(M), monster(A), monster(P, location="city"), monster(K), monster(C, location="bay"),
                          monster(G)], ["smash", "heart", "energy", "3", "3", "1"]), ("resolve",), M)


def _hit_by_smash(replay: Replay, v: Variant) -> frozenset[str]:
    return frozenset(e.monster for e in replay.events if e.kind == "damaged" and e.rule == "smash" and e.monster)


def _smash_mistakes(replay: Replay, v: Variant) -> dict[str, str]:
    attacker_in = any(m["id"] == v.subject and m.get("location", "outside") != "outside"
                      for m in v.setup["monsters"])
    wrong = {v.subject: "attacker-itself"}
    for m in v.setup["monsters"]:
        if m["id"] == v.subject:
            continue
        inside = m.get("location", "outside") != "outside"
        if attacker_in and m.get("location") == "bay":
            wrong[m["id"]] = "bay-is-tokyo"
        elif inside == attacker_in:
            wrong[m["id"]] = "smash-hits-everyone"
    return only_if(wrong, _hit_by_smash(replay, v))


def _smash_from_tokyo() -> Iterator[Variant]:
    yield Variant(rolled([monster(G, location="city"), monster(K), monster(C)],
                         ["smash", "smash", "1", "2", "heart", "energy"]), ("resolve",), G)
    yield Variant(rolled([monster(K, location="city"), monster(G)], ["smash", "3", "3", "2", "heart", "heart"]),
                  ("resolve",), K)
    yield Variant(rolled([monster(G, location="city"), monster(K, location="bay"), monster(C), monster(M), monster(A)],
                         ["smash", "smash", "2", "2", "2", "energy"]), ("resolve",), G)
    yield Variant(rolled([monster(C, location="bay"), monster(G, location="city"), monster(K), monster(M), monster(A),
                          monster(P)], ["smash", "smash", "smash", "heart", "energy", "1"]), ("resolve",), C)


def _life_after_smash() -> Iterator[Variant]:
    for life, dice, attacker_in in [
        (7, ["smash", "smash", "smash", "1", "2", "heart"], False),
        (10, ["smash", "heart", "heart", "energy", "2", "2"], True),
        (5, ["smash", "smash", "smash", "smash", "smash", "3"], False),
        (8, ["smash", "smash", "1", "1", "1", "energy"], True),
    ]:
        if attacker_in:
            monsters = [monster(G, location="city"), monster(K, life=life)]
        else:
            monsters = [monster(G), monster(K, life=life, location="city")]
        yield Variant(rolled(monsters, dice), ("resolve",), K, "life")


def _life_after_smash_mistakes(replay: Replay, v: Variant) -> dict[str, str]:
    life = start_value(v, "life", 10)
    return only_if({str(max(life - 1, 0)): "one-per-roll", str(life): "smash-needs-set"}, stat_of(replay, v))


# --- Tokyo ------------------------------------------------------------------------------------------------------
def _enter_empty() -> Iterator[Variant]:
    yield Variant(rolled([monster(G), monster(K)], ["1", "2", "3", "heart", "energy", "energy"]),
                  ("resolve", "end"), G, extra_rules=("end-of-turn",))
    yield Variant(rolled([monster(K), monster(G), monster(C)], ["heart", "heart", "heart", "2", "2", "1"]),
                  ("resolve", "end"), K, extra_rules=("end-of-turn",))
    yield Variant(rolled([monster(C), monster(G), monster(K), monster(M)], ["smash", "smash", "1", "1", "3", "3"]),
                  ("resolve", "end"), C, extra_rules=("end-of-turn",))
    yield Variant(rolled([monster(M), monster(A), monster(C), monster(K), monster(G, location="bay")],
                         ["energy", "energy", "2", "3", "1", "heart"]), ("resolve", "end"), M,
                  extra_rules=("end-of-turn",))


def _others_do_not_enter(v: Variant) -> dict[str, str]:
    """Every monster but the one whose turn it is: none of them enters Tokyo this turn."""
    first = v.setup["monsters"][0]["id"]
    return {m["id"]: "only-active-enters" for m in v.setup["monsters"] if m["id"] != first}


def _enter_mistakes(replay: Replay, v: Variant) -> dict[str, str]:
    wrong = {**_others_do_not_enter(v), NOBODY: "enter-needs-smash"}
    for m in v.setup["monsters"]:
        if m.get("location") == "bay":
            wrong[m["id"]] = "bay-moves-up"
    return only_if(wrong, city_occupant(replay, v))


def _enter_vp() -> Iterator[Variant]:
    for vp, dice in [
        (3, ["smash", "1", "2", "heart", "energy", "energy"]),
        (0, ["2", "2", "2", "heart", "energy", "1"]),
        (6, ["heart", "heart", "1", "1", "3", "3"]),
        (11, ["1", "1", "1", "1", "smash", "energy"]),
    ]:
        yield Variant(rolled([monster(G, vp=vp), monster(K)], dice), ("resolve",), G, "vp")


def _enter_vp_mistakes(replay: Replay, v: Variant) -> dict[str, str]:
    got = int(next(iter(stat_of(replay, v))))
    return only_if({str(got + 1): "start-bonus-on-entry", str(got - 1): "no-entry-vp"}, stat_of(replay, v))


def _start_vp() -> Iterator[Variant]:
    """The monster before it ends its turn in the buy step; the next one starts its turn in Tokyo City (or not)."""
    for vp, where, others in [(4, "city", [C]), (0, "city", [C, M]), (17, "city", [C]), (5, "outside", [C])]:
        monsters = [monster(K), monster(G, vp=vp, location=where), *[monster(o) for o in others]]
        if where == "outside":
            monsters[2]["location"] = "city"
        yield Variant(at_buy(monsters, ["tank", "frenzy", "heal"]), ("end",), G, "vp",
                      extra_rules=("turn-overview", "end-of-turn"))


def _start_vp_mistakes(replay: Replay, v: Variant) -> dict[str, str]:
    vp = start_value(v, "vp", 0)
    return only_if({str(vp + 1): "start-one", str(vp): "start-nothing", str(vp + 2): "start-outside"},
                   stat_of(replay, v))


# --- yielding ---------------------------------------------------------------------------------------------------
def _may_yield() -> Iterator[Variant]:
    yield Variant(rolled([monster(G), monster(K, location="city")], ["smash", "1", "2", "3", "heart", "energy"]),
                  ("resolve",), K)
    yield Variant(at_buy([monster(G, energy=6), monster(K, location="city")], ["gas-refinery", "tank", "frenzy"]),
                  ("buy:0",), K, card="gas-refinery")
    yield Variant(rolled([monster(G, location="city"), monster(K)], ["smash", "smash", "1", "2", "heart", "3"]),
                  ("resolve",), K)
    yield Variant(rolled([monster(G), monster(K, location="city"), monster(C)], ["1", "1", "2", "3", "heart", "heart"]),
                  ("resolve",), K)
    yield Variant(at_buy([monster(G, energy=4), monster(K, location="city"), monster(C)],
                         ["tank", "frenzy", "high-altitude-bombing"]), ("buy:2",), K, card="high-altitude-bombing")
    yield Variant(rolled([monster(G), monster(C, location="city"), monster(K, location="bay"), monster(M), monster(A)],
                         ["smash", "heart", "1", "2", "3", "energy"]), ("resolve", "stay"), K,
                  extra_rules=("tokyo-bay",))
    yield Variant(rolled([monster(M), monster(K, location="city", life=5)], ["smash", "smash", "smash", "1", "2", "2"]),
                  ("resolve",), K)


def _may_yield_right(replay: Replay, v: Variant) -> frozenset[str]:
    """Yes when the engine asks the monster to stay or yield (its decision, or one waiting)."""
    s = replay.state
    asked = [d for d in [s.decision, *s.pending] if d is not None]
    return frozenset({YES if any(d.kind == DecisionKind.YIELD and d.monster == v.subject for d in asked) else NO})


def _may_yield_mistakes(replay: Replay, v: Variant) -> dict[str, str]:
    return only_if({YES: "yield-after-any-damage", NO: "yield-on-smash"}, _may_yield_right(replay, v))


def _yield_who_enters() -> Iterator[Variant]:
    yield Variant(rolled([monster(G), monster(K, location="city", life=3)], ["smash", "smash", "1", "2", "3", "heart"]),
                  ("resolve", "yield", "end"), K, extra_rules=("entering", "end-of-turn"))
    yield Variant(rolled([monster(C), monster(G, location="city"), monster(K)], ["smash", "1", "1", "2", "3", "heart"]),
                  ("resolve", "stay", "end"), G, extra_rules=("end-of-turn",))
    yield Variant(rolled([monster(M), monster(G), monster(K, location="city", life=4), monster(C)],
                         ["smash", "smash", "smash", "energy", "3", "heart"]), ("resolve", "yield", "end"), K,
                  extra_rules=("entering", "end-of-turn"))
    yield Variant(rolled([monster(A), monster(K), monster(G, location="city")],
                         ["smash", "energy", "energy", "2", "2", "2"]),
                  ("resolve", "yield", "end"), G, extra_rules=("entering", "end-of-turn"))


def _yield_mistakes(replay: Replay, v: Variant) -> dict[str, str]:
    first = v.setup["monsters"][0]["id"]
    wrong = {**_others_do_not_enter(v), NOBODY: "empty-after-yield",
             v.subject: "yielder-stays" if "yield" in v.actions else "stayer-leaves"}
    if "stay" in v.actions:
        wrong[first] = "attacker-enters-anyway"
    return only_if(wrong, city_occupant(replay, v))


# --- Tokyo Bay --------------------------------------------------------------------------------------------------
def _bay_entry() -> Iterator[Variant]:
    five = [monster(G), monster(K, location="city"), monster(C), monster(M), monster(A)]
    yield Variant(rolled(five, ["1", "2", "3", "heart", "energy", "energy"]), ("resolve",), G)
    four = [monster(G), monster(K, location="city"), monster(C), monster(M)]
    yield Variant(rolled(four, ["1", "2", "3", "heart", "energy", "energy"]), ("resolve",), G)
    six = [monster(P), monster(K, location="bay"), monster(C), monster(M), monster(A), monster(G)]
    yield Variant(rolled(six, ["1", "1", "3", "heart", "energy", "2"]), ("resolve",), P)
    full = [monster(G), monster(K, location="city"), monster(C, location="bay"), monster(M), monster(A)]
    yield Variant(rolled(full, ["1", "2", "3", "heart", "energy", "2"]), ("resolve",), G)
    six_open = [monster(A), monster(K, location="city"), monster(C), monster(M), monster(G), monster(P)]
    yield Variant(rolled(six_open, ["3", "3", "1", "heart", "heart", "energy"]), ("resolve",), A)


def _where(replay: Replay, v: Variant) -> frozenset[str]:
    return frozenset({final(replay, v.subject).location})


def _spaces_taken(v: Variant) -> set[str]:
    return {m.get("location", "outside") for m in v.setup["monsters"] if m["id"] != v.subject} - {"outside"}


def _bay_mistakes(replay: Replay, v: Variant) -> dict[str, str]:
    """Each wrong space with the rule that keeps the monster from it, as the position stands."""
    taken = _spaces_taken(v)
    wrong = {"outside": "bay-optional"}
    if len(v.setup["monsters"]) < 5:
        wrong["bay"] = "bay-always-open"
    elif "city" not in taken:
        wrong["bay"] = "city-first"
    else:
        wrong["bay"] = "space-taken"
    wrong["city"] = "city-shared" if "city" in taken else "bay-optional"
    return only_if(wrong, _where(replay, v))


def _bay_closes() -> Iterator[Variant]:
    yield Variant(rolled([monster(G, location="city"), monster(K, location="bay"), monster(C, life=2), monster(M),
                          monster(A)], ["smash", "smash", "1", "2", "3", "heart"]), ("resolve",), K,
                  extra_rules=("elimination",))
    yield Variant(rolled([monster(G), monster(K, location="city", life=1), monster(C, location="bay", life=5),
                          monster(M), monster(A)], ["smash", "smash", "1", "2", "3", "heart"]), ("resolve", "stay"), C,
                  extra_rules=("elimination",))
    yield Variant(rolled([monster(M, location="city"), monster(A, life=1), monster(C, location="bay"), monster(G),
                          monster(K, life=1)], ["smash", "1", "2", "3", "3", "heart"]), ("resolve",), C,
                  extra_rules=("elimination",))


def _bay_closes_mistakes(replay: Replay, v: Variant) -> dict[str, str]:
    return only_if({"bay": "bay-stays-open", "city": "bay-closes-city-taken", "outside": "bay-occupant-leaves"},
                   _where(replay, v))


# --- elimination and victory ------------------------------------------------------------------------------------
def _eliminated_occupant() -> Iterator[Variant]:
    yield Variant(rolled([monster(G), monster(K, location="city", life=2), monster(C)],
                         ["smash", "smash", "1", "2", "3", "heart"]), ("resolve", "end"), G,
                  extra_rules=("entering",))
    yield Variant(rolled([monster(C), monster(G), monster(K, location="city", life=3), monster(M)],
                         ["smash", "smash", "smash", "smash", "3", "heart"]), ("resolve", "end"), C,
                  extra_rules=("entering",))
    yield Variant(rolled([monster(M, life=2), monster(K, location="city", life=1), monster(C)],
                         ["smash", "1", "1", "1", "energy", "heart"]), ("resolve", "end"), M,
                  extra_rules=("entering",))


def _eliminated_mistakes(replay: Replay, v: Variant) -> dict[str, str]:
    wrong = {**_others_do_not_enter(v), NOBODY: "eliminated-leaves-empty"}
    wrong.update({m["id"]: "eliminated-leaves" for m in v.setup["monsters"] if m.get("location") == "city"})
    return only_if(wrong, city_occupant(replay, v))


def _still_in() -> Iterator[Variant]:
    for life, dice in [(3, ["smash", "smash", "smash", "1", "2", "heart"]),
                       (4, ["smash", "smash", "smash", "1", "2", "3"]),
                       (1, ["smash", "heart", "heart", "1", "1", "2"]),
                       (2, ["smash", "energy", "energy", "heart", "2", "3"]),
                       (2, ["smash", "smash", "smash", "smash", "1", "3"])]:
        yield Variant(rolled([monster(G), monster(K, location="city", life=life), monster(C)], dice), ("resolve",), K)


def _still_in_right(replay: Replay, v: Variant) -> frozenset[str]:
    return frozenset({YES if final(replay, v.subject).alive else NO})


def _still_in_mistakes(replay: Replay, v: Variant) -> dict[str, str]:
    return only_if({YES: "zero-life-survives", NO: "hit-means-out"}, _still_in_right(replay, v))


def _winner() -> Iterator[Variant]:
    yield Variant(rolled([monster(G, vp=17), monster(K, location="city")], ["3", "3", "3", "heart", "1", "2"]),
                  ("resolve", "end"), G, extra_rules=("goal",))
    yield Variant(rolled([monster(G, vp=16), monster(K, location="city"), monster(C)],
                         ["2", "2", "2", "heart", "1", "smash"]), ("resolve", "stay", "end"), G, extra_rules=("goal",))
    yield Variant(rolled([monster(G, vp=18), monster(K, location="city", life=2)],
                         ["1", "1", "1", "smash", "smash", "3"]), ("resolve", "end"), G, extra_rules=("goal",))
    yield Variant(rolled([monster(K, location="city", vp=15), monster(G, life=1), monster(C, life=2)],
                         ["smash", "smash", "1", "1", "1", "3"]), ("resolve", "end"), K,
                  extra_rules=("goal", "elimination"))
    yield Variant(rolled([monster(C, vp=19), monster(K, location="city")], ["1", "1", "1", "heart", "2", "energy"]),
                  ("resolve", "end"), C, extra_rules=("goal",))
    yield Variant(rolled([monster(M, vp=14), monster(K, location="city"), monster(G)], ["3"] * 6),
                  ("resolve", "end"), M, extra_rules=("goal",))


def _winner_right(replay: Replay, v: Variant) -> frozenset[str]:
    outcome = replay.state.outcome
    return frozenset(outcome.winners) if outcome is not None and outcome.winners else frozenset({NOBODY})


def _winner_mistakes(replay: Replay, v: Variant) -> dict[str, str]:
    wrong = {m["id"]: "not-a-winner" for m in v.setup["monsters"]}
    return only_if({**wrong, NOBODY: "end-of-round"}, _winner_right(replay, v))


# --- rolling ----------------------------------------------------------------------------------------------------
def _can_reroll() -> Iterator[Variant]:
    for rerolls, kept in [(1, [0, 1, 2]), (0, []), (2, [5]), (1, [])]:
        setup = rolled([monster(G), monster(K, location="city")], ["smash", "smash", "1", "2", "heart", "energy"])
        setup["turn"] = {"step": "rolled", "dice": setup["turn"]["dice"], "rerolls": rerolls, "kept": kept}
        yield Variant(setup, (), G)


def _can_reroll_right(replay: Replay, v: Variant) -> frozenset[str]:
    """Yes when the engine offers a reroll of the dice the last roll kept (die 1, and any kept die)."""
    kept = set(v.setup["turn"].get("kept", [])) or {0}
    codes = [a.code for a in legal_actions(replay.state)]
    return frozenset({YES if any(c.startswith("reroll:") and kept & {int(i) for i in c[7:].split(".")}
                                 for c in codes) else NO})


def _can_reroll_mistakes(replay: Replay, v: Variant) -> dict[str, str]:
    return only_if({NO: "kept-dice-locked", YES: "rerolls-unlimited"}, _can_reroll_right(replay, v))


# --- buying and sweeping ----------------------------------------------------------------------------------------
def _buyable() -> Iterator[Variant]:
    for energy, market in [(4, ["tank", "energize", "heal"]), (3, ["frenzy", "heal", "jets"]),
                           (6, ["skyscraper", "energize", "apartment-building"]),
                           (3, ["commuter-train", "friend-of-children", "camouflage"])]:
        yield Variant(at_buy([monster(G, energy=energy), monster(K, location="city")], market), (), G)


def _buyable_right(replay: Replay, v: Variant) -> frozenset[str]:
    s = replay.state
    return frozenset(f"card:{s.market[int(a.code[4:])]}" for a in legal_actions(s) if a.code.startswith("buy:"))


def _buyable_mistakes(replay: Replay, v: Variant) -> dict[str, str]:
    return only_if({f"card:{card}": "too-expensive" for card in v.setup["market"]}, _buyable_right(replay, v))


def _sweep() -> Iterator[Variant]:
    for energy in (2, 5, 9, 3):
        yield Variant(at_buy([monster(G, energy=energy), monster(K, location="city")], ["tank", "frenzy", "heal"]),
                      ("sweep",), G, "energy")


def _sweep_mistakes(replay: Replay, v: Variant) -> dict[str, str]:
    energy = start_value(v, "energy", 0)
    return only_if({str(energy): "sweep-free", str(energy - 3): "sweep-three", str(energy - 1): "sweep-one"},
                   stat_of(replay, v))


def _keep_or_discard() -> Iterator[Variant]:
    for card, energy in [("tank", 4), ("jets", 5), ("energize", 8), ("friend-of-children", 3), ("commuter-train", 4)]:
        yield Variant(at_buy([monster(G, energy=energy), monster(K, location="city")], [card, "frenzy", "heal"]),
                      ("buy:0",), G, card=card)


def _kept_right(replay: Replay, v: Variant) -> frozenset[str]:
    return frozenset({YES if v.card in final(replay, v.subject).cards else NO})


def _kept_mistakes(replay: Replay, v: Variant) -> dict[str, str]:
    return only_if({YES: "discard-kept", NO: "keep-discarded"}, _kept_right(replay, v))


# --- two players, setup, first player ---------------------------------------------------------------------------
def _two_player_entry() -> Iterator[Variant]:
    for energy, dice in [(0, ["1", "2", "3", "heart", "heart", "1"]), (2, ["energy", "energy", "1", "2", "3", "smash"]),
                         (5, ["3", "3", "3", "heart", "1", "2"])]:
        yield Variant(rolled([monster(G, energy=energy), monster(K)], dice, options=("two-player",)), ("resolve",), G,
                      "energy", extra_rules=("entering",))
    yield Variant(rolled([monster(G, energy=1, vp=3), monster(K)], ["energy", "1", "2", "3", "heart", "smash"],
                         options=("two-player",)), ("resolve",), G, "vp", extra_rules=("entering",))


def _two_player_mistakes(replay: Replay, v: Variant) -> dict[str, str]:
    start = start_value(v, v.stat, 0)
    bolts = _count(dice_of(v), "energy")
    if v.stat == "energy":
        return only_if({str(start + bolts): "vp-not-energy"}, stat_of(replay, v))
    return only_if({str(start + 1): "vp-not-energy"}, stat_of(replay, v))


def _opening_energy() -> Iterator[Variant]:
    yield Variant({"monsters": [G, K], "first_player": G}, (), K, "energy")
    yield Variant({"monsters": [G, K, C], "first_player": G, "options": ["opening-energy"]}, (), C, "energy",
                  extra_rules=("house-variants",))
    yield Variant({"monsters": [M, A, P, K], "first_player": M}, (), P, "life")
    yield Variant({"monsters": [G, K, C, M, A], "first_player": G, "options": ["opening-energy"]}, (), A, "energy",
                  extra_rules=("house-variants",))
    yield Variant({"monsters": [K, G], "first_player": K, "options": ["opening-energy"]}, (), G, "energy",
                  extra_rules=("house-variants",))


def _opening_mistakes(replay: Replay, v: Variant) -> dict[str, str]:
    if v.stat == "life":
        return only_if({"12": "start-life-twelve", "20": "life-is-vp"}, stat_of(replay, v))
    return only_if({"0": "opening-energy-off", "3": "opening-energy-on"}, stat_of(replay, v))


def _first_player() -> Iterator[Variant]:
    roll = {
        "gk": ["smash", "smash", "1", "2", "3", "heart", "smash", "1", "1", "2", "3", "heart"],
        "gkc": ["smash", "1", "1", "2", "3", "heart", "smash", "smash", "smash", "2", "3", "heart",
                "smash", "smash", "1", "2", "3", "energy"],
        "tie": ["smash", "1", "1", "2", "3", "heart", "smash", "2", "2", "2", "3", "heart",
                "1", "1", "1", "2", "3", "heart", "smash", "smash", "2", "2", "2", "heart"],
    }
    yield Variant({"monsters": [G, K], "dice": roll["gk"]}, (), G)
    yield Variant({"monsters": [G, K, C], "dice": roll["gkc"]}, (), G)
    yield Variant({"monsters": [G, K], "dice": roll["tie"]}, (), G)


def _first_right(replay: Replay, v: Variant) -> frozenset[str]:
    return frozenset({replay.state.monsters[replay.state.active].id})


def _first_mistakes(replay: Replay, v: Variant) -> dict[str, str]:
    return only_if({m if isinstance(m, str) else m["id"]: "first-player-not-most" for m in v.setup["monsters"]},
                   _first_right(replay, v))


TEMPLATES: tuple[Template, ...] = (
    Template("heal-outside", NUMBER, ("heal", "resolving"), _heal_outside, stat_of, _heal_outside_mistakes),
    Template("heal-in-tokyo", NUMBER, ("heal", "tokyo"), _heal_in_tokyo, stat_of, _heal_in_tokyo_mistakes),
    Template("numbers-vp", NUMBER, ("numbers", "resolving"), _numbers, stat_of, _numbers_mistakes),
    Template("scoring-dice", DIE, ("numbers",), _scoring_dice, _scoring_dice_right, _scoring_dice_mistakes),
    Template("energy-count", NUMBER, ("energy", "resolving"), _energy, stat_of, _energy_mistakes),
    Template("smash-from-outside", MONSTER, ("smash", "tokyo"), _smash_from_outside, _hit_by_smash, _smash_mistakes),
    Template("smash-from-tokyo", MONSTER, ("smash", "tokyo"), _smash_from_tokyo, _hit_by_smash, _smash_mistakes),
    Template("life-after-smash", NUMBER, ("smash",), _life_after_smash, stat_of, _life_after_smash_mistakes),
    Template("enter-empty", MONSTER, ("entering", "tokyo"), _enter_empty, city_occupant, _enter_mistakes),
    Template("enter-vp", NUMBER, ("entering",), _enter_vp, stat_of, _enter_vp_mistakes),
    Template("start-in-tokyo", NUMBER, ("tokyo",), _start_vp, stat_of, _start_vp_mistakes),
    Template("may-yield", YES_NO, ("yielding",), _may_yield, _may_yield_right, _may_yield_mistakes),
    Template("after-yield", MONSTER, ("yielding",), _yield_who_enters, city_occupant, _yield_mistakes),
    Template("bay-entry", SPACE, ("tokyo-bay",), _bay_entry, _where, _bay_mistakes),
    Template("bay-closes", SPACE, ("tokyo-bay", "elimination"), _bay_closes, _where, _bay_closes_mistakes),
    Template("eliminated-occupant", MONSTER, ("elimination",), _eliminated_occupant, city_occupant,
             _eliminated_mistakes),
    Template("still-in-game", YES_NO, ("elimination", "smash"), _still_in, _still_in_right, _still_in_mistakes),
    Template("winner", MONSTER, ("victory",), _winner, _winner_right, _winner_mistakes),
    Template("can-reroll", YES_NO, ("rolling",), _can_reroll, _can_reroll_right, _can_reroll_mistakes),
    Template("buyable", CARD, ("buying",), _buyable, _buyable_right, _buyable_mistakes),
    Template("sweep-energy", NUMBER, ("sweeping",), _sweep, stat_of, _sweep_mistakes),
    Template("keep-or-discard", YES_NO, ("power-cards", "buying"), _keep_or_discard, _kept_right, _kept_mistakes),
    Template("two-player-entry", NUMBER, ("two-player",), _two_player_entry, stat_of, _two_player_mistakes),
    Template("starting-stock", NUMBER, ("setup",), _opening_energy, stat_of, _opening_mistakes, at_game_start=True),
    Template("first-player", MONSTER, ("first-player", "setup"), _first_player, _first_right, _first_mistakes,
             at_game_start=True),
)
