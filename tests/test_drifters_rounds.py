"""Rounds to take down: the exact chain against a direct sum of independent hits."""

from fractions import Fraction

import pytest

from voidref.drifters import Attack, Character, Health, Weapon, rounds_to_take_down
from voidref.errors import RulesError

SENNA = Character("Senna Vael", might=2, agility=4)
AGENT = Character("Agent A", agility=3, kind="elite", stated_wound_points=12, stated_resistance=2)
SIDEARM = Weapon("Sidearm", damage=6, crit=3, range="medium")


@pytest.mark.parametrize("already", [0, 6, 10])
def test_chance_down_by_round_r_equals_chance_the_sum_of_r_hits_reaches_the_threshold(already):
    """P(down by round r) = P(W1 + ... + Wr >= Wound Points - Wounds already taken)."""
    attack = Attack(SENNA, SIDEARM, AGENT, band="short", cover="light")
    start = Health.of(AGENT).suffer_wounds(already)
    takedown = rounds_to_take_down(attack, start, max_rounds=6)
    per_round = attack.odds(start).wounds
    for r in range(1, 7):
        direct = per_round.repeat_sum(r).prob(lambda total: total >= 12 - already)
        assert takedown.within(r) == direct


def test_probabilities_and_leftover_sum_to_one():
    """Each round's chance plus the chance of still standing sum to exactly 1."""
    takedown = rounds_to_take_down(Attack(SENNA, SIDEARM, AGENT, band="medium"), max_rounds=4)
    assert sum(takedown.by_round.values()) + takedown.beyond == 1
    assert takedown.beyond > 0  # a miss is always possible


def test_expected_rounds_matches_the_round_by_round_sum():
    """The exact mean equals sum r*P(r) plus a tail that vanishes as max_rounds grows."""
    attack = Attack(SENNA, SIDEARM, AGENT, band="short")
    takedown = rounds_to_take_down(attack, max_rounds=100)
    partial = sum(r * p for r, p in takedown.by_round.items())
    assert partial < takedown.expected_rounds < partial + Fraction(1, 10**30)


def test_an_attack_that_cannot_hurt_never_takes_the_target_down():
    """Damage below Resistance: no expected number of rounds."""
    pea = Weapon("Pea shooter", damage=1, crit=5, range="short")
    wall = Character("Armored wall", stated_resistance=20)
    takedown = rounds_to_take_down(Attack(SENNA, pea, wall, band="short"), max_rounds=3)
    assert takedown.expected_rounds is None and takedown.beyond == 1


def test_expected_rounds_when_one_hit_always_takes_the_target_down():
    """If any hit incapacitates, the rounds are geometric with mean 1 / P(hit)."""
    cannon = Weapon("Cannon", damage=40, crit=1, range="medium", pierce=10)
    sure = Attack(Character("Ace", agility=5, skills={"ranged": 5}), cannon, Character("Mook", kind="minion"),
                  band="short")
    takedown = rounds_to_take_down(sure, max_rounds=50)
    hit = sure.odds().hit
    assert takedown.by_round[1] == hit
    assert takedown.expected_rounds == 1 / hit  # geometric: one hit is enough


def test_target_already_down_is_refused():
    """There is nothing to count for a target already incapacitated."""
    with pytest.raises(RulesError, match="'health' must be a target still in the fight"):
        rounds_to_take_down(Attack(SENNA, SIDEARM, AGENT), Health.of(AGENT).suffer_wounds(12))


def _oracle(attack, start, max_rounds):
    """Round by round over Health values, every chance a Fraction: the plain chain the fast one must equal."""
    step = attack.odds(start).harm.probabilities()
    states = {start: Fraction(1)}
    by_round = {}
    for r in range(1, max_rounds + 1):
        down, nxt = Fraction(0), {}
        for h, p in states.items():
            for (w, s), q in step.items():
                after = h.suffer_wounds(w).suffer_strain(s)
                if after.incapacitated:
                    down += p * q
                else:
                    nxt[after] = nxt.get(after, Fraction(0)) + p * q
        by_round[r], states = down, nxt
    return by_round, sum(states.values(), Fraction(0))


@pytest.mark.parametrize("weapon, target, already, band", [
    (Weapon("Knife", damage=1, crit=4, range="engaged"), Character("Brute", stated_resistance=3, might=4), 0,
     "engaged"),
    (Weapon("Baton", damage=3, crit=5, range="engaged", stun=True), Character("Guard", might=2, willpower=3), 2,
     "engaged"),
    (SIDEARM, Character("Mook", kind="minion"), 1, "short"),
    (SIDEARM, AGENT, 9, "medium"),
])
def test_integer_chain_equals_the_plain_fraction_chain(weapon, target, already, band):
    """Numbered states with integer chances give exactly the plain Fraction chain, strain and long fights included."""
    attack = Attack(SENNA, weapon, target, band=band)
    start = Health.of(target).suffer_wounds(already)
    takedown = rounds_to_take_down(attack, start, max_rounds=12)
    by_round, beyond = _oracle(attack, start, 12)
    assert takedown.by_round == by_round and takedown.beyond == beyond
    assert sum(by_round.values()) + beyond == 1
