"""Names of the things on the table in the reader's language: monsters, cards, die faces, Tokyo spaces, options (the
expansion modules' words are their entries in `kotguide.site_modules`)."""

from functools import cache

from django.utils.translation import pgettext_lazy

from kotguide import site_modules
from kotguide.content import components, library

FACES = {
    "1": pgettext_lazy("die face", "1"),
    "2": pgettext_lazy("die face", "2"),
    "3": pgettext_lazy("die face", "3"),
    "heart": pgettext_lazy("die face", "heart"),
    "energy": pgettext_lazy("die face", "energy"),
    "smash": pgettext_lazy("die face", "smash"),
}
SPACES = {
    "city": pgettext_lazy("place", "Tokyo City"),
    "bay": pgettext_lazy("place", "Tokyo Bay"),
    "outside": pgettext_lazy("place", "outside Tokyo"),
}
OPTIONS = {  # the options that are not expansion modules (each module names itself: kotguide.site_modules)
    "two-player": pgettext_lazy("option", "two-player variant"),
    "five-card-market": pgettext_lazy("option", "five-card market (house rule)"),
    "opening-energy": pgettext_lazy("option", "opening energy (house rule)"),
}


@cache
def monster_names(lang: str) -> dict[str, str]:
    return {row["id"]: row[f"name_{lang}"] for row in library.load_toml("monsters.toml")["monster"]}


def monster_name(monster_id: str, lang: str) -> str:
    return monster_names(lang).get(monster_id, monster_id)


def piece_kinds() -> dict[str, str]:
    """Monster.pieces prefixes -> component kind (each module's pieces: kotguide.site_modules)."""
    return site_modules.piece_kinds()


def card_name(card_id: str, lang: str) -> str:
    """A Power card or costume by id; also a module choice ("cultist"…), a module piece ("tile-…", "evo-…") or a
    curse card."""
    card = library.cards(lang).get(card_id)
    if card:
        return card.name
    choice = library.module_choice_names(lang).get(card_id)
    if choice:
        return choice
    for prefix, kind in piece_kinds().items():
        if card_id.startswith(prefix):
            return component_name(kind, card_id[len(prefix):], lang)
    for kind in library.COMPONENT_KIND_OF_SCHEME.values():  # a curse card (an extra turn from Builders' Uprising)
        component = components.find(lang, kind, card_id)
        if component:
            return component.name
    return card_id


def component_name(kind: str, component_id: str, lang: str) -> str:
    """An expansion component (a curse card, a wickedness tile, an Evolution card) by its component kind."""
    component = components.find(lang, kind, component_id)
    return component.name if component else component_id


def face_name(face: str) -> str:
    """A face of a base die, or of a module's special die (`berserk:smash`)."""
    name = FACES.get(face)
    if name is None:
        name = site_modules.special_faces().get(face, face)
    return str(name)


def space_name(space: str) -> str:
    return str(SPACES.get(space, space))


def option_name(option: str) -> str:
    """An option: a variant, a house rule, or an expansion module (by its site_modules entry)."""
    name = OPTIONS.get(option)
    if name is None:
        module = site_modules.get(option)
        return str(module.name) if module else option
    return str(name)
