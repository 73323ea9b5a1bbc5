"""The chain's tables in chances, for :func:`~voidref.upper_hand.floatwalk.walk_floats`, and the places of its nodes.

The float walk keeps its nodes in two flat lists, six entries a level. Each
ship state met is numbered once (:meth:`FloatTables.number`), so every table
here holds places in those lists rather than state codes, and a move is one
addition. The damage tables are built in chances from the engine's
one-point table (:meth:`~voidref.upper_hand.chain.Chain.one_point`), the
same sums as :meth:`~voidref.upper_hand.chain.Chain.hit` and
:meth:`~voidref.upper_hand.chain.Chain.shot`; the settle tables are
:meth:`~voidref.upper_hand.chain.Chain.settle`'s, converted. Only the two
weights a level's loop is solved with (no change, and a dodge) stay exact
integers. Every conversion is counted (``FloatTables.conversions``)
for the walk's error bound.

The tables are named records: a shot (:class:`ShotTable`), a second shot
placed for the walk (:class:`SecondShot`), a level's settle tables
(:class:`SettleTables`, one :class:`SettleRow` per after-Gunnery node).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

from voidref.upper_hand.arithmetic import Uncertain
from voidref.upper_hand.chain import Chain
from voidref.upper_hand.packed import SHIP_SPAN, ShipState, unpack_level
from voidref.upper_hand.ships import Side

__all__ = ["AT_A", "AT_B", "BACK_AT_A", "BACK_AT_B", "FloatTables", "LaterShot", "SecondShot", "SettleRow",
           "SettleTables", "ShotTable", "Weights", "key_parts"]

_A, _B = Side.A, Side.B

#: The most outcomes of a Gunnery phase (:meth:`~voidref.upper_hand.chain.Chain.shot_spread`) for which second
#: shots with few results are paired directly with the first's (``Chain.DIRECT``); beyond it, only second
#: shots that change nothing.
_FEW_OUTCOMES = 16

#: The kinds of shot, the last part of a shot's key (:func:`key_parts`): B's shot at A, A's at B, and the same
#: at a target that holds the Upper Hand and may dodge (a shot back). When nobody ever dodges, a shot back is
#: the plain shot (``FloatTables.back_kinds``).
AT_A, AT_B, BACK_AT_A, BACK_AT_B = 0, 1, 2, 3


def key_parts(code: int) -> tuple[int, int]:
    """What a ship in state *code* puts in the key of a shot: ``(as the target, as the shooter)``.

    A shot's key (:meth:`FloatTables.shot`) is the target's part plus the
    shooter's part plus the kind of shot (:data:`AT_A` to :data:`BACK_AT_B`):
    the target's whole state, and the shooter's Guns condition (all a shot
    reads of its shooter). The one place the key's layout is written; the
    walk adds the parts it gets from :meth:`FloatTables.layer`.

    >>> key_parts(ShipState(thrusters=1, guns=2, gate_core=0, crew_hits=0, boarders=0).pack())
    (84, 8)
    """
    return code * 12, ShipState.guns_of(code) * 4


class Weights(NamedTuple):
    """A shot's weights as :meth:`~voidref.upper_hand.chain.Chain.shot` gives them: no change and a dodge exact."""

    hits: tuple
    """``(place, chance)`` of each new state of the target (as :attr:`ShotTable.hits`)."""
    same: int
    """The weight, over ``dg * dd``, of leaving the target as it was (exact: a level's loop is solved with it)."""
    gone: float
    """The chance that the target's crew gives up."""
    dodged: int
    """The weight of an Impact the target dodges (exact)."""


# The records below are plain classes with slots, made once per table and read by the walk at every level: a
# slot is read faster than a field of a named tuple, and the class is made at import with no code generated.

class ShotTable:
    """One ship's shot at the other in a Gunnery phase, in chances (:meth:`FloatTables.shot`).

    Made once per kind of shot, target state and Guns condition of the
    shooter; a level reads its four shots (:meth:`FloatTables.level_shots`).
    Not changed once made. Iterating gives the fields in order.

    Attributes:
        weights: The weights of no change and of a dodge, exact (:class:`Weights`).
        hits: ``(place, chance)`` of each new state of the target: its place (:meth:`FloatTables.place`).
        same: The chance that the target stays as it was.
        gone: The chance that the target's crew gives up.
        dodged: The chance of an Impact the target dodges.
        by_guns: The hits again by the Guns condition of the target's new state, ``(guns, hits, their total
            chance, how many)`` each: a shot back depends on nothing else of it.
        count: How many hits.
        mark: Numbers the exact weights of no change and of a dodge and whether the shot can change or end
            anything: tables alike in those have the same mark, and so do the loops of levels alike.
        leaves: Whether the shot can change its target or end the engagement.
    """

    __slots__ = ("weights", "hits", "same", "gone", "dodged", "by_guns", "count", "mark", "leaves")

    def __init__(self, weights: Weights, hits: tuple, same: float, gone: float, dodged: float, by_guns: tuple,
                 count: int, mark: int, leaves: bool):
        self.weights, self.hits, self.same, self.gone, self.dodged = weights, hits, same, gone, dodged
        self.by_guns, self.count, self.mark, self.leaves = by_guns, count, mark, leaves

    def __iter__(self) -> Iterator:
        return iter([getattr(self, name) for name in self.__slots__])


class SecondShot:
    """A Gunnery phase's second shot, placed for the walk (:meth:`FloatTables.paired`): where each result goes.

    Not changed once made.

    Attributes:
        gone: The chance that the target's crew gives up.
        moves: ``(place and slot, chance)``: each new state of the target, the target unchanged, and a dodge
            (slot 3); the walk adds the shooter's place.
        direct: Paired with each result of the first shot (few results); else played in a half-way node.
        count: The moves and the loss, for the walk's count of roundings.
    """

    __slots__ = ("gone", "moves", "direct", "count")

    def __init__(self, gone: float, moves: tuple, direct: bool, count: int):
        self.gone, self.moves, self.direct, self.count = gone, moves, direct, count


class SettleRow:
    """The Maneuver phase and the end of the round out of one after-Gunnery node, in chances.

    Attributes:
        endings: ``(Finish, chance)`` pairs.
        stay: The chance of each start node of this level.
        leaps: A failed leap's moves to another level: ``(place and slot, chance)``, the place less the level's
            own (:meth:`FloatTables.settle`); in the tables levels share, ``(slot, step of the level key, chance)``.
        reached: One item: the chance that reached this row, added up by the walk for every level that shares
            the row, so that its endings are multiplied out once, at the end (:meth:`FloatTables.endings`). The
            only part that changes.
        count: The row's endings and moves, for the walk's count of roundings.
    """

    __slots__ = ("endings", "stay", "leaps", "reached", "count")

    def __init__(self, endings: tuple, stay: tuple, leaps: tuple, reached: list, count: int):
        self.endings, self.stay, self.leaps, self.reached, self.count = endings, stay, leaps, reached, count


class SettleTables:
    """A level's settle tables (:meth:`FloatTables.settle`): one :class:`SettleRow` per after-Gunnery node.

    Not changed once made.

    Attributes:
        ints: :meth:`~voidref.upper_hand.chain.Chain.settle`'s exact tables, shared by every level alike: the
            loop of a level is solved with them.
        name: Their identity, which names them (the levels alike, the loops alike).
        rows: The three rows, in the order of the level's nodes (nobody, A, B holds).
        stays: Each row's :attr:`SettleRow.stay`.
        reached: Each row's :attr:`SettleRow.reached`.
        count: The rows' counts added up.
    """

    __slots__ = ("ints", "name", "rows", "stays", "reached", "count")

    def __init__(self, ints: tuple, rows: tuple, stays: tuple, reached: tuple, count: int):
        self.ints, self.name = ints, id(ints)
        self.rows, self.stays, self.reached, self.count = rows, stays, reached, count


class LaterShot:
    """A second shot not made yet: :meth:`FloatTables.second` holds one until its table is asked for."""

    __slots__ = ("tables", "slot", "target", "here")

    def __init__(self, tables: FloatTables, slot: int, target: int, here: int):
        self.tables, self.slot, self.target, self.here = tables, slot, target, here

    def make(self, guns: int) -> SecondShot:
        """The second shot by a shooter in Guns condition *guns*, placed by :meth:`FloatTables.paired`."""
        shooter = _A if self.slot == 5 else _B
        own = ShipState.pack_fields(0, guns, 0, 0, 0)  # a shot reads nothing else of its shooter
        table = self.tables.shot(shooter, own, self.target, dodge=self.slot != 3)
        return self.tables.paired(table, self.here, self.slot)


class FloatTables:
    """The chain's tables in chances (floats), each made once, and the places of the walk's nodes.

    The walk keeps its nodes in two flat lists, six entries a level: a
    level's start and after-Gunnery nodes (slots 0 to 5), and its half-way
    nodes (kinds 1 to 5 at entries 0 to 4). Each ship state met gets a
    number on first sight (:meth:`number`), so a level's entries start at
    ``place(A's code) + place(B's code)``, and the tables hold places
    rather than codes: a move is one addition into a list. The settle
    tables are :meth:`~voidref.upper_hand.chain.Chain.settle`'s, converted; the shot tables are built
    here in chances from the engine's one-point table (:meth:`shot`).
    """

    def __init__(self, chain: Chain):
        self.chain = chain
        self.shots: dict = {}  # shot()'s tables, by key (key_parts)
        # When nobody ever dodges, one table serves a shot and a shot back alike.
        self.back_kinds = (BACK_AT_A, BACK_AT_B) if chain.dodge_at is not None else (AT_A, AT_B)
        self.seconds: dict = {3: {}, 4: {}, 5: {}}  # second()'s lists, by slot, then by the target's state
        self.pairs: dict = {}
        self.unchanged_backs: dict = {}
        self.settles: dict = {}
        self.leapt: dict = {}  # settle()'s tables with their failed leaps' places, when leaping
        self.leap_sides: dict = {}  # and which ships leap in each
        self.reached: list = []  # each settle row's endings and the chance that reached it (settle())
        self.dg_dd = chain.dg * chain.dd
        # Pairing a second shot with each result of the first pays only when few levels would share its
        # half-way node: when the Gunnery phase has few outcomes (the calculator's defaults: about 5 %
        # fewer instructions). With many, every second shot that can change its target goes half-way
        # (the largest forms: about 4 % fewer).
        self.direct = chain.DIRECT if chain.shot_spread() <= _FEW_OUTCOMES else 0
        self.dset = chain.dset
        self.conversions = 0
        self.marks: dict = {}  # each (same, dodged, leaves) of a shot met, as a small number
        self.hits: tuple = ({}, {})  # hit()'s tables, by whether side A shoots
        self.stays: tuple = ({}, {})  # one_point's integer weight of no change, the same way
        self.most_goes = 0  # the most changed states of any one-point table so far
        self.bound = {side: chain.state_bound(side) for side in (_A, _B)}
        # one_point in chances, by whether side A shoots, then by the target state's number
        self.split: tuple = ([None] * self.bound[_A], [None] * self.bound[_B])
        self.stride = {_A: 6 * self.bound[_B], _B: 6}  # a state's number times this is its place
        self.numbers: dict = {_A: {}, _B: {}}  # each state met, by code: its number
        self.codes: dict = {_A: [], _B: []}  # and each code, by number
        self.guns: dict = {_A: [], _B: []}  # and its Guns condition, by number
        self.guns_made: dict = {}  # gun()'s tables
        # The states met so far, per side, by how far their damage has gone, as
        # {progress: [(place, code, kind, as target, as shooter)]} (kind is the state's settle_kind(), the last two
        # its key_parts()).
        self.by_progress: dict = {_A: {}, _B: {}}
        self.size = 6 * self.bound[_A] * self.bound[_B]

    def place(self, side: Side, code: int) -> int:
        """Where *side*'s ship in state *code* puts a level's entries: its number (:meth:`number`) times a stride."""
        return self.number(side, code) * self.stride[side]

    def number(self, side: Side, code: int) -> int:
        """*side*'s ship state *code* as a number from 0, given on first sight."""
        numbers = self.numbers[side]
        found = numbers.get(code)
        if found is None:
            if len(numbers) >= self.bound[side]:  # pragma: no cover - Chain.state_bound counts every field
                raise Uncertain(f"more states of side {side.value}'s ship than Chain.state_bound allows")
            found = numbers[code] = len(numbers)
            self.codes[side].append(code)
            self.guns[side].append(ShipState.guns_of(code))
            self.by_progress[side].setdefault(ShipState.progress(code), []).append(
                (found * self.stride[side], code, self.settle_kind(side, code), *key_parts(code)))
        return found

    def settle_kind(self, side: Side, code: int) -> int:
        """What the settle tables read of *side*'s ship in state *code*, as a number below 32 (-1 when leaping).

        The part of the ship that :meth:`~voidref.upper_hand.chain.Chain.settle`
        reads: its Thrusters condition, and whether its goal requirement
        holds against an enemy of each Thrusters condition
        (:meth:`~voidref.upper_hand.chain.Chain.met`: the only part of the
        enemy a requirement reads). Without a leap, two levels whose ships
        are of the same kinds settle alike (:meth:`layer`).
        """
        if self.chain.leaping:  # the boarders left matter too, and a failed leap moves to another level
            return -1
        kind = ShipState.thrusters_of(code) * 8
        for thrusters in range(3):  # an enemy state with only that Thrusters condition
            kind += self.chain.met(side, code, thrusters) << thrusters
        return kind

    def shot(self, shooter: Side, own: int, target: int, dodge: bool = False) -> ShotTable:
        """*shooter*'s shot (its ship in state *own*) at the other ship, in state *target*, in chances.

        With *dodge*, the target holds the Upper Hand and may dodge (when
        nobody ever dodges, the plain shot). Its :attr:`ShotTable.weights` are
        :meth:`~voidref.upper_hand.chain.Chain.shot`'s table, but only the
        weights of no change and of a dodge are integers over ``dg * dd``
        (the level's loop is solved with them exactly).

        The same sums as :meth:`~voidref.upper_hand.chain.Chain.shot`, in chances: each Impact's damage
        (:meth:`hit`) times its chance. The target stays as it was only if
        every point left it so (a changed state never comes back), so the
        weight of no change is exact from the one-point table alone.
        """
        dodge = dodge and self.chain.dodge_at is not None
        kind = (BACK_AT_B if dodge else AT_B) if shooter is _A else (BACK_AT_A if dodge else AT_A)
        key = key_parts(target)[0] + key_parts(own)[1] + kind
        found = self.shots.get(key)
        if found is None:
            chain = self.chain
            side = shooter.other
            after = [0.0] * self.bound[side]  # by the number of the target's state
            seen: list = []  # the numbers with a chance, in the order first met
            gone = 0.0
            same = dodged = 0
            dodge_at = chain.dodge_at if dodge else None
            stays = self.stays[shooter is _A]
            stay = stays.get(target)
            if stay is None:  # one point's integer weight of leaving the target as it was
                stay = stays[target] = dict(chain.one_point(shooter, target)).get((target, False), 0)
            here = self.number(side, target)
            for i, p, c, unchanged in self.gun(shooter, own):
                if dodge_at is not None and i >= dodge_at:
                    dodged += p
                    continue
                same += unchanged * stay ** i
                numbers, chances, lost = self.hit(shooter, here, i)
                gone += lost * c
                for k, q in zip(numbers, chances):  # after += c * the damage of i points
                    if after[k]:
                        after[k] += q * c
                    else:
                        after[k] = q * c
                        seen.append(k)
                self.conversions += 2 * len(numbers) + 4
            dodged *= chain.dd
            stride, guns = self.stride[side], self.guns[side]
            made: list = []
            by: tuple = ([], [], [])  # by the Guns condition of the target's new state
            for j in seen:
                if j != here:
                    hit = (j * stride, after[j])
                    made.append(hit)
                    by[guns[j]].append(hit)
            hits = tuple(made)
            by_guns = tuple((g, tuple(ys), sum([w for _, w in ys]), len(ys)) for g, ys in enumerate(by) if ys)
            leaves = bool(gone or hits)
            mark = self.marks.setdefault((same, dodged, leaves), len(self.marks))
            d = self.dg_dd
            found = self.shots[key] = ShotTable(Weights(hits, same, gone, dodged), hits, same / d, gone, dodged / d,
                                                by_guns, len(hits), mark, leaves)
            self.conversions += 2 * len(hits) + 2  # the groups' totals, the two divisions
        return found

    def gun(self, shooter: Side, own: int) -> tuple:
        """The Gunnery Impact table with what :meth:`shot` needs: ``(impact, weight, chance, no change)`` each.

        As :meth:`~voidref.upper_hand.chain.Chain.gun`, with two more numbers
        per Impact: *chance* is the weight over ``dg``; *no change* is the weight times
        ``dd / 36**impact``, to be multiplied by the one-point stay weight to
        the power of the Impact (exact integers).
        """
        key = (shooter is _A) * 3 + ShipState.guns_of(own)
        found = self.guns_made.get(key)
        if found is None:
            dd, dg = self.chain.dd, self.chain.dg
            found = self.guns_made[key] = tuple((i, p, p / dg, p * (dd // 36 ** i))
                                                for i, p in self.chain.gun(shooter, own))
            self.conversions += len(found)
        return found

    def hit(self, shooter: Side, j: int, points: int) -> tuple:
        """A damage table in chances, on the target's state numbered *j*: ``(numbers, chances, gone)``.

        The same sums as :meth:`~voidref.upper_hand.chain.Chain.hit`'s, over numbered states: each
        state's chances are kept in a list rather than a dictionary, and the
        table is two lists (the states' numbers and their chances).
        """
        hits = self.hits[shooter is _A]
        key = j * 64 + points  # points are at most the Guns rank, 10
        found = hits.get(key)
        if found is None:
            if points == 0:
                found = ((j,), (1.0,), 0.0)
            else:
                numbers, chances, gone = self.hit(shooter, j, points - 1)
                split = self.split[shooter is _A]
                out = [0.0] * len(split)
                seen: list = []
                for d, w in zip(numbers, chances):
                    point = split[d]
                    if point is None:
                        point = split[d] = self._point(shooter, d)
                    lost, goes = point
                    if lost:
                        gone += w * lost
                    for k, q in goes:  # out += w * one point's damage to state d
                        if out[k]:
                            out[k] += q * w
                        else:
                            out[k] = q * w
                            seen.append(k)
                found = (seen, [out[k] for k in seen], gone)
                self.conversions += 2 * len(numbers) * (self.most_goes + 1)  # a product and a sum for each
            hits[key] = found
        return found

    def _point(self, shooter: Side, j: int) -> tuple:
        """One point of damage on the state numbered *j*, in chances: ``(giving up, ((number, chance), ...))``.

        From :meth:`~voidref.upper_hand.chain.Chain.one_point`, the engine's own rule.
        """
        side = shooter.other
        point = self.chain.one_point(shooter, self.codes[side][j])
        goes = tuple((self.number(side, k), q / 36) for (k, g), q in point if not g)
        self.most_goes = max(self.most_goes, len(goes))
        self.conversions += len(point) + 1
        return sum(q for (_, g), q in point if g) / 36, goes

    def level_shots(self, a: int, b: int, aim_a: int, aim_b: int) -> tuple:
        """The shots of the level of A's state *a* and B's state *b*: ``(at_b, at_a, back_a, back_b)``.

        A's shot at B, B's shot at A, B's shot back at A when A holds and its
        shot did nothing, and A's shot back at B when B holds and its shot
        did nothing (None when the first shot always does something).
        *aim_a* and *aim_b* are the keys of the shots at A and at B less
        their kind (:meth:`layer`); each table is made when first asked for.
        """
        shots = self.shots
        back_at_a, back_at_b = self.back_kinds
        at_b = shots.get(aim_b + AT_B) or self.shot(_A, a, b)
        at_a = shots.get(aim_a + AT_A) or self.shot(_B, b, a)
        back_a = (shots.get(aim_a + back_at_a) or self.shot(_B, b, a, True)) if at_b.same else None
        back_b = (shots.get(aim_b + back_at_b) or self.shot(_A, a, b, True)) if at_a.same else None
        return at_b, at_a, back_a, back_b

    def paired(self, table: ShotTable, here: int, slot: int) -> SecondShot:
        """A second shot's *table*, placed for the walk: where each of its results goes.

        Its :attr:`SecondShot.moves` send each changed state of the target
        into *slot*, the target unchanged (at place *here*) into *slot* and
        a dodge into slot 3 (nobody holds). It is not :attr:`SecondShot.direct`
        when the shot has more results than ``Chain.DIRECT`` (any, when the
        Gunnery phase has many outcomes: ``self.direct``): then it is played
        in a half-way node rather than paired with each result of the first
        shot.
        """
        key = (id(table), slot)
        found = self.pairs.get(key)
        if found is None:
            moves = tuple((z + slot, q) for z, q in table.hits) + tuple(
                (here + to, q) for to, q in ((slot, table.same), (3, table.dodged)) if q)
            found = self.pairs[key] = SecondShot(table.gone, moves, table.count <= self.direct, len(moves) + 1)
        return found

    def unchanged(self, table: ShotTable, here: int) -> list:
        """B's shot *table* at A when nobody holds, as :meth:`second` gives a shot back: the same for every Guns of B.

        B fires with the Guns it had before A's shot, so the list holds one
        shot for every Guns condition of B after it.
        """
        found = self.unchanged_backs.get(id(table))
        if found is None:
            found = self.unchanged_backs[id(table)] = [self.paired(table, here, 3)] * 3
        return found

    def second(self, slot: int, target: int, here: int) -> list:
        """The second shots at the ship in state *target* (at place *here*), by the shooter's Guns condition.

        By *slot*, the after-Gunnery node a second shot that changes
        nothing leads to: 3, nobody held and B fires at A; 4, A held and B
        fires back at A (which may dodge); 5, B held and A fires back at B
        (which may dodge). Each entry is a :class:`LaterShot` until the walk
        makes it (:meth:`LaterShot.make`) and puts the :class:`SecondShot` in
        its place.
        """
        seconds = self.seconds[slot]
        found = seconds.get(target)
        if found is None:
            found = seconds[target] = [LaterShot(self, slot, target, here)] * 3
        return found

    def settle(self, level: int) -> SettleTables:
        """The settle tables of *level* (its key, :func:`~voidref.upper_hand.packed.pack_level`), in chances.

        :meth:`~voidref.upper_hand.chain.Chain.settle`'s tables, converted
        once for every level alike; a failed leap's moves are placed
        relative to the level's own place (:meth:`at`).
        """
        ints = self.chain.settle(level, relative=True)  # shared by every level alike
        found = self.settles.get(id(ints))
        if found is None:
            d = self.dset
            rows = []
            for ends, stay, moves in ints:
                endings = tuple([(k, w / d) for k, w in ends])
                leaps = tuple([(slot, step, w / d) for slot, moved in moves for step, w in moved])
                row = SettleRow(endings, tuple([w / d for w in stay]), leaps, [0.0], len(endings) + len(leaps))
                rows.append(row)
                self.reached.append((row.endings, row.reached))
            found = self.settles[id(ints)] = SettleTables(ints, tuple(rows), tuple(row.stay for row in rows),
                                                          tuple(row.reached for row in rows),
                                                          sum(row.count for row in rows))
            self.conversions += sum(len(row.endings) + 3 + len(row.leaps) for row in rows)
        if not self.chain.leaping:
            return found
        # A failed leap moves to another level: its place, less this level's, depends only on the state of the
        # ship that leapt (a step of A's code is a multiple of SHIP_SPAN), so levels alike in that share it.
        sides = self.leap_sides.get(id(ints))
        if sides is None:  # whether A's ship, and B's, can leap from these tables
            steps = [step for row in found.rows for _, step, _ in row.leaps]
            sides = self.leap_sides[id(ints)] = (any(step % SHIP_SPAN == 0 for step in steps),
                                                 any(step % SHIP_SPAN for step in steps))
        a, b = divmod(level, SHIP_SPAN)  # unpack_level(level), inline as in Chain: once a level when leaping
        key = (id(ints), a if sides[0] else -1, b if sides[1] else -1)
        leapt = self.leapt.get(key)
        if leapt is None:
            at, here = self.at, self.at(level)
            placed = tuple(SettleRow(row.endings, row.stay,
                                     tuple([(at(level + step) - here + slot, q) for slot, step, q in row.leaps]),
                                     row.reached, row.count)
                           for row in found.rows)
            leapt = self.leapt[key] = SettleTables(ints, placed, found.stays, found.reached, found.count)
        return leapt

    def endings(self, ended: dict) -> None:
        """Add to *ended* the endings of the Maneuver phase: each row's chances times the chance that reached it."""
        for ends, (reached,) in self.reached:
            if reached:
                for k, w in ends:
                    ended[k].append((reached * w, 1))

    def at(self, level: int) -> int:
        """The place of a level's entries, from its key (:func:`~voidref.upper_hand.packed.pack_level`)."""
        a, b = unpack_level(level)
        return self.place(_A, a) + self.place(_B, b)

    def layer(self, progress: int) -> list:
        """The levels met so far whose damage has gone *progress* far.

        Each as ``(place, A's place, A's code, B's code, settle key, aim at A,
        aim at B)``: levels with the same settle key (``-1``: none) have the
        same :meth:`~voidref.upper_hand.chain.Chain.settle` tables (see
        :meth:`settle_kind`); an aim is the key of the shots at that ship
        less their kind (:func:`key_parts`, for :meth:`level_shots`). Plain
        tuples: a layer holds thousands of levels.
        """
        out = []
        for pa, ones in self.by_progress[_A].items():
            others = self.by_progress[_B].get(progress - pa)
            if others:
                out += [(ia + ib, ia, a, b, -1 if ka < 0 else ka * 32 + kb, ta + sb, tb + sa)
                        for ia, a, ka, ta, sa in ones for ib, b, kb, tb, sb in others]
        return out

    def last(self) -> int:
        """The most progress of any level of the states met so far."""
        return max(self.by_progress[_A]) + max(self.by_progress[_B])
