"""Tokyo Bay: used only with 5–6 monsters alive; when the alive drop to 4 it closes at once — its occupant moves to an
empty City or leaves, with no entry reward."""

from kotguide.engine import start
from kotguide.engine.testing import find, make_setup, play

FIVE = ["space-penguin", "alienoid", "cyber-kitty", "the-king", "gigazaur"]


def setup5(first="gigazaur", dice="", **places_and_life):
    monsters = []
    for mid in FIVE:
        m = {"id": mid}
        loc = places_and_life.get(mid.replace("-", "_"))
        if isinstance(loc, tuple):
            m["location"], m["life"] = loc
        elif loc:
            m["location"] = loc
        monsters.append(m)
    return make_setup(*monsters, first=first, dice=dice)


def test_bay_occupant_moves_to_the_empty_city_without_reward():
    g = play(setup5(space_penguin=("city", 2), alienoid="bay", dice="smash smash 1 2 3 heart"),
             "roll resolve stay")
    al = g.state.monster("alienoid")
    assert (al.location, al.vp, al.life) == ("city", 0, 8)
    assert find(g.events, "bay-closed", rule="tokyo-bay", monster="alienoid", to="city")
    assert not find(g.events, "vp-gained", monster="alienoid")
    assert g.state.monster("gigazaur").location == "outside"


def test_bay_occupant_leaves_when_the_city_is_taken():
    # gigazaur in the City smashes the outside monsters; cyber-kitty dies; the Bay closes
    g = play(setup5(gigazaur="city", alienoid="bay", cyber_kitty=("outside", 1), dice="smash 1 2 3 1 2"),
             "roll resolve")
    al = g.state.monster("alienoid")
    assert al.location == "outside"
    assert find(g.events, "bay-closed", monster="alienoid", to="outside")
    assert g.state.bay is None


def test_the_active_bay_occupant_can_be_moved_by_the_closing():
    g = play(setup5(first="alienoid", alienoid="bay", the_king="city", cyber_kitty=("outside", 1),
                    dice="smash 1 2 3 1 2"), "roll resolve")
    assert g.state.monster("alienoid").location == "outside"
    assert not find(g.events, "entered")  # City taken, Bay closed: the active monster stays outside


def test_closing_with_the_bay_empty():
    g = play(setup5(space_penguin=("city", 1), dice="smash 1 2 3 1 2"), "roll resolve")
    assert find(g.events, "bay-closed", monster=None, to=None)
    assert g.state.monster("gigazaur").location == "city"  # the City is empty again: enter it


def test_no_bay_with_four_alive_after_closing():
    g = play(setup5(space_penguin=("city", 1), alienoid="bay", dice="smash 1 2 3 1 2 1 2 3 1 2 3"),
             "roll resolve stay end")
    # alienoid moved to the City; next (space-penguin is out) alienoid starts in the City
    assert g.state.monster("alienoid").location == "city"
    assert g.state.monster("alienoid").vp == 2
    g2 = play(setup5(space_penguin=("city", 1), dice="smash 1 2 3 1 2 " + "1 2 3 1 2 3"),
              "roll resolve end roll resolve")
    # gigazaur entered the City; alienoid (next) may not use the Bay any more
    assert g2.state.monster("alienoid").location == "outside"


def test_bay_is_used_with_six():
    six = FIVE + ["meka-dragon"]
    s, _ = start(make_setup(*[{"id": "space-penguin", "location": "city"}, *six[1:]], first="meka-dragon",
                            dice="1 2 3 1 2 3"))
    g = play(s.setup, "roll resolve")
    assert g.state.monster("meka-dragon").location == "bay"


def test_the_bay_stays_open_when_six_drop_to_five():
    # gigazaur in the City smashes the outside monsters; cyber-kitty (1 life) is out: 5 are left, the Bay stays
    six = [{"id": "gigazaur", "location": "city"}, {"id": "alienoid", "location": "bay"},
           {"id": "cyber-kitty", "life": 1}, "space-penguin", "the-king", "meka-dragon"]
    g = play(make_setup(*six, first="gigazaur", dice="smash 1 2 3 1 2"), "roll resolve")
    assert not g.state.monster("cyber-kitty").alive
    assert g.state.monster("alienoid").location == "bay"
    assert not find(g.events, "bay-closed")

