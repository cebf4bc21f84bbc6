"""A recorded 4-monster game followed at the table in Chromium, entry by entry, as a host enters it on a phone:
16 turns with buys, a yield and an elimination. At 5 entries chosen by a seed the page is reloaded, or left and
come back to, and nothing is lost; two entries the rules forbid (a fourth roll with no card allowing one, a buy
beyond the monster's energy) are explained in both languages; a "what if" branch into the sandbox leaves the game
as it was; the final life, VP and energy are the totals worked out by hand below."""

import random
import re

import pytest
from playwright.sync_api import expect

from .conftest import DESKTOP, PHONE, axe_violations

MONSTERS = ["gigazaur", "the-king", "alienoid", "cyber-kitty"]
NOTHING = ("1", "1", "2", "2", "3", "3")  # pairs: no VP, no energy, no heart, no smash
EN = {"roll": "These are the faces rolled", "resolve": "Resolve the dice", "end": "End the turn",
      "stay": "Stay in Tokyo", "yield": "Yield Tokyo", "reroll": "Enter this reroll", "start": "Start following"}

# (what is entered, why) turn by turn; hand-worked running totals in the comments: life/VP/energy
GAME = [
    # 1 Gigazaur: 4 energy, a smash at an empty Tokyo; enters Tokyo (VP 1); buys Corner Store (3: +1 VP), Skyscraper
    # comes up.  G 10/2/1
    [("roll", ("energy", "energy", "energy", "energy", "smash", "1")), ("button", "resolve"),
     ("buy", "Corner Store (3 energy)", "Skyscraper"), ("button", "end")],
    # 2 The King: 3 smashes at Gigazaur in Tokyo (10 → 7); Gigazaur yields, The King enters (VP 1).  G 7/2/1, K 10/1/0
    [("roll", ("smash", "smash", "smash", "1", "1", "2")), ("button", "resolve"), ("button", "yield"),
     ("button", "end")],
    # 3 Alienoid: nothing
    [("roll", NOTHING), ("button", "resolve"), ("button", "end")],
    # 4 Cyber Kitty: die 1 rolled again twice (a 1 each time), then nothing
    [("roll", NOTHING), ("again", 0), ("again", 0), ("button", "resolve"), ("button", "end")],
    # 5 Gigazaur: 6 smashes at The King in Tokyo (10 → 4); The King stays.  K 4/1/0
    [("roll", ("smash",) * 6), ("button", "resolve"), ("button", "stay"), ("button", "end")],
    # 6 The King: starts in Tokyo (+2 VP), nothing rolled.  K 4/3/0
    [("roll", NOTHING), ("button", "resolve"), ("button", "end")],
    # 7 Alienoid: 6 smashes at The King (4 → 0): eliminated; Alienoid enters the empty Tokyo (VP 1).  A 10/1/0
    [("roll", ("smash",) * 6), ("button", "resolve"), ("button", "end")],
    # 8 Cyber Kitty: 6 energy, buys Skyscraper (6: +4 VP), Energize comes up.  C 10/4/0
    [("roll", ("energy",) * 6), ("button", "resolve"), ("buy", "Skyscraper (6 energy)", "エネルギー充填"),
     ("button", "end")],
    # 9 Gigazaur: three 1s (1 VP) and three 2s (2 VP).  G 7/5/1
    [("roll", ("1", "1", "1", "2", "2", "2")), ("button", "resolve"), ("button", "end")],
    # 10 Alienoid: starts in Tokyo (+2 VP).  A 10/3/0
    [("roll", NOTHING), ("button", "resolve"), ("button", "end")],
    # 11 Cyber Kitty: three 3s (3 VP), three hearts at full life heal nothing.  C 10/7/0
    [("roll", ("3", "3", "3", "heart", "heart", "heart")), ("button", "resolve"), ("button", "end")],
    # 12 Gigazaur: nothing
    [("roll", NOTHING), ("button", "resolve"), ("button", "end")],
    # 13 Alienoid: starts in Tokyo (+2 VP).  A 10/5/0
    [("roll", NOTHING), ("button", "resolve"), ("button", "end")],
    # 14 Cyber Kitty: nothing
    [("roll", NOTHING), ("button", "resolve"), ("button", "end")],
    # 15 Gigazaur: 3 energy (4), buys Commuter Train (4: +2 VP), Heal comes up.  G 7/7/0
    [("roll", ("energy", "energy", "energy", "1", "2", "3")), ("button", "resolve"),
     ("buy", "Commuter Train (4 energy)", "Heal"), ("button", "end")],
    # 16 Alienoid: starts in Tokyo (+2 VP).  A 10/7/0
    [("roll", NOTHING), ("button", "resolve"), ("button", "end")],
]
FINAL = {"gigazaur": (7, 7, 0), "the-king": (0, 3, 0), "alienoid": (10, 7, 0), "cyber-kitty": (10, 7, 0)}


def board_numbers(page) -> list[str]:
    return page.locator(".sb-monsters .stat-value, .sb-monsters .badge-energy").all_inner_texts()


def enter(page, entry) -> None:
    kind = entry[0]
    if kind == "roll":
        for i, face in enumerate(entry[1]):
            page.locator(f'label[for="face-{i}-{face}"]').click()
        page.get_by_role("button", name=EN["roll"]).click()
    elif kind == "again":
        page.locator(f'input[name="again"][value="{entry[1]}"]').check()
        page.get_by_role("button", name=EN["reroll"]).click()
    elif kind == "buy":
        page.locator("#revealed").fill(entry[2])
        page.get_by_role("button", name=f"Bought {entry[1]}").click()
    else:
        page.get_by_role("button", name=EN[entry[1]]).click()
    expect(page.locator("#follow-refused")).to_have_count(0)


def refused_in_both_languages(page, button: dict[str, str], english: str, japanese: str) -> None:
    """Make the entry on the English page, then on the Japanese page of the same game: explained each time."""
    here = page.url
    for lang, words in (("en", english), ("ja", japanese)):
        page.goto(re.sub(r"/(en|ja)/follow/", f"/{lang}/follow/", here))
        page.get_by_role("button", name=button[lang]).click()
        expect(page.locator("#follow-refused")).to_contain_text(words)
    page.goto(here)


def test_a_recorded_four_monster_game_followed_turn_by_turn(site, page):
    page.set_viewport_size(PHONE)
    site("/en/")
    page.get_by_role("link", name=re.compile("Follow a game at the table")).first.click()
    for seat, monster in enumerate(MONSTERS, start=1):
        page.locator(f"#seat-{seat}").select_option(monster)
    for n, name in enumerate(["Corner Store", "マンション", "commuter train"], start=1):
        page.locator(f"#market-{n}").fill(name)
    page.get_by_role("button", name=EN["start"]).click()
    expect(page).to_have_url(re.compile(r"/en/follow/[a-z2-7]{26}/#entry$"))
    # the current entry is in the first screen of a phone
    assert page.locator("#entry").bounding_box()["y"] < PHONE["height"] / 2

    entries = [(turn, entry) for turn, entries in enumerate(GAME, start=1) for entry in entries]
    checks = set(random.Random(25).sample(range(len(entries)), 5))
    for number, (turn, entry) in enumerate(entries):
        if entry == ("button", "end") and turn == 2:
            bought = {"en": "Bought Commuter Train (4 energy)", "ja": "通勤電車を買った（エネルギー4）"}
            refused_in_both_languages(page, bought, "The King has 0 energy and this costs 4",
                                      "ザ・キングのエネルギーは0で、このカードのコストは4です")
        if entry == ("button", "resolve") and turn == 4:
            refused_in_both_languages(page, {"en": EN["reroll"], "ja": "この振り直しを入力する"},
                                      "Cyber Kitty has already rolled three times this turn",
                                      "サイバーキティはこのターン、すでに3回振っています")
        if turn == 9 and entry[0] == "roll":
            what_if(page)
        enter(page, entry)
        if number in checks:
            address, shown = page.url, board_numbers(page)
            if number % 2:
                page.reload()
            else:
                page.go_back()
                page.go_forward()
            expect(page).to_have_url(address)
            assert board_numbers(page) == shown

    boards = page.locator(".sb-monsters .monster")
    for i, monster in enumerate(MONSTERS):
        life, vp, energy = FINAL[monster]
        numbers = boards.nth(i).locator(".stat-value, .badge-energy").all_inner_texts()
        assert [n.split()[-1] for n in numbers] == [f"{life}/10", f"{vp}/20", str(energy)], monster
    expect(boards.nth(1)).to_have_class(re.compile(r"\bout\b"))


# a short game to its end (hand-worked, life/VP): 2 monsters, an elimination on turn 4
SHORT = [
    # 1 Gigazaur: nothing scores; enters the empty Tokyo (VP 1).  G 10/1
    [("roll", NOTHING), ("button", "resolve"), ("button", "end")],
    # 2 The King: 6 smashes at Gigazaur in Tokyo (10 → 4); Gigazaur stays.  G 4/1
    [("roll", ("smash",) * 6), ("button", "resolve"), ("button", "stay"), ("button", "end")],
    # 3 Gigazaur: starts in Tokyo (+2 VP), nothing rolled.  G 4/3
    [("roll", NOTHING), ("button", "resolve"), ("button", "end")],
    # 4 The King: 6 smashes (4 → 0): Gigazaur is eliminated; The King enters the empty Tokyo (VP 1) and is the last
    # monster standing at the end of its turn.  K 10/1
    [("roll", ("smash",) * 6), ("button", "resolve"), ("button", "end")],
]


def start_two_monsters(site, page, *options: str, lang: str = "en") -> None:
    """Gigazaur and The King at a phone's width, the market typed, the start's first step sent."""
    page.set_viewport_size(PHONE)
    site(f"/{lang}/follow/")
    page.locator("#seat-1").select_option("gigazaur")
    page.locator("#seat-2").select_option("the-king")
    for n, name in enumerate(["Corner Store", "Heal", "Skyscraper"], start=1):
        page.locator(f"#market-{n}").fill(name)
    for option in options:
        page.locator(f'input[name="options"][value="{option}"]').check()
    page.locator("button.primary").last.click()  # "Start following", in the page's language


def test_a_short_game_ends_with_its_summary_in_both_languages(site, page):
    start_two_monsters(site, page)
    entries = [entry for turn in SHORT for entry in turn]
    for number, entry in enumerate(entries):
        enter(page, entry)
        if number < len(entries) - 1:  # the keyboard is at the next entry's first control
            expect(page.locator("#entry").locator("input:not([type=hidden]), button").first).to_be_focused()
        if number == 0:  # after the roll, the reroll form: die 1's first face (a 1)
            expect(page.locator("#face-0-1")).to_be_focused()
        if number == 4:  # after The King's smashes, Gigazaur's answer
            expect(page.locator('#entry button[value="stay"], #entry button[value="yield"]').first).to_be_focused()
    summary = {
        "en": ("Game over: The King wins.", "Won as the last monster standing: every other monster was eliminated.",
               "4 turns played."),
        "ja": ("ゲーム終了：ザ・キングの勝利です。", "ほかのモンスターがすべて脱落し、最後まで残って勝ちました。",
               "4ターン遊びました。"),
    }
    here = page.url
    for lang, (outcome, how, turns) in summary.items():
        page.goto(re.sub(r"/(en|ja)/follow/", f"/{lang}/follow/", here))
        expect(page.locator("h1")).to_contain_text(outcome)
        shown = page.locator(".follow-summary")
        expect(shown).to_contain_text(how)
        expect(shown.locator("p").first).to_contain_text(turns)
        expect(shown.locator("figure.follow-chart > svg")).to_have_count(2)  # life and VP
        expect(shown.locator("polyline")).to_have_count(4)  # one line per monster on each
        expect(page.locator('button[name="entry"]')).to_have_count(0)  # nothing more to enter


def what_if(page) -> None:
    """Branch into the sandbox, play a step there, come back: the game followed is as it was."""
    address, shown = page.url, board_numbers(page)
    page.get_by_role("link", name=re.compile("What if")).click()
    expect(page).to_have_url(re.compile(r"/en/p/[a-z2-7]{26}/$"))
    page.get_by_role("button", name="Roll the dice").click()
    expect(page).to_have_url(re.compile(r"\?a=roll$"))
    page.goto(address)
    assert board_numbers(page) == shown
    expect(page.get_by_role("button", name=EN["roll"])).to_be_visible()


@pytest.mark.parametrize(("lang", "viewport", "scheme"), [("ja", PHONE, "dark"), ("en", DESKTOP, "light"),
                                                          ("en", PHONE, "dark"), ("ja", DESKTOP, "light")])
def test_the_follow_pages_have_no_serious_accessibility_violation(site, page, lang, viewport, scheme):
    page.set_viewport_size(viewport)
    page.emulate_media(color_scheme=scheme, reduced_motion="reduce")
    site(f"/{lang}/follow/")
    assert axe_violations(page) == []
    page.locator("#seat-1").select_option("gigazaur")
    page.locator("#seat-2").select_option("the-king")
    for n, name in enumerate(["Corner Store", "Heal", "Skyscraper"], start=1):
        page.locator(f"#market-{n}").fill(name)
    page.locator('button[type="submit"].primary').click()
    assert axe_violations(page) == []  # the roll entry
    for i, face in enumerate(("energy",) * 6):
        page.locator(f'label[for="face-{i}-{face}"]').click()
    page.locator('button[name="entry"][value="roll"]').click()
    assert axe_violations(page) == []  # the reroll entry
    page.locator('button[name="entry"][value="resolve"]').click()
    assert axe_violations(page) == []  # the buy entry


def test_the_die_of_fate_is_tapped_like_the_other_dice(site, page):
    """With the curse cards, the die of fate is rolled with every turn's dice: its own faces, tapped on its own die."""
    start_two_monsters(site, page, "curses")
    page.get_by_label("The curse revealed at the start").select_option(index=1)  # the start's second step
    page.get_by_role("button", name=EN["start"]).click()
    fate = page.get_by_role("group", name="Die of fate")
    expect(fate.locator("label.die-fate")).to_have_count(4)
    base = page.locator("fieldset.follow-die:has(label.die-base)")  # as many as the curse in force makes them
    for i in range(base.count()):
        base.nth(i).locator("label.face-1").click()
    fate.locator("label.face-fate-river").click()  # the river: nothing happens
    page.get_by_role("button", name=EN["roll"]).click()
    expect(page.locator("#follow-refused")).to_have_count(0)
    # the reroll form starts from the face entered, on the die of fate
    rolled = page.get_by_role("group", name="Die of fate (now fate: river)")
    expect(rolled.locator('input[value="fate:river"]')).to_be_checked()


@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_starts_second_step_has_no_serious_accessibility_violation(site, page, lang, scheme):
    """The cards the modules deal at setup, picked on the start's second step (Evolutions: two per monster)."""
    page.emulate_media(color_scheme=scheme)
    start_two_monsters(site, page, "evolutions", lang=lang)
    expect(page.locator('input[name="step"][value="dealt"]')).to_have_count(1)
    assert axe_violations(page) == []
