"""The chain walk in floating point: the same chain as :func:`~voidref.upper_hand.walk.walk`, fewer steps a level.

The exact walk (:func:`~voidref.upper_hand.walk.walk`) moves integer weights
in blocks that every level assembles from the chain's tables. At a
calculator's defaults a level has only a handful of moves, so that assembly
was most of the time. This walk, used only by
:func:`~voidref.upper_hand.odds.engagement_bounds`, reads the same tables
(:meth:`~voidref.upper_hand.chain.Chain.shot` and
:meth:`~voidref.upper_hand.chain.Chain.settle`), turns each into chances
once, and plays a level's Gunnery phase straight from its two shots:

* nobody holds: A's shot, then B's with the Guns B had before it;
* A holds: A's shot, then B's shot back from its state after it (A may dodge);
* B holds: the same with the sides swapped.

When the first shot changed its target, a second shot with few results
(at most ``Chain.DIRECT``) is paired with each of the first's results; one
with more goes through a half-way node that levels alike share, so a level
costs the results of both shots rather than their product.

The nodes live in flat lists rather than a dictionary and a heap: each
ship state met is numbered once, so the tables hold each result's place in
those lists and a move is one addition. Levels are played layer by layer,
in order of how far the damage has gone (every move leads further, or to
the same level's after-Gunnery nodes), a layer's half-way nodes before
its levels.

The error bound is argued as in
:class:`~voidref.upper_hand.arithmetic.BoundedArithmetic`: every number is
a sum of products and quotients of non-negative numbers (each level's loop
is solved with its exact inverse, then rounded), so a result that went
through ``K`` roundings is within ``(1 - u)**-K`` of the exact value; the
walk counts an upper bound on all the roundings it does, and every number
it keeps is zero or at least ``TINY``. The exact walk is its oracle in the
tests.
"""

from __future__ import annotations

import math
from fractions import Fraction

from voidref.upper_hand.arithmetic import BoundedArithmetic, Uncertain
from voidref.upper_hand.chain import HOLDERS, OUTCOMES, Chain
from voidref.upper_hand.goals import Ending, Finish
from voidref.upper_hand.packed import SHIP_SPAN, ShipState
from voidref.upper_hand.ships import Side

__all__ = ["walk_floats"]

_A, _B = Side.A, Side.B
_SURRENDER_A, _SURRENDER_B = Finish(_A, Ending.SURRENDER), Finish(_B, Ending.SURRENDER)
_STALEMATE = Finish(None, Ending.STALEMATE)

#: Roundings counted for each node played (its sums, its 3-by-3 solve, its tables' conversions)
#: and for each move sent (the weight's conversion, the product, the addition): generous upper bounds.
_PER_NODE, _PER_MOVE = 400, 4

#: The most outcomes of a Gunnery phase (:meth:`Chain.shot_spread`) for which second shots with few results
#: are paired directly with the first's (``Chain.DIRECT``); beyond it, only second shots that change nothing.
_FEW_OUTCOMES = 16


class _Later:
    """A shot back not made yet: :meth:`_Tables.backs` holds one until its table is asked for."""

    __slots__ = ("tables", "shooter", "target", "here")

    def __init__(self, tables: _Tables, shooter: Side, target: int, here: int):
        self.tables, self.shooter, self.target, self.here = tables, shooter, target, here

    def make(self, guns: int) -> tuple:
        """The shot back by a shooter in Guns condition *guns*, paired for :meth:`_Tables.paired`."""
        if self.shooter is _B:  # at A, which holds and may dodge: A keeps holding unless it dodged
            return self.tables.paired(self.tables.shot(_B, 3 * guns, self.target, True), self.here, 4)
        return self.tables.paired(self.tables.shot(_A, 3 * guns, self.target, True), self.here, 5)


class _Tables:
    """The chain's tables in chances (floats), each made once, and the places of the walk's nodes.

    The walk keeps its nodes in two flat lists, six entries a level: a
    level's start and after-Gunnery nodes (slots 0 to 5), and its half-way
    nodes (kinds 1 to 5 at entries 0 to 4). Each ship state met gets a
    number on first sight (:meth:`number`), so a level's entries start at
    ``place(A's code) + place(B's code)``, and the tables hold places
    rather than codes: a move is one addition into a list. The settle
    tables are :meth:`Chain.settle`'s, converted; the shot tables are built
    here in chances from the engine's one-point table (:meth:`shot`).
    """

    def __init__(self, chain: Chain):
        self.chain = chain
        self.shots: dict = {}
        self.shots_back: dict = {}
        self.pairs: dict = {}
        self.unchanged_backs: dict = {}
        self.settles: dict = {}
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
        #: Per side, the states met so far by how far their damage has gone: ``{progress: [(place, code, kind)]}``
        #: (*kind* is the state's :meth:`settle_kind`).
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
        """What :meth:`Chain.settle` reads of *side*'s ship in state *code*, as a number below 32 (-1 when leaping).

        Its Thrusters condition, and whether its goal requirement holds
        against an enemy of each Thrusters condition (:meth:`Chain.met`: the
        only part of the enemy a requirement reads). Without a leap, two
        levels whose ships are of the same kinds settle alike (:meth:`layer`).
        """
        if self.chain.leaping:  # the boarders left matter too, and a failed leap moves to another level
            return -1
        kind = ShipState.thrusters_of(code) * 8
        for thrusters in range(3):  # an enemy state with only that Thrusters condition
            kind += self.chain.met(side, code, thrusters) << thrusters
        return kind

    def shot(self, shooter: Side, own: int, target: int, dodge: bool = False) -> tuple:
        """:meth:`Chain.shot` in chances: ``(weights, hits, same, gone, dodged, by_guns, count, mark)``.

        *weights* is ``(hits, same, gone, dodged)`` like :meth:`Chain.shot`'s
        table, but only the weights of no change (*same*) and of a dodge are
        integers over ``dg * dd`` (the level's loop is solved with them
        exactly); its gone is a chance. *hits* (in both) are
        ``(place, chance)``: the place (:meth:`place`) of the target's new
        state; *by_guns* holds them again by the Guns condition of that
        state, as ``(guns, hits, their total chance, how many)`` (a shot back
        depends on nothing else of it); *count* is the number of hits;
        *mark* numbers the table's weights of no change and of a dodge
        (tables alike in both have the same mark).

        The same sums as :meth:`Chain.shot`, in chances: each Impact's damage
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
        """:meth:`Chain.gun` with what :meth:`shot` needs of each Impact: ``(impact, weight, chance, no change)``.

        *chance* is the weight over ``dg``; *no change* is the weight times
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
        """:meth:`Chain.hit` in chances, on the target's state numbered *j*: ``(numbers, chances, gone)``.

        The same sums as :meth:`Chain.hit`'s, over numbered states: each
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
        """:meth:`Chain.one_point` on the state numbered *j*, in chances: ``(giving up, ((number, chance), ...))``."""
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
        many outcomes: :attr:`direct`): then it is played in a half-way
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
            found = self.shots_back[key] = [_Later(self, shooter, target, here)] * 3
        return found

    def settle(self, level: int) -> tuple:
        """:meth:`Chain.settle` as ``(ints, rows, reached, count)``: rows ``(endings, stay, moves, reached, count)``.

        In chances. *moves* are ``(place and slot, chance)`` (failed leaps
        only). *reached* is a one-item list that the walk adds up each
        level's chance at that node in: levels alike share the row, so its
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
        # A failed leap moves to a level of its own: its place is found per level.
        at = self.at
        return ints, tuple((ends, stay, tuple([(at(level + step) + slot, q) for slot, step, q in leaps]), reached, n)
                           for ends, stay, leaps, reached, n in found[1]), *found[2:]

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
        :meth:`Chain.settle` tables (see :meth:`settle_kind`).
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


def walk_floats(chain: Chain, first: int, start: dict) -> tuple[dict, list, int, int]:
    """Play *chain* out in floating point: the chances ``walk(chain, first, start, ExactArithmetic)`` gives, rounded.

    Returns ``(ended, visits, levels, operations)`` in the walk's form: the
    ``(chance, 1)`` parts of each ending, the parts of the expected number
    of rounds, the number of levels a round starts in, and an upper bound on
    the roundings done. Raises :class:`~voidref.upper_hand.arithmetic.Uncertain`
    when a kept number would be small enough to underflow.

    Levels are played in layers of equal progress (every move leads to a
    level further on, or to the same level's after-Gunnery nodes), each
    layer's half-way nodes before its levels (a half-way node moves into
    its own level): the order of :meth:`~voidref.upper_hand.chain.Chain.progress`.
    """
    tables = _Tables(chain)
    shot, settle_of = tables.shot, tables.settle
    dgun, dset = chain.dgun, chain.dset
    round_den = dgun * dset
    guns_of = ShipState.guns_of
    node = [0.0] * tables.size  # a level's six nodes: start (nobody, A, B), after Gunnery (nobody, A, B)
    halves = [0.0] * tables.size  # its half-way nodes, kinds 1 to 5
    here = tables.at(first)
    for i, h in enumerate(HOLDERS):
        node[here + i] = float(Fraction(start.get(h, 0)))
    ended: dict = {k: [] for k in OUTCOMES}
    visits: list = []
    loops: dict = {}
    levels = nodes = moves = 0
    tiny = BoundedArithmetic.TINY  # every number kept is 0 or at least this
    shots_get = tables.shots.get
    settled: dict = {}  # the settle tables by the levels' settle key (_Tables.layer)
    dodging = 2 if chain.dodge_at is not None else 0  # the dodge's part of Chain.shot_key
    leaping = chain.leaping

    halves_made: dict = {}  # what each kind of half-way node does, by what its shot depends on

    def half(kind: int, ia: int, ib: int, a: int, b: int, m: float) -> None:
        """A half-way node (a Gunnery phase's second shot) of kind *kind* at level (*a*, *b*), places *ia*, *ib*."""
        nonlocal moves
        # The shot's table depends on the kind, the target's state and the shooter's Guns: the key, kind in 3 bits.
        key = (a * 8 if kind <= 3 else (a * 3 + guns_of(b)) * 8 if kind == 4 else (b * 3 + guns_of(a)) * 8) + kind
        found = halves_made.get(key)
        if found is None:
            if kind <= 3:  # nobody held, A's shot changed B: B fires with the Guns it had before
                found = (*tables.paired(shot(_B, 3 * (kind - 1), a), ia, 3), _SURRENDER_B, False)
            elif kind == 4:  # A held and changed B: B fires back from its state now; A may dodge
                found = (*tables.paired(shot(_B, b, a, True), ia, 4), _SURRENDER_B, False)
            else:  # B held and changed A: A fires back; B may dodge
                found = (*tables.paired(shot(_A, a, b, True), ib, 5), _SURRENDER_A, True)
            halves_made[key] = found
        gone, sent, _, count, loser, on_a = found
        if gone:
            ended[loser].append((m * gone, 1))
        base = ia if on_a else ib
        for z, q in sent:
            node[base + z] += m * q
        moves += count

    def fire(v: float, wins: Finish, loses: Finish, first: tuple, backs: list, back: tuple | None, slot: int,
             here: int, halfway: int) -> None:
        """A Gunnery phase out of a start node visited *v* times: one ship's *first* shot, then the other ship's.

        Where the first shot changed its target, the other ship fires from
        each state the first shot left, with its table (:meth:`_Tables.paired`)
        from *backs*, by the Guns condition of the first shot's target after
        it: a second shot with few results is played here, paired with each
        result of the first; one with more goes through a half-way node
        (entry ``halfway + place``) that levels alike share. Where the first
        shot did nothing, the other ship fires *back* from where it was,
        into *slot* of levels whose first ship stays at place *here*
        (staying in this level is the level's own loop). *wins* is the
        ending when the first shot's target gives up (the first shooter
        wins), *loses* when the other does.
        """
        nonlocal moves
        _, _, same, gone, _, by_guns, _, _ = first
        if gone:  # the target's crew gave up
            ended[wins].append((v * gone, 1))
        lost = 0.0
        for g, hits, total, n in by_guns:  # the other ship's shot back depends only on its Guns after the first
            reply = backs[g]
            if reply.__class__ is _Later:
                reply = backs[g] = reply.make(g)
            out, pairs, direct, count = reply
            if not direct:
                for y, w in hits:
                    halves[halfway + y] += v * w
                moves += n
                continue
            if out:
                lost += v * total * out
            for y, w in hits:
                mw = v * w
                for z, q in pairs:  # the walk's hottest loop
                    node[z + y] += mw * q
            moves += count * n
        if lost:
            ended[loses].append((lost, 1))
        m = v * same
        if m and back is not None:
            _, sent, _, gone_back, _, _, count, _ = back
            if gone_back:
                ended[loses].append((m * gone_back, 1))
            base = here + slot
            for y, w in sent:
                node[base + y] += m * w
            moves += count

    progress = ShipState.progress(first // SHIP_SPAN) + ShipState.progress(first % SHIP_SPAN)
    while progress <= tables.last():
        layer = tables.layer(progress)
        progress += 1
        for i, ia, a, b, _ in layer:  # the layer's half-way nodes first: each moves into its own level, among others
            h0, h1, h2, h3, h4 = halves[i:i + 5]
            if h0 or h1 or h2 or h3 or h4:
                for kind, m in enumerate((h0, h1, h2, h3, h4), 1):
                    if m:
                        nodes += 1
                        if m < tiny:
                            raise Uncertain("a chance small enough to underflow")
                        half(kind, ia, i - ia, a, b, m)
        for i, here_a, a, b, settle_key in layer:
            xs0, xs1, xs2, xm0, xm1, xm2 = node[i:i + 6]
            if not (xs0 or xs1 or xs2 or xm0 or xm1 or xm2):
                continue
            nodes += 1
            if (0.0 < xs0 < tiny or 0.0 < xs1 < tiny or 0.0 < xs2 < tiny or 0.0 < xm0 < tiny or 0.0 < xm1 < tiny
                    or 0.0 < xm2 < tiny):
                raise Uncertain("a chance small enough to underflow")
            found = settled.get(settle_key)
            if found is None:
                found = settle_of(a * SHIP_SPAN + b)
                if settle_key >= 0:
                    settled[settle_key] = found
            t, rows, reached, count = found
            (_, f0, _, _, _), (_, f1, _, _, _), (_, f2, _, _, _) = rows
            mass = (xs0 + xm0 * f0[0] + xm1 * f1[0] + xm2 * f2[0],
                    xs1 + xm0 * f0[1] + xm1 * f1[1] + xm2 * f2[1],
                    xs2 + xm0 * f0[2] + xm1 * f1[2] + xm2 * f2[2])
            v0 = v1 = v2 = 0.0
            if mass[0] or mass[1] or mass[2]:
                levels += 1
                # The shots, looked up under Chain.shot_key's keys written out (four a level; made by shot() when new).
                key_b, key_a = (b * 3 + a // 3 % 3) * 4, (a * 3 + b // 3 % 3) * 4
                at_b = shots_get(key_b + 1) or shot(_A, a, b)  # A's shot at B
                at_a = shots_get(key_a) or shot(_B, b, a)  # B's shot at A
                ib, ia = at_b[0], at_a[0]  # their weights (no change and dodge exact: the loop)
                # A held and its shot did nothing: B fires back at A, which may dodge; the same with the sides swapped.
                back_a = (shots_get(key_a + dodging) or shot(_B, b, a, True)) if ib[1] else None
                back_b = (shots_get(key_b + dodging + 1) or shot(_A, a, b, True)) if ia[1] else None
                # The level's loop: the same for every level alike in its settle table and its shots' weights of no
                # change and of a dodge (their marks), which give the Gunnery phase's weights of staying in the level.
                alike = (id(t[0][1]), at_b[7], at_a[7], back_a[7] if back_a else -1, back_b[7] if back_b else -1)
                found = loops.get(alike)
                if found is None:
                    # The Gunnery phase's weights of staying in this level (over dgun), by start node and after node.
                    s0 = (ia[1] * ib[1], 0, 0)
                    s1 = (ib[1] * back_a[0][3], ib[1] * back_a[0][1], 0) if back_a else (0, 0, 0)
                    s2 = (ia[1] * back_b[0][3], 0, ia[1] * back_b[0][1]) if back_b else (0, 0, 0)
                    t0, t1, t2 = t[0][1], t[1][1], t[2][1]
                    stay = [[g0 * t0[k] + g1 * t1[k] + g2 * t2[k] for k in (0, 1, 2)] for g0, g1, g2 in (s0, s1, s2)]
                    found = loops[alike] = [stay, None, [[w / dgun for w in s] for s in (s0, s1, s2)], {}, (s0, s1, s2)]
                    tables.conversions += 9
                stay, inverse, sf, _, gunnery = found
                # Which start nodes can leave the level at all; the others are a stalemate.
                out0 = bool(ib[2] or ib[0] or (ib[1] and (ia[2] or ia[0])))
                out1 = bool(ib[2] or ib[0] or (back_a and (back_a[0][2] or back_a[0][0])))
                out2 = bool(ia[2] or ia[0] or (back_b and (back_b[0][2] or back_b[0][0])))
                if out0 and out1 and out2:  # the usual case: every node has a way out
                    if inverse is None:  # the loop's inverse, and its scale: one correctly rounded division
                        det, adj = BoundedArithmetic.inverse(stay, round_den)
                        inverse = found[1] = (round_den / det, adj)
                    scale, ((a0, a1, a2), (b0, b1, b2), (c0, c1, c2)) = inverse
                    m0, m1, m2 = mass
                    v0 = (m0 * a0 + m1 * b0 + m2 * c0) * scale
                    v1 = (m0 * a1 + m1 * b1 + m2 * c1) * scale
                    v2 = (m0 * a2 + m1 * b2 + m2 * c2) * scale
                else:
                    out = (out0, out1, out2)
                    plan = found[3].get(out)
                    if plan is None:
                        plan = found[3][out] = _leaving(stay, round_den, out, gunnery, t)
                    v0, v1, v2 = _stuck(plan, stay, round_den, mass, ended)
                if 0.0 < v0 < tiny or 0.0 < v1 < tiny or 0.0 < v2 < tiny:
                    raise Uncertain("a chance small enough to underflow")
                visits.append((v0 + v1 + v2, 1))
                (g00, g01, _), (g10, g11, _), (g20, _, g22) = sf
                xm0 += v0 * g00 + v1 * g10 + v2 * g20
                xm1 += v1 * g11
                xm2 += v2 * g22
                here_b = i - here_a
                if v0:  # nobody holds: A's shot, then B's with the Guns it had before
                    fire(v0, _SURRENDER_A, _SURRENDER_B, at_b, tables.unchanged(at_a, here_a), at_a, 3, here_b,
                         here_a + guns_of(b))
                if v1:  # A holds: A's shot, then B's shot back from where it left B (A may dodge)
                    fire(v1, _SURRENDER_A, _SURRENDER_B, at_b, tables.backs(_B, a, here_a), back_a, 4, here_b,
                         here_a + 3)
                if v2:  # B holds: B's shot, then A's shot back (B may dodge)
                    fire(v2, _SURRENDER_B, _SURRENDER_A, at_a, tables.backs(_A, b, here_b), back_b, 5, here_a,
                         here_b + 4)
            # The Maneuver phase and the end of the round out of the after-Gunnery nodes.
            # Its endings are added up per row (levels alike share it) and multiplied out at the end.
            if 0.0 < xm0 < tiny or 0.0 < xm1 < tiny or 0.0 < xm2 < tiny:
                raise Uncertain("a chance small enough to underflow")
            r0, r1, r2 = reached
            r0[0] += xm0  # adding a 0.0 changes nothing
            r1[0] += xm1
            r2[0] += xm2
            moves += count
            if leaping:  # a failed leap moves to another level
                for n, (_, _, leaps, _, _) in zip((xm0, xm1, xm2), rows):
                    for z, q in leaps:
                        node[z] += n * q
    tables.endings(ended)
    operations = (_PER_NODE * nodes + _PER_MOVE * moves + tables.conversions
                  + 3 * sum(len(p) for p in ended.values()) + 3 * len(visits))
    return ended, visits, levels, operations


def _leaving(stay: list, round_den: int, out: tuple, gunnery: tuple, t: tuple) -> tuple:
    """Which start nodes of a level can leave it, their loop and its inverse: ``(live, loop, inverse)``.

    A start node leaves when its Gunnery phase can end or change the
    level (*out*), or when it can stay and the Maneuver phase out of that
    after-Gunnery node can end or change it; a node that can reach a
    leaving one leaves too. The same for every level alike (kept by the
    walk with the level's loop).
    """
    leaves = {i for i in range(3) if out[i] or any(w and (t[j][0] or t[j][2]) for j, w in enumerate(gunnery[i]))}
    grew = len(leaves) < 3
    while grew:
        grew = False
        for i in range(3):
            if i not in leaves and any(stay[i][k] for k in leaves):
                leaves.add(i)
                grew = True
    live = tuple(sorted(leaves))
    loop = [[stay[i][k] for k in live] for i in live]  # the loop among the nodes that leave
    return live, loop, BoundedArithmetic.inverse(loop, round_den) if live else None


def _stuck(plan: tuple, stay: list, round_den: int, mass: tuple, ended: dict) -> tuple:
    """The visits of a level some of whose start nodes can never leave it (*plan*, from :func:`_leaving`).

    The chance of a node that cannot leave is a stalemate, and so is the
    chance of moving from a node that can into one that cannot.
    """
    live, loop, inverse = plan
    stuck = math.fsum(mass[i] for i in range(3) if i not in live)
    if stuck:
        ended[_STALEMATE].append((stuck, 1))
    v = [0.0, 0.0, 0.0]
    if live and any(mass[i] for i in live):
        nums, _ = BoundedArithmetic.solve(loop, round_den, [mass[i] for i in live], 1, inverse)
        for i, n in zip(live, nums):
            v[i] = n
        lost = math.fsum(v[i] * stay[i][k] / round_den for i in live for k in range(3) if k not in live)
        if lost:
            ended[_STALEMATE].append((lost, 1))
    return tuple(v)
