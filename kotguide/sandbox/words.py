"""Names of the things on the table in the reader's language: monsters, cards, die faces, Tokyo spaces."""

from functools import cache

from django.utils.translation import pgettext_lazy

from kotguide.content import library

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
OPTIONS = {
    "two-player": pgettext_lazy("option", "two-player variant"),
    "five-card-market": pgettext_lazy("option", "five-card market (house rule)"),
    "opening-energy": pgettext_lazy("option", "opening energy (house rule)"),
}


@cache
def monster_names(lang: str) -> dict[str, str]:
    return {row["id"]: row[f"name_{lang}"] for row in library.load_toml("monsters.toml")["monster"]}


def monster_name(monster_id: str, lang: str) -> str:
    return monster_names(lang).get(monster_id, monster_id)


def card_name(card_id: str, lang: str) -> str:
    card = library.cards(lang).get(card_id)
    return card.name if card else card_id


def face_name(face: str) -> str:
    return str(FACES.get(face, face))


def space_name(space: str) -> str:
    return str(SPACES.get(space, space))


def option_name(option: str) -> str:
    return str(OPTIONS.get(option, option))
