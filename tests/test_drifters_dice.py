"""Void Drifters dice and pools: faces, pool building and exact odds."""

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from voidref.drifters import CheckOutcome, Die, Difficulty, Pool
from voidref.drifters._oracle import brute_force_counts, convolution_counts
from voidref.errors import RulesError


def test_die_sizes_match_the_narrative_dice():
    """Ability and Trial are d8, Mastery and Hazard d12, Boon and Bane d6."""
    assert {d: d.sides for d in Die} == {
        Die.ABILITY: 8,
        Die.MASTERY: 12,
        Die.BOON: 6,
        Die.TRIAL: 8,
        Die.HAZARD: 12,
        Die.BANE: 6,
    }


def test_only_one_mastery_face_is_a_breakthrough_and_it_counts_as_a_success():
    """A Breakthrough is one face of the Mastery Die and also one Success."""
    special = [f for f in Die.MASTERY.faces if f.breakthroughs]
    assert special == [(1, 0, 1, 0)]


def test_only_one_hazard_face_is_a_calamity_and_it_counts_as_a_failure():
    """A Calamity is one face of the Hazard Die and also one Failure."""
    assert [f for f in Die.HAZARD.faces if f.calamities] == [(-1, 0, 0, 1)]


@pytest.mark.parametrize(
    "characteristic, skill, expected",
    [
        (4, 0, Pool(ability=4)),
        (4, 2, Pool(ability=2, mastery=2)),
        (3, 2, Pool(ability=1, mastery=2)),
        (2, 2, Pool(mastery=2)),
        (1, 3, Pool(ability=2, mastery=1)),
    ],
)
def test_characteristic_and_skill_give_max_dice_min_of_them_mastery(characteristic, skill, expected):
    """max(c, s) positive dice, min(c, s) of them Mastery Dice."""
    assert Pool.for_check(characteristic, skill, Difficulty.SIMPLE) == expected


@pytest.mark.parametrize(
    "difficulty, trial", [("easy", 1), ("average", 2), ("hard", 3), ("daunting", 4), ("formidable", 5)]
)
def test_difficulty_names_set_trial_dice(difficulty, trial):
    """Easy 1, Average 2, Hard 3, Daunting 4, Formidable 5 Trial Dice."""
    assert Pool.for_check(2, 0, difficulty).trial == trial


def test_upgrade_with_no_ability_die_adds_one():
    """Ruling: an upgrade with no plain die left adds a plain die."""
    assert Pool(mastery=2).upgrade() == Pool(ability=1, mastery=2)
    assert Pool(mastery=2).upgrade(2) == Pool(mastery=3)


def test_difficulty_upgrade_and_downgrade():
    """Trial becomes Hazard on an upgrade, back on a downgrade; extra downgrades do nothing."""
    assert Pool(trial=2).upgrade_difficulty() == Pool(trial=1, hazard=1)
    assert Pool(hazard=1).downgrade_difficulty(3) == Pool(trial=1)


def test_repr_rebuilds_the_pool():
    """repr(Pool) is code that rebuilds it."""
    pool = Pool(ability=2, mastery=2, boon=1, trial=2, hazard=1, bane=1)
    assert eval(repr(pool)) == pool
    assert repr(Pool(ability=4, trial=1)) == "Pool(ability=4, trial=1)"


def test_parse_letters_and_words():
    """Pool.parse reads letters and whole die names."""
    assert Pool.parse("2M 2A vs 2T 1b") == Pool(mastery=2, ability=2, trial=2, bane=1)
    assert Pool.parse("4 ability, 1 trial") == Pool(ability=4, trial=1)
    assert Pool.parse("1H 1B") == Pool(hazard=1, boon=1)


def test_seeded_roll_repeats():
    """The same seed gives the same roll."""
    pool = Pool(ability=3, mastery=2, trial=2, bane=1)
    assert pool.roll(seed=42) == pool.roll(seed=42)
    assert len(pool.roll(seed=1).faces) == pool.size


SMALL_POOLS = [
    Pool(),
    Pool(ability=1),
    Pool(mastery=1),
    Pool(hazard=1),
    Pool(boon=1, bane=1),
    Pool(ability=4, trial=1),
    Pool(ability=1, mastery=2, trial=1, bane=1),
    Pool(mastery=2, hazard=2),
    Pool(ability=2, mastery=1, boon=1, trial=1, hazard=1, bane=1),
]


@pytest.mark.parametrize("pool", SMALL_POOLS, ids=repr)
def test_exact_distribution_matches_brute_force_enumeration(pool):
    """The fast algorithm equals enumerating every face combination."""
    counts, total = pool.distribution().counts()
    assert counts == brute_force_counts(pool)
    assert total == sum(counts.values())


@settings(max_examples=40, deadline=None)
@given(st.builds(Pool, *(st.integers(0, 3) for _ in range(6))))
def test_exact_distribution_matches_die_by_die_convolution(pool):
    """The fast algorithm equals the straightforward convolution on random pools."""
    counts, _ = pool.distribution().counts()
    assert counts == convolution_counts(pool)


@settings(max_examples=40, deadline=None)
@given(st.builds(Pool, *(st.integers(0, 4) for _ in range(6))))
def test_probabilities_sum_to_exactly_one(pool):
    """Every pool's joint distribution sums to exactly 1."""
    assert sum(pool.distribution().probabilities().values()) == 1


@settings(max_examples=30, deadline=None)
@given(st.builds(Pool, *(st.integers(0, 3) for _ in range(6))), st.sampled_from(["ability", "mastery", "boon"]))
def test_adding_a_positive_die_never_lowers_the_chance_of_success(pool, die):
    """More positive dice never make a check less likely to succeed."""
    assert pool.add(die).chance_of_success() >= pool.chance_of_success()


def test_single_ability_die_odds():
    """An Ability Die shows a net Success on 4 of 8 faces (S, S, SS, SB)."""
    assert Pool(ability=1).chance_of_success() == Fraction(1, 2)
    assert Pool(ability=1).distribution()[CheckOutcome(0, 0, 0, 0)] == Fraction(1, 8)


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"ability": -1}, "'ability' must be an integer from 0 to 40 (got -1)"),
        ({"trial": 2.5}, "'trial' must be an integer from 0 to 40 (got 2.5)"),
        ({"boon": True}, "'boon' must be an integer from 0 to 40 (got True)"),
        ({"mastery": 30, "hazard": 30}, "'pool' must hold at most 40 dice in all (got 60)"),
    ],
)
def test_bad_pool_names_the_argument(kwargs, message):
    """Impossible pools raise RulesError naming the argument, range and value."""
    with pytest.raises(RulesError) as err:
        Pool(**kwargs)
    assert str(err.value) == message


def test_bad_check_inputs_name_the_argument():
    """for_check rejects a characteristic out of range and an unknown difficulty."""
    with pytest.raises(RulesError, match=r"'characteristic' must be an integer from 1 to 10 \(got 11\)"):
        Pool.for_check(11, 0)
    with pytest.raises(
        RulesError,
        match=r"'difficulty' must be one of simple, easy, average, hard, daunting, formidable \(got 'impossible'\)",
    ):
        Pool.for_check(3, 1, "impossible")


@given(st.text(max_size=20))
def test_parse_never_raises_anything_but_rules_error(text):
    """Any text either parses or gives a RulesError naming 'pool'."""
    try:
        Pool.parse(text)
    except RulesError as err:
        assert err.argument == "pool" and str(err).startswith("'pool' "), str(err)


# -- pool syntax: whole die names, difficulty words, letters -----------------------------


@pytest.mark.parametrize("text, pool", [
    ("3 upgraded trial", Pool(hazard=3)),
    ("1 hazard die", Pool(hazard=1)),
    ("2 ability 1 mastery vs average", Pool(ability=2, mastery=1, trial=2)),
    ("1 upgraded ability, 2 Boon Dice", Pool(mastery=1, boon=2)),
    ("2 Ability Dice + 1 bane die vs 1 upgraded trial die", Pool(ability=2, bane=1, hazard=1)),
    ("2m 2a vs 2t 1h", Pool(mastery=2, ability=2, trial=2, hazard=1)),
    ("2M 2A 1B vs 2T 1b", Pool(mastery=2, ability=2, trial=2, bane=1, boon=1)),
    ("4 abilities vs hard", Pool(ability=4, trial=3)),
])
def test_pool_parse_reads_whole_die_names(text, pool):
    """Whole die names, difficulty words and letters in either case where unambiguous."""
    assert Pool.parse(text) == pool


@pytest.mark.parametrize("text, token", [
    ("2 ability vs 1 tral", "tral"),
    ("3 upgraded boon", "upgraded"),
    ("ability 2", "ability"),
    ("2A 3", "3"),
    ("2A ? 1T", "?"),
    ("2A vs 1T vs 1b", "vs"),
])
def test_pool_parse_error_names_the_token(text, token):
    """A pool it cannot read names the token it stopped at."""
    with pytest.raises(RulesError, match=rf"'pool' .*could not read '{__import__('re').escape(token)}'"):
        Pool.parse(text)


@pytest.mark.parametrize("text, fragment", [
    ("2M 2A vs 2T 1b 1B", "got a Boon Die there in '2M 2A vs 2T 1b 1B'; a Bane Die is a lowercase b"),
    ("2A vs 1M", "got a Mastery Die there"),
    ("", "'pool' must be dice such as '2M 2A vs 2T', or 'no dice' (got '')"),
    ("vs", "must list the roller's dice before 'vs'"),
    ("vs 2T", "must list the roller's dice before 'vs'"),
    ("2 ability vs", "must list the dice after 'vs'"),
])
def test_pool_parse_refuses_a_side_it_would_have_to_guess(text, fragment):
    """The roller's dice come before 'vs' and only negative dice after it; an empty pool or side is written
    'no dice', never left blank (a Boon after 'vs' is most likely a mistyped Bane, not a gift to the roller)."""
    with pytest.raises(RulesError, match=__import__("re").escape(fragment)):
        Pool.parse(text)
    assert Pool.parse("no dice vs 2T") == Pool(trial=2) and Pool.parse("2A vs no dice") == Pool(ability=2)


_COUNTS = st.integers(min_value=0, max_value=4)


@given(_COUNTS, _COUNTS, _COUNTS, _COUNTS, _COUNTS, _COUNTS)
def test_pool_parse_reads_back_what_describe_writes(a, m, b, t, h, n):
    """Pool.parse(pool.describe()) is the same pool, for every pool."""
    pool = Pool(ability=a, mastery=m, boon=b, trial=t, hazard=h, bane=n)
    assert Pool.parse(pool.describe()) == pool
