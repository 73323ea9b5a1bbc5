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

import heapq
import math
from fractions import Fraction

from voidref.upper_hand.arithmetic import BoundedArithmetic, Uncertain
from voidref.upper_hand.chain import HALF, HOLDERS, OUTCOMES, Chain, flat
from voidref.upper_hand.goals import Ending, Finish
from voidref.upper_hand.packed import SHIP_SPAN, ShipState
from voidref.upper_hand.ships import Side

__all__ = ["walk_floats"]

_A, _B = Side.A, Side.B
_SURRENDER_A, _SURRENDER_B = Finish(_A, Ending.SURRENDER), Finish(_B, Ending.SURRENDER)
_STALEMATE = Finish(None, Ending.STALEMATE)

#: Roundings counted for each node taken off the heap (its sums, its 3-by-3 solve, its tables' conversions)
#: and for each move sent (the weight's conversion, the product, the addition): generous upper bounds.
_PER_NODE, _PER_MOVE = 400, 4


class _Later:
    """A shot back not made yet: :meth:`_Tables.backs` holds one until its table is asked for."""

    __slots__ = ("tables", "shooter", "target")

    def __init__(self, tables: _Tables, shooter: Side, target: int):
        self.tables, self.shooter, self.target = tables, shooter, target

    def make(self, guns: int) -> tuple:
        """The shot back by a shooter in Guns condition *guns*, paired for :meth:`_Tables.paired`."""
        if self.shooter is _B:  # at A, which holds and may dodge: A keeps holding unless it dodged
            return self.tables.paired(self.tables.shot(_B, 3 * guns, self.target, True), self.target * SHIP_SPAN, 4)
        return self.tables.paired(self.tables.shot(_A, 3 * guns, self.target, True), self.target, 5)


class _Tables:
    """The chain's tables as chances (floats), each converted once."""

    def __init__(self, chain: Chain):
        self.chain = chain
        self.shots: dict = {}
        self.shots_back: dict = {}
        self.pairs: dict = {}
        self.unchanged_backs: dict = {}
        self.settles: dict = {}
        self.dg_dd = chain.dg * chain.dd
        self.dset = chain.dset
        self.conversions = 0

    def shot(self, shooter: Side, own: int, target: int, dodge: bool = False) -> tuple:
        """:meth:`Chain.shot` as ``(ints, hits, same, gone, dodged, guns)``: the integer table and its chances.

        *hits* are ``(part of a level key, chance)``: the target's new code,
        times :data:`SHIP_SPAN` when the target is side A's ship; *guns* is
        the Guns condition of each of those codes.
        """
        key = self.chain.shot_key(shooter, own, target, dodge)
        found = self.shots.get(key)
        if found is None:
            ints = self.chain.shot(shooter, own, target, dodge)
            hits, same, gone, dodged = ints
            d = self.dg_dd
            span = SHIP_SPAN if shooter is _B else 1
            found = self.shots[key] = (ints, tuple((y * span, w / d) for y, w in hits),
                                       same / d, gone / d, dodged / d, tuple(ShipState.guns_of(y) for y, _ in hits))
            self.conversions += len(hits) + 3
        return found

    def paired(self, table: tuple, here: int, slot: int) -> tuple:
        """A second shot's *table* as ``(gone, moves, direct)``: where each of its results goes.

        *moves* are ``(part of a level key, slot, chance)``: each changed
        state of the target into *slot*, the target unchanged (*here*) into
        *slot* and a dodge into slot 3 (nobody holds). *direct* is false
        when the shot has more results than ``Chain.DIRECT``: then it is
        played in a half-way node rather than paired with each result of
        the first shot.
        """
        key = (id(table), slot)
        found = self.pairs.get(key)
        if found is None:
            _, hits, same, gone, dodged, _ = table
            moves = tuple((z, slot, q) for z, q in hits) + tuple(
                (here, to, q) for to, q in ((slot, same), (3, dodged)) if q)
            found = self.pairs[key] = (gone, moves, len(hits) <= self.chain.DIRECT)
        return found

    def unchanged(self, table: tuple, here: int) -> list:
        """B's shot *table* at A when nobody holds, as :meth:`backs` gives a shot back: the same for every Guns of B."""
        found = self.unchanged_backs.get(id(table))
        if found is None:
            found = self.unchanged_backs[id(table)] = [self.paired(table, here, 3)] * 3
        return found

    def backs(self, shooter: Side, target: int) -> list:
        """*shooter*'s shot back at *target* (which may dodge) for each Guns condition, each made when first asked."""
        key = target * 2 + (shooter is _A)
        found = self.shots_back.get(key)
        if found is None:
            found = self.shots_back[key] = [_Later(self, shooter, target)] * 3
        return found

    def settle(self, level: int) -> tuple:
        """:meth:`Chain.settle` as ``(ints, rows)``: per after-Gunnery node ``(endings, stay, moves)`` in chances.

        *moves* are ``(level, slot, chance)`` (failed leaps only).
        """
        ints = self.chain.settle(level)
        found = self.settles.get(id(ints))
        if found is None:
            d = self.dset
            rows = tuple((tuple((k, w / d) for k, w in ends), tuple(w / d for w in stay),
                          tuple((lv, slot, w / d) for lv, slot, w in flat(moves)))
                         for ends, stay, moves in ints)
            found = (ints, rows)
            if not self.chain.leaping:  # shared by every level alike (a leap's tables are made per level)
                self.settles[id(ints)] = found
            self.conversions += sum(len(e) + 3 + len(m) for e, _, m in rows)
        return found


def walk_floats(chain: Chain, first: int, start: dict) -> tuple[dict, list, int, int]:
    """Play *chain* out in floating point: the chances ``walk(chain, first, start, ExactArithmetic)`` gives, rounded.

    Returns ``(ended, visits, levels, operations)`` in the walk's form: the
    ``(chance, 1)`` parts of each ending, the parts of the expected number
    of rounds, the number of levels a round starts in, and an upper bound on
    the roundings done. Raises :class:`~voidref.upper_hand.arithmetic.Uncertain`
    when a kept number would be small enough to underflow.
    """
    tables = _Tables(chain)
    shot, settle_of, backs = tables.shot, tables.settle, tables.backs
    dgun, dset = chain.dgun, chain.dset
    round_den = dgun * dset
    progress = chain.progress
    guns_of = ShipState.guns_of
    pending: dict = {first: [float(Fraction(start.get(h, 0))) for h in HOLDERS] + [0.0, 0.0, 0.0]}
    heap = [(progress(first), first)]
    push, pop = heapq.heappush, heapq.heappop
    get = pending.get
    ended: dict = {k: [] for k in OUTCOMES}
    visits: list = []
    loops: dict = {}
    levels = nodes = moves = 0
    tiny = BoundedArithmetic.TINY  # every number kept is 0 or at least this
    shots_get = tables.shots.get
    dodging = 2 if chain.dodge_at is not None else 0  # the dodge's part of Chain.shot_key

    def half(key: int, m: float) -> None:  # a half-way node: the second shot of a Gunnery phase
        nonlocal moves
        kind, level = divmod(key, HALF)
        a, b = divmod(level, SHIP_SPAN)
        if kind <= 3:  # nobody held, A's shot changed B: B fires with the Guns it had before
            table = shot(_B, 3 * (kind - 1), a)
            (gone, sent, _), base, loser = tables.paired(table, a * SHIP_SPAN, 3), b, _SURRENDER_B
        elif kind == 4:  # A held and changed B: B fires back from its state now; A may dodge
            table = shot(_B, b, a, True)
            (gone, sent, _), base, loser = tables.paired(table, a * SHIP_SPAN, 4), b, _SURRENDER_B
        else:  # B held and changed A: A fires back; B may dodge
            table = shot(_A, a, b, True)
            (gone, sent, _), base, loser = tables.paired(table, b, 5), a * SHIP_SPAN, _SURRENDER_A
        if gone:
            ended[loser].append((m * gone, 1))
        send(sent, base, m)
        moves += len(table[1])

    def send(sent: tuple, base: int, m: float) -> None:  # (part of a level key, slot, chance) moves, times m
        for z, slot, q in sent:
            k = base + z
            part = get(k)
            if part is None:
                part = pending[k] = [0.0, 0.0, 0.0, 0.0, 0.0, 0.0]
                push(heap, (progress(k), k))
            part[slot] += m * q

    def spread(hits: tuple, base: int, slot: int, m: float) -> None:  # moves into after-Gunnery nodes
        nonlocal moves
        for y, w in hits:
            k = base + y
            part = get(k)
            if part is None:
                part = pending[k] = [0.0, 0.0, 0.0, 0.0, 0.0, 0.0]
                push(heap, (progress(k), k))
            part[slot] += m * w
        moves += len(hits)

    def fire(v: float, wins: Finish, loses: Finish, first: tuple, backs: list, back: tuple | None, slot: int,
             here: int, halfway: int) -> None:
        """A Gunnery phase out of a start node visited *v* times: one ship's *first* shot, then the other ship's.

        Where the first shot changed its target, the other ship fires from
        each state the first shot left, with its table (:meth:`_Tables.paired`)
        from *backs*, by the Guns condition of the first shot's target after
        it: a second shot with few results is played here, paired with each
        result of the first; one with more goes through a half-way node
        (``halfway + y``) that levels alike share. Where the first shot did
        nothing, the other ship fires *back* from where it was, into *slot*
        of levels whose first ship stays *here* (staying in this level is
        the level's own loop). *wins* is the ending when the first shot's
        target gives up (the first shooter wins), *loses* when the other does.
        """
        nonlocal moves
        _, hits, same, gone, _, _ = first
        if gone:  # the target's crew gave up
            ended[wins].append((v * gone, 1))
        lost = 0.0
        for (y, w), g in zip(hits, first[5]):
            reply = backs[g]
            if reply.__class__ is _Later:
                reply = backs[g] = reply.make(g)
            out, pairs, direct = reply
            mw = v * w
            if not direct:
                k = halfway + y
                part = get(k)
                if part is None:
                    part = pending[k] = [0.0]
                    push(heap, (progress(k), k))
                part[0] += mw
                moves += 1
                continue
            lost += mw * out
            for z, to, q in pairs:  # send(pairs, y, mw), written out: the walk's hottest loop
                k = z + y
                part = get(k)
                if part is None:
                    part = pending[k] = [0.0, 0.0, 0.0, 0.0, 0.0, 0.0]
                    push(heap, (progress(k), k))
                part[to] += mw * q
            moves += len(pairs) + 1
        if lost:
            ended[loses].append((lost, 1))
        m = v * same
        if m and back is not None:
            _, sent, _, gone_back, _, _ = back
            if gone_back:
                ended[loses].append((m * gone_back, 1))
            spread(sent, here, slot, m)

    while heap:
        key = pop(heap)[1]
        x = pending.pop(key)
        nodes += 1
        if key >= HALF:
            m = x[0]
            if m:
                if m < tiny:
                    raise Uncertain("a chance small enough to underflow")
                half(key, m)
            continue
        if min(filter(None, x), default=1.0) < tiny:
            raise Uncertain("a chance small enough to underflow")
        a, b = divmod(key, SHIP_SPAN)
        xs0, xs1, xs2, xm0, xm1, xm2 = x
        t, ((e0, f0, q0), (e1, f1, q1), (e2, f2, q2)) = settle_of(key)
        mass = (xs0 + xm0 * f0[0] + xm1 * f1[0] + xm2 * f2[0],
                xs1 + xm0 * f0[1] + xm1 * f1[1] + xm2 * f2[1],
                xs2 + xm0 * f0[2] + xm1 * f1[2] + xm2 * f2[2])
        v0 = v1 = v2 = 0.0
        after = [xm0, xm1, xm2]
        if mass[0] or mass[1] or mass[2]:
            levels += 1
            # The shots, looked up under Chain.shot_key's keys written out (four a level; made by shot() when new).
            key_b, key_a = (b * 3 + a // 3 % 3) * 4, (a * 3 + b // 3 % 3) * 4
            at_b = shots_get(key_b + 1) or shot(_A, a, b)  # A's shot at B
            at_a = shots_get(key_a) or shot(_B, b, a)  # B's shot at A
            ib, ia = at_b[0], at_a[0]  # their integer tables: the weights of staying in this level
            # A held and its shot did nothing: B fires back at A, which may dodge; the same with the sides swapped.
            back_a = (shots_get(key_a + dodging) or shot(_B, b, a, True)) if ib[1] else None
            back_b = (shots_get(key_b + dodging + 1) or shot(_A, a, b, True)) if ia[1] else None
            # The Gunnery phase's weights of staying in this level (over dgun), by start node and after node.
            s0 = (ia[1] * ib[1], 0, 0)
            s1 = (ib[1] * back_a[0][3], ib[1] * back_a[0][1], 0) if back_a else (0, 0, 0)
            s2 = (ia[1] * back_b[0][3], 0, ia[1] * back_b[0][1]) if back_b else (0, 0, 0)
            alike = (id(t[0][1]), *s0, *s1, *s2)  # t[0][1] is the stay list of one shared settle table
            found = loops.get(alike)
            if found is None:
                t0, t1, t2 = t[0][1], t[1][1], t[2][1]
                stay = [[g0 * t0[k] + g1 * t1[k] + g2 * t2[k] for k in (0, 1, 2)] for g0, g1, g2 in (s0, s1, s2)]
                found = loops[alike] = [stay, None, [[w / dgun for w in s] for s in (s0, s1, s2)], {}]
                tables.conversions += 9
            stay, inverse, sf, _ = found
            # Which start nodes can leave the level at all; the others are a stalemate.
            out0 = bool(ib[2] or ib[0] or (ib[1] and (ia[2] or ia[0])))
            out1 = bool(ib[2] or ib[0] or (back_a and (back_a[0][2] or back_a[0][0])))
            out2 = bool(ia[2] or ia[0] or (back_b and (back_b[0][2] or back_b[0][0])))
            if out0 and out1 and out2:  # the usual case: every node has a way out
                if inverse is None:
                    inverse = found[1] = BoundedArithmetic.inverse(stay, round_den)
                det, adj = inverse
                (a0, a1, a2), (b0, b1, b2), (c0, c1, c2) = adj
                m0, m1, m2 = mass
                scale = round_den / det
                v0 = (m0 * a0 + m1 * b0 + m2 * c0) * scale
                v1 = (m0 * a1 + m1 * b1 + m2 * c1) * scale
                v2 = (m0 * a2 + m1 * b2 + m2 * c2) * scale
            else:
                out = (out0, out1, out2)
                plan = found[3].get(out)
                if plan is None:
                    plan = found[3][out] = _leaving(stay, round_den, out, (s0, s1, s2), t)
                v0, v1, v2 = _stuck(plan, stay, round_den, mass, ended)
            if min(filter(None, (v0, v1, v2)), default=1.0) < tiny:
                raise Uncertain("a chance small enough to underflow")
            visits.append((v0 + v1 + v2, 1))
            (g00, g01, _), (g10, g11, _), (g20, _, g22) = sf
            after[0] += v0 * g00 + v1 * g10 + v2 * g20
            after[1] += v1 * g11
            after[2] += v2 * g22
            here_a, here_b = a * SHIP_SPAN, b
            if v0:  # nobody holds: A's shot, then B's with the Guns it had before
                fire(v0, _SURRENDER_A, _SURRENDER_B, at_b, tables.unchanged(at_a, here_a), at_a, 3, here_b,
                     (1 + guns_of(b)) * HALF + here_a)
            if v1:  # A holds: A's shot, then B's shot back from where it left B (A may dodge)
                fire(v1, _SURRENDER_A, _SURRENDER_B, at_b, backs(_B, a), back_a, 4, here_b, 4 * HALF + here_a)
            if v2:  # B holds: B's shot, then A's shot back (B may dodge)
                fire(v2, _SURRENDER_B, _SURRENDER_A, at_a, backs(_A, b), back_b, 5, here_a, 5 * HALF + here_b)
        # The Maneuver phase and the end of the round out of the after-Gunnery nodes.
        for n, (ends, _, leaps) in zip(after, ((e0, f0, q0), (e1, f1, q1), (e2, f2, q2))):
            if not n:
                continue
            if n < tiny:
                raise Uncertain("a chance small enough to underflow")
            for k, w in ends:
                ended[k].append((n * w, 1))
            send(leaps, 0, n)
            moves += len(ends) + len(leaps)
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
