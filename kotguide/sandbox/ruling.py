"""The ruling of a shared position: what the steps played since the table was opened did, said plainly.

A host settles a dispute by opening the table as it was and pressing "what happens": the ruling sums those steps up
from the engine's states and events (who lost what, who may yield and who may not, who is in Tokyo, who wins),
then lists the steps' events with their rule links. It is built in one language at a time, so the Japanese and the
English ruling can be shown side by side (`ruling=both`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from kotguide.engine import Event, GameState
from kotguide.engine import rules as R
from kotguide.engine.phases import DecisionKind

from .log import line
from .table import StepLog, action_label
from .words import card_name, monster_name, space_name

LANGS = ("ja", "en")


@dataclass(frozen=True)
class Ruling:
    lang: str
    summary: list[str]
    steps: list[StepLog]  # the ruled steps with their events, newest first as in the log


def rulings(before: GameState, after: GameState, actions: list[str], steps: list[list[Event]], first: int,
            langs: Iterable[str]) -> list[Ruling]:
    """The ruling in each of `langs` of the steps played from `before` to `after` (`actions` and their `steps` of
    events; `first`: the number of the first of them in the game)."""
    rulings_made = []
    for lang in langs:
        with translation.override(lang):
            numbered = zip(range(first, first + len(actions)), actions, steps, strict=True)
            logged = [StepLog(n, action_label(code, lang), [line(e, lang) for e in events])
                      for n, code, events in numbered]
            events = [event for step in steps for event in step]
            rulings_made.append(Ruling(lang, summary(before, after, events, lang), list(reversed(logged))))
    return rulings_made


def summary(before: GameState, after: GameState, events: list[Event], lang: str) -> list[str]:
    """The ruling's sentences, in the active language: each monster's losses and gains, then yielding, Tokyo and
    the winner."""
    sentences: list[str] = []
    for old, new in zip(before.monsters, after.monsters, strict=True):
        sentences += _monster(old, new, [e for e in events if e.monster == new.id], lang)
    sentences += _yielding(before, after, events, lang)
    sentences.append(_tokyo(after, lang))
    if after.outcome is not None:
        sentences.append(_winner(after, lang))
    # a sentence that ends on a name with its own "!" (It Has a Child!) takes no full stop after it
    return [sentence.replace("!.", "!").replace("！。", "！") for sentence in sentences]


def _monster(old, new, own: list[Event], lang: str) -> list[str]:
    who = monster_name(new.id, lang)
    out = []
    reborn = next((e for e in own if e.kind == "reborn"), None)
    if old.alive and not new.alive:
        out.append(_("%(monster)s was eliminated.") % {"monster": who})
    elif reborn is not None:
        out.append(_("%(monster)s came back with %(life)s life and kept its %(energy)s energy (%(card)s).")
                   % {"monster": who, "life": new.life, "energy": new.energy,
                      "card": card_name(str(reborn.params().get("card", "")), lang)})
    elif new.life != old.life:
        out.append(_change(who, old.life, new.life,
                           gained=_("%(monster)s gained %(n)s life (%(before)s → %(after)s)."),
                           lost=_("%(monster)s lost %(n)s life (%(before)s → %(after)s).")))
    for event in own:
        out += _event_sentence(event, who, lang)
    if new.alive and new.vp != old.vp:
        out.append(_change(who, old.vp, new.vp,
                           gained=_("%(monster)s gained %(n)s VP (%(before)s → %(after)s)."),
                           lost=_("%(monster)s lost %(n)s VP (%(before)s → %(after)s).")))
    if new.alive and new.energy != old.energy and reborn is None:
        out.append(_("%(monster)s's energy: %(before)s → %(after)s.")
                   % {"monster": who, "before": old.energy, "after": new.energy})
    gained = [c for c in new.cards if c not in old.cards]
    lost = [c for c in old.cards if c not in new.cards]
    if gained:
        out.append(_("%(monster)s now holds %(cards)s.") % {"monster": who, "cards": _cards(gained, lang)})
    if lost and new.alive:
        out.append(_("%(monster)s no longer holds %(cards)s.") % {"monster": who, "cards": _cards(lost, lang)})
    return out


def _change(who: str, before: int, after: int, *, gained: str, lost: str) -> str:
    return (gained if after > before else lost) % {"monster": who, "n": abs(after - before), "before": before,
                                                    "after": after}


def _event_sentence(event: Event, who: str, lang: str) -> list[str]:
    """The events that change the ruling without showing in the numbers: hearts that heal nothing, a loss a card
    prevented, tokens removed, moves in and out of Tokyo."""
    params = event.params()
    space = space_name(str(params.get("space", "")))
    amount = event.amount or 0
    if event.kind == "not-healed" and params.get("reason") == "tokyo":
        return [_("%(monster)s heals nothing: hearts do not heal in Tokyo.") % {"monster": who}]
    if event.kind == "damage-prevented":
        return [_("%(card)s kept %(monster)s from losing %(n)s life.")
                % {"card": card_name(str(params.get("card", "")), lang), "monster": who, "n": amount}]
    if event.kind == "poison-removed":
        return [ngettext("%(monster)s removed %(n)s Poison token.", "%(monster)s removed %(n)s Poison tokens.",
                         amount) % {"monster": who, "n": amount}]
    if event.kind == "shrink-removed":
        return [ngettext("%(monster)s removed %(n)s Shrink token.", "%(monster)s removed %(n)s Shrink tokens.",
                         amount) % {"monster": who, "n": amount}]
    if event.kind == "yielded":
        return [_("%(monster)s yielded %(space)s.") % {"monster": who, "space": space}]
    if event.kind == "stayed":
        return [_("%(monster)s stayed in %(space)s.") % {"monster": who, "space": space}]
    if event.kind == "entered":
        return [_("%(monster)s entered %(space)s.") % {"monster": who, "space": space}]
    if event.kind == "tokyo-left":
        return [_("%(monster)s had to leave %(space)s (%(card)s).")
                % {"monster": who, "space": space, "card": card_name(str(params.get("card", "")), lang)}]
    return []


def _yielding(before: GameState, after: GameState, events: list[Event], lang: str) -> list[str]:
    """Who may yield now, and which occupant may not: one that lost life only to cards (or poison), not to smashes,
    or that was smashed but lost no life."""
    out = []
    decision = after.decision
    if decision is not None and decision.kind == DecisionKind.YIELD and not after.over:
        deciding = after.monsters[decision.seat]
        out.append(_("%(monster)s may now stay in %(space)s or yield it.")
                   % {"monster": monster_name(deciding.id, lang), "space": space_name(deciding.location)})
    chose = {e.monster for e in events if e.kind in ("stayed", "yielded")}
    smashed = {target for e in events if e.kind == "smashed" for target in e.params().get("targets") or ()}
    for old, new in zip(before.monsters, after.monsters, strict=True):
        if not (old.in_tokyo and new.alive and new.location == old.location) or new.id in chose:
            continue
        if decision is not None and decision.kind == DecisionKind.YIELD and decision.seat == new.seat:
            continue
        losses = [e for e in events if e.kind == "damaged" and e.monster == new.id]
        words = {"monster": monster_name(new.id, lang), "space": space_name(new.location)}
        if losses and all(e.rule != R.SMASH for e in losses):
            out.append(_("%(monster)s may not yield %(space)s: it lost life to a card, not to smashes.") % words)
        elif new.id in smashed and not losses:
            out.append(_("%(monster)s lost no life to the smashes, so it may not yield %(space)s.") % words)
    return out


def _tokyo(state: GameState, lang: str) -> str:
    occupants = [m for m in (state.city, state.bay) if m is not None]
    if not occupants:
        return _("Tokyo is empty.")
    separator = "、" if lang == "ja" else ", "
    listed = separator.join(
        _("%(monster)s (%(space)s)") % {"monster": monster_name(m.id, lang), "space": space_name(m.location)}
        for m in occupants
    )
    return _("In Tokyo: %(monsters)s.") % {"monsters": listed}


def _winner(state: GameState, lang: str) -> str:
    outcome = state.outcome
    assert outcome is not None
    if not outcome.winners:
        return _("Nobody wins: every monster is eliminated.")
    names = ("、" if lang == "ja" else ", ").join(monster_name(w, lang) for w in outcome.winners)
    if outcome.shared:
        return _("%(monsters)s share the win.") % {"monsters": names}
    return _("%(monster)s wins.") % {"monster": names}


def _cards(ids: list[str], lang: str) -> str:
    return ("、" if lang == "ja" else ", ").join(card_name(c, lang) for c in ids)
