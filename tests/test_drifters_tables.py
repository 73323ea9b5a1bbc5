"""The computed tables and charts of the Void Drifters pages agree with the engine."""

import xml.etree.ElementTree as ET
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from voidref.drifters.dice import Difficulty, Pool
from voidref.drifters.injuries import Severity, critical_injury_odds
from voidref.errors import RulesError
from voidref.tables import drifters as tables


def _rows(markdown: str) -> list[list[str]]:
    """The body rows of the first Markdown table in *markdown*."""
    lines = [ln for ln in markdown.splitlines() if ln.startswith("|")]
    out = []
    for ln in lines[2:]:
        if ln.startswith("| ---") or ln.startswith("|---"):
            break
        out.append([c.strip() for c in ln.strip("|").split("|")])
    return out


def _svg(markdown: str) -> ET.Element:
    start, end = markdown.index("<svg"), markdown.index("</svg>") + len("</svg>")
    return ET.fromstring(markdown[start:end])


def test_pct_never_rounds_to_certainty():
    """Tiny and near-certain chances are shown as <0.1% and >99.9%, never 0.0% or 100.0%."""
    assert tables._pct(Fraction(1, 10_000)) == "<0.1%"
    assert tables._pct(1 - Fraction(1, 10_000)) == ">99.9%"
    assert tables._pct(Fraction(0)) == "–"
    assert tables._pct(Fraction(1)) == "100%"


def test_hit_chance_table_matches_pool_odds():
    """Each cell is the engine's chance of at least 1 net Success for that pool and difficulty."""
    rows = _rows(tables.hit_chance_table(max_dice=4))
    row = next(r for r in rows if r[0] == "4 / 2")
    assert row[1] == "2 Mastery + 2 Ability"
    expected = tables._pct(Pool.for_check(4, 2, Difficulty.AVERAGE).chance_of_success())
    assert row[3] == expected


def test_hit_chance_table_has_every_characteristic_skill_pair():
    """Rows cover every (larger, smaller) pair up to max_dice."""
    assert len(_rows(tables.hit_chance_table(max_dice=3))) == 2 + 3 + 4


def test_hit_chance_table_bane_die_lowers_every_cell():
    """Adding a Bane Die never raises a cell (same pools, one more negative die)."""
    plain = _rows(tables.hit_chance_table(max_dice=3))
    worse = _rows(tables.hit_chance_table(max_dice=3, bane_dice=1))
    for a, b in zip(plain, worse):
        for x, y in zip(a[2:], b[2:]):
            assert float(y.rstrip("%")) <= float(x.rstrip("%"))


def test_attack_hit_table_docking_bay_short_is_easy():
    """Docking Bay: a shot at Short is Easy, so the Short column equals 1 Trial Die odds."""
    rows = _rows(tables.attack_hit_table(max_dice=4))
    senna = next(r for r in rows if r[0] == "4 / 0")
    assert senna[3] == tables._pct(Pool(ability=4, trial=1).chance_of_success())


def test_attack_hit_table_engaged_adds_a_bane_die():
    """A ranged shot at Engaged is Easy plus 1 Bane Die (ruling ENGAGED_RANGED_BANE_DICE)."""
    rows = _rows(tables.attack_hit_table(max_dice=3))
    agent = next(r for r in rows if r[0] == "3 / 2")
    assert agent[2] == tables._pct(Pool(mastery=2, ability=1, trial=1, bane=1).chance_of_success())


def test_attack_hit_table_light_cover_adds_a_bane_die():
    """Light cover adds 1 Bane Die: Agent A's round-1 shot at Senna."""
    rows = _rows(tables.attack_hit_table(max_dice=3, cover="light"))
    agent = next(r for r in rows if r[0] == "3 / 2")
    assert agent[3] == tables._pct(Pool.parse("2M 1A vs 1T 1b").chance_of_success())


def test_attack_hit_table_lists_negative_dice_per_band():
    """The table says which negative dice each band column stands for."""
    text = tables.attack_hit_table(max_dice=1, cover="heavy")
    assert "| Short | 1 Trial + 2 Bane |" in text
    assert "| Engaged | 1 Trial + 3 Bane |" in text


def test_critical_injury_table_rows_sum_to_one():
    """Every row's band chances are the engine's and sum to 100%."""
    rows = _rows(tables.critical_injury_table(max_held=3))
    assert [r[1] for r in rows] == ["+0", "+10", "+20", "+30"]
    for held in range(4):
        odds = critical_injury_odds(held)
        assert sum(odds[s] for s in Severity) == 1


def test_critical_injury_table_no_mortal_without_held_injuries():
    """With no injury held, d100 never reaches Mortal (101+)."""
    rows = _rows(tables.critical_injury_table(max_held=0))
    assert rows[0][-1] == "–"


def test_several_injuries_second_rolls_ten_higher():
    """Several injuries from one attack: the 2nd gets +10, the 3rd +20 (held 0)."""
    rows = _rows(tables.several_injuries_table(held=0, count=3))
    assert [r[1] for r in rows] == ["+0", "+10", "+20"]


def test_resistance_table_half_might_rounded_up_plus_armor():
    """Resistance is half Might rounded up plus armor: Senna (Might 2, +1) has 2."""
    rows = _rows(tables.resistance_table(max_might=3))
    assert rows[1] == ["2", "1", "2", "3", "4"]
    assert rows[2][1] == "2"


def test_movement_table_standard_costs():
    """1 Maneuver per band up to Medium, 2 per band beyond."""
    rows = _rows(tables.movement_table())
    engaged = rows[0]
    assert engaged[1:] == ["–", "1", "2", "4", "6"]


def test_movement_table_microgravity_push_off():
    """Microgravity adds one push-off Maneuver per move; anchored characters do not pay it."""
    assert _rows(tables.movement_table(gravity="micro"))[0][2] == "2"
    assert _rows(tables.movement_table(gravity="micro", anchored=True))[0][2] == "1"


def test_thrown_range_table_gravity_shifts():
    """Thrown weapons reach one band farther in microgravity and two shorter in High gravity."""
    rows = {r[0]: r for r in _rows(tables.thrown_range_table())}
    assert rows["Short"][1] == "Medium"
    assert rows["Long"][5] == "Short"
    assert rows["Short"][3] == "Short"


def test_net_successes_chart_is_self_contained_svg():
    """The chart is well-formed SVG with a title, no script and no outside link."""
    text = tables.net_successes_chart(pool="2M 1A vs 1T 1b")
    assert text.startswith("```{raw} html\n")
    svg = _svg(text)
    ns = "{http://www.w3.org/2000/svg}"
    assert svg.find(f"{ns}title") is not None
    assert svg.get("role") == "img"
    body = text.replace('xmlns="http://www.w3.org/2000/svg"', "")
    assert "http" not in body and "<script" not in body and "href" not in body


def test_net_successes_chart_caption_uses_engine_odds():
    """The caption's pass chance is the pool's chance of success."""
    pool = Pool.parse("4A vs 1T")
    text = tables.net_successes_chart(pool="4A vs 1T")
    assert f"passes {tables._pct(pool.chance_of_success())}" in text


def test_attack_wounds_chart_docking_bay_agent_a():
    """Agent A at Senna in light cover: Wounds are 0 (miss) or 4 upward, never 1 to 3."""
    text = tables.attack_wounds_chart(agility=3, ranged=2, damage=6, crit=3, resistance=2,
                                      band="short", cover="light", wound_points=12)
    desc = _svg(text).findtext("{http://www.w3.org/2000/svg}desc") or ""
    pairs = [part.split(": ") for part in desc.split("chance of each: ")[1].split("; ")]
    values = [int(v) for v, chance in pairs if chance != "0%"]
    assert values[0] == 0 and min(v for v in values if v) == 4


def test_chart_ids_never_clash_between_charts():
    """Charts carry no element ids (title and desc name the image), so two on one page cannot clash."""
    for pool in ("2A vs 1T", "2M vs 1T"):
        assert " id=" not in tables.net_successes_chart(pool=pool)


@pytest.mark.parametrize("call", [
    lambda: tables.hit_chance_table(max_dice=0),
    lambda: tables.hit_chance_table(max_dice=99),
    lambda: tables.hit_chance_table(bane_dice=-1),
    lambda: tables.attack_hit_table(cover="thick"),
    lambda: tables.critical_injury_table(max_held=-1),
    lambda: tables.several_injuries_table(count=0),
    lambda: tables.resistance_table(max_might="3"),
    lambda: tables.movement_table(gravity="moon"),
    lambda: tables.net_successes_chart(pool="3 q"),
    lambda: tables.net_successes_chart(pool=""),
    lambda: tables.attack_wounds_chart(band="orbit"),
    lambda: tables.attack_wounds_chart(wounds_taken=12, wound_points=12),
])
def test_bad_arguments_raise_rules_error(call):
    """Every table refuses impossible arguments with a RulesError, not a traceback from inside."""
    with pytest.raises(RulesError):
        call()


@settings(max_examples=25, deadline=None)
@given(max_held=st.integers(min_value=0, max_value=8))
def test_critical_injury_rows_are_percentages(max_held):
    """Every row of the Critical Injury table has one bonus and five band cells."""
    rows = _rows(tables.critical_injury_table(max_held=max_held))
    assert len(rows) == max_held + 1
    assert all(len(r) == 7 for r in rows)


@settings(max_examples=25, deadline=None)
@given(value=st.one_of(st.integers(max_value=-1), st.integers(min_value=21), st.text(), st.none()))
def test_critical_injury_table_bad_input_always_rules_error(value):
    """Any out-of-range or non-integer max_held gives a RulesError."""
    with pytest.raises(RulesError):
        tables.critical_injury_table(max_held=value)


def test_attack_difficulty_table_follows_the_rulings():
    """Engaged ranged is Easy + 1 Bane Die, Short Easy, Medium Average; melee is Average at Engaged."""
    rows = {r[0]: r for r in _rows(tables.attack_difficulty_table())}
    assert rows["Engaged"][1] == "Easy (1 Trial) + 1 Bane Die"
    assert rows["Engaged"][2] == "Average (2 Trial)"
    assert rows["Short"][1] == "Easy (1 Trial)"
    assert rows["Medium"][1] == "Average (2 Trial)"
    assert rows["Short"][2] == "out of reach"


def test_ship_difficulty_table_medium_is_average():
    """Ship round example: an attack at Medium is Average; Extra Long sits between Long and Extreme."""
    rows = _rows(tables.ship_difficulty_table())
    assert [r[0] for r in rows] == ["Engaged", "Short", "Medium", "Long", "Extra Long", "Extreme"]
    assert rows[2][1:] == ["Average", "2"]


def test_station_actions_table_lists_the_example_actions():
    """Every station action of the ship round example appears, with its cost."""
    text = tables.station_actions_table()
    for name in ("Direct Focus", "Evasive Maneuver", "Target Lock", "Boost Power", "Aimed Fire",
                 "Hold Position", "Advance", "Break", "Disengage"):
        assert f"**{name}**" in text
    row = next(r for r in _rows(text) if r[1] == "**Hold Position**")
    assert row[2] == "Maneuver"


def test_gravity_table_microgravity_and_anchoring():
    """Microgravity: 2 Bane Dice on melee and +1 Maneuver per move, both waived when anchored."""
    rows = {r[0]: r for r in _rows(tables.gravity_table())}
    assert rows["Micro"][1] == "2 (0 if anchored)"
    assert rows["Micro"][2] == "+1 (+0 if anchored)"
    assert rows["Micro"][4] == "+1 band"


def test_gravity_table_ranged_attacks_never_penalised():
    """Ranged attacks take no gravity penalty in any band."""
    assert all(r[3] == "0" for r in _rows(tables.gravity_table()))


def test_crit_chance_table_breakthrough_alone():
    """1 Mastery vs Easy: with Crit 2 or more only a Breakthrough that survives the Trial Die buys one."""
    rows = _rows(tables.crit_chance_table(max_dice=1))
    mastery = next(r for r in rows if r[0] == "1 / 1")
    expected = Pool(mastery=1, trial=1).distribution().prob(
        lambda o: o.successes >= 1 and o.breakthroughs >= 1)
    assert mastery[3] == tables._pct(expected)


def test_crit_chance_never_above_hit_chance():
    """A Critical Injury needs a hit, so its chance never exceeds the chance to hit."""
    crit = _rows(tables.crit_chance_table(max_dice=3))
    hit = _rows(tables.hit_chance_table(max_dice=3))
    for c, h in zip(crit, hit):
        for cell in c[2:]:
            value = 0.0 if cell == "–" else float(cell.strip("<>%"))
            assert value <= float(h[2].rstrip("%"))
