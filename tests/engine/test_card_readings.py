"""Card readings stated on the card pages where the card text leaves timing or scope open (issue 20: rulings where
sources are thin). Each test is written from the reading as the card page states it."""

from kotguide.engine import legal_actions
from kotguide.engine import options as O
from kotguide.engine.testing import evolution_setup, find, five_monsters, make_setup, play

QUIET = "1 2 3 1 2 3"  # scores, heals and smashes nothing


def me(*cards, **fields):
    return {"id": "gigazaur", "cards": list(cards), **fields}


def test_freeze_time_an_extra_turn_can_earn_another_and_each_has_five_dice():
    # Freeze Time page: an extra turn that itself rolls three 1s earns one more; each is played with 5 dice.
    dice = "1 1 1 2 3 heart  1 1 1 2 3  2 2 3 3 heart"
    g = play(make_setup(me("freeze-time"), "the-king", dice=dice), "roll resolve end roll resolve end roll")
    assert len(find(g.events, "extra-turn", monster="gigazaur", card="freeze-time")) == 2
    assert g.state.monsters[g.state.active].id == "gigazaur"
    assert g.state.dice == ["2", "2", "3", "3", "heart"]


def test_made_in_a_lab_may_buy_from_the_deck_more_than_once_in_a_buy_step():
    # Made in a Lab page: as long as you can pay, the new top card may be bought too.
    setup = make_setup(me("made-in-a-lab", energy=9), "the-king", dice=QUIET, deck=["skyscraper", "corner-store"],
                       market=["tank", "heal", "energize"])
    g = play(setup, "roll resolve use:made-in-a-lab use:made-in-a-lab")
    m = g.state.monster("gigazaur")
    assert (m.vp, m.energy) == (1 + 4 + 1, 0)  # entering Tokyo, Skyscraper, Corner Store
    assert len(find(g.events, "card-bought", reason="deck")) == 2


def test_smoke_cloud_several_tokens_in_one_turn():
    # Smoke Cloud page: each token is one more roll, and several may be spent in the same turn.
    g = play(make_setup(me("smoke-cloud", tokens={"smoke": 3}), "the-king", dice="1 2 3 1 2 3 " * 5),
             "roll reroll:0 reroll:0 use:smoke-cloud reroll:0 use:smoke-cloud reroll:0")
    assert g.state.monster("gigazaur").tokens == {"smoke": 1}


def test_jets_lets_the_occupant_escape_even_a_lethal_smash():
    # Jets page: the choice to yield comes as the smashes hit, before the life is lost, so 3 smashes at 2 life
    # do not eliminate a monster that yields with Jets.
    g = play(make_setup("gigazaur", {"id": "the-king", "location": "city", "life": 2, "cards": ["jets"]},
                        dice="smash smash smash 1 2 3"), "roll resolve use:jets")
    king = g.state.monster("the-king")
    assert (king.alive, king.life, king.location) == (True, 2, "outside")
    assert g.state.monster("gigazaur").location == "city"


def test_a_card_bought_with_made_in_a_lab_is_an_ordinary_purchase():
    # Made in a Lab page: Alien Origin lowers its price and Media-Friendly pays 1 VP for it.
    setup = make_setup(me("made-in-a-lab", "alien-origin", "media-friendly", energy=5), "the-king", dice=QUIET,
                       deck=["skyscraper"], market=["tank", "heal", "energize"])
    g = play(setup, "roll resolve use:made-in-a-lab")
    m = g.state.monster("gigazaur")
    assert (m.energy, m.vp) == (0, 1 + 4 + 1)  # Skyscraper for 6 - 1; entering, Skyscraper, Media-Friendly


def test_defender_of_tokyo_moving_up_when_the_bay_closes_is_not_entering():
    # Defender of Tokyo page: moving from the Bay into the City when the Bay closes is not entering, so no monster
    # loses VP. Five monsters, 5 VP each; Gigazaur's smashes eliminate Space Penguin in the City.
    monsters = five_monsters(city="space-penguin", bay="alienoid", **{"space-penguin": 2})
    for m in monsters:
        m["vp"] = 5
    monsters[1]["pieces"] = ["tile-defender-of-tokyo"]
    g = play(make_setup(*monsters, first="gigazaur", dice="smash smash 1 2 3 heart", options=[O.WICKEDNESS],
                        modules={"wickedness": {"tiles": []}}), "roll resolve stay")
    assert g.state.monster("alienoid").location == "city"
    assert not find(g.events, "vp-lost", tile="defender-of-tokyo")
    assert [g.state.monster(mid).vp for mid in ("cyber-kitty", "the-king", "gigazaur")] == [5, 5, 5]


def test_urbavore_still_gives_its_vp_with_the_two_player_variant():
    # Urbavore page: the variant turns Tokyo's 2 VP into 1 energy, and the card's own 1 VP stays.
    g = play(make_setup(me("urbavore", location="city"), "the-king", dice=QUIET, options=[O.TWO_PLAYER]), "")
    m = g.state.monster("gigazaur")
    assert (m.vp, m.energy) == (1, 1)


def test_armor_plating_looks_at_the_loss_before_camouflage():
    # Armor Plating page: 2 smashes are a loss of 2 as dealt; Camouflage's heart cancels 1 and the other 1 is lost.
    g = play(make_setup("gigazaur", {"id": "the-king", "location": "city", "cards": ["armor-plating", "camouflage"]},
                        dice="smash smash 1 2 3 1  heart 1"), "roll resolve")
    assert g.state.monster("the-king").life == 9


# --- session 3 of the audit: the Power cards not read before (docs/rulings-audit.md) ---------------------------------
def king_in_city(*cards, **fields):
    return {"id": "the-king", "location": "city", "cards": list(cards), **fields}


def test_spiked_tail_adds_to_the_smash_acid_attack_added():
    # Spiked Tail page: an added smash counts as part of the final roll, so with Acid Attack and no smash on the dice
    # Spiked Tail still adds one: 2 smashes on The King.
    g = play(make_setup(me("acid-attack", "spiked-tail"), king_in_city(), dice=QUIET), "roll resolve")
    assert g.state.monster("the-king").life == 8


def test_alpha_monster_counts_the_smash_acid_attack_added():
    # Alpha Monster page: the smash Acid Attack adds makes a final roll "with a smash": 1 VP, with no smash rolled.
    g = play(make_setup(me("acid-attack", "alpha-monster"), king_in_city(), dice=QUIET), "roll resolve")
    assert g.state.monster("gigazaur").vp == 1


def test_poison_quills_smashes_are_smashes_for_spiked_tail():
    # Poison Quills page: three 2s add 2 smashes, and Spiked Tail adds one more: 3 on The King; the 2s score 2 VP.
    g = play(make_setup(me("poison-quills", "spiked-tail"), king_in_city(), dice="2 2 2 1 3 energy"), "roll resolve")
    assert g.state.monster("the-king").life == 7
    assert g.state.monster("gigazaur").vp == 2


def test_shrink_ray_and_poison_spit_mark_only_a_monster_that_loses_life():
    # Shrink Ray and Poison Spit pages: Armor Plating wholly prevents a single smash, so The King gets no token;
    # without Armor Plating the same smash gives it one of each.
    dice = "smash 1 2 3 1 2"
    guarded = play(make_setup(me("shrink-ray", "poison-spit"), king_in_city("armor-plating"), dice=dice),
                   "roll resolve")
    assert guarded.state.monster("the-king").tokens == {}
    hit = play(make_setup(me("shrink-ray", "poison-spit"), king_in_city(), dice=dice), "roll resolve")
    assert hit.state.monster("the-king").tokens == {"shrink": 1, "poison": 1}


def test_were_only_making_it_stronger_counts_the_life_lost_after_camouflage():
    # We're Only Making It Stronger! page: 2 smashes with one Camouflage heart are a loss of 1: no energy;
    # 3 smashes with one Camouflage heart are a loss of 2: 1 energy.
    two = play(make_setup("gigazaur", king_in_city("camouflage", "were-only-making-it-stronger"),
                          dice="smash smash 1 2 3 1  heart 1"), "roll resolve")
    assert (two.state.monster("the-king").life, two.state.monster("the-king").energy) == (9, 0)
    three = play(make_setup("gigazaur", king_in_city("camouflage", "were-only-making-it-stronger"),
                            dice="smash smash smash 1 2 3  heart 1 2"), "roll resolve")
    assert (three.state.monster("the-king").life, three.state.monster("the-king").energy) == (8, 1)


def test_regeneration_adds_to_rapid_healing():
    # Regeneration page: any healing of yours gets 1 more, Rapid Healing's too: 2 energy buy 2 life.
    g = play(make_setup(me("regeneration", "rapid-healing", life=5, energy=2), "the-king"), "use:rapid-healing")
    m = g.state.monster("gigazaur")
    assert (m.life, m.energy) == (7, 0)


def test_media_friendly_scores_a_card_bought_from_another_monster():
    # Media-Friendly page: buying with Parasitic Tentacles is buying: 1 VP.
    king = {"id": "the-king", "cards": ["extra-head"]}
    setup = make_setup(me("media-friendly", "parasitic-tentacles", energy=7), king, dice=QUIET)
    g = play(setup, "roll resolve use:parasitic-tentacles:the-king.extra-head")
    assert g.state.monster("gigazaur").vp == 1 + 1  # entering Tokyo, Media-Friendly


def test_a_monster_that_poison_eliminates_was_eliminated_by_nobody_for_the_scythe():
    # Scythe page: Gigazaur (1 life, 1 Poison token) dies to the token at the end of its own turn: the Scythe keeps
    # the 1 energy it had when played.
    setup = evolution_setup("pumpkin-jack", {"id": "gigazaur", "life": 1, "tokens": {"poison": 1}}, "the-king",
                            hands={"pumpkin-jack": ["scythe"]}, dice=f"{QUIET} {QUIET}")
    g = play(setup, "use:evo-scythe roll resolve end roll resolve end")
    assert not g.state.monster("gigazaur").alive
    assert g.state.marks["evolutions:scythe"] == 1


def test_feline_motor_takes_the_city_only_and_the_active_monster_stays_out_of_a_free_bay():
    # Feline Motor page: five monsters, Tokyo Bay in use and free; Gigazaur yields the City to The King's smash.
    # Cyber Kitty takes the City with Feline Motor; The King stays outside for this entry step; the Bay stays free.
    setup = evolution_setup("the-king", {"id": "cyber-kitty", "pieces": ["evo-feline-motor"]},
                            {"id": "gigazaur", "location": "city"}, "alienoid", "space-penguin",
                            dice="smash 1 2 3 1 2")
    g = play(setup, "roll resolve yield use:evo-feline-motor:enter")
    assert [g.state.monster(m).location for m in ("cyber-kitty", "the-king", "gigazaur")] == ["city", "outside",
                                                                                            "outside"]
    assert not [m for m in g.state.monsters if m.location == "bay"]


def test_armor_plating_ignores_the_1_life_of_set_storm():
    # Set's Storm page: the curse's 1 life at the start of a turn is a loss of exactly 1, which Armor Plating ignores.
    def start(*cards):
        return play(make_setup(me(*cards), "the-king", dice=QUIET, options=[O.CURSES],
                               modules={"curses": {"in_force": "set-storm"}}), "").state.monster("gigazaur").life
    assert (start(), start("armor-plating")) == (9, 10)


def test_destructive_wave_is_not_played_on_taking_tokyo_with_death_from_above():
    # Destructive Wave page: only the Kraken's own entry step is the moment; Death From Above takes Tokyo City in the
    # buy step, so the card is not offered then.
    setup = evolution_setup({"id": "kraken", "energy": 5}, {"id": "gigazaur", "location": "city"},
                            hands={"kraken": ["destructive-wave"]}, dice=QUIET,
                            market=["death-from-above", "heal", "tank"])
    g = play(setup, "roll resolve buy:0")
    assert (g.state.monster("kraken").location, g.state.monster("gigazaur").location) == ("city", "outside")
    assert "use:evo-destructive-wave" not in [a.code for a in legal_actions(g.state)]


def test_fire_breathing_and_urbavore_count_the_smash_acid_attack_added():
    # Fire Breathing and Urbavore pages: Gigazaur in Tokyo City, no smash on the dice, Acid Attack's smash: Urbavore
    # adds one (2 smashes on each monster outside) and Fire Breathing takes 1 more from each neighbour.
    g = play(make_setup(me("acid-attack", "urbavore", "fire-breathing", location="city"), "the-king", "alienoid",
                        dice=QUIET), "roll resolve")
    assert [g.state.monster(m).life for m in ("the-king", "alienoid")] == [7, 7]


def test_energy_sword_counts_the_smash_acid_attack_added_but_pays_only_for_smash_dice():
    # Energy Sword page: no smash on the dice, Acid Attack's smash: the sword adds one (2 on Gigazaur) and gives no
    # energy, since no die shows a smash.
    bunny = {"id": "cyber-bunny", "energy": 2, "cards": ["acid-attack"], "pieces": ["evo-energy-sword"]}
    setup = evolution_setup(bunny, {"id": "gigazaur", "location": "city"}, dice=QUIET)
    g = play(setup, "use:evo-energy-sword:charge roll resolve")
    assert (g.state.monster("gigazaur").life, g.state.monster("cyber-bunny").energy) == (8, 0)


def test_a_card_deep_dive_puts_into_play_is_not_bought():
    # Deep Dive page: the free card is not a purchase, so Media-Friendly gives nothing for it.
    setup = evolution_setup({"id": "space-penguin", "cards": ["media-friendly"]}, "gigazaur",
                            hands={"space-penguin": ["deep-dive"]}, market=["heal", "frenzy", "energize"],
                            deck=["tank", "acid-attack", "wings"])
    g = play(setup, "use:evo-deep-dive use:evo-choose:acid-attack")
    m = g.state.monster("space-penguin")
    assert (m.cards, m.vp) == (["media-friendly", "acid-attack"], 0)
