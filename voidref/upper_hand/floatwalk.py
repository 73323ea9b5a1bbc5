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
ship state met is numbered once, so the tables
(:class:`~voidref.upper_hand.floattables.FloatTables`) hold each result's
place in those lists and a move is one addition. Levels are played layer by layer,
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
from voidref.upper_hand.floattables import FloatTables, LaterShot
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
    tables = FloatTables(chain)
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
    settled: dict = {}  # the settle tables by the levels' settle key (FloatTables.layer)
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
        each state the first shot left, with its table (:meth:`FloatTables.paired`)
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
            if reply.__class__ is LaterShot:
                reply = backs[g] = reply.make(g)
            out, pairs, direct, count = reply
            if not direct:
                for y, w in hits:
                    halves[halfway + y] += v * w
                moves += n
                continue
            if out:
                lost += v * total * out
            if len(pairs) == 1:  # the shot back has one result (as when its Guns are disabled): one product a move
                (z, q), = pairs
                vq = v * q
                for y, w in hits:
                    node[z + y] += vq * w
            else:
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
                        node[i + z] += n * q
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
