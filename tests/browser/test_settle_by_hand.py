"""Settling a dispute by hand, in Chromium at 360×740: each flow of settle_flows.toml starts at the home page, follows
the site's link to the editor, builds the flow's table there with the editor's own controls (no preset), presses
"What happens", plays the flow's steps and reads the ruling, counting every click and key press (at most 15); the
ruling states the flow's hand-written facts, and the side-by-side switch shows them in both languages. The flows
alternate the reader's language. Each flow prints its count (`-s`): the issue's note quotes them."""

from collections import Counter
from itertools import combinations

import pytest
from playwright.sync_api import expect

from kotguide.disputes import editor

from .conftest import PHONE, axe_violations, wait_until_settled
from .test_settle import FLOWS, WORDS, rule

MOST_PRESSES = 15
FRESH = {"life": 10, "vp": 0, "energy": 0, "place": "outside"}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    # no service worker: its install precaches every rule page in both languages, which these tests never read
    return {**browser_context_args, "service_workers": "block"}


class Host:
    """The host's hands: every click and key press goes through here and is counted."""

    def __init__(self, page):
        self.page, self.done = page, []

    @property
    def count(self) -> int:
        return sum(n for _what, n in self.done)

    def click(self, locator):
        what = locator.evaluate("el => el.id || el.textContent.trim().slice(0, 20)")
        locator.click()
        self.done.append((what, 1))

    def choose(self, select, value: str):
        select.select_option(value)  # a list opened, then an entry tapped
        self.done.append((f"{select.evaluate('el => el.id')}={value}", 2))

    def press(self, locator, key: str):
        locator.press(key)
        self.done.append((key, 1))


def state(page) -> dict:
    return editor.decode(page.locator("#ed-state").input_value()).setup


def edited(page, host: Host, act) -> None:
    """Do one edit and wait until the editor holds the new table."""
    before = page.locator("#ed-state").input_value()
    act()
    page.wait_for_function("old => document.getElementById('ed-state').value !== old", arg=before)
    wait_until_settled(page)


def opened(page, host: Host, details_id: str) -> None:
    details = page.locator(f"#{details_id}")
    if details.get_attribute("open") is None:
        host.click(page.locator(f"#{details_id} > summary"))
        expect(details).to_have_attribute("open", "")


def take_suggestion(page, host: Host, edit: str, card: str, name: str) -> None:
    """Take the card from what the empty field offers if it is there, else type the card's name one letter at a time
    until the editor suggests it, then take the suggestion."""
    field = page.locator(f"#ed-{edit.replace(':', '-')}-v")
    offered = page.locator(f"#ed-{edit.replace(':', '-')}-offered").locator(f'button[value="{edit}:{card}"]')
    if offered.count() and offered.is_visible():
        edited(page, host, lambda: host.click(offered))
        return
    suggest = page.locator(f"#ed-{edit.replace(':', '-')}-suggest")
    host.click(field)
    taken = suggest.locator(f'button[value="{edit}:{card}"]')
    for n, letter in enumerate(name, start=1):
        host.press(field, letter)
        expect(suggest.locator(f'[data-typed="{name[:n]}"]')).to_be_attached()
        if taken.count():
            edited(page, host, lambda: host.click(taken))
            return
    raise AssertionError(f"{name} was never suggested")


def english_name(card: str) -> str:
    from kotguide.content import library

    return library.cards("en")[card].name


def dice_plan(current: list[str], wanted: list[str]) -> list[tuple[int, str]]:
    """The dice to change (index, face), fewest taps first: a face set opens the next die, so a run of neighbouring
    dice costs one tap each plus one to open its first."""
    best = None
    for k in range(len(current) + 1):
        for changed in combinations(range(len(current)), k):
            kept = Counter(current[i] for i in range(len(current)) if i not in changed)
            if kept - Counter(wanted):
                continue
            faces = list((Counter(wanted) - kept).elements())
            runs = sum(1 for i in changed if i - 1 not in changed)
            if best is None or len(changed) + runs < best[0]:
                best = (len(changed) + runs, list(zip(changed, faces, strict=True)))
    assert best is not None
    return best[1]


def build(page, host: Host, table: dict) -> None:
    wanted = table["monsters"]
    while len(state(page)["monsters"]) != len(wanted):
        grow = len(state(page)["monsters"]) < len(wanted)
        edited(page, host, lambda grow=grow: host.click(page.locator(f"#ed-monsters-{'up' if grow else 'down'}")))
    for monster in wanted:  # a monster not at the table takes the seat of one the flow does not name
        seated = [m["id"] for m in state(page)["monsters"]]
        if monster["id"] not in seated:
            i = next(i for i, m in enumerate(seated) if m not in {w["id"] for w in wanted})
            opened(page, host, f"ed-seat-{i}")
            edited(page, host, lambda i=i, m=monster: host.choose(page.locator(f"#ed-monster-{i}-v"), m["id"]))
    seats = [m["id"] for m in state(page)["monsters"]]
    wanted = sorted(wanted, key=lambda m: seats.index(m["id"]))
    if state(page)["first_player"] != table["turn"]:
        edited(page, host, lambda: host.choose(page.locator("#ed-turn-v"), table["turn"]))
    for i, monster in enumerate(wanted):
        for number in ("life", "vp", "energy"):
            value = monster.get(number, FRESH[number])
            if state(page)["monsters"][i][number] != value:
                opened(page, host, f"ed-seat-{i}")
                dial = page.locator(f"#ed-set-{i}-{number}-{value}")
                if dial.count():  # life and VP: one tap on the dial
                    edited(page, host, lambda dial=dial: host.click(dial))
                else:
                    edited(page, host, lambda i=i, n=number, v=value: host.choose(
                        page.locator(f"#ed-set-{i}-{n}-v"), str(v)))
        place = monster.get("place", FRESH["place"])
        if state(page)["monsters"][i]["location"] != place:
            opened(page, host, f"ed-seat-{i}")
            edited(page, host, lambda i=i, p=place: host.click(page.locator(f"#ed-place-{i}-{p}")))
        for card in monster.get("cards", ()):
            opened(page, host, f"ed-seat-{i}")
            take_suggestion(page, host, f"card:{i}", card, english_name(card))
        for _ in range(monster.get("poison", 0) - state(page)["monsters"][i]["tokens"].get("poison", 0)):
            opened(page, host, f"ed-seat-{i}")
            edited(page, host, lambda i=i: host.click(page.locator(f"#ed-count-{i}-poison-up")))
    for card in table.get("market", ()):
        opened(page, host, "ed-market-part")
        take_suggestion(page, host, "market", card, english_name(card))
    for index, face in dice_plan(state(page)["turn"]["dice"], table["dice"].split()):
        opened(page, host, f"ed-die-{index}")
        edited(page, host, lambda i=index, f=face: host.click(page.locator(f"#ed-die-{i}-{f}")))


def assert_is_the_flow_table(setup: dict, table: dict) -> None:
    """The table built is the flow's, as written in settle_flows.toml; the dice and the seats in any order (one turn
    is played: who sits after whom does not come into it)."""
    seats = {m["id"]: m for m in setup["monsters"]}
    assert sorted(seats) == sorted(m["id"] for m in table["monsters"])
    for want in table["monsters"]:
        got = seats[want["id"]]
        assert (got["life"], got["vp"], got["energy"], got["location"], got["cards"], got["tokens"]) == (
            want.get("life", 10), want.get("vp", 0), want.get("energy", 0), want.get("place", "outside"),
            want.get("cards", []), {"poison": want["poison"]} if "poison" in want else {}), want["id"]
    assert setup["first_player"] == table["turn"]
    assert setup["turn"]["step"] == "rolled" and sorted(setup["turn"]["dice"]) == sorted(table["dice"].split())
    assert setup.get("market", []) == table.get("market", [])


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("flow", FLOWS, ids=[f"q{f['question']}-{f['id']}" for f in FLOWS])
def test_a_dispute_built_by_hand_from_the_home_page_is_settled_in_fifteen_presses(site, page, flow):
    lang = "ja" if FLOWS.index(flow) % 2 == 0 else "en"
    w = WORDS[lang]
    page.set_viewport_size(PHONE)
    site(f"/{lang}/")
    host = Host(page)
    host.click(page.locator("main").locator('a[href$="/resolve/"]'))
    expect(page.locator("#ed-go")).to_be_visible()

    build(page, host, flow["table"])
    assert_is_the_flow_table(state(page), flow["table"])
    ruling = rule(page, host, lang, flow)
    print(f"\nq{flow['question']} {flow['id']} ({lang}): {host.count} clicks and key presses to the ruling: "
          + " ".join(what for what, _n in host.done))
    presses = host.count

    ruling.get_by_role("link", name=w["both"]).click()
    for other in ("ja", "en"):
        column = ruling.locator(f'.ruling[lang="{other}"]')
        for fact in flow[f"facts_{other}"]:
            expect(column).to_contain_text(fact)
    assert presses <= MOST_PRESSES, f"{presses} clicks and key presses to the ruling"


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_dials_the_offered_cards_and_the_suggestions_have_no_serious_accessibility_violation(site, page, lang):
    page.set_viewport_size(PHONE)
    site(f"/{lang}/resolve/")
    page.locator("#ed-seat-1-summary").click()
    expect(page.locator("#ed-card-1-offered")).to_be_visible()
    assert axe_violations(page) == []
    page.locator("#ed-card-1-v").press_sequentially("a")
    expect(page.locator("#ed-card-1-suggest .ed-suggestion").first).to_be_visible()
    expect(page.locator("#ed-card-1-offered")).to_be_hidden()  # what is typed replaces what was offered
    assert axe_violations(page) == []
