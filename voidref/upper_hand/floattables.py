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
"""

from __future__ import annotations

from voidref.upper_hand.arithmetic import Uncertain
from voidref.upper_hand.chain import Chain
from voidref.upper_hand.packed import SHIP_SPAN, ShipState
from voidref.upper_hand.ships import Side

__all__ = ["FloatTables", "LaterShot"]

_A, _B = Side.A, Side.B

#: The most outcomes of a Gunnery phase (:meth:`~voidref.upper_hand.chain.Chain.shot_spread`) for which second
#: shots with few results are paired directly with the first's (``Chain.DIRECT``); beyond it, only second
#: shots that change nothing.
_FEW_OUTCOMES = 16


class LaterShot:
    """A shot back not made yet: :meth:`FloatTables.backs` holds one until its table is asked for."""

    __slots__ = ("tables", "shooter", "target", "here")

    def __init__(self, tables: FloatTables, shooter: Side, target: int, here: int):
        self.tables, self.shooter, self.target, self.here = tables, shooter, target, here

    def make(self, guns: int) -> tuple:
        """The shot back by a shooter in Guns condition *guns*, paired for :meth:`FloatTables.paired`."""
        if self.shooter is _B:  # at A, which holds and may dodge: A keeps holding unless it dodged
            return self.tables.paired(self.tables.shot(_B, 3 * guns, self.target, True), self.here, 4)
        return self.tables.paired(self.tables.shot(_A, 3 * guns, self.target, True), self.here, 5)


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
        self.shots: dict = {}
        self.shots_back: dict = {}
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
        self.marks: dict = {}  # each (same, dodged) pair of integer weights met, as a small number
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
        # The states met so far, per side, by how far their damage has gone, as {progress: [(place, code, kind)]}
        # (kind is the state's settle_kind()).
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
                (found * self.stride[side], code, self.settle_kind(side, code)))
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

    def shot(self, shooter: Side, own: int, target: int, dodge: bool = False) -> tuple:
        """A shot table in chances: ``(weights, hits, same, gone, dodged, by_guns, count, mark)``.

        *weights* is ``(hits, same, gone, dodged)`` like :meth:`~voidref.upper_hand.chain.Chain.shot`'s
        table, but only the weights of no change (*same*) and of a dodge are
        integers over ``dg * dd`` (the level's loop is solved with them
        exactly); its gone is a chance. *hits* (in both) are
        ``(place, chance)``: the place (:meth:`place`) of the target's new
        state; *by_guns* holds them again by the Guns condition of that
        state, as ``(guns, hits, their total chance, how many)`` (a shot back
        depends on nothing else of it); *count* is the number of hits;
        *mark* numbers the table's weights of no change and of a dodge
        (tables alike in both have the same mark).

        The same sums as :meth:`~voidref.upper_hand.chain.Chain.shot`, in chances: each Impact's damage
        (:meth:`hit`) times its chance. The target stays as it was only if
        every point left it so (a changed state never comes back), so the
        weight of no change is exact from the one-point table alone.
        """
        key = self.chain.shot_key(shooter, own, target, dodge)
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
            mark = self.marks.setdefault((same, dodged), len(self.marks))
            d = self.dg_dd
            found = self.shots[key] = ((hits, same, gone, dodged), hits, same / d, gone, dodged / d, by_guns,
                                       len(hits), mark)
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

    def paired(self, table: tuple, here: int, slot: int) -> tuple:
        """A second shot's *table* as ``(gone, moves, direct, count)``: where each of its results goes.

        *moves* are ``(place and slot, chance)``: each changed state of the
        target into *slot*, the target unchanged (at place *here*) into
        *slot* and a dodge into slot 3 (nobody holds); the other ship's
        place is added by the walk. *direct* is false when the shot has
        more results than ``Chain.DIRECT`` (none, when the Gunnery phase has
        many outcomes: ``self.direct``): then it is played in a half-way
        node rather than paired with each result of the first shot. *count*
        is the moves and the loss the walk counts when it pairs the shot.
        """
        key = (id(table), slot)
        found = self.pairs.get(key)
        if found is None:
            _, hits, same, gone, dodged, _, _, _ = table
            moves = tuple((z + slot, q) for z, q in hits) + tuple(
                (here + to, q) for to, q in ((slot, same), (3, dodged)) if q)
            found = self.pairs[key] = (gone, moves, len(hits) <= self.direct, len(moves) + 1)
        return found

    def unchanged(self, table: tuple, here: int) -> list:
        """B's shot *table* at A when nobody holds, as :meth:`backs` gives a shot back: the same for every Guns of B."""
        found = self.unchanged_backs.get(id(table))
        if found is None:
            found = self.unchanged_backs[id(table)] = [self.paired(table, here, 3)] * 3
        return found

    def backs(self, shooter: Side, target: int, here: int) -> list:
        """*shooter*'s shot back at *target* (at place *here*, may dodge) by Guns condition, each made when asked."""
        key = target * 2 + (shooter is _A)
        found = self.shots_back.get(key)
        if found is None:
            found = self.shots_back[key] = [LaterShot(self, shooter, target, here)] * 3
        return found

    def settle(self, level: int) -> tuple:
        """A level's settle tables as ``(ints, rows, reached, count)``: rows ``(endings, stay, moves, reached, count)``.

        :meth:`~voidref.upper_hand.chain.Chain.settle`'s tables, in chances.
        *moves* are ``(place and slot, chance)`` (failed leaps only), the place less
        the level's own (:meth:`at`).
        *reached* is a one-item list that the walk adds up each level's
        chance at that node in: levels alike share the row, so its
        endings are multiplied out once, at the end (:meth:`endings`).
        *count* is the row's endings and moves, for the walk's count of
        roundings; the last two items are every row's *reached* and the
        rows' counts added up.
        """
        ints = self.chain.settle(level, relative=True)  # shared by every level alike
        found = self.settles.get(id(ints))
        if found is None:
            d = self.dset
            rows = []
            for ends, stay, moves in ints:
                row = (tuple([(k, w / d) for k, w in ends]), tuple([w / d for w in stay]),
                       tuple([(slot, step, w / d) for slot, moved in moves for step, w in moved]), [0.0])
                rows.append((*row, len(row[0]) + len(row[2])))
                self.reached.append(row[::3])
            found = self.settles[id(ints)] = (ints, tuple(rows), tuple(row[3] for row in rows),
                                              sum(row[4] for row in rows))
            self.conversions += sum(len(e) + 3 + len(m) for e, _, m, _, _ in rows)
        if not self.chain.leaping:
            return found
        # A failed leap moves to another level: its place, less this level's, depends only on the state of the
        # ship that leapt (a step of A's code is a multiple of SHIP_SPAN), so levels alike in that share it.
        sides = self.leap_sides.get(id(ints))
        if sides is None:  # whether A's ship, and B's, can leap from these tables
            steps = [step for _, _, leaps, _, _ in found[1] for _, step, _ in leaps]
            sides = self.leap_sides[id(ints)] = (any(step % SHIP_SPAN == 0 for step in steps),
                                                 any(step % SHIP_SPAN for step in steps))
        a, b = divmod(level, SHIP_SPAN)
        key = (id(ints), a if sides[0] else -1, b if sides[1] else -1)
        leapt = self.leapt.get(key)
        if leapt is None:
            at, here = self.at, self.at(level)
            leapt = self.leapt[key] = (ints, tuple(
                (ends, stay, tuple([(at(level + step) - here + slot, q) for slot, step, q in leaps]), reached, n)
                for ends, stay, leaps, reached, n in found[1]), *found[2:])
        return leapt

    def endings(self, ended: dict) -> None:
        """Add to *ended* the endings of the Maneuver phase: each row's chances times the chance that reached it."""
        for ends, (reached,) in self.reached:
            if reached:
                for k, w in ends:
                    ended[k].append((reached * w, 1))

    def at(self, level: int) -> int:
        """The place of a level's entries, from its key (:func:`~voidref.upper_hand.packed.pack_level`)."""
        a, b = divmod(level, SHIP_SPAN)
        return self.place(_A, a) + self.place(_B, b)

    def layer(self, progress: int) -> list:
        """The levels met so far whose damage has gone *progress* far.

        Each as ``(place, A's place, A's code, B's code, settle key)``: levels
        with the same settle key (``-1``: none) have the same
        :meth:`~voidref.upper_hand.chain.Chain.settle` tables (see :meth:`settle_kind`).
        """
        out = []
        for pa, ones in self.by_progress[_A].items():
            others = self.by_progress[_B].get(progress - pa)
            if others:
                out += [(ia + ib, ia, a, b, -1 if ka < 0 else ka * 32 + kb)
                        for ia, a, ka in ones for ib, b, kb in others]
        return out

    def last(self) -> int:
        """The most progress of any level of the states met so far."""
        return max(self.by_progress[_A]) + max(self.by_progress[_B])
