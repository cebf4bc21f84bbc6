"""Claims the content review (content.md §1) found beyond the sources or self-contradictory, now rewritten from the
rules; each test shows the corrected claim in the engine. Expectations written by hand from the rule quoted."""

from kotguide.engine.testing import find, five_monsters, make_setup, play


def test_first_player_may_yield_on_its_second_turn():
    # first-player.md: the first player stays in Tokyo City "until it yields or is eliminated" (seed 002: occupants
    # hit by rolled smashes "can then decide to Yield"). Turn 1: Gigazaur enters; The King smashes it; it yields.
    g = play(make_setup("gigazaur", "the-king", dice="1 2 3 1 2 3  smash smash 1 2 3 1"),
             "roll resolve end roll resolve yield")
    giga, king = g.state.monster("gigazaur"), g.state.monster("the-king")
    assert (giga.location, giga.life, giga.vp) == ("outside", 8, 1)  # 1 VP for entering on turn 1
    assert (king.location, king.vp) == ("city", 1)


def test_a_monster_moved_into_the_city_by_the_bay_closing_keeps_its_yield_choice():
    # tokyo-bay.md #tokyo-bay-closing: the closing happens at once, the Bay occupant moves into the empty City with
    # no reward, and then, wounded by the attacker's smashes, it chooses to stay or yield. If it yields, the
    # attacker enters the City and gains 1 VP.
    g = play(make_setup(*five_monsters(city="space-penguin", bay="alienoid", **{"space-penguin": 2}),
                        first="gigazaur", dice="smash smash 1 2 3 heart"), "roll resolve")
    assert g.state.decision.monster == "alienoid"
    assert g.state.monster("alienoid").location == "city"
    g = play(make_setup(*five_monsters(city="space-penguin", bay="alienoid", **{"space-penguin": 2}),
                        first="gigazaur", dice="smash smash 1 2 3 heart"), "roll resolve yield")
    alienoid, gigazaur = g.state.monster("alienoid"), g.state.monster("gigazaur")
    assert (alienoid.location, alienoid.life, alienoid.vp) == ("outside", 8, 0)
    assert (gigazaur.location, gigazaur.vp) == ("city", 1)
    assert g.state.bay is None
    assert find(g.events, "bay-closed", monster="alienoid", to="city")
