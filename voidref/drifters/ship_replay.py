"""Step-by-step replay of "One Ship Round" (Void Drifters): the Ember Drift against a CM-440 cutter.

The source gives each roll's net result; :func:`ember_drift` turns each into
faces of its pool (:func:`~voidref.drifters.rolled.faces_for`) and feeds it
to :class:`~voidref.drifters.ships.ShipFight`, which checks it and applies
everything that follows (damage, Heat, evasion, the Bane spend). A few inputs
can be changed (Yessica's Agility, the net result of her autocannon shot and
of the cutter's railgun shot); the defaults are the source's example. The
steps are data: :mod:`voidref.present.replays.ember_drift` writes them for
the page.

>>> [s.ships["CM-440 cutter"].hull_damage for s in ember_drift()][-1]
6
>>> ember_drift(gun_successes=0)[3].facts[0]
('Damage', 'none: the shot missed')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction

from voidref.drifters.characters import MAX_CHARACTERISTIC
from voidref.drifters.initiative import Side
from voidref.drifters.rolled import RolledCheck, rolled
from voidref.errors import RulesError, check_int

__all__ = ["ShipState", "ShipStep", "ember_drift"]


@dataclass(frozen=True)
class ShipState:
    """One ship's tracks after a step of a ship replay."""

    hull_damage: int
    hull_points: int
    heat: int
    heat_threshold: int | None
    notes: tuple[str, ...] = ()
    """Effects in play, such as evading or a Bane Die carried to the next attack."""


@dataclass(frozen=True)
class ShipStep:
    """One step of a ship replay: its checks, then each ship's tracks and the band between them."""

    title: str
    checks: tuple[RolledCheck, ...]
    ships: Mapping[str, ShipState]
    band: str
    facts: tuple[tuple[str, str], ...] = ()
    odds: tuple[tuple[str, Fraction], ...] = ()


def ember_drift(*, gunner_agility: int = 4, gun_successes: int = 2, gun_boons: int = 2, rail_successes: int = 1,
                rail_boons: int = -2) -> tuple[ShipStep, ...]:
    """Replay "One Ship Round" with :class:`~voidref.drifters.ships.ShipFight`; one entry per step.

    The source's net results are the inputs; each is turned into faces by
    :func:`~voidref.drifters.rolled.faces_for` and fed to the fight, which
    checks it against the pool and applies everything that follows (damage,
    Heat, evasion, the Bane spend). The keywords change the example:
    Yessica's Agility (1 to 10), and the net Successes and Boons (negative:
    Banes) of her autocannon shot and of the cutter's railgun shot. A result
    the pool cannot give raises :class:`~voidref.drifters.rolled.InputError`
    naming the input.
    """
    check_int("gunner_agility", gunner_agility, low=1, high=MAX_CHARACTERISTIC)
    for name, value in (("gun_successes", gun_successes), ("gun_boons", gun_boons),
                        ("rail_successes", rail_successes), ("rail_boons", rail_boons)):
        check_int(name, value, low=-20, high=20)
    from voidref.drifters.ships import (
        CM_440_CUTTER,
        EMBER_DRIFT,
        BaneSpend,
        ShipFight,
        ShipRange,
        Station,
        Talent,
        attack_odds,
        useful_bypass_boons,
    )
    from voidref.drifters.ships.example import crew

    c = crew()
    c["yessica"] = replace(c["yessica"], agility=gunner_agility)
    fight = ShipFight(band=ShipRange.MEDIUM)
    ember = fight.add_ship(EMBER_DRIFT, Side.PLAYER)
    cutter = fight.add_ship(CM_440_CUTTER, Side.GM)
    fight.declare_station(ember, c["senna"], Station.HELM, talents=(Talent.EVASIVE_INSTINCT,))
    fight.declare_station(ember, c["yessica"], Station.GUNNERY, talents=(Talent.FIRE_CONTROL,))
    fight.declare_station(ember, c["davan"], Station.ENGINEERING, gear_boon_dice=1)
    fight.declare_station(ember, c["rhi"], Station.SENSORS_COMMS)
    fight.declare_captain(ember, c["corin"])
    fight.declare_station(cutter, c["cutter pilot"], Station.HELM)
    fight.declare_station(cutter, c["cutter gunner"], Station.GUNNERY)
    steps: list[ShipStep] = []

    def state(s) -> ShipState:
        notes = []
        if s.evading:
            notes.append("evading: attacks on it add 1 Bane Die")
        if s.next_attack_bane_dice:
            notes.append(f"its next attack adds {s.next_attack_bane_dice} Bane Die")
        if s.weapons_boost_used:
            notes.append("weapons boost used for this encounter")
        if s.left_fight:
            notes.append("has left the fight")
        return ShipState(s.hull_damage, s.profile.hull_points, s.heat, s.profile.heat_threshold, tuple(notes))

    def snapshot(title, checks, *facts, odds=()):
        steps.append(ShipStep(title, tuple(checks), {s.name: state(s) for s in (ember, cutter)},
                              fight.band.value, tuple(facts), tuple(odds)))

    def stated(who, what, pool, successes, boons):  # a roll the replay's inputs do not change
        return rolled(who, what, pool, successes, boons, inputs="(none)")

    # Step 3: initiative, rolled at each Helm.
    ours = stated("Senna", "Initiative for the Ember Drift", fight.initiative_pool(ember), 2, 0)
    theirs = stated("Cutter pilot", "Initiative for the cutter", fight.initiative_pool(cutter), 1, 0)
    ours, theirs = replace(ours, needed=None), replace(theirs, needed=None)
    order = fight.roll_initiative({ember.name: ours.outcome.successes, cutter.name: theirs.outcome.successes})
    first = ours.roll.pool.distribution().combine(theirs.roll.pool.distribution(),
                                                  lambda a, b: a.successes >= b.successes)
    snapshot("Initiative", (ours, theirs), ("Turn order", ", ".join(order)),
             odds=(("the Ember Drift first", first[True]),))

    # Step 4, the Ember Drift: the Helm moves first.
    fight.start_turn(ember)
    helm = stated("Senna", "Evasive Maneuver", fight.check_pool(ember, "Evasive Maneuver"), 2, 1)
    fight.evasive_maneuver(ember, helm.outcome, change_facing=helm.outcome.boons >= 1)
    snapshot("Helm", (helm,), ("Facing", "turned to keep the cutter in the forward arc"))

    # Captain, Sensors and Comms, Engineering.
    fight.direct_focus(ember, c["yessica"])
    lock = stated("Rhi", "Target Lock", fight.check_pool(ember, "Target Lock"), 1, 0)
    fight.target_lock(ember, cutter, lock.outcome)
    boost = stated("Davan", "Boost Power to weapons", fight.check_pool(ember, "Boost Power"), 1, 0)
    fight.boost_power(ember, boost.outcome)
    support = fight.attack(ember, "autocannon", cutter)
    snapshot("Support", (lock, boost), ("Yessica's next shot", support.pool().describe()))

    # Gunnery: the autocannon, Boons spent on the cutter's Armor.
    shot = fight.attack(ember, "autocannon", cutter)
    odds = attack_odds(shot, cutter.standing, boon_use="armor")
    gun = rolled("Yessica", "autocannon at the cutter", shot.pool(), gun_successes, gun_boons, inputs="gun_successes")
    bypass = useful_bypass_boons(shot.weapon, shot.target, gun.outcome.boons) if gun.outcome.boons > 0 else 0
    fired = fight.fire(ember, "autocannon", cutter, gun.outcome, bypass_boons=bypass)
    snapshot("Gunnery", (gun,), ("Damage", _damage(fired)),
             ("Critical Hit", "available" if fired.critical_hit_available else "not available"),
             odds=(("6 or more Hull Damage", odds.hull_damage.prob(lambda d: d >= 6)),))

    # Step 4, the cutter: Hold Position (its railgun cannot fire at Short), then fire back.
    fight.start_turn(cutter)
    fight.hold_position(cutter)
    reply = fight.attack(cutter, "railgun battery", ember)
    back_odds = attack_odds(reply, ember.standing)
    rail = rolled("Cutter gunner", "railgun at the Ember Drift", reply.pool(), rail_successes, rail_boons,
                  inputs="rail_successes")
    banes = -rail.outcome.boons
    spend = (BaneSpend.JAM_WEAPON if banes >= BaneSpend.JAM_WEAPON.banes else
             BaneSpend.NEXT_ATTACK_BANE_DIE if banes >= BaneSpend.NEXT_ATTACK_BANE_DIE.banes else None)
    back = fight.fire(cutter, "railgun battery", ember, rail.outcome, bane_spend=spend)
    snapshot("The cutter's turn", (rail,), ("Damage", _damage(back)),
             ("The GM's Banes", spend.value if spend else "none to spend"), odds=(("a jam", back_odds.jam),))

    # Steps 5 and 6: damage takes hold, Heat dissipates and is compared with the threshold.
    ends = fight.end_round()
    snapshot("End of the round", (), *((f"{e.name} Heat", f"{e.heat_before} to {e.standing.heat}, "
                                               + ("no threshold listed" if e.at_heat_threshold is None else
                                                  "at its Heat Threshold" if e.at_heat_threshold else
                                                  f"under its threshold of {fight.ship(e.name).profile.heat_threshold}")
                                               + ("; destroyed" if e.destroyed else ""))
                                       for e in ends))

    # Round 2, the way out: Break to Long as the Maneuver, Disengage as the Action.
    fight.start_turn(ember)
    fight.break_away(ember)
    leave = fight.check_pool(ember, "Disengage")
    try:  # the turn goes no further, so the refused attempt changes nothing shown
        fight.boost_power(ember, (1, 0))
        again = "allowed"
    except RulesError as refused:
        again = f"refused, {refused}"
    snapshot("Round 2: the way out", (), ("Disengage", leave.describe()), ("A second weapons boost", again),
             odds=(("Disengage succeeds", leave.chance_of_success()),))
    return tuple(steps)


def _damage(shot) -> str:
    """What a ship's shot did to the target's Hull, in words."""
    if shot.hit is None:
        return "none: the shot missed"
    return f"{shot.hit.damage} less Armor {shot.hit.armor}: {shot.hull_damage} Hull Damage"
