"""Void Drifters pools: answers that read only part of a check's outcome (Pool.reduced and its marginals)."""

import itertools
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from voidref.drifters import Attack, Character, CheckOutcome, Conditions, Die, Health, Pool, Weapon, _packing, dice
from voidref.drifters._oracle import brute_force_counts, convolution_counts, reduced_counts
from voidref.drifters.environment import calamity_sets_drifting
from voidref.errors import RulesError
from voidref.exact import Dist

KEEPS = list(itertools.product((False, True), repeat=4))
SMALL_POOLS = [
    Pool(),
    Pool(ability=1), Pool(mastery=1), Pool(hazard=1), Pool(boon=1, bane=1),
    Pool(ability=4, trial=1),
    Pool(mastery=2, hazard=2),
    Pool(ability=1, mastery=1, trial=1, hazard=1, bane=1),
]
small_pools = st.builds(Pool, *(st.integers(0, 3) for _ in range(6)))
# Any pool the engine accepts: up to 40 dice in all.
any_pool = st.lists(st.sampled_from(list(Die)), max_size=40).map(
    lambda dice_: Pool(**{d.value: dice_.count(d) for d in Die}))


def _kwargs(keep):
    return dict(zip(CheckOutcome._fields, keep))


def _cut(keep):
    def cut(o):
        return CheckOutcome(o[0] if keep[0] else 0, o[1] if keep[1] else 0,
                            min(o[2], 1) if keep[2] else 0, min(o[3], 1) if keep[3] else 0)
    return cut


@pytest.fixture(autouse=True)
def _forget():
    """Each test starts with nothing remembered, so it checks the counting, not an earlier answer."""
    dice._MEMO.clear()
    yield
    dice._MEMO.clear()


def _full(pool):
    return Dist.from_counts(brute_force_counts(pool)) if pool.size else Dist.always(CheckOutcome(0, 0, 0, 0))


@pytest.mark.parametrize("pool", SMALL_POOLS, ids=repr)
def test_every_reduction_matches_enumerating_every_face(pool):
    """Each of the 16 choices of parts equals cutting down every face combination, counted one by one."""
    full = _full(pool)
    for keep in KEEPS:
        dice._MEMO.clear()
        assert pool.reduced(**_kwargs(keep)) == full.map(_cut(keep)), keep


@settings(max_examples=40, deadline=None)
@given(small_pools, st.sampled_from(KEEPS))
def test_reduction_matches_die_by_die_convolution(pool, keep):
    """A reduction equals the straightforward die-by-die convolution of the kept parts."""
    counts, total = pool.reduced(**_kwargs(keep)).counts()
    assert counts == reduced_counts(pool, keep)
    assert total == sum(counts.values())


@pytest.mark.parametrize("keep", KEEPS, ids=str)
def test_decimal_multiplication_gives_the_same_counts(monkeypatch, keep):
    """Packing into Decimal digits instead of int bytes changes no count."""
    pool = Pool(ability=2, mastery=3, boon=1, trial=2, hazard=3, bane=1)
    expected = reduced_counts(pool, keep)
    monkeypatch.setattr(_packing, "DECIMAL_FROM_DIGITS", 0)
    assert pool.reduced(**_kwargs(keep)).counts()[0] == expected


def test_both_multiplications_agree_on_the_largest_pool(monkeypatch):
    """20 Mastery vs 20 Hazard: the attack's parts come out the same with int and with Decimal slots."""
    pool = Pool(mastery=20, hazard=20)
    keep = (True, True, True, False)
    monkeypatch.setattr(_packing, "DECIMAL_FROM_DIGITS", 10 ** 9)
    by_int = pool.reduced(**_kwargs(keep))
    dice._MEMO.clear()
    monkeypatch.setattr(_packing, "DECIMAL_FROM_DIGITS", 0)
    assert pool.reduced(**_kwargs(keep)) == by_int
    assert sum(by_int.counts()[0].values()) == 12 ** 40


@pytest.mark.parametrize("pool", [Pool(mastery=20, hazard=20), Pool(ability=13, boon=7, trial=9, bane=11),
                                  Pool(mastery=40), Pool(hazard=25, bane=15)], ids=repr)
def test_largest_pools_one_part_matches_die_by_die_convolution(pool):
    """Up to 40 dice: net Successes, net Boons and each flag alone equal the die-by-die oracle."""
    for keep in [(True, False, False, False), (False, True, False, False), (False, False, True, True)]:
        assert pool.reduced(**_kwargs(keep)).counts()[0] == reduced_counts(pool, keep)


def test_attack_parts_of_a_large_pool_match_die_by_die_convolution():
    """12 Mastery, 4 Ability vs 8 Hazard, 4 Bane: net Successes, net Boons and any Breakthrough match the oracle."""
    pool = Pool(mastery=12, ability=4, hazard=8, bane=4)
    keep = (True, True, True, False)
    assert pool.reduced(**_kwargs(keep)).counts()[0] == reduced_counts(pool, keep)


@settings(max_examples=30, deadline=None)
@given(small_pools)
def test_marginals_agree_with_the_full_joint(pool):
    """net_successes, net_boons and the chances of a Breakthrough and a Calamity are the full joint's marginals."""
    full = Dist.from_counts(convolution_counts(pool))
    dice._MEMO.clear()
    assert pool.net_successes() == full.map(lambda o: o.successes)
    assert pool.net_boons() == full.map(lambda o: o.boons)
    assert pool.chance_of_breakthrough() == full.prob(lambda o: o.breakthroughs >= 1)
    assert pool.chance_of_calamity() == full.prob(lambda o: o.calamities >= 1)
    assert pool.chance_of_success() == full.prob(lambda o: o.successes >= 1)


@settings(max_examples=40, deadline=None)
@given(any_pool, st.sampled_from(KEEPS))
def test_reduced_probabilities_sum_to_one(pool, keep):
    """For any pool the engine accepts, every reduction sums to exactly 1."""
    assert sum(pool.reduced(**_kwargs(keep)).probabilities().values()) == 1


@settings(max_examples=15, deadline=None)
@given(any_pool)
def test_the_attack_parts_hold_the_one_part_answers(pool):
    """For any pool the engine accepts, the attack's joint summed over the other parts gives each one-part answer."""
    attack = pool.reduced(successes=True, boons=True, breakthroughs=True)
    dice._MEMO.clear()
    assert attack.map(lambda o: o.successes) == pool.net_successes()
    assert attack.map(lambda o: o.boons) == pool.net_boons()
    assert attack.prob(lambda o: o.breakthroughs == 1) == pool.chance_of_breakthrough()


@settings(max_examples=40, deadline=None)
@given(any_pool.filter(lambda p: p.size < 40))
def test_adding_an_ability_die_never_lowers_the_chance_of_success(pool):
    """Any pool below 40 dice: one more Ability Die never makes success less likely."""
    assert pool.add(Die.ABILITY).chance_of_success() >= pool.chance_of_success()


@settings(max_examples=40, deadline=None)
@given(any_pool.filter(lambda p: p.size < 40), st.sampled_from([Die.TRIAL, Die.HAZARD, Die.BANE]))
def test_adding_a_negative_die_never_raises_the_chance_of_success(pool, die):
    """Any pool below 40 dice: one more Trial, Hazard or Bane Die never makes success more likely."""
    assert pool.add(die).chance_of_success() <= pool.chance_of_success()


@settings(max_examples=40, deadline=None)
@given(any_pool)
def test_chance_of_a_breakthrough_is_one_less_no_mastery_die_showing_it(pool):
    """Only the Mastery Die's one Breakthrough face counts: 1 - (11/12) ** Mastery Dice."""
    assert pool.chance_of_breakthrough() == 1 - Fraction(11, 12) ** pool.mastery
    assert pool.chance_of_calamity() == 1 - Fraction(11, 12) ** pool.hazard


def test_no_breakthrough_among_two_mastery_dice_is_121_of_144():
    """No Breakthrough among 2 Mastery Dice: the rolls of their 11 other faces, 121 of 144."""
    odds = Pool(mastery=2).reduced(breakthroughs=True)
    assert odds == Dist({CheckOutcome(0, 0, 0, 0): Fraction(121, 144), CheckOutcome(0, 0, 1, 0): Fraction(23, 144)})


def test_two_flags_on_one_die_kind_use_inclusion_and_exclusion():
    """A made-up die with both flags on faces, and one with both on one face: counts equal enumeration."""
    both = [(0, 0, 0, 0), (1, 0, 1, 0), (-1, 0, 0, 1), (0, 1, 1, 1), (2, 1, 0, 0)]
    other = [(0, 0, 0, 0), (1, 1, 0, 0), (0, -1, 0, 1)]
    dice_ = [(both, 2), (other, 2)]
    expected: dict = {}
    for faces in itertools.product(*([both] * 2 + [other] * 2)):
        key = (sum(f[0] for f in faces), 0, int(any(f[2] for f in faces)), int(any(f[3] for f in faces)))
        expected[key] = expected.get(key, 0) + 1
    assert _packing.flagged_counts(dice_, [0], [2, 3], tuple, 4) == expected


def test_asking_again_reuses_the_remembered_answer():
    """The same question about an equal pool returns the very same distribution, not a recount."""
    first = Pool(mastery=5, hazard=5).reduced(successes=True, boons=True, breakthroughs=True)
    assert Pool(mastery=5, hazard=5).reduced(successes=True, boons=True, breakthroughs=True) is first
    assert Pool(hazard=5, mastery=5).distribution() is Pool(mastery=5, hazard=5).distribution()


def test_a_coarser_question_is_read_from_a_remembered_finer_answer(monkeypatch):
    """Once the full joint of a small pool is known, a question on both axes is read from it, not counted again."""
    pool = Pool(ability=2, mastery=2, trial=1, hazard=1)
    full = pool.distribution()

    def refuse(*args, **kwargs):
        raise AssertionError("counted again")

    monkeypatch.setattr(dice, "flagged_counts", refuse)
    for keep in KEEPS:
        if keep[0] and keep[1]:
            assert pool.reduced(**_kwargs(keep)) == full.map(_cut(keep))


def test_a_large_remembered_joint_is_not_scanned_for_a_small_question(monkeypatch):
    """Net Successes of 10 Mastery vs 10 Hazard are counted afresh: 21 points beat scanning the full joint."""
    pool = Pool(mastery=10, hazard=10)
    full = pool.distribution()
    calls = []
    real = dice.flagged_counts
    monkeypatch.setattr(dice, "flagged_counts", lambda *a, **k: calls.append(1) or real(*a, **k))
    assert pool.net_successes() == full.map(lambda o: o.successes)
    assert calls == [1]


def test_memo_drops_the_least_recently_used_answer_past_its_limit():
    """The memo holds at most its limit of outcomes; the oldest unused answer goes first."""
    memo = _packing.Memo(limit=5, items=10)
    memo.get("a", lambda: [1, 2])
    memo.get("b", lambda: [1, 2])
    memo.get("a", lambda: [])  # a use: "b" is now the oldest
    memo.get("c", lambda: [1, 2])
    assert memo.peek("b") is None and memo.peek("a") == [1, 2] and memo.peek("c") == [1, 2]


@pytest.mark.parametrize("value", [1, None, "yes"])
def test_reduced_refuses_anything_but_true_or_false(value):
    """Each part is asked for with True or False, and the error names the part."""
    with pytest.raises(RulesError, match=rf"'boons' must be True or False \(got {value!r}\)"):
        Pool(ability=1).reduced(boons=value)


# -- the attack reads the pool's reduced parts -------------------------------------------

def _odds_from_full_joint(attack, health):
    """The attack's odds worked out from the pool's full joint, outcome by outcome (the way they were first written)."""
    dist = attack.pool().distribution()

    def summarise(o):
        drifting = calamity_sets_drifting(attack.gravity, o.calamities, attack.physical())
        if o.successes < 1:
            return (False, 0, 0, False, health.incapacitated, drifting)
        d = attack.damage(o.successes)
        after = health.suffer_wounds(d.wounds).suffer_strain(d.strain)
        crit = health.incapacitated or o.boons >= attack.weapon.crit or o.breakthroughs >= 1
        return (True, d.wounds, d.strain, crit, after.incapacitated, drifting)

    s = dist.map(summarise)
    return (s.map(lambda x: (x[1], x[2])), s.prob(lambda x: x[0]), s.map(lambda x: x[1]), s.map(lambda x: x[2]),
            s.prob(lambda x: x[3]), s.prob(lambda x: x[4]), s.prob(lambda x: x[5]))


@pytest.mark.parametrize("might, rank, crit, stun, gravity, wounds, difficulty_upgrades", [
    (3, 2, 3, False, "standard", 0, 0),
    (4, 4, 1, False, "micro", 0, 2),
    (2, 3, 2, True, "micro", 5, 1),
    (5, 1, 6, False, "high", 11, 2),
    (1, 0, 4, True, "low", 12, 0),
])
def test_attack_odds_equal_those_from_the_full_joint(might, rank, crit, stun, gravity, wounds, difficulty_upgrades):
    """Hit, harm, Critical Injury, incapacitation and Drifting match resolving every full outcome."""
    attacker = Character("A", might=might, skills={"melee": rank})
    target = Character("T", kind="elite", stated_wound_points=12, stated_resistance=1, melee_defense=1)
    weapon = Weapon("Blade", damage=4, crit=crit, range="engaged", skill="melee", stun=stun)
    attack = Attack(attacker, weapon, target, band="engaged", gravity=gravity, boon_dice=1,
                    conditions=Conditions(), difficulty_upgrades=difficulty_upgrades)
    health = Health.of(target).suffer_wounds(wounds)
    odds = attack.odds(health)
    assert (odds.harm, odds.hit, odds.wounds, odds.strain, odds.critical_injury, odds.incapacitated,
            odds.drifting) == _odds_from_full_joint(attack, health)
