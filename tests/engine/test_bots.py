"""The computer opponents (kotguide/engine/bots.py): legal moves only, deterministic, the yield policy, sensible dice
and buys, and a smoke test of the win rate against random players (the 1,000-game figure: bench/bots.py)."""

import random

import pytest

from kotguide.engine import Setup, apply_in_place, legal_actions, replay, start
from kotguide.engine import bots as B
from kotguide.engine.random_play import random_setup


def setup(**kw) -> Setup:
    raw = {"first_player": "gigazaur", "market": ["apartment-building", "skyscraper", "energize"]}
    raw.update(kw)
    return Setup.from_dict(raw)


def play(setup_: Setup, bot_seats: set[int], rnd: random.Random, check=None):
    s, _ = start(setup_)
    while s.decision is not None:
        if s.decision.seat in bot_seats:
            choice = B.advise(s, rnd)
            if check:
                check(s, choice)
            action = choice.action
        else:
            action = rnd.choice(legal_actions(s))
        apply_in_place(s, action)
    return s


def test_bots_play_only_legal_actions_with_a_known_reason():
    rnd = random.Random(5)
    seen: set[str] = set()

    def check(s, choice):
        legal = {a.code for a in legal_actions(s)}
        assert choice.action.code in legal, (choice, s.decision)
        assert choice.reason in B.REASONS
        assert set(choice.why) <= {*B.KEEP_WHY, B.B_VP, B.B_LIFE, B.B_ENERGY, B.B_ATTACK, B.B_KEEP}
        seen.add(choice.reason)

    for players in (2, 3, 4, 5, 6):
        for _ in range(12):
            setup_ = random_setup(rnd, players)
            play(setup_, set(range(players)), rnd, check)  # bots only
            play(setup_, {0}, rnd, check)  # one bot among random players
    assert {B.ROLL, B.REROLL, B.RESOLVE_LAST, B.BUY, B.END, B.STAY, B.YIELD_LOW} <= seen


def test_the_choice_is_deterministic_and_a_replay_gives_the_same_moves():
    setup_ = random_setup(random.Random(1), 4)
    s, _ = start(setup_)
    moves = []
    while s.decision is not None and len(moves) < 300:
        action = B.choose(s)  # seeded by the position
        moves.append(action.code)
        apply_in_place(s, action)
    again = replay(setup_, moves).state
    assert again.to_dict() == s.to_dict()
    assert [B.choose(replay(setup_, moves[:i]).state).code for i in range(0, 40, 7)] == moves[0:40:7]


@pytest.mark.parametrize(("smashes", "expected"), [(2, B.STAY), (3, B.YIELD_LOW), (5, B.YIELD_LOW)])
def test_yield_when_hit_at_4_life_or_less_stay_otherwise(smashes, expected):
    faces = ["smash"] * smashes + ["1", "2", "3", "heart", "energy"][: 6 - smashes]
    s = replay(setup(monsters=["gigazaur", {"id": "the-king", "location": "city", "life": 7}], dice=faces),
               "roll resolve").state
    assert s.decision.monster == "the-king" and s.decision.kind == "yield"
    assert B.advise(s).reason == expected
    assert (s.monster("the-king").life <= B.YIELD_AT) == (expected == B.YIELD_LOW)


def test_keeps_sets_and_rerolls_what_does_not_score():
    s = replay(setup(monsters=["gigazaur", {"id": "the-king", "location": "city"}],
                     dice=["3", "3", "3", "1", "2", "heart"]), "roll").state
    choice = B.advise(s)
    assert choice.reason == B.REROLL and choice.kept == (0, 1, 2)
    assert B.K_NUMBERS in choice.why


def test_in_tokyo_keeps_smashes_and_lets_hearts_go():
    s = replay(setup(monsters=[{"id": "gigazaur", "location": "city", "life": 5}, "the-king"],
                     dice=["smash", "smash", "heart", "heart", "1", "2"]), "roll").state
    choice = B.advise(s)
    assert choice.kept == (0, 1) and choice.why == (B.K_SMASH,)


def test_outside_and_hurt_keeps_hearts_up_to_the_life_missing():
    s = replay(setup(monsters=[{"id": "gigazaur", "life": 8}, {"id": "the-king", "location": "city"}],
                     dice=["heart", "heart", "heart", "1", "2", "3"]), "roll").state
    choice = B.advise(s)
    assert choice.kept == (0, 1) and B.K_HEARTS in choice.why


def test_resolves_when_every_die_is_worth_keeping():
    s = replay(setup(monsters=[{"id": "gigazaur", "life": 9}, {"id": "the-king", "location": "city"}],
                     dice=["3", "3", "3", "energy", "energy", "heart"]), "roll").state
    assert B.advise(s).reason == B.RESOLVE_KEPT


def test_buys_victory_points_it_can_afford_and_ends_when_nothing_is_worth_it():
    s = replay(setup(monsters=[{"id": "gigazaur", "energy": 6}, {"id": "the-king", "location": "city"}],
                     market=["skyscraper", "heal", "corner-store"], dice=["1", "2", "3", "1", "2", "heart"]),
               "roll resolve").state
    choice = B.advise(s)
    assert choice.reason == B.BUY and choice.card == "skyscraper" and B.B_VP in choice.why
    after = replay(s.setup, [*(a.code for a in s.history), choice.action.code]).state
    assert B.advise(after).reason == B.END  # 0 energy left


def test_does_not_buy_what_it_cannot_use_or_what_would_eliminate_it():
    s = replay(setup(monsters=[{"id": "gigazaur", "energy": 5, "life": 4}, {"id": "the-king", "location": "city"}],
                     market=["heal", "jet-fighters", "energize"], dice=["1", "2", "3", "1", "2", "energy"]),
               "roll resolve").state
    choice = B.advise(s)  # Jet Fighters (+5 VP) would take its last 4 life; Heal is welcome at 4 life
    assert choice.reason == B.BUY and choice.card == "heal" and B.B_LIFE in choice.why
    full = replay(setup(monsters=[{"id": "gigazaur", "energy": 3}, {"id": "the-king", "location": "city"}],
                        market=["heal", "skyscraper", "energize"], dice=["1", "2", "3", "1", "2", "energy"]),
                  "roll resolve").state
    assert B.advise(full).reason == B.END  # Heal at full life is worth nothing


def test_sweeps_rarely_at_most_once_a_turn():
    rnd = random.Random(3)
    sweeps: dict[tuple[int, int], int] = {}
    buy_decisions = 0
    for game in range(40):

        def check(s, choice, game=game):
            nonlocal buy_decisions
            buy_decisions += s.decision.kind == "buy"
            if choice.reason == B.SWEEP:
                sweeps[(game, s.turn)] = sweeps.get((game, s.turn), 0) + 1

        play(random_setup(rnd, 4), {0, 1, 2, 3}, rnd, check)
    assert sweeps and all(n == 1 for n in sweeps.values())
    assert sum(sweeps.values()) < buy_decisions / 10


def test_a_bot_beats_three_random_players_in_most_games():
    """Smoke test on 100 games (bench/bots.py plays 1,000 and must reach 70%)."""
    rnd = random.Random(2026)
    wins = 0
    games = 100
    for i in range(games):
        setup_ = random_setup(rnd, 4)
        bot = i % 4
        s = play(setup_, {bot}, rnd)
        wins += s.monsters[bot].id in s.outcome.winners
    assert wins / games >= 0.7, f"{wins}/{games}"
