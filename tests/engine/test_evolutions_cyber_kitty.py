"""Cyber Kitty's Evolution cards (``modules/evolutions/cyber_kitty.py``), one test per card, from the card texts."""

from kotguide.engine import legal_actions
from kotguide.engine.modules.evolutions import core as C
from kotguide.engine.testing import evolution_setup, find, play


def codes(state):
    return [a.code for a in legal_actions(state)]


def test_nine_lives_saves_its_holder_at_zero_with_nine_life_and_nine_vp():
    kitty = {"id": "cyber-kitty", "life": 2, "vp": 12, "energy": 4, "location": "city", "cards": ["energy-hoarder"],
             "pieces": ["evo-mouse-hunter"]}
    setup = evolution_setup("gigazaur", kitty, hands={"cyber-kitty": ["nine-lives", "electro-scratch"]},
                            dice="smash smash smash 2 3 heart")
    g = play(setup, "roll resolve")
    k = g.state.monster("cyber-kitty")
    assert k.alive
    assert (k.life, k.vp, k.energy, k.location) == (9, 9, 0, "outside")
    assert k.cards == [] and k.pieces == []
    assert "energy-hoarder" in g.state.discard
    assert set(C.pile(g.state, C.DISCARD, k.seat)) == {"nine-lives", "electro-scratch", "mouse-hunter"}
    assert find(g.events, "reborn", monster="cyber-kitty", amount=9, evolution="nine-lives")
    assert g.state.monster("gigazaur").location == "city"  # the City was left empty: gigazaur enters


def test_nine_lives_is_not_played_at_will():
    g = play(evolution_setup("cyber-kitty", "gigazaur", hands={"cyber-kitty": ["nine-lives"]}))
    assert "use:evo-nine-lives" not in codes(g.state)


def test_mega_purr_each_other_monster_gives_energy_or_vp_its_choice():
    setup = evolution_setup("cyber-kitty", {"id": "the-king", "energy": 2, "vp": 3}, {"id": "gigazaur", "energy": 1},
                            "meka-dragon", hands={"cyber-kitty": ["mega-purr"]})
    g = play(setup, "use:evo-mega-purr")
    d = g.state.decision
    assert (d.monster, d.window) == ("the-king", "evolution-choice")  # it has both: it chooses
    assert codes(g.state) == ["use:evo-choose:energy", "use:evo-choose:vp"]
    assert g.state.monster("gigazaur").energy == 0  # energy only: given at once
    g = play(setup, "use:evo-mega-purr use:evo-choose:vp")
    kitty, king = g.state.monster("cyber-kitty"), g.state.monster("the-king")
    assert (kitty.energy, kitty.vp) == (1, 1)
    assert (king.energy, king.vp) == (2, 2)
    assert g.state.monster("meka-dragon").vp == 0
    assert g.state.decision.kind == "roll"


def test_electro_scratch_every_other_monster_loses_one_life():
    g = play(evolution_setup("cyber-kitty", "the-king", "gigazaur", hands={"cyber-kitty": ["electro-scratch"]}),
             "use:evo-electro-scratch")
    assert [m.life for m in g.state.monsters] == [10, 9, 9]


def cat_nip_setup():
    return evolution_setup("cyber-kitty", {"id": "the-king", "location": "city"}, hands={"cyber-kitty": ["cat-nip"]},
                           dice="1 1 1 heart energy smash")


def test_cat_nip_asked_at_the_turn_start_one_roll_that_counts_double():
    g = play(cat_nip_setup())
    assert (g.state.decision.window, codes(g.state)) == ("start", ["pass", "use:evo-cat-nip"])
    g = play(cat_nip_setup(), "use:evo-cat-nip roll")
    assert g.state.decision.kind == "resolve"  # a single roll
    g = play(cat_nip_setup(), "use:evo-cat-nip roll resolve")
    kitty = g.state.monster("cyber-kitty")
    assert (kitty.vp, kitty.energy) == (4, 2)  # six 1s: 1 + 3 VP; two energy
    assert g.state.monster("the-king").life == 8  # two smashes


def test_cat_nip_only_at_the_start_of_the_turn():
    g = play(cat_nip_setup(), "pass")
    assert g.state.decision.kind == "roll"
    assert "use:evo-cat-nip" not in codes(g.state)


def food_setup():
    return evolution_setup({"id": "cyber-kitty", "pieces": ["evo-play-with-your-food"]},
                           {"id": "the-king", "location": "city", "energy": 1, "vp": 3},
                           dice="smash smash smash 1 2 3")


def test_play_with_your_food_two_less_life_for_one_vp_and_one_energy():
    g = play(food_setup(), "roll resolve")
    assert (g.state.decision.window, codes(g.state)) == ("before-resolve", ["pass", "use:evo-play-with-your-food:on"])
    g = play(food_setup(), "roll resolve use:evo-play-with-your-food:on")
    king, kitty = g.state.monster("the-king"), g.state.monster("cyber-kitty")
    assert (king.life, king.vp, king.energy) == (9, 2, 0)
    assert (kitty.vp, kitty.energy) == (1, 1)
    g = play(food_setup(), "roll resolve pass")
    assert g.state.monster("the-king").life == 7


def test_feline_motor_enters_the_empty_city_before_the_active_monster():
    setup = evolution_setup("the-king", {"id": "cyber-kitty", "pieces": ["evo-feline-motor"]},
                            {"id": "gigazaur", "location": "city"}, dice="smash 1 2 3 1 2")
    g = play(setup, "roll resolve yield")
    d = g.state.decision
    assert (d.monster, d.window) == ("cyber-kitty", "feline-motor")
    g = play(setup, "roll resolve yield use:evo-feline-motor:enter")
    assert g.state.monster("cyber-kitty").location == "city"
    assert g.state.monster("cyber-kitty").vp == 1
    assert g.state.monster("the-king").location == "outside"


def test_feline_motor_not_for_a_monster_that_started_the_turn_in_tokyo():
    setup = evolution_setup("the-king", {"id": "cyber-kitty", "location": "city", "pieces": ["evo-feline-motor"]},
                            "gigazaur", dice="smash 1 2 3 1 2")
    g = play(setup, "roll resolve yield")
    assert g.state.monster("the-king").location == "city"
    assert g.state.decision.kind == "buy"


def test_mouse_hunter_one_vp_for_a_roll_with_a_one():
    kitty = {"id": "cyber-kitty", "pieces": ["evo-mouse-hunter"]}
    g = play(evolution_setup(kitty, "the-king", dice="1 2 3 heart energy energy"), "roll resolve")
    assert g.state.monster("cyber-kitty").vp == 1 + 1  # and 1 for entering Tokyo
    g = play(evolution_setup(kitty, "the-king", dice="2 2 3 heart energy energy"), "roll resolve")
    assert g.state.monster("cyber-kitty").vp == 1


def test_meow_missile_a_roll_with_a_one_gets_a_smash():
    setup = evolution_setup({"id": "cyber-kitty", "pieces": ["evo-meow-missile"]}, {"id": "the-king",
                            "location": "city"}, dice="1 2 3 heart energy energy")
    g = play(setup, "roll resolve")
    assert g.state.monster("the-king").life == 9
    assert find(g.events, "smash-added", monster="cyber-kitty", amount=1, evolution="meow-missile")
