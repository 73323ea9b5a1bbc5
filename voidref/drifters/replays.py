"""Step-by-step replays of the Void Drifters worked examples, run with the engine.

Each replay plays a worked example of the combat chapter from its dice: the
faces each die showed (as the source gives them, or, where the source gives
only the net result, one set of faces that nets to it, found by
:func:`faces_for`). Every later number is taken from those rolls by the
engine: damage from the net Successes, Strain from the Banes, conditions from
the Boons. Each roll is checked against its pool (:func:`check_roll`), so a
result the pool cannot produce is refused.

The pages render each step at build time with the ``{computed}`` directive
(:func:`docking_bay_step`, :func:`ember_drift_step`), so the replay reads with
no JavaScript.

>>> steps = docking_bay()
>>> [s.tracks["Agent A"][0].wounds for s in steps][-1]
10
>>> faces_text(Face.parse("SB")), faces_text(Face.parse("-")), faces_text(Face.parse("Fb"))
('Success+Boon', 'blank', 'Failure+Bane')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction

from voidref.drifters.attack import Attack, Cover
from voidref.drifters.characters import Character, Kind, RangeBand, Skill, Weapon
from voidref.drifters.conditions import Condition, Conditions
from voidref.drifters.dice import CheckOutcome, Die, Difficulty, Face, Pool, Roll
from voidref.drifters.health import Health
from voidref.drifters.initiative import Entry, Side, initiative_pool, slot_order, turn_order
from voidref.drifters.movement import maneuvers_to_move
from voidref.drifters.rulings import COMBAT_BANE_SPENDS, COMBAT_BOON_SPENDS
from voidref.drifters.turn import plan_turn
from voidref.errors import RulesError, check_int
from voidref.present import percent

__all__ = [
    "RolledCheck", "Step", "check_roll", "faces_for", "faces_text", "wounds_to_incapacitate",
    "render_step", "docking_bay_cast", "docking_bay", "docking_bay_step",
    "ShipState", "ShipStep", "ember_drift", "render_ship_step", "ember_drift_step",
]


# -- rolls ---------------------------------------------------------------------------------------------

def faces_text(face: Face) -> str:
    """A face in the rules' words: ``'Success+Boon'``, ``'Breakthrough'``, ``'blank'``."""
    if face.breakthroughs:
        return "Breakthrough"
    if face.calamities:
        return "Calamity"
    parts = ["Success"] * face.successes + ["Failure"] * -face.successes
    parts += ["Boon"] * face.boons + ["Bane"] * -face.boons
    return "+".join(parts) or "blank"


def check_roll(roll: Roll) -> CheckOutcome:
    """The roll's outcome, after checking that its dice are the pool's and each face is on its die.

    >>> check_roll(Roll(Pool(ability=1), ((Die.ABILITY, Face.parse("SS")),)))
    CheckOutcome(successes=2, boons=0, breakthroughs=0, calamities=0)
    >>> check_roll(Roll(Pool(ability=1), ((Die.TRIAL, Face.parse("F")),)))
    Traceback (most recent call last):
    ...
    voidref.errors.RulesError: 'faces' must be one face for each die of 1 Ability vs no dice (got Trial)
    """
    dice = Counter(d for d, _ in roll.faces)
    if dice != Counter(roll.pool.dice()):
        got = ", ".join(d.label for d, _ in roll.faces) or "no dice"
        raise RulesError(f"'faces' must be one face for each die of {roll.pool.describe()} (got {got})")
    for die, face in roll.faces:
        if face not in die.faces:
            raise RulesError(f"'faces' {faces_text(face)} is not a face of the {die.label} Die")
    return roll.outcome


def faces_for(pool: Pool, successes: int, boons: int) -> Roll:
    """One roll of *pool* that nets *successes* and *boons*; a RulesError if none can.

    The search tries plain faces first, so the roll shown is a simple one
    among those that give the result.

    >>> [faces_text(f) for _, f in faces_for(Pool(ability=2, trial=1), 1, 0).faces]
    ['blank', 'Success', 'blank']
    >>> faces_for(Pool(ability=1), 3, 0)
    Traceback (most recent call last):
    ...
    voidref.errors.RulesError: 'successes' and 'boons' (3, 0) cannot come from the pool 1 Ability vs no dice
    """
    check_int("successes", successes, low=-50, high=50)
    check_int("boons", boons, low=-50, high=50)
    dice = pool.dice()
    options = [sorted(set(d.faces), key=lambda f: (abs(f.successes) + abs(f.boons), d.faces.index(f)))
               for d in dice]
    # the most and least each remaining die can add, to prune the search
    hi_s = [0] * (len(dice) + 1)
    lo_s, hi_b, lo_b = hi_s[:], hi_s[:], hi_s[:]
    for i in range(len(dice) - 1, -1, -1):
        hi_s[i] = hi_s[i + 1] + max(f.successes for f in options[i])
        lo_s[i] = lo_s[i + 1] + min(f.successes for f in options[i])
        hi_b[i] = hi_b[i + 1] + max(f.boons for f in options[i])
        lo_b[i] = lo_b[i + 1] + min(f.boons for f in options[i])

    def search(i: int, s: int, b: int) -> list[Face] | None:
        if not (lo_s[i] <= successes - s <= hi_s[i] and lo_b[i] <= boons - b <= hi_b[i]):
            return None
        if i == len(dice):
            return []
        for f in options[i]:
            rest = search(i + 1, s + f.successes, b + f.boons)
            if rest is not None:
                return [f, *rest]
        return None

    found = search(0, 0, 0)
    if found is None:
        raise RulesError(f"'successes' and 'boons' {(successes, boons)} cannot come from the pool {pool.describe()}")
    return Roll(pool, tuple(zip(dice, found)))


def wounds_to_incapacitate(health: Health) -> int:
    """The fewest more Wounds that take the combatant out, by the engine's own test.

    >>> wounds_to_incapacitate(Health(12, 12, wounds=8))
    4
    """
    n = 0
    while not health.suffer_wounds(n).incapacitated:
        n += 1
    return n


@dataclass(frozen=True)
class RolledCheck:
    """One check in a replay: who rolled, for what, the faces, and the net Successes it needed."""

    who: str
    what: str
    roll: Roll
    stated_faces: bool = False
    """True when the source names the faces; False when it gives only the net result."""
    needed: int | None = 1
    """Net Successes the check needed (``None``: any result counts, as for Initiative)."""

    @property
    def outcome(self) -> CheckOutcome:
        """The checked outcome (see :func:`check_roll`)."""
        return check_roll(self.roll)

    def chance_needed(self) -> Fraction | None:
        """The chance, before the roll, of the net Successes the check needed."""
        if self.needed is None:
            return None
        return self.roll.pool.distribution().prob(lambda o: o.successes >= self.needed)

    def chance_as_good(self) -> Fraction:
        """The chance of at least the net Successes rolled (at most, for a miss)."""
        got = self.outcome.successes
        if self.needed is not None and got < self.needed:
            return self.roll.pool.distribution().prob(lambda o: o.successes <= got)
        return self.roll.pool.distribution().prob(lambda o: o.successes >= got)


@dataclass(frozen=True)
class Step:
    """One step of a replay: its checks, and the state after it, as the engine left it."""

    title: str
    checks: tuple[RolledCheck, ...] = ()
    tracks: Mapping[str, tuple[Health, Conditions]] = field(default_factory=dict)
    facts: tuple[tuple[str, str], ...] = ()
    """Other state after the step, as (label, value) pairs: turn order, ranges, cover."""
    odds: tuple[tuple[str, Fraction], ...] = ()
    """Other chances worth knowing before the step, as (what, chance) pairs."""
    heading: str = "After"
    """The heading of the tracks' column of names."""


# -- the Docking Bay fight -----------------------------------------------------------------------------

def docking_bay_cast() -> tuple[dict[str, Character], Weapon]:
    """Senna, Davan and the two agents as the source gives them, and their sidearm."""
    cast = {
        "Senna": Character("Senna Vael", might=2, agility=4, savvy=2, willpower=2, skills={Skill.PERCEPTION: 2},
                           armor_resistance=1),
        "Davan": Character("Davan Kel", might=2, intellect=4, willpower=2,
                           skills={Skill.CRAFT: 2, Skill.ELECTRONICS: 2}),
        "Agent A": _agent("Agent A"),
        "Agent B": _agent("Agent B"),
    }
    return cast, Weapon("Standard sidearm", damage=6, crit=3, range=RangeBand.MEDIUM)


def _agent(name: str) -> Character:
    """One of the Docking Bay's two bounty agents (the source gives both the same profile)."""
    return Character(name, agility=3, skills={Skill.RANGED: 2}, kind=Kind.ELITE, stated_wound_points=12,
                     stated_resistance=2)


def _strain_for_banes(outcome: CheckOutcome) -> int:
    """Strain the attacker suffers when the GM spends every Bane on the Docking Bay's one Bane spend."""
    return max(0, -outcome.boons) // COMBAT_BANE_SPENDS["the attacker suffers 1 Strain"]


def docking_bay() -> tuple[Step, ...]:
    """Replay the Docking Bay fight; return each step with the state the engine reaches.

    The source's net results are the inputs (and the faces of Senna's first
    shot, which it spells out); damage, Strain, conditions, ranges and the
    slot order all come from the engine.
    """
    cast, sidearm = docking_bay_cast()
    senna, davan, agent_a, agent_b = cast.values()
    health = {name: Health.of(c) for name, c in cast.items()}
    conds = {name: Conditions() for name in cast}
    band = {("Senna", "Agent A"): RangeBand.SHORT, ("Davan", "Agent B"): RangeBand.SHORT}
    cover = {"Senna": Cover.NONE, "Davan": Cover.NONE}
    steps: list[Step] = []

    def snapshot(title, checks, *facts, odds=(), heading="After"):
        where = "; ".join(f"{a} and {b} at {band[(a, b)].name.capitalize()}" for a, b in band)
        covered = "; ".join(f"{who} {c.name.lower()}" for who, c in cover.items() if c is not Cover.NONE) or "nobody"
        steps.append(Step(title, tuple(checks), {n: (health[n], conds[n]) for n in cast},
                          (*facts, ("Range", where), ("Cover", covered)), tuple(odds), heading))

    def hit(attack: Attack, outcome: CheckOutcome, target: str) -> None:
        if outcome.successes >= 1:
            dmg = attack.damage(outcome.successes)
            health[target] = health[target].suffer_wounds(dmg.wounds).suffer_strain(dmg.strain)

    # Initiative: Senna watched the exit (Savvy + Perception); Davan is caught out (Willpower + Readiness).
    s_init = RolledCheck("Senna", "Initiative", faces_for(initiative_pool(senna), 2, 0), needed=None)
    d_init = RolledCheck("Davan", "Initiative (caught out)", faces_for(initiative_pool(davan, surprised=True), 1, 0),
                         needed=None)
    entries = [Entry("Senna", Side.PLAYER, s_init.outcome.successes), Entry("Agent A", Side.GM, 1),
               Entry("Davan", Side.PLAYER, d_init.outcome.successes), Entry("Agent B", Side.GM, 0)]
    order = turn_order(entries)
    slots = ", ".join("GM" if side is Side.GM else "player" for side in slot_order(entries))
    snapshot("Initiative", (s_init, d_init), ("Slots", slots), ("Turn order", ", ".join(order)))

    # Round 1, Senna: Take Cover behind the loader, then shoot Agent A. The source names these faces.
    cover["Senna"] = Cover.LIGHT
    shot = Attack(senna, sidearm, agent_a, band=RangeBand.SHORT)
    faces = tuple((Die.ABILITY, Face.parse(f)) for f in ("SS", "S", "B", "-")) + ((Die.TRIAL, Face.parse("F")),)
    s1 = RolledCheck("Senna", "shot at Agent A", Roll(shot.pool(), faces), stated_faces=True)
    hit(shot, s1.outcome, "Agent A")
    davan_boon_dice = s1.outcome.boons // COMBAT_BOON_SPENDS["add 1 Boon Die to an ally's next check"]
    snapshot("Round 1: Senna", (s1,), ("Davan's next check", f"+{davan_boon_dice} Boon Die"),
             odds=(("a Critical Injury possible", shot.odds().critical_injury),))

    # Davan: move to the shutter controls (same band), Craft check with Senna's Boon Die.
    craft = Pool.for_check(davan.intellect, davan.skill(Skill.CRAFT), Difficulty.AVERAGE, boon_dice=davan_boon_dice)
    d1 = RolledCheck("Davan", "Craft: drop the shutter", faces_for(craft, 1, -1))
    cover["Davan"] = Cover.HEAVY if d1.outcome.success else Cover.NONE
    snapshot("Round 1: Davan", (d1,), ("Alarm", "tripped" if d1.outcome.boons < 0 else "quiet"))

    # Agent A shoots Senna in light cover; the GM turns the Bane into Strain, which an Elite takes as Wounds.
    a_shot = Attack(agent_a, sidearm, senna, band=RangeBand.SHORT, cover=cover["Senna"])
    a1 = RolledCheck("Agent A", "shot at Senna", faces_for(a_shot.pool(), 1, -1))
    hit(a_shot, a1.outcome, "Senna")
    health["Agent A"] = health["Agent A"].suffer_strain(_strain_for_banes(a1.outcome))
    snapshot("Round 1: Agent A", (a1,))

    # Agent B goes around the shutter: Short to Engaged with Davan, where the shutter does not cover him.
    moves = maneuvers_to_move(RangeBand.SHORT, RangeBand.ENGAGED)
    band[("Davan", "Agent B")] = RangeBand.ENGAGED
    b_shot = Attack(agent_b, sidearm, davan, band=RangeBand.ENGAGED)
    b1 = RolledCheck("Agent B", "shot at Davan", faces_for(b_shot.pool(), 1, 0))
    hit(b_shot, b1.outcome, "Davan")
    snapshot("Round 1: Agent B", (b1,), ("Agent B's Maneuvers to close", str(moves)))

    # Round 2, Senna: the same shot; 2 Boons buy Disoriented on Agent A.
    before = health["Agent A"]
    s2 = RolledCheck("Senna", "shot at Agent A", faces_for(shot.pool(), 1, 2))
    hit(shot, s2.outcome, "Agent A")
    if s2.outcome.boons >= COMBAT_BOON_SPENDS["inflict Disoriented on the target"]:
        conds["Agent A"] = conds["Agent A"].apply(Condition.DISORIENTED)
    left = wounds_to_incapacitate(health["Agent A"])
    snapshot("Round 2: Senna", (s2,), ("Agent A is out after", f"{left} more Wounds"),
             odds=(("Agent A taken out by this shot", shot.odds(before).incapacitated),))

    # Davan: back to Short (first Maneuver), Take Cover as a second Maneuver for Strain, then the comm panel.
    back = maneuvers_to_move(RangeBand.ENGAGED, RangeBand.SHORT)
    band[("Davan", "Agent B")] = RangeBand.SHORT
    plan = plan_turn(maneuvers=1 + back, keep_action=True)
    health["Davan"] = health["Davan"].suffer_strain(plan.strain)
    cover["Davan"] = Cover.HEAVY
    comms = Pool.for_check(davan.intellect, davan.skill(Skill.ELECTRONICS), Difficulty.AVERAGE)
    d2 = RolledCheck("Davan", "Electronics: call station security", faces_for(comms, 2, 0))
    snapshot("Round 2: Davan", (d2,), ("Davan's Maneuvers", f"{plan.maneuvers}, Action kept for {plan.strain} Strain"))

    # Agent A, Disoriented, shoots Senna; Disoriented ends with his turn.
    a2_shot = Attack(agent_a, sidearm, senna, band=RangeBand.SHORT, cover=cover["Senna"], conditions=conds["Agent A"])
    a2 = RolledCheck("Agent A", "shot at Senna (Disoriented)", faces_for(a2_shot.pool(), 1, 0))
    hit(a2_shot, a2.outcome, "Senna")
    conds["Agent A"] = conds["Agent A"].end_turn()
    left = wounds_to_incapacitate(health["Senna"])
    snapshot("Round 2: Agent A", (a2,), ("Senna is out after", f"{left} more Wounds"))

    # Agent B fires at Davan behind the shutter's heavy cover: no net Success.
    b2_shot = Attack(agent_b, sidearm, davan, band=band[("Davan", "Agent B")], cover=cover["Davan"])
    b2 = RolledCheck("Agent B", "shot at Davan (heavy cover)", faces_for(b2_shot.pool(), 0, 0))
    hit(b2_shot, b2.outcome, "Davan")
    snapshot("Round 2: Agent B", (b2,))

    # Ending the encounter now: Davan's Strain drops by his Willpower.
    health["Davan"] = health["Davan"].end_of_encounter(willpower=davan.willpower)
    snapshot("If the fight ends now", (), ("Davan recovers", f"{davan.willpower} Strain (his Willpower)"),
             heading="If it ends now")
    return tuple(steps)


# -- rendering -----------------------------------------------------------------------------------------

_SHOWN_ORDER = (Die.MASTERY, Die.ABILITY, Die.BOON, Die.HAZARD, Die.TRIAL, Die.BANE)

def _roll_lines(check: RolledCheck, extra_odds: tuple[tuple[str, Fraction], ...] = ()) -> list[str]:
    by_die: dict[Die, list[str]] = {d: [] for d in _SHOWN_ORDER}
    for die, face in check.roll.faces:
        by_die[die].append(faces_text(face))
    shown = " · ".join(f"{die.label} {'Die' if len(names) == 1 else 'Dice'}: {', '.join(names)}"
                       for die, names in by_die.items() if names) or "no dice"
    o = check.outcome
    net = f"{o.successes} Success{'es' if abs(o.successes) != 1 else ''}"
    if o.boons:
        net += f", {abs(o.boons)} {'Boon' if o.boons > 0 else 'Bane'}{'s' if abs(o.boons) != 1 else ''}"
    source = "as the source gives them" if check.stated_faces else "one way to roll the source's result"
    chance_needed = check.chance_needed()
    if check.needed is None or chance_needed is None:  # the chance is None exactly when nothing is needed
        odds = [f"{o.successes} or more, {percent(check.chance_as_good())}"]
    else:
        odds = [f"{check.needed} net Success needed, {percent(chance_needed)}"]
        if o.successes > check.needed:
            odds.append(f"{o.successes} or more, {percent(check.chance_as_good())}")
        elif o.successes < check.needed:
            odds.append(f"a miss, {percent(check.chance_as_good())}")
    odds += [f"{what}, {percent(chance)}" for what, chance in extra_odds]
    return [f"**{check.who}: {check.what}** ({check.roll.pool.describe()})", "",
            f"- Dice ({source}): {shown}",
            f"- Net: {net}",
            f"- Odds before the roll: {'; '.join(odds)}", ""]


def _track(h: Health) -> tuple[str, str]:
    wounds = f"{h.wounds}/{h.wound_points}" + (" out" if h.incapacitated_by_wounds else "")
    strain = "–" if h.strain_points is None else f"{h.strain}/{h.strain_points}"
    return wounds, strain


def render_step(step: Step, before: Step | None = None) -> str:
    """A step as Markdown: each roll with its odds, then the state after it (changes since *before* in bold)."""
    out: list[str] = []
    for k, check in enumerate(step.checks):
        out += _roll_lines(check, step.odds if k == len(step.checks) - 1 else ())
    if not step.checks:
        out += [f"- {what}: {percent(chance)}" for what, chance in step.odds]
    if step.tracks:
        out += [f"| {step.heading} | Wounds | Strain |", "| --- | --- | --- |"]
        for name, (h, _) in step.tracks.items():
            cells = list(_track(h))
            if before is not None:
                old = _track(before.tracks[name][0])
                cells = [f"**{c}**" if c != o else c for c, o in zip(cells, old)]
            out.append(f"| {name} | {' | '.join(cells)} |")
        conditions = [f"{name} {', '.join(c.value.capitalize() for c, _ in conds.remaining)}"
                      for name, (_, conds) in step.tracks.items() if conds.remaining]
        out += ["", f"- Conditions: {'; '.join(conditions) or 'none'}"]
    out += [f"- {label}: {value}" for label, value in step.facts]
    return "\n".join(out) + "\n"


def docking_bay_step(step: int) -> str:
    """Markdown for step *step* (0 is Initiative) of the Docking Bay replay, for the ``{computed}`` directive."""
    steps = docking_bay()
    check_int("step", step, low=0, high=len(steps) - 1)
    return render_step(steps[step], steps[step - 1] if step else None)


# -- One Ship Round: the Ember Drift against a CM-440 cutter ------------------------------------------

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


def ember_drift() -> tuple[ShipStep, ...]:
    """Replay "One Ship Round" with :class:`~voidref.drifters.ships.ShipFight`; one entry per step.

    The source's net results are the inputs; each is turned into faces by
    :func:`faces_for` and fed to the fight, which checks it against the pool
    and applies everything that follows (damage, Heat, evasion, the Bane spend).
    """
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

    def rolled(who, what, pool, successes, boons):
        return RolledCheck(who, what, faces_for(pool, successes, boons))

    # Step 3: initiative, rolled at each Helm.
    ours = rolled("Senna", "Initiative for the Ember Drift", fight.initiative_pool(ember), 2, 0)
    theirs = rolled("Cutter pilot", "Initiative for the cutter", fight.initiative_pool(cutter), 1, 0)
    ours, theirs = replace(ours, needed=None), replace(theirs, needed=None)
    order = fight.roll_initiative({ember.name: ours.outcome.successes, cutter.name: theirs.outcome.successes})
    first = ours.roll.pool.distribution().combine(theirs.roll.pool.distribution(),
                                                  lambda a, b: a.successes >= b.successes)
    snapshot("Initiative", (ours, theirs), ("Turn order", ", ".join(order)),
             odds=(("the Ember Drift first", first[True]),))

    # Step 4, the Ember Drift: the Helm moves first.
    fight.start_turn(ember)
    helm = rolled("Senna", "Evasive Maneuver", fight.check_pool(ember, "Evasive Maneuver"), 2, 1)
    fight.evasive_maneuver(ember, helm.outcome, change_facing=helm.outcome.boons >= 1)
    snapshot("Helm", (helm,), ("Facing", "turned to keep the cutter in the forward arc"))

    # Captain, Sensors and Comms, Engineering.
    fight.direct_focus(ember, c["yessica"])
    lock = rolled("Rhi", "Target Lock", fight.check_pool(ember, "Target Lock"), 1, 0)
    fight.target_lock(ember, cutter, lock.outcome)
    boost = rolled("Davan", "Boost Power to weapons", fight.check_pool(ember, "Boost Power"), 1, 0)
    fight.boost_power(ember, boost.outcome)
    support = fight.attack(ember, "autocannon", cutter)
    snapshot("Support", (lock, boost), ("Yessica's next shot", support.pool().describe()))

    # Gunnery: the autocannon, Boons spent on the cutter's Armor.
    shot = fight.attack(ember, "autocannon", cutter)
    odds = attack_odds(shot, cutter.standing, boon_use="armor")
    gun = rolled("Yessica", "autocannon at the cutter", shot.pool(), 2, 2)
    bypass = useful_bypass_boons(shot.weapon, shot.target, gun.outcome.boons) if gun.outcome.boons > 0 else 0
    fired = fight.fire(ember, "autocannon", cutter, gun.outcome, bypass_boons=bypass)
    if fired.hit is None:
        raise RulesError(f"'gun' must be a hit in the source's Gunnery step (got {gun.outcome.successes} Successes)")
    snapshot("Gunnery", (gun,), ("Damage", f"{fired.hit.damage} less Armor {fired.hit.armor}: "
                                           f"{fired.hull_damage} Hull Damage"),
             ("Critical Hit", "available" if fired.critical_hit_available else "not available"),
             odds=(("6 or more Hull Damage", odds.hull_damage.prob(lambda d: d >= 6)),))

    # Step 4, the cutter: Hold Position (its railgun cannot fire at Short), then fire back.
    fight.start_turn(cutter)
    fight.hold_position(cutter)
    reply = fight.attack(cutter, "railgun battery", ember)
    back_odds = attack_odds(reply, ember.standing)
    rail = rolled("Cutter gunner", "railgun at the Ember Drift", reply.pool(), 1, -2)
    jam = -rail.outcome.boons >= BaneSpend.JAM_WEAPON.banes
    spend = BaneSpend.JAM_WEAPON if jam else BaneSpend.NEXT_ATTACK_BANE_DIE
    back = fight.fire(cutter, "railgun battery", ember, rail.outcome, bane_spend=spend)
    if back.hit is None:
        raise RulesError(f"'rail' must be a hit in the source's cutter turn (got {rail.outcome.successes} Successes)")
    snapshot("The cutter's turn", (rail,), ("Damage", f"{back.hit.damage} less Armor {back.hit.armor}: "
                                                      f"{back.hull_damage} Hull Damage"),
             ("The GM's Banes", spend.value), odds=(("a jam", back_odds.jam),))

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


def render_ship_step(step: ShipStep, before: ShipStep | None = None) -> str:
    """A ship step as Markdown: each roll with its odds, then each ship's Hull and Heat (changes in bold)."""
    out: list[str] = []
    for k, check in enumerate(step.checks):
        out += _roll_lines(check, step.odds if k == len(step.checks) - 1 else ())
    if not step.checks:
        out += [f"- Odds: {what}, {percent(chance)}" for what, chance in step.odds]
        out.append("")
    def cells(s: ShipState) -> list[str]:
        return [f"{s.hull_damage}/{s.hull_points}", f"{s.heat}/{'–' if s.heat_threshold is None else s.heat_threshold}"]

    out += ["| After | Hull Damage | Heat/Threshold |", "| --- | --- | --- |"]
    for name, s in step.ships.items():
        now = cells(s)
        if before is not None:
            now = [f"**{c}**" if c != o else c for c, o in zip(now, cells(before.ships[name]))]
        out.append(f"| {name} | {' | '.join(now)} |")
    out += ["", f"- Range: {step.band.capitalize()}"]
    out += [f"- {name}: {'; '.join(s.notes)}" for name, s in step.ships.items() if s.notes]
    out += [f"- {label}: {value}" for label, value in step.facts]
    return "\n".join(out) + "\n"


def ember_drift_step(step: int) -> str:
    """Markdown for step *step* (0 is Initiative) of the One Ship Round replay, for ``{computed}``."""
    steps = ember_drift()
    check_int("step", step, low=0, high=len(steps) - 1)
    return render_ship_step(steps[step], steps[step - 1] if step else None)
