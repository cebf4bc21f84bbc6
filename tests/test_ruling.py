"""The ruling of a shared table: the settle flows' tables are the presets' tables, the ruling sums up the steps
played since the table was opened, in the reader's language or both side by side (a plain link without
JavaScript), and the free sandbox always offers the next step."""

import re
import tomllib
from pathlib import Path

import pytest

from kotguide.disputes.presets import PRESETS, M, query, table
from kotguide.sandbox import handover

from .test_editor import state_of

pytestmark = pytest.mark.django_db

FLOWS = tomllib.loads((Path(__file__).parent / "browser" / "settle_flows.toml").read_text("utf-8"))["flow"]


def preset_of(flow: dict) -> tuple[tuple[str, str], ...]:
    """The preset the flow's table describes, written with the presets' own helpers."""
    t = flow["table"]
    monsters = [M(m["id"], **{k: tuple(v) if isinstance(v, list) else v for k, v in m.items() if k != "id"})
                for m in t["monsters"]]
    return table(*monsters, turn=t["turn"], step=t.get("step", "rolled"), dice=t["dice"],
                 market=tuple(t.get("market", ())))


@pytest.mark.parametrize("flow", FLOWS, ids=[f["id"] for f in FLOWS])
def test_each_flows_preset_sets_up_the_table_the_flow_describes(flow):
    kind, key = flow["preset"].split(":")
    assert PRESETS[kind][key] == preset_of(flow)


def shared_page(client, lang: str, preset: str) -> str:
    kind, key = preset.split(":")
    editing = client.get(f"/{lang}/resolve/" + query(kind, key)).content.decode()
    return client.post(f"/{lang}/resolve/", {"state": state_of(editing), "go": "1"})["Location"]


HIDDEN_RULING = re.compile(r'<section id="sb-ruling"[^>]* hidden>')


def ruling_of(html: str) -> str:
    return re.search(r'<section id="sb-ruling".*?</section>', html, re.S).group(0)


def test_a_table_just_opened_has_no_ruling_yet_and_offers_the_next_step(client):
    page = shared_page(client, "en", "faq:occupant-eliminated")
    html = client.get(page).content.decode()
    assert HIDDEN_RULING.search(html)
    assert 'class="next-step"' in html and 'value="resolve"' in html.split('class="next-step"')[1].split("</div>")[0]


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_ruling_in_one_language_then_both_side_by_side_through_a_plain_link(client, lang):
    page = shared_page(client, lang, "faq:occupant-eliminated")
    one = ruling_of(client.get(page + "?a=resolve").content.decode())
    eliminated = {"ja": "ザ・キングは脱落しました。", "en": "The King was eliminated."}
    assert eliminated[lang] in one and eliminated["en" if lang == "ja" else "ja"] not in one
    assert f'lang="{lang}"' in one and f'href="/{lang}/rules/elimination/"' in one
    both_link = re.search(r'class="ruling-switch" href="([^"]+)"', one).group(1).replace("&amp;", "&")
    assert both_link == page + "?a=resolve&ruling=both"
    both = ruling_of(client.get(both_link).content.decode())
    for other in ("ja", "en"):
        column = re.search(rf'<div class="ruling" lang="{other}">.*?</ol>', both, re.S).group(0)
        assert eliminated[other] in column
        assert f'href="/{other}/rules/elimination/"' in column  # each column links its own language's rules
    # the display choice is kept by the step form and the next address
    html = client.get(both_link).content.decode()
    assert '<input type="hidden" name="ruling" value="both">' in html
    after = client.get(both_link + "&do=end")
    assert after["Location"].endswith("ruling=both")


def test_a_scenario_page_shows_no_ruling(client):
    html = client.get("/en/sandbox/yielding/?a=roll").content.decode()
    assert HIDDEN_RULING.search(html)


# --- handing it across ------------------------------------------------------------------------------------------
def test_the_qr_code_needs_the_public_origin_and_ignores_the_host(client, settings):
    page = shared_page(client, "en", "faq:occupant-eliminated")
    settings.PUBLIC_ORIGIN = ""
    html = client.get(page).content.decode()
    assert 'class="handover-qr"' not in html and f'value="{page}"' in html  # the address, to select or copy
    assert client.get(page + "qr.svg").status_code == 404

    settings.PUBLIC_ORIGIN = "https://kotguide.example"
    html = client.get(page + "?a=resolve", HTTP_HOST="evil.example").content.decode()
    assert f'value="https://kotguide.example{page}?a=resolve"' in html
    assert f'src="{page}qr.svg?a=resolve"' in html
    svg = client.get(page + "qr.svg?a=resolve", HTTP_HOST="evil.example")
    assert svg.status_code == 200 and svg["Content-Type"] == "image/svg+xml"
    assert svg.content == handover.qr_svg(f"https://kotguide.example{page}?a=resolve")


@pytest.mark.parametrize("query_string", ["a=%00roll", "n=x", "n=99999"])
def test_a_tampered_qr_address_is_a_4xx(client, settings, query_string):
    settings.PUBLIC_ORIGIN = "https://kotguide.example"
    page = shared_page(client, "en", "faq:occupant-eliminated")
    assert 400 <= client.get(f"{page}qr.svg?{query_string}").status_code < 500
    assert client.get("/en/p/aaaaaaaaaaaaaaaaaaaaaaaaaa/qr.svg").status_code == 404
