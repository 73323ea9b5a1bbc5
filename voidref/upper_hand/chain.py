"""The exact chain's one-round transitions: every rule of a round, over packed states.

Source: the whole "Ship Engagements" procedure; the engine's step functions
(:mod:`~voidref.upper_hand.maneuver`, :mod:`~voidref.upper_hand.damage`,
:mod:`~voidref.upper_hand.goals`) supply every transition, so no rule is
written twice here. :class:`Chain` turns them into tables of integer weights
over fixed denominators, keyed by packed states
(:mod:`~voidref.upper_hand.packed`); :mod:`~voidref.upper_hand.walk` plays
those tables out to the end of the engagement.

Each damage level has six nodes: the start of a round and the moment after
its Gunnery phase, for each holder of the Upper Hand (nobody, A, B, in the
order of :data:`HOLDERS`). :meth:`Chain.gunnery` moves a start node to an
after-Gunnery node; :meth:`Chain.settle` (the Maneuver phase and the end of
the round) moves an after-Gunnery node back to a start node, or ends the
engagement.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from fractions import Fraction

from voidref.errors import RulesError
from voidref.exact import Dist
from voidref.upper_hand.blocks import flat, groups
from voidref.upper_hand.damage import default_choice, point_outcomes
from voidref.upper_hand.goals import Ending, Finish, Goal, LeapResult, leap_odds, requirement_met
from voidref.upper_hand.maneuver import maneuver_odds
from voidref.upper_hand.packed import SHIP_SPAN, ShipState
from voidref.upper_hand.rulings import Rulings
from voidref.upper_hand.ships import Condition, Location, Ship, Side
from voidref.upper_hand.throws import Station, station_odds

__all__ = ["HOLDERS", "SLOT", "HALF", "OUTCOMES", "Chain", "flat"]

#: The holder states of a damage level, in the order of its nodes.
HOLDERS = (None, Side.A, Side.B)

#: The node number (0-2) of each holder in :data:`HOLDERS`.
SLOT = {h: i for i, h in enumerate(HOLDERS)}

#: Keys of the half-way nodes start here, above every damage level (each below ``SHIP_SPAN ** 2``):
#: ``kind * HALF + level``, see :meth:`Chain.half`.
HALF = 1 << 41

#: Every way a whole engagement can end, in the order results list them.
OUTCOMES = (Finish(Side.A, Ending.GOAL), Finish(Side.A, Ending.SURRENDER), Finish(Side.B, Ending.GOAL),
            Finish(Side.B, Ending.SURRENDER), Finish(None, Ending.STALEMATE))

_A, _B = Side.A, Side.B  # the chain's hot paths read these often: a name is quicker than an enum attribute
_thrusters_of, _ship_progress = ShipState.thrusters_of, ShipState.progress
# Each side's finishes, built once (the tables below name them for every level).
_GOAL = {side: Finish(side, Ending.GOAL) for side in Side}
_SURRENDER = {side: Finish(side, Ending.SURRENDER) for side in Side}


@dataclass(frozen=True)
class _DefaultAim:
    """The default 5-6 pick for one attacker, hashable so results can be cached."""

    attacker_goal: Goal
    defender_goal: Goal
    rulings: Rulings

    def __call__(self, defender: Ship) -> Location:
        return default_choice(self.attacker_goal, self.defender_goal, defender, rulings=self.rulings)


def _add(table: dict, key, p) -> None:
    table[key] = table.get(key, 0) + p


class Chain:
    """One-round transitions over compact states, with every rule taken from the engine.

    A ship's state is packed into one integer, its code
    (:class:`~voidref.upper_hand.packed.ShipState`), and a damage level packs
    both ships' codes (:func:`~voidref.upper_hand.packed.pack_level`; the
    methods called once or more per level do its arithmetic inline, with
    :data:`~voidref.upper_hand.packed.SHIP_SPAN`, to save a call). The
    engine's :class:`~voidref.upper_hand.ships.Ship` for a state is built
    once and cached, and every rule (throw odds, damage, the Maneuver phase,
    goal requirements, leaps) is the engine's own function applied to it. A
    Gate Core no rule can ever look at (the owner does not want to jump and
    the enemy aims by the default policy) is not tracked, nor are crew hits
    on the players' ship.
    """

    #: A shot with at most this many results (changed states of its target) is paired directly with the
    #: other ship's shot; one with more goes through a half-way node (:meth:`half`). Both ways give the same
    #: chances; the node only pays when the pairs would be many.
    DIRECT = 4

    def __init__(self, a: Ship, b: Ship, goal_a: Goal, goal_b: Goal, rulings: Rulings, dodge_at, choose_a, choose_b):
        self.base = {Side.A: a, Side.B: b}
        self.goal = {Side.A: goal_a, Side.B: goal_b}
        self.rulings = rulings
        self.throw_rule = rulings.task_throw
        self.dodge_at = dodge_at
        self.choose = {Side.A: choose_a or _DefaultAim(goal_a, goal_b, rulings),
                       Side.B: choose_b or _DefaultAim(goal_b, goal_a, rulings)}
        custom = {Side.A: choose_a is not None, Side.B: choose_b is not None}
        self.track_gate = {s: self.goal[s] is Goal.JUMP or custom[s.other] for s in Side}
        self._ships: dict = {Side.A: {}, Side.B: {}}
        self._cache: dict = {}
        self._ones: dict = {Side.A: {}, Side.B: {}}  # one_point's tables, by shooter and target state
        self._split: tuple = ({}, {})  # the same split for hit(), by whether side A shoots
        # hit()'s tables by whether side A shoots, under target state * 64 + points (Guns, so points, at most 10)
        self._hits: tuple = ({}, {})
        self._shots: dict = {}
        self._settled: dict = {}
        self._met: dict = {}
        self._halves: dict = {}
        self._blocks: dict = {}  # the entries of move blocks, by what they are made from
        self._backs: dict = {}  # the shots back of in_order, by the target's state and the shooter's Guns
        self.entries = 0  # entries of the Gunnery and settle tables handed out so far (an operation count)
        self.leaping = Goal.LEAP in (goal_a, goal_b)
        # Weights are integers over fixed denominators (exact, and much faster
        # than adding fractions): gunnery Dg, damage Dd, maneuver Dm, leaps Dl.
        self.dg = math.lcm(
            *(
                self._denominator(station_odds(replace(ship, guns_condition=c), Station.GUNNERY, rulings=rulings))
                for ship in (a, b)
                for c in Condition
            )
        )
        most = max(a.guns, b.guns)
        self.dd = 6 ** (2 * most)
        pilots = [
            math.lcm(
                *(
                    self._denominator(
                        station_odds(replace(ship, thrusters_condition=c), Station.PILOT, rulings=rulings)
                    )
                    for c in Condition
                )
            )
            for ship in (a, b)
        ]
        self.dm = pilots[0] * pilots[1]
        self.dl = 1
        for side in Side:
            if self.goal[side] is Goal.LEAP:
                self.dl = math.lcm(self.dl, self.leap_all_fail(side, self.code(side, self.base[side])).denominator)
        self.dgun = self.dg ** 2 * self.dd ** 2  # the Gunnery phase's weights
        self.dg_dd = self.dg * self.dd  # one shot's weights
        self.dset = self.dm * self.dl  # the Maneuver phase's and the end of the round's

    @staticmethod
    def _denominator(dist: Dist) -> int:
        return math.lcm(*(p.denominator for p in dist.probabilities().values()))

    @staticmethod
    def _scaled(p: Fraction, denominator: int) -> int:
        w = p * denominator
        if w.denominator != 1:  # pragma: no cover - guards the fixed denominators above
            raise RulesError(f"'rulings' gives a chance {p} that the chain cannot scale exactly", argument="rulings")
        return w.numerator

    def level_bound(self) -> int:
        """An upper bound on the damage levels the chain can visit."""
        return self.state_bound(Side.A) * self.state_bound(Side.B)

    def state_bound(self, side: Side) -> int:
        """An upper bound on the states *side*'s ship can be in: the tracked fields' values, multiplied."""
        ship = self.base[side]
        return (9 * (3 if self.track_gate[side] else 1) * (1 if ship.players else 6)
                * (2 if self.goal[side] is Goal.LEAP else 1))

    def shot_spread(self) -> int:
        """(most damage points A can deal + 1) x (the same for B): the branching of one Gunnery phase."""
        spread = 1
        for side in Side:
            ship = self.base[side]
            most = max(self.throw_rule.impact_odds(bonus=ship.gunnery, disadvantaged=False))
            spread *= min(ship.guns, most) + 1
        return spread

    # -- packed states <-> engine ships -------------------------------------------
    def code(self, side: Side, ship: Ship) -> int:
        """*side*'s *ship* as a packed state (untracked fields as 0)."""
        return ShipState.pack_fields(ship.thrusters_condition.value, ship.guns_condition.value,
                                     ship.gate_core_condition.value if self.track_gate[side] else 0,
                                     0 if ship.players else ship.crew_hits, ship.boarders)

    def ship(self, side: Side, dyn: int) -> Ship:
        """The engine's ship of *side* in the packed state *dyn* (built once, then cached)."""
        ships = self._ships[side]
        found = ships.get(dyn)
        if found is None:
            base = self.base[side]
            thrusters, guns, gate_core, crew_hits, boarders = ShipState.fields(dyn)
            # Every field comes from a valid ship by the rules' own steps, so the checks are skipped.
            found = ships[dyn] = base.evolve_unchecked(
                thrusters_condition=Condition(thrusters), guns_condition=Condition(guns),
                gate_core_condition=Condition(gate_core) if self.track_gate[side] else base.gate_core_condition,
                crew_hits=crew_hits if not base.players else base.crew_hits, boarders=boarders)
        return found

    def _cached(self, key, make):
        if key not in self._cache:
            self._cache[key] = make()
        return self._cache[key]

    # -- rules, cached -----------------------------------------------------------
    def gun(self, side: Side, dyn: int):
        """The Impact of *side*'s Gunnery Task Throw from state *dyn* (the engine's own rule).

        ``(impact, weight)`` pairs, weights over ``dg``; only the ship's Guns
        condition matters, so states alike in it share the table.
        """
        return self._cached(
            ("gun", side, ShipState.guns_of(dyn)),
            lambda: tuple(
                (i, self._scaled(p, self.dg))
                for i, p in station_odds(self.ship(side, dyn), Station.GUNNERY, rulings=self.rulings)
                .probabilities()
                .items()
            ),
        )

    def one_point(self, shooter: Side, dyn: int) -> tuple:
        """One point of damage from *shooter* on the target in state *dyn* (the engine's own rule).

        ``((dyn_after, surrendered), weight)`` pairs, weights over 36: the
        location's d6 and, for a crew hit on an NPC ship, its crew check.
        """
        found = self._ones[shooter].get(dyn)
        if found is None:
            target = shooter.other
            out: dict = {}
            for after, gone, w in point_outcomes(self.ship(target, dyn), self.choose[shooter], rulings=self.rulings):
                _add(out, (self.code(target, after), gone), w)
            found = self._ones[shooter][dyn] = tuple(out.items())
        return found

    def hit(self, shooter: Side, dyn: int, points: int) -> tuple:
        """*points* of damage, one after another: ``(pairs, gone)``, weights over ``36**points``.

        *pairs* are ``(dyn_after, weight)`` for the target still fighting;
        *gone* is the weight of its crew having given up (which stops the
        damage). Built from the table for one point fewer, so each state's
        one-point table is worked out once.
        """
        hits = self._hits[shooter is _A]
        key = dyn * 64 + points
        found = hits.get(key)
        if found is None:
            if points == 0:
                found = (((dyn, 1),), 0)
            else:
                pairs, gone = self.hit(shooter, dyn, points - 1)
                gone *= 36
                out: dict = {}
                get = out.get
                split = self._split[shooter is _A]
                for d, w in pairs:
                    point = split.get(d)
                    if point is None:
                        point = split[d] = self._split_point(shooter, d)
                    lost, goes = point
                    if lost:
                        gone += w * lost
                    for k, q in goes:
                        out[k] = get(k, 0) + w * q
                found = (tuple(out.items()), gone)
            hits[key] = found
        return found

    def _split_point(self, shooter: Side, dyn: int) -> tuple:
        """:meth:`one_point` as ``(weight of giving up, ((dyn_after, weight), ...))`` for :meth:`hit`'s loop."""
        point = self.one_point(shooter, dyn)
        return sum(q for (_, g), q in point if g), tuple((k, q) for (k, g), q in point if not g)

    def maneuver(self, dyn_a: int, dyn_b: int, holder):
        key = ("man", ShipState.thrusters_of(dyn_a), ShipState.thrusters_of(dyn_b), holder)  # only the Thrusters matter
        found = self._cache.get(key)
        if found is None:
            found = self._cache[key] = tuple(
                (h, self._scaled(p, self.dm))
                for h, p in maneuver_odds(
                    self.ship(_A, dyn_a), self.ship(_B, dyn_b), holder, rulings=self.rulings
                )
                .probabilities()
                .items()
            )
        return found

    def leap_all_fail(self, side: Side, dyn: int) -> Fraction:
        ship = self.ship(side, dyn)
        return self._cached(("leap", side, ship.boarders), lambda: (
            1 - leap_odds(ship.agility, rulings=self.rulings)[LeapResult.LANDED]) ** ship.boarders)

    # -- one round, in two stages --------------------------------------------------
    # A damage level holds six nodes: the start of a round and the moment
    # after its Gunnery phase, for each holder (nobody, A, B); the slots
    # below number them 0-2 and 3-5 in the order of HOLDERS.
    def gunnery(self, level: int) -> tuple:
        """The Gunnery phase from each start node of *level*: one ``(endings, stay, moves)`` per holder.

        In the order of the level's nodes (nobody, A, B), weights over
        ``self.dgun``: *endings* pairs ``Finish(winner, Ending.SURRENDER)`` with its
        weight; *stay* is the weight of reaching each after-Gunnery node of
        this level (nothing was hurt); *moves* lists blocks (see :func:`flat`)
        of ``(level, slot, weight)`` moves into the after-Gunnery nodes of other levels.
        The holder of an after-Gunnery node is the one the Maneuver phase starts from
        (nobody after a dodge).
        """
        dyn_a, dyn_b = divmod(level, SHIP_SPAN)
        dg_dd = self.dg_dd
        at_b = self.shot(_A, dyn_a, dyn_b)
        at_a = self.shot(_B, dyn_b, dyn_a)
        # Nobody holds: both throws from the start of the phase, so the two
        # shots are independent; A's hits are resolved first.
        hits_b, same_b, gone_b, _ = at_b
        hits_a, same_a, gone_a, _ = at_a
        endings = []
        if gone_b:
            endings.append((_SURRENDER[_A], gone_b * dg_dd))
        into_a = self._entries(("a", id(hits_a)), lambda: [(a2 * SHIP_SPAN, wa) for a2, wa in hits_a])
        moves = []
        if len(hits_a) <= self.DIRECT:  # few results of B's shot: pair them with A's directly
            if gone_a:
                endings.append((_SURRENDER[_B], (dg_dd - gone_b) * gone_a))
            if len(hits_a) >= len(hits_b):  # one block per result of the shot with fewer
                moves = [(b2, 3, wb, into_a) for b2, wb in hits_b] if hits_a else []
            else:
                into_b = self._entries(("b", id(hits_b)), lambda: [(b2, wb) for b2, wb in hits_b])
                moves = [(a2 * SHIP_SPAN, 3, wa, into_b) for a2, wa in hits_a]
            if same_a and hits_b:
                into_b = self._entries(("b", id(hits_b)), lambda: [(b2, wb) for b2, wb in hits_b])
                moves.append((dyn_a * SHIP_SPAN, 3, same_a, into_b))
            count = len(hits_a) * len(hits_b) + (len(hits_b) if same_a else 0)
        else:
            if gone_a and same_b:  # B's shot after A's changed B is played in the half-way node below
                endings.append((_SURRENDER[_B], same_b * gone_a))
            # Where A's shot changed B, B's shot (with the Guns B had before it) waits in a half-way node, shared
            # by every level of B that shoots alike: |hits_b| + |hits_a| moves instead of their product.
            if hits_b:
                into_b = self._entries(("b", id(hits_b)), lambda: [(b2, wb) for b2, wb in hits_b])
                moves.append(((1 + ShipState.guns_of(dyn_b)) * HALF + dyn_a * SHIP_SPAN, 0, dg_dd, into_b))
            count = len(hits_b)
        if same_b and hits_a:
            moves.append((dyn_b, 3, same_b, into_a))
            count += len(hits_a)
        (e1, s1, m1, c1), (e2, s2, m2, c2) = (self.in_order(_A, dyn_a, dyn_b, at_b, dg_dd),
                                              self.in_order(_B, dyn_b, dyn_a, at_a, dg_dd))
        self.entries += len(endings) + count + len(e1) + c1 + len(e2) + c2
        return (endings, [same_a * same_b, 0, 0], moves), (e1, s1, m1), (e2, s2, m2)

    def _entries(self, key, make) -> tuple:
        """The entries of a block, made once per *key* (see :func:`flat`)."""
        found = self._blocks.get(key)
        if found is None:
            found = self._blocks[key] = tuple(make())
        return found

    def in_order(self, holder: Side, own: int, enemy: int, first_shot: tuple, dg_dd: int) -> tuple:
        """Gunnery with *holder* holding: it shoots first, then the other ship (from its state after that shot).

        *holder* may dodge the second shot. ``(endings, stay, moves, number of moves)``.
        """
        first = holder is _A
        slot = 1 if first else 2
        other = _B if first else _A
        hits, same, gone, _ = first_shot
        endings = []
        if gone:
            endings.append((_SURRENDER[holder], gone * dg_dd))
        stay = [0, 0, 0]
        # Where the holder's shot changed the other ship, its shot back: paired directly when it has few results,
        # else through a half-way node (shared by every level whose holder's shot leads there).
        half = (4 if first else 5) * HALF
        moves = []
        count = lost = 0
        span, own_span = (1, SHIP_SPAN) if first else (SHIP_SPAN, 1)  # where each ship's code sits in a level
        here = own * own_span
        # The other ship's changed states, by its Guns condition: all else of its state is no matter to its shot
        # back, so each group makes one block per result of that shot (each move's level and slot differ, so the
        # order of the moves is no matter).
        for guns, total, into in groups(self._blocks, hits, span):
            key = (own * 3 + guns) * 2 + first
            back = self._backs.get(key)
            if back is None:
                back = self._backs[key] = self._back(other, guns, own, first, slot)
            direct, gone2, blocks, _, _ = back
            if not direct:
                moves.append((half + here, 0, dg_dd, into))
                count += len(into)
                continue
            lost += total * gone2
            moves += [(base, to, w, into) for to, base, w in blocks]
            count += len(into) * len(blocks)
        if same:  # the holder's shot did nothing
            key = (own * 3 + ShipState.guns_of(enemy)) * 2 + first
            back = self._backs.get(key)
            if back is None:
                back = self._backs[key] = self._back(other, ShipState.guns_of(enemy), own, first, slot)
            (_, same_x, gone2, dodged), into = back[3:]
            lost += same * gone2
            stay[0] = same * dodged
            stay[slot] = same * same_x
            if into:
                moves.append((enemy * span, 3 + slot, same, into))
                count += len(into)
        if lost:
            endings.append((_SURRENDER[other], lost))
        return endings, stay, moves, count

    def _back(self, shooter: Side, guns: int, target: int, first: bool, slot: int) -> tuple:
        """The shot back by *shooter* (Guns condition *guns*) at *target*, for :meth:`in_order`.

        ``(direct, gone, blocks, shot, entries)``: *direct* is false when the shot goes through a half-way node;
        *blocks* are ``(slot, base, weight)`` for a dodge, no change and each change of
        *target*; *entries* are the changes of *target* as ``(base, weight)`` entries.
        """
        shot = self.shot(shooter, 3 * guns, target, dodge=True)
        back, same_x, gone2, dodged = shot
        span = SHIP_SPAN if first else 1
        entries = tuple((x2 * span, wx) for x2, wx in back)
        if len(back) > self.DIRECT:
            return False, gone2, (), shot, entries
        blocks = [(3, target * span, dodged)] if dodged else []
        if same_x:
            blocks.append((3 + slot, target * span, same_x))
        blocks += [(3 + slot, x2 * span, wx) for x2, wx in back]
        return True, gone2, tuple(blocks), shot, entries

    def half(self, key: int) -> tuple:
        """Out of a half-way node of the Gunnery phase, one ship having fired: the other's shot.

        *key* is ``kind * HALF + level``, *level* both ships as they are now:
        kinds 1 to 3, nobody held and A's shot changed B, so B fires with
        the Guns condition ``kind - 1`` it had before it; kind 4, A held,
        fired and changed B, so B fires back from its state now (A may
        dodge); kind 5 the same with the sides swapped. One ``(endings, (),
        moves)`` like :meth:`gunnery`'s, weights over ``dg * dd`` (one shot),
        into the after-Gunnery nodes (slots 3 to 5) of levels.
        """
        found = self._halves.get(key)
        if found is None:
            kind, level = divmod(key, HALF)
            dyn_a, dyn_b = divmod(level, SHIP_SPAN)
            if kind <= 3:
                shot = self.shot(_B, 3 * (kind - 1), dyn_a)  # only its Guns matter
                shooter, slot = _B, 3
            elif kind == 4:
                shot = self.shot(_B, dyn_b, dyn_a, dodge=True)
                shooter, slot = _B, 4
            else:
                shot = self.shot(_A, dyn_a, dyn_b, dodge=True)
                shooter, slot = _A, 5
            # What the shot does is shared by every half-way node whose ship fires alike; only the places differ.
            template = self._blocks.get(("ht", id(shot), slot))
            if template is None:
                hits, same, gone, dodged = shot
                into = tuple((a2 * SHIP_SPAN if shooter is _B else a2, w) for a2, w in hits)
                rest = [(to, ((0, w),)) for to, w in ((slot, same), (3, dodged)) if w]
                endings = ((_SURRENDER[shooter], gone),) if gone else ()
                template = self._blocks[("ht", id(shot), slot)] = (into, rest, endings,
                                                                   len(endings) + len(into) + len(rest))
            into, rest, endings, count = template
            offset = dyn_b if shooter is _B else dyn_a * SHIP_SPAN
            moves = [(offset, slot, 1, into)] if into else []
            moves += [(level, to, 1, one) for to, one in rest]
            found = self._halves[key] = (((endings, (), moves),), count)
        self.entries += found[1]
        return found[0]

    def shot_key(self, shooter: Side, own: int, target: int, dodge: bool = False) -> int:
        """The key :meth:`shot` keeps its table under: what the table depends on, as one integer.

        The target's state, the shooter's Guns condition (the only part of
        *own* a shot reads), whether the target may dodge (never when
        nobody ever dodges: one table serves both) and the shooter.
        """
        dodge = dodge and self.dodge_at is not None
        return ((target * 3 + own // 3 % 3) * 2 + dodge) * 2 + (shooter is _A)

    def shot(self, shooter: Side, own: int, target: int, dodge: bool = False) -> tuple:
        """One ship's Gunnery throw and its damage: ``(hits, same, gone, dodged)``, weights over ``dg * dd``.

        *hits* pairs each changed state of the target with its weight;
        *same* is the weight of the target's state not changing; *gone* is
        the weight of the target's crew giving up; with *dodge*, *dodged* is
        the weight of an Impact the target (holding the Upper Hand) dodges,
        at no damage.
        """
        key = self.shot_key(shooter, own, target, dodge)
        found = self._shots.get(key)
        if found is not None:
            return found
        after: dict = {}
        gone = dodged = 0
        for i, p in self.gun(shooter, own):
            if dodge and self.dodge_at is not None and i >= self.dodge_at:
                dodged += p * self.dd
                continue
            scale = p * (self.dd // 36 ** i)
            pairs, lost = self.hit(shooter, target, i)
            gone += lost * scale
            get = after.get
            for t2, q in pairs:
                after[t2] = get(t2, 0) + q * scale
        same = after.pop(target, 0)
        found = self._shots[key] = (tuple(after.items()), same, gone, dodged)
        return found

    def settle(self, level: int, relative: bool = False) -> tuple:
        """The Maneuver phase and the end of the round from each after-Gunnery node of *level*, like :meth:`gunnery`.

        One ``(endings, stay, moves)`` per holder the phase starts from, in
        the order of the level's nodes, weights over ``self.dset``: *endings*
        pairs ``Finish(winner, Ending.GOAL)`` with its weight, *stay* is the weight
        of each start node of this level, *moves* lists blocks of ``(level, slot,
        weight)`` moves into start nodes of other levels (a failed leap loses its
        boarders). Without a leap these depend only on both Thrusters and on
        which goal requirements are met, so the tables are shared by every
        level alike in those. With *relative*, the shared tables themselves: each
        leap's moves as ``(slot, ((step, weight),))``, *step* the change of the level key.
        """
        dyn_a, dyn_b = divmod(level, SHIP_SPAN)
        thrusters_a, thrusters_b = _thrusters_of(dyn_a), _thrusters_of(dyn_b)
        # met()'s answers, looked up under its own keys first (each level is settled once; most answers are known)
        met_a = self._met.get((dyn_a * 3 + thrusters_b) * 2 + 1)
        if met_a is None:
            met_a = self.met(_A, dyn_a, dyn_b)
        met_b = self._met.get((dyn_b * 3 + thrusters_a) * 2)
        if met_b is None:
            met_b = self.met(_B, dyn_b, dyn_a)
        alike: tuple = (thrusters_a, thrusters_b, met_a, met_b)
        if self.leaping:  # the boarders left matter too, and a failed leap moves to another level
            alike += (dyn_a - ShipState.without_boarders(dyn_a), dyn_b - ShipState.without_boarders(dyn_b))
        found = self._settled.get(alike)
        if found is None:
            found = self._settled[alike] = self._settle(dyn_a, dyn_b, {None: False, _A: met_a, _B: met_b})
        self.entries += found[1]
        if relative or not self.leaping:
            return found[0]
        # The failed leaps' moves are kept relative to the level; only the blocks are made per level.
        return tuple((endings, stay, [(level, slot, 1, into) for slot, into in moves])
                     for endings, stay, moves in found[0])

    def met(self, side: Side, own: int, enemy: int) -> bool:
        """Whether *side*'s goal requirement holds with its ship in state *own*, the enemy's in *enemy*.

        The engine's :func:`~voidref.upper_hand.goals.requirement_met`, asked
        once per own state and enemy Thrusters condition (the only part of
        the enemy any requirement looks at: docking).
        """
        key = (own * 3 + _thrusters_of(enemy)) * 2 + (side is _A)
        found = self._met.get(key)
        if found is None:
            found = self._met[key] = requirement_met(self.goal[side], self.ship(side, own),
                                                     self.ship(side.other, enemy), rulings=self.rulings)
        return found

    def _settle(self, dyn_a: int, dyn_b: int, met: dict) -> tuple:
        dl = self.dl
        count = 0
        found = []
        for h0 in HOLDERS:
            endings: dict = {}
            stay = [0, 0, 0]
            moves = []
            for h, q in self.maneuver(dyn_a, dyn_b, h0):
                slot = SLOT[h]
                if not met[h]:
                    stay[slot] += q * dl
                elif self.goal[h] is not Goal.LEAP:
                    _add(endings, _GOAL[h], q * dl)
                else:
                    own = dyn_a if h is _A else dyn_b
                    all_fail = self._scaled(self.leap_all_fail(h, own), dl)
                    if all_fail != dl:
                        _add(endings, _GOAL[h], q * (dl - all_fail))
                    if all_fail:
                        left = ShipState.without_boarders(own)
                        step = (left - own) * (SHIP_SPAN if h is _A else 1)  # to the level it moves to
                        moves.append((slot, ((step, q * all_fail),)))
            found.append((tuple(endings.items()), stay, moves))
            count += len(endings) + len(moves)
        return tuple(found), count

    def progress(self, key: int) -> int:
        """The order a level or half-way node is played in: every move out of one leads to a greater one.

        Twice how far the damage has gone, plus one for a level: a half-way
        node comes after every level that moves into it (the ship fired at
        was changed) and before its level and every level it moves into.
        """
        # Not kept: a walk asks once for each node it meets.
        kind, level = divmod(key, HALF)
        dyn_a, dyn_b = divmod(level, SHIP_SPAN)
        return 2 * (_ship_progress(dyn_a) + _ship_progress(dyn_b)) + (kind == 0)

