"""An engagement played step by step from the table's throws.

Source: "Ship Engagements", section "Procedure" (opening throw; each round a
Gunnery phase then a Maneuver phase), with goals and damage as in
:mod:`voidref.upper_hand.goals` and :mod:`voidref.upper_hand.damage`.

:class:`EngagementState` is the frozen picture between steps (the two ships,
their goals, who holds the Upper Hand). :class:`Engagement` is the one mutable
object: it tracks a fight as it goes, checks that the steps come in the
order the procedure gives, and keeps a log.

Every step takes the throws' own Impacts (the rank limits are applied here)
and the d6 rolls for hit locations and crew results, so any dice, physical or
simulated, can drive it.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass, replace

from voidref.errors import RulesError, check_bool, check_enum, check_int, describe
from voidref.upper_hand.damage import DamageReport, default_choice, resolve_damage
from voidref.upper_hand.goals import Ending, Goal, LeapResult, Outcome, check_goal, check_leapers, leap, requirement_met
from voidref.upper_hand.maneuver import check_holder, opening_upper_hand, ship_maneuver
from voidref.upper_hand.rulings import STANDARD, Rulings, check_rulings
from voidref.upper_hand.ships import Condition, Ship, Side
from voidref.upper_hand.throws import Station, station_impact

__all__ = ["EngagementState", "check_setup", "Phase", "Engagement"]


@dataclass(frozen=True)
class EngagementState:
    """Everything the rules need between two steps of an engagement.

    Args:
        a, b: the two ships (with their damage so far).
        goal_a, goal_b: each side's declared goal.
        holder: the side holding the Upper Hand, or ``None``.
    """

    a: Ship
    b: Ship
    goal_a: Goal
    goal_b: Goal
    holder: Side | None = None

    def __post_init__(self):
        for name in ("a", "b"):
            if not isinstance(getattr(self, name), Ship):
                raise RulesError(f"{name!r} must be a Ship (got {describe(getattr(self, name))})", argument=name)
        object.__setattr__(self, "goal_a", check_goal("goal_a", self.goal_a, self.a))
        object.__setattr__(self, "goal_b", check_goal("goal_b", self.goal_b, self.b))
        object.__setattr__(self, "holder", check_holder("holder", self.holder))

    def ship(self, side: Side) -> Ship:
        """The ship of *side*."""
        return self.a if check_enum("side", side, Side) is Side.A else self.b

    def goal(self, side: Side) -> Goal:
        """The goal of *side*."""
        return self.goal_a if check_enum("side", side, Side) is Side.A else self.goal_b

    def with_ship(self, side: Side, ship: Ship) -> EngagementState:
        """This state with *side*'s ship replaced."""
        if not isinstance(ship, Ship):
            raise RulesError(argument="ship", expected="a Ship", received=ship)
        return replace(self, a=ship) if check_enum("side", side, Side) is Side.A else replace(self, b=ship)

    def chooser(self, attacker: Side, rulings: Rulings = STANDARD):
        """The default pick on a 5-6 for *attacker* (ruling :func:`~voidref.upper_hand.damage.default_choice`)."""
        attacker = check_enum("attacker", attacker, Side)
        check_rulings(rulings)
        mine, theirs = self.goal(attacker), self.goal(attacker.other)
        return lambda defender: default_choice(mine, theirs, defender, rulings=rulings)

    def can_meet_goal(self, side: Side, rulings: Rulings = STANDARD) -> bool:
        """Whether *side* would meet its goal if it held the Upper Hand now (a leap still needs its throws)."""
        side = check_enum("side", side, Side)
        return requirement_met(self.goal(side), self.ship(side), self.ship(side.other), rulings=rulings)


def check_setup(a: Ship, b: Ship, goal_a: Goal | str, goal_b: Goal | str, rulings: Rulings, dodge_at: int | None
                ) -> EngagementState:
    """Check the arguments every whole-engagement odds function takes; return the starting state.

    Raises RulesError for a bad ship or goal, a leaping goal without
    boarders, a *dodge_at* that is not ``None`` or from 1 to 100, or
    *rulings* that is not a :class:`~voidref.upper_hand.rulings.Rulings`.
    """
    state = EngagementState(a, b, check_goal("goal_a", goal_a, a), check_goal("goal_b", goal_b, b))
    check_leapers("goal_a", state.goal_a, state.a)
    check_leapers("goal_b", state.goal_b, state.b)
    if dodge_at is not None:
        check_int("dodge_at", dodge_at, low=1, high=100)
    check_rulings(rulings)
    return state


class Phase(enum.Enum):
    """Where an :class:`Engagement` is in the procedure."""

    OPENING = "opening"
    """Before round 1, the Software throws decide who starts with the Upper Hand."""
    GUNNERY = "gunnery"
    """Step 1 of a round, both ships fire."""
    MANEUVER = "maneuver"
    """Step 2 of a round, both pilots throw for the Upper Hand."""
    END_OF_ROUND = "end_of_round"
    """The holder of the Upper Hand checks its goal."""
    OVER = "over"
    """Someone got their goal."""

    def __repr__(self) -> str:
        return f"Phase.{self.name}"


class Engagement:
    """A mutable tracker for one engagement, fed with the table's results.

    *rulings* decides what a crew hit does once the crew has taken two
    (:attr:`~voidref.upper_hand.rulings.Rulings.crew_is_a_component`).

    >>> eng = Engagement(Ship("Kestrel", guns=2, thrusters=2, players=True, pcs=("Ada",)),
    ...                  Ship("Cutter", guns=1, thrusters=1), "jump", "dock")
    >>> eng.open(software_a=2, software_b=0)
    Side.A
    >>> eng.fire(Side.A, impact=1, rolls=[2]).ship.guns_condition
    Condition.DAMAGED
    >>> eng.fire(Side.B, impact=0).locations
    ()
    >>> eng.maneuver(pilot_a=0, pilot_b=0)
    Side.A
    >>> eng.end_round()
    Outcome(winner=Side.A, goal=Goal.JUMP, ending=Ending.GOAL, round=1, note='')
    """

    def __init__(self, a: Ship, b: Ship, goal_a: Goal | str, goal_b: Goal | str, *, rulings: Rulings = STANDARD):
        for name, ship in (("a", a), ("b", b)):
            if not isinstance(ship, Ship):
                raise RulesError(argument=name, expected="a Ship", received=ship)
        self.state = EngagementState(a, b, check_goal("goal_a", goal_a, a), check_goal("goal_b", goal_b, b))
        self.rulings = check_rulings(rulings)
        check_leapers("goal_a", self.state.goal_a, self.state.a)
        check_leapers("goal_b", self.state.goal_b, self.state.b)
        self.phase = Phase.OPENING
        self.round = 0
        self.outcome: Outcome | None = None
        self.log: list[str] = []
        self._fired: set[Side] = set()
        self._dodged = False

    def __repr__(self) -> str:
        return f"<Engagement round {self.round}, {self.phase.value}, Upper Hand: {self._name(self.state.holder)}>"

    # -- helpers ---------------------------------------------------------
    def _name(self, side: Side | None) -> str:
        return "nobody" if side is None else self.state.ship(side).name

    def _expect(self, *phases: Phase) -> None:
        if self.phase is Phase.OVER:
            winner = self.outcome.winner if self.outcome is not None else None
            raise RulesError(f"the engagement is over ({self._name(winner)} got its goal); no more steps")
        if self.phase not in phases:
            raise RulesError(
                f"this step belongs to the {phases[0].value} phase; the engagement is at the {self.phase.value} phase"
            )

    def _finish(self, winner: Side, ending: Ending, note: str = "") -> Outcome:
        self.outcome = Outcome(winner, self.state.goal(winner), ending, self.round, note)
        self.phase = Phase.OVER
        how = "meets its goal" if ending is Ending.GOAL else "is granted its goal"
        self.log.append(f"{self._name(winner)} {how} ({self.state.goal(winner).value})" + (f"; {note}" if note else ""))
        return self.outcome

    @property
    def holder(self) -> Side | None:
        """The side holding the Upper Hand now."""
        return self.state.holder

    # -- steps -------------------------------------------------------------
    def open(self, software_a: int, software_b: int) -> Side | None:
        """The opening Software throws (their own Impacts; Computer limits them)."""
        self._expect(Phase.OPENING)
        ia = station_impact(self.state.a, Station.SOFTWARE, check_int("software_a", software_a, low=0, high=100))
        ib = station_impact(self.state.b, Station.SOFTWARE, check_int("software_b", software_b, low=0, high=100))
        holder = opening_upper_hand(ia, ib)
        self.state = replace(self.state, holder=holder)
        self.log.append(f"Opening: Software Impact {ia} against {ib}; Upper Hand: {self._name(holder)}")
        self.round, self.phase = 1, Phase.GUNNERY
        return holder

    def fire(self, side: Side | str, impact: int, rolls: Sequence = (), crew: Sequence = (),
             dodge: bool = False, choose=None) -> DamageReport:
        """One ship's Gunnery throw when a side holds the Upper Hand (shots in order).

        The holder fires first, then the other ship. *impact* is the
        throw's own Impact (Guns limits it; a ship with disabled Guns makes
        no throw: pass 0). *rolls* and *crew* feed
        :func:`~voidref.upper_hand.damage.resolve_damage`. When the second
        ship fires, ``dodge=True`` means the holder spends the Upper Hand to
        avoid all of this round's damage (declared after this throw, before
        hit locations).
        """
        self._expect(Phase.GUNNERY)
        side = check_enum("side", side, Side)
        check_bool("dodge", dodge)
        holder = self.state.holder
        if holder is None:
            raise RulesError("'side' must not fire alone when nobody holds the Upper Hand: use fire_together()",
                             argument="side")
        if side in self._fired:
            raise RulesError(f"'side' must not fire twice in a round (got {describe(side)})", argument="side")
        if side is not holder and holder not in self._fired:
            raise RulesError(
                f"'side' must be {holder!r} first: the ship with the Upper Hand shoots first (got {describe(side)})",
                argument="side"
            )
        if dodge and side is holder:
            raise RulesError("'dodge' must be declared against the other ship's shot, not the holder's own",
                             argument="dodge")
        shooter = self.state.ship(side)
        check_int("impact", impact, low=0, high=100)
        if shooter.guns_condition is Condition.DISABLED and impact:
            raise RulesError(
                f"'impact' must be 0: {shooter.name}'s Guns are disabled, so it makes no Gunnery throw (got {impact})",
                argument="impact"
            )
        points = station_impact(shooter, Station.GUNNERY, impact)
        self._fired.add(side)
        target = side.other
        if dodge:
            self.state = replace(self.state, holder=None)
            self._dodged = True
            self.log.append(
                f"{shooter.name} fires: Impact {points}; {self._name(target)} dodges, spending the Upper Hand"
            )
            report = DamageReport(self.state.ship(target), ())
        else:
            report = self._damage(side, points, rolls, crew, choose)
            if self.phase is Phase.OVER:
                return report
        if len(self._fired) == 2:
            self.phase = Phase.MANEUVER
        return report

    def fire_together(
        self,
        impact_a: int,
        impact_b: int,
        rolls_on_a: Sequence = (),
        rolls_on_b: Sequence = (),
        crew_on_a: Sequence = (),
        crew_on_b: Sequence = (),
        choose_on_a=None,
        choose_on_b=None,
    ) -> tuple[DamageReport, DamageReport | None]:
        """Both Gunnery throws at once, when nobody holds the Upper Hand.

        Both throws use the ships as they were at the start of the phase;
        then A's hits on B are rolled, then B's on A (ruling
        ``upper-hand-simultaneous-hits-order``). Returns the reports on B and on A (the
        second is ``None`` if B surrendered first).

        Like *rolls_on_a* and *crew_on_a*, *choose_on_a* is about the hits
        that land on ship A: it picks where a bare 5 or 6 of B's shot strikes
        A (see *choose* in :func:`~voidref.upper_hand.damage.resolve_damage`;
        ``None``: B's default aim). *choose_on_b* is the same for A's shot
        at B. (The odds functions' ``choose_a`` is the other way round: where
        side A aims.)
        """
        self._expect(Phase.GUNNERY)
        if self.state.holder is not None:
            raise RulesError(
                f"'fire_together' needs nobody to hold the Upper Hand; {self._name(self.state.holder)} does, "
                "so it fires first with fire()", argument="fire_together"
            )
        a, b = self.state.a, self.state.b
        for name, ship, impact in (("impact_a", a, impact_a), ("impact_b", b, impact_b)):
            check_int(name, impact, low=0, high=100)
            if ship.guns_condition is Condition.DISABLED and impact:
                raise RulesError(
                    f"{name!r} must be 0: {ship.name}'s Guns are disabled, so it makes no Gunnery throw (got {impact})",
                    argument=name
                )
        points_a = station_impact(a, Station.GUNNERY, impact_a)
        points_b = station_impact(b, Station.GUNNERY, impact_b)
        on_b = self._damage(Side.A, points_a, rolls_on_b, crew_on_b, choose_on_b, "_on_b")
        if self.phase is Phase.OVER:
            return on_b, None
        on_a = self._damage(Side.B, points_b, rolls_on_a, crew_on_a, choose_on_a, "_on_a")
        if self.phase is not Phase.OVER:
            self.phase = Phase.MANEUVER
        return on_b, on_a

    def _damage(self, shooter: Side, points: int, rolls, crew, choose, suffix: str = "") -> DamageReport:
        """Resolve *shooter*'s hits; an error about *rolls*, *crew* or *choose* names them with *suffix* (``_on_b``)."""
        target = shooter.other
        try:
            report = resolve_damage(self.state.ship(target), points, rolls, crew,
                                    choose or self.state.chooser(shooter, self.rulings), rulings=self.rulings)
        except RulesError as error:
            if suffix and error.argument in ("rolls", "crew", "choose"):
                raise error.renamed(f"{error.argument}{suffix}") from None
            raise
        self.state = self.state.with_ship(target, report.ship)
        where = ", ".join(loc.name.lower().replace("_", " ") for loc in report.locations) or "no hits"
        self.log.append(f"{self._name(shooter)} fires: Impact {points} on {report.ship.name} ({where})")
        for hit in report.crew:
            if hit.pc is not None:
                self.log.append(f"  crew hit {hit.crew_hits}: {hit.pc} takes {hit.damage} damage")
            else:
                self.log.append(
                    f"  crew hit {hit.crew_hits}: check {hit.check_roll} -> "
                    f"{'gives up' if hit.surrendered else 'fights on'}"
                )
        if report.surrendered:
            self._finish(
                shooter, Ending.SURRENDER, f"{report.ship.name} gave up after crew hit {report.ship.crew_hits}"
            )
        return report

    def maneuver(self, pilot_a: int, pilot_b: int) -> Side | None:
        """The Maneuver phase from both Pilot throws' own Impacts (Thrusters limit them).

        A ship with disabled Thrusters makes no throw (pass 0) and loses.
        """
        self._expect(Phase.MANEUVER)
        before = self.state.holder
        holder = ship_maneuver(
            self.state.a,
            self.state.b,
            before,
            check_int("pilot_a", pilot_a, low=0, high=100),
            check_int("pilot_b", pilot_b, low=0, high=100),
        )
        ia = station_impact(self.state.a, Station.PILOT, pilot_a)
        ib = station_impact(self.state.b, Station.PILOT, pilot_b)
        self.state = replace(self.state, holder=holder)
        out = [s.name for s in (self.state.a, self.state.b) if s.thrusters_condition is Condition.DISABLED]
        note = f" ({' and '.join(out)}: Thrusters disabled, no throw)" if out else ""
        self.log.append(
            f"Maneuver: Pilot Impact {ia} against {ib}{note}; Upper Hand: {self._name(before)} -> {self._name(holder)}"
        )
        self.phase = Phase.END_OF_ROUND
        return holder

    def end_round(self, leaps: Sequence[tuple[int, int | None]] = ()) -> Outcome | None:
        """End the round: the holder of the Upper Hand meets its goal if its requirement holds.

        For the leaping goal, *leaps* gives each boarder's ``(impact,
        split_roll)`` (``split_roll`` only matters on a failure); one landing
        meets the goal, and boarders who fail are lost.
        """
        self._expect(Phase.END_OF_ROUND)
        holder = self.state.holder
        result = None
        if holder is not None and self.state.can_meet_goal(holder, self.rulings):
            goal, ship = self.state.goal(holder), self.state.ship(holder)
            if goal is Goal.LEAP:
                leaps = list(leaps)
                if len(leaps) != ship.boarders:
                    raise RulesError(
                        f"'leaps' must give one (impact, split_roll) per boarder: {ship.boarders} (got {len(leaps)})",
                        argument="leaps"
                    )
                results = [leap(*entry) for entry in leaps]
                landed = results.count(LeapResult.LANDED)
                self.log.append("Leap: " + ", ".join(r.value for r in results))
                self.state = self.state.with_ship(holder, replace(ship, boarders=landed))
                if landed:
                    result = self._finish(holder, Ending.GOAL, f"{landed} boarder(s) on the hull")
            else:
                note = ""
                if goal is Goal.JUMP and ship.gate_core_condition is Condition.DAMAGED:
                    note = "the damaged gate core makes this last jump, then is disabled on return to real space"
                result = self._finish(holder, Ending.GOAL, note)
        elif leaps:
            raise RulesError("'leaps' must be empty: nobody leaps this round", argument="leaps")
        if result is None:
            self.round += 1
            self.phase = Phase.GUNNERY
            self._fired = set()
            self._dodged = False
        return result

    def surrender(self, side: Side | str) -> Outcome:
        """*side* surrenders: the other side gets its goal, at once."""
        side = check_enum("side", side, Side)
        if self.phase is Phase.OVER:
            raise RulesError("the engagement is already over")
        self.log.append(f"{self._name(side)} surrenders")
        return self._finish(side.other, Ending.SURRENDER)
