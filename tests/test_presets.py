"""Presets everywhere: every FAQ entry whose answer works through a situation (an "Example:"), every card page and
every module component page has a "set this up" table, and each of those tables opens in the sandbox."""

import tomllib
from pathlib import Path
from urllib.parse import urlencode

import pytest
from django.http import QueryDict

from kotguide.content import components, library
from kotguide.disputes import editor
from kotguide.disputes.presets import COMPONENT_KINDS, FAQ, preset, query
from kotguide.sandbox.game import check_table, open_position
from kotguide.sandbox.position import Position

pytestmark = pytest.mark.django_db

FAQ_EN = tomllib.loads((Path(__file__).parents[1] / "content/en/faq.toml").read_text("utf-8"))
# FAQ entries with an example that no one table can show, and why
NO_TABLE = {
    "mimic-copied-card-leaves": "the card Mimic copies is not a field of the table yet (the Mimic token's place)",
    "evolution-not-power-card": "its example lists three cards that cannot reach an Evolution, not one moment of play",
}


def situations() -> list[str]:
    return [key for key, entry in FAQ_EN.items() if "Example:" in entry["answer"]]


def test_every_faq_entry_with_a_situation_has_a_preset():
    missing = [key for key in situations() if key not in FAQ and key not in NO_TABLE]
    assert missing == []
    assert [key for key in NO_TABLE if key in FAQ or key not in FAQ_EN] == []  # no stale exemption
    assert [key for key in FAQ if key not in FAQ_EN] == []  # no preset of an entry that is gone


def pages() -> list[tuple[str, str]]:
    out = [("card", card) for card in library.cards("en")]
    out += [(kind, key) for kind in COMPONENT_KINDS for key in components.components("en", kind)]
    return out


def opened(params) -> object:
    """The table a preset prefills in the editor, opened as its "what happens" opens it."""
    draft = editor.from_prefill(QueryDict(urlencode(params)))
    assert draft.problems() == [], draft.problems()
    setup = editor.table_setup(draft)
    check_table(setup)
    return open_position(Position(setup=setup.to_dict(), actions=())).state


@pytest.mark.parametrize(("kind", "key"), pages(), ids=[f"{kind}:{key}" for kind, key in pages()])
def test_every_card_and_component_page_has_a_table_that_opens(kind, key):
    params = preset(kind, key)
    assert params, f"{kind} {key} has no preset"
    state = opened(params)
    assert state.decision is not None
    field = {"card": ("-cards", "market"), "curses": ("curse",), "wickedness": ("-tiles",),
             "evolutions": ("-hand", "-evolutions")}[kind]
    assert any(value == key and (name.endswith(field) or name.startswith(field)) for name, value in params)


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_component_pages_link_their_table(client, lang):
    text = "この場面を裁定ページで再現する" if lang == "ja" else "Set this up in the dispute resolver"
    for kind in COMPONENT_KINDS:
        key = next(iter(components.components(lang, kind)))
        html = client.get(f"/{lang}/modules/{kind}/{key}/").content.decode()
        url = f"/{lang}/resolve/" + query(kind, key).replace("&", "&amp;")
        assert f'<a href="{url}">{text}</a>' in html, (kind, key)
