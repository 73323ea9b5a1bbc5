"""The chain walk: an engagement played out one damage level at a time, least damaged first.

Damage only ever gets worse, so apart from the Upper Hand moving back and
forth the chain of :mod:`~voidref.upper_hand.chain` never returns to a
state. :func:`walk` therefore visits each damage level once, in order of
:meth:`~voidref.upper_hand.chain.Chain.progress`, and solves the level's
own loops (a 3-by-3 linear system) in the number kernel it is given
(:class:`~voidref.upper_hand.arithmetic.ExactArithmetic` for
:func:`~voidref.upper_hand.odds.engagement_odds`). The floating-point
bounds of :func:`~voidref.upper_hand.odds.engagement_bounds` come from the
leaner :func:`~voidref.upper_hand.floatwalk.walk_floats`, which plays the
same chain from the same tables and has this walk as its oracle in the tests.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Sequence
from fractions import Fraction

from voidref.upper_hand.chain import HALF, HOLDERS, OUTCOMES, Chain
from voidref.upper_hand.goals import Ending, Finish

__all__ = ["walk"]

#: One node's way out of a stage, as :meth:`~voidref.upper_hand.chain.Chain.gunnery` and
#: :meth:`~voidref.upper_hand.chain.Chain.settle` pack it: ``(endings, stay, moves)``, that is
#: ``(Finish, weight)`` pairs, the weight of each node of this level, and blocks of ``(level, slot, weight)``
#: moves into nodes of other levels (:func:`~voidref.upper_hand.blocks.flat`).
_Stage = tuple[Sequence[tuple[Finish, int]], Sequence[int], Sequence[tuple]]


def walk(chain: Chain, first: int, start: dict, numbers) -> tuple[dict, list, int, int]:
    """Play the chain out level by level, least damaged first, in the given numbers.

    Gunnery moves a start node to an after-Gunnery node (of this level if
    nothing was hurt, of a later one if something was); the Maneuver phase
    and the end of the round move an after-Gunnery node back to a start node
    (or end the engagement). Only the moves that stay within the level
    loop, and they make one 3-by-3 system per level. Chances travel as
    ``(numerators, scale)`` parts and are added up once, when their level
    is reached.

    Returns ``(ended, visits, levels, operations)``: the parts of each
    ending, the parts of the expected number of rounds, the number of levels
    a round starts in, and an upper bound on the arithmetic operations done.
    """
    dgun, dset = chain.dgun, chain.dset
    round_den = dgun * dset  # a whole round's weights: Gunnery's times the Maneuver phase's
    dg_dd = chain.dg * chain.dd  # one shot's weights (out of a half-way node)
    start_den = math.lcm(*(Fraction(p).denominator for p in start.values()))
    start_nums = [int(Fraction(start.get(h, 0)) * start_den) for h in HOLDERS]
    pending = {first: numbers.begin(start_nums + [0, 0, 0], start_den)}
    heap = [(chain.progress(first), first)]
    ended: dict = {k: [] for k in OUTCOMES}
    visits: list = []
    levels = operations = 0
    gunnery, settle, progress = chain.gunnery, chain.settle, chain.progress
    gather, solve, add, send = numbers.gather, numbers.solve, numbers.add, numbers.send
    entries_before = chain.entries
    loops: dict = {}  # (the settle tables' id, the Gunnery staying weights) -> [stay matrix, its inverse]
    inverse = numbers.inverse
    while heap:
        key = heapq.heappop(heap)[1]
        inflow = pending.pop(key)
        x, den = gather(inflow)
        operations += 18 * len(inflow) + 200
        if key >= HALF:  # a half-way node of some Gunnery phase: no loop, only the other ship's shot
            send(x[:1], chain.half(key), den * dg_dd, pending, heap, progress, ended)
            continue
        t: tuple[_Stage, ...] = settle(key)
        (_, t0, _), (_, t1, _), (_, t2, _) = t
        xs0, xs1, xs2, xm0, xm1, xm2 = x
        mass = [xs0 * dset + xm0 * t0[0] + xm1 * t1[0] + xm2 * t2[0],
                xs1 * dset + xm0 * t0[1] + xm1 * t1[1] + xm2 * t2[1],
                xs2 * dset + xm0 * t0[2] + xm1 * t1[2] + xm2 * t2[2]]
        mass_den = den * dset
        v: list[int] = [0, 0, 0]
        v_den = 1
        g: tuple[_Stage, ...] = ()
        if mass[0] or mass[1] or mass[2]:
            levels += 1
            g = gunnery(key)
            (e0, s0, m0), (e1, s1, m1), (e2, s2, m2) = g
            # The level's loops and their inverse depend only on its shared settle tables and its staying weights:
            # worked out once for every level alike (a few hundred of thousands).
            alike = (id(t0), *s0, *s1, *s2)  # t0 is the stay list of one shared settle table
            found = loops.get(alike)
            if found is None:
                stay = [[g0 * t0[k] + g1 * t1[k] + g2 * t2[k] for k in (0, 1, 2)] for g0, g1, g2 in (s0, s1, s2)]
                found = loops[alike] = [stay, None]
            stay = found[0]
            if (e0 or m0) and (e1 or m1) and (e2 or m2):  # the usual case: every node has a way out
                if found[1] is None:
                    found[1] = inverse(stay, round_den)
                nums, v_den = solve(stay, round_den, mass, mass_den, found[1])
                v = nums
                visits.append((nums[0] + nums[1] + nums[2], v_den))
            else:  # some start node can never leave: its chance is a stalemate
                v, v_den = _stuck(_leaving(g, t, stay), stay, round_den, mass, mass_den, solve, ended, visits)
        # The after-Gunnery nodes: what came in plus this level's own Gunnery.
        if g:
            v0, v1, v2 = v
            after, after_den = add(x[3:], den, [v0 * s0[j] + v1 * s1[j] + v2 * s2[j] for j in range(3)],
                                           v_den * dgun)
        else:
            after, after_den = x[3:], den
        # Send the level's chances on: Gunnery out of the start nodes,
        # the Maneuver phase out of the after-Gunnery nodes.
        send(v, g, v_den * dgun, pending, heap, progress, ended)
        send(after, t, after_den * dset, pending, heap, progress, ended)
    # Each table entry is sent on at most once (every level is left once).
    operations += 3 * (chain.entries - entries_before) + 3 * sum(len(p) for p in ended.values()) + 3 * len(visits)
    return ended, visits, levels, operations


def _leaving(g: tuple[_Stage, ...], t: tuple[_Stage, ...], stay: list) -> set[int]:
    """Which start nodes of a level can ever leave it, from its Gunnery (*g*) and settle (*t*) stages and its loop.

    A start node leaves when its Gunnery phase can end the engagement or
    move to another level, or when it can stay and the Maneuver phase out
    of that after-Gunnery node can; a node that can reach a leaving one
    leaves too.
    """
    leaves = {i for i, (ends, g_stay, moves) in enumerate(g)
              if ends or moves or any(w and (t[j][0] or t[j][2]) for j, w in enumerate(g_stay))}
    grew = len(leaves) < 3
    while grew:
        grew = False
        for i in range(3):
            if i not in leaves and any(stay[i][k] for k in leaves):
                leaves.add(i)
                grew = True
    return leaves


def _stuck(leaves: set[int], stay: list, round_den: int, mass: list, mass_den: int, solve, ended: dict,
           visits: list) -> tuple[list, int]:
    """The visits ``(numerators, den)`` of a level some of whose start nodes can never leave it (not in *leaves*).

    The chance of a node that cannot leave is a stalemate, and so is the
    chance of moving from a node that can into one that cannot; the loop
    among the others is solved in the walk's numbers (*solve*).
    """
    stalemate = Finish(None, Ending.STALEMATE)
    v = [0, 0, 0]
    v_den = 1
    stuck = sum(mass[i] for i in range(3) if i not in leaves)
    if stuck:
        ended[stalemate].append((stuck, mass_den))
    live = sorted(leaves)
    if live and any(mass[i] for i in live):
        nums, v_den = solve([[stay[i][k] for k in live] for i in live], round_den, [mass[i] for i in live], mass_den)
        for i, n in zip(live, nums):
            v[i] = n
        visits.append((sum(nums), v_den))
        lost = sum(v[i] * stay[i][k] for i in live for k in range(3) if k not in leaves)
        if lost:
            ended[stalemate].append((lost, v_den * round_den))
    return v, v_den
