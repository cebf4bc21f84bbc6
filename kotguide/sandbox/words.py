"""Names of the things on the table in the reader's language: monsters, cards, die faces, Tokyo spaces."""

from functools import cache

from django.utils.translation import pgettext_lazy

from kotguide.content import components, library

FACES = {
    "1": pgettext_lazy("die face", "1"),
    "2": pgettext_lazy("die face", "2"),
    "3": pgettext_lazy("die face", "3"),
    "heart": pgettext_lazy("die face", "heart"),
    "energy": pgettext_lazy("die face", "energy"),
    "smash": pgettext_lazy("die face", "smash"),
    # the berserk die (berserk module) and the die of fate (curses module)
    "berserk:smash": pgettext_lazy("die face", "berserk smash"),
    "berserk:2smash": pgettext_lazy("die face", "berserk double smash"),
    "berserk:energy": pgettext_lazy("die face", "berserk energy"),
    "berserk:2energy": pgettext_lazy("die face", "berserk double energy"),
    "berserk:skull": pgettext_lazy("die face", "berserk skull"),
    "fate:horus": pgettext_lazy("die face", "fate: eye of Horus"),
    "fate:ankh": pgettext_lazy("die face", "fate: ankh"),
    "fate:snake": pgettext_lazy("die face", "fate: snake"),
    "fate:river": pgettext_lazy("die face", "fate: river"),
}
SPACES = {
    "city": pgettext_lazy("place", "Tokyo City"),
    "bay": pgettext_lazy("place", "Tokyo Bay"),
    "outside": pgettext_lazy("place", "outside Tokyo"),
}
OPTIONS = {
    "two-player": pgettext_lazy("option", "two-player variant"),
    "five-card-market": pgettext_lazy("option", "five-card market (house rule)"),
    "opening-energy": pgettext_lazy("option", "opening energy (house rule)"),
    "costumes": pgettext_lazy("option", "Halloween costumes"),
    "cultists": pgettext_lazy("option", "Cthulhu's cultists"),
    "tokyo-tower": pgettext_lazy("option", "Tokyo Tower"),
    "berserk": pgettext_lazy("option", "Berserk"),
    "transformation": pgettext_lazy("option", "Transformation card"),
    "wickedness": pgettext_lazy("option", "Wickedness tiles"),
    "curses": pgettext_lazy("option", "Curse cards"),
    "evolutions": pgettext_lazy("option", "Evolution cards"),
    "mutant-draft": pgettext_lazy("option", "Mutant Evolution draft"),
}


@cache
def monster_names(lang: str) -> dict[str, str]:
    return {row["id"]: row[f"name_{lang}"] for row in library.load_toml("monsters.toml")["monster"]}


def monster_name(monster_id: str, lang: str) -> str:
    return monster_names(lang).get(monster_id, monster_id)


PIECE_KINDS = {"tile-": "wickedness", "evo-": "evolutions"}  # Monster.pieces prefixes -> component kind


def card_name(card_id: str, lang: str) -> str:
    """A Power card or costume by id; also a module choice ("cultist"…), a module piece ("tile-…", "evo-…") or a
    curse card."""
    card = library.cards(lang).get(card_id)
    if card:
        return card.name
    choice = library.module_choice_names(lang).get(card_id)
    if choice:
        return choice
    for prefix, kind in PIECE_KINDS.items():
        if card_id.startswith(prefix):
            return component_name(kind, card_id[len(prefix):], lang)
    return component_name("curses", card_id, lang)  # a curse card (an extra turn from Builders' Uprising), else the id


def component_name(kind: str, component_id: str, lang: str) -> str:
    """A curse card, wickedness tile or evolution card by its kind ("curses", "wickedness", "evolutions")."""
    component = components.find(lang, kind, component_id)
    return component.name if component else component_id


def face_name(face: str) -> str:
    return str(FACES.get(face, face))


def space_name(space: str) -> str:
    return str(SPACES.get(space, space))


def option_name(option: str) -> str:
    return str(OPTIONS.get(option, option))
