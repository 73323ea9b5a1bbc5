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
from voidref.upper_hand.floattables import FloatTables, LaterShot, SettleTables, ShotTable
from voidref.upper_hand.goals import Ending, Finish
from voidref.upper_hand.packed import SHIP_SPAN, ShipState, unpack_level
from voidref.upper_hand.ships import Side

__all__ = ["walk_floats"]

_A, _B = Side.A, Side.B
_SURRENDER_A, _SURRENDER_B = Finish(_A, Ending.SURRENDER), Finish(_B, Ending.SURRENDER)
_STALEMATE = Finish(None, Ending.STALEMATE)
_guns_of = ShipState.guns_of

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
    return _FloatWalk(chain, first, start).run(first)


class _Loop:
    """A level's own loop: the same for every level alike in its settle tables and its shots' marks.

    The marks (:attr:`~voidref.upper_hand.floattables.ShotTable.mark`) name
    the shots' exact weights of no change and of a dodge, which give the
    Gunnery phase's weights of staying in the level, and whether each shot
    can change or end anything, which tells which start nodes can leave.
    Not changed once made.

    Attributes:
        stay: ``stay[i][k]``, the weight over a round's denominator of a round from start node *i* to start
            node *k*.
        chances: The Gunnery phase's chances of staying in the level, by start node and after-Gunnery node.
        inverse: When every start node can leave (the usual case), the loop's ``(scale, adjugate)``.
        plan: Otherwise, which start nodes can leave, their loop and its inverse (:func:`_leaving`); else empty.
    """

    __slots__ = ("stay", "chances", "inverse", "plan")

    def __init__(self, stay: list, chances: list, inverse: tuple | None, plan: tuple):
        self.stay, self.chances, self.inverse, self.plan = stay, chances, inverse, plan

    @classmethod
    def of(cls, settle: SettleTables, at_b: ShotTable, at_a: ShotTable, back_a: ShotTable | None,
           back_b: ShotTable | None, dgun: int, round_den: int) -> _Loop:
        """The loop of a level with these settle tables and shots (see :meth:`FloatTables.level_shots`)."""
        # The Gunnery phase's weights of staying in the level, over dgun, by start node and after-Gunnery node.
        same_a, same_b = at_a.weights.same, at_b.weights.same
        s0 = (same_a * same_b, 0, 0)  # nobody holds: both shots did nothing
        # A holds: its shot did nothing, and B's shot back did nothing (A keeps holding) or was dodged (nobody holds)
        s1 = (same_b * back_a.weights.dodged, same_b * back_a.weights.same, 0) if back_a else (0, 0, 0)
        s2 = (same_a * back_b.weights.dodged, 0, same_a * back_b.weights.same) if back_b else (0, 0, 0)
        t = settle.ints
        t0, t1, t2 = t[0][1], t[1][1], t[2][1]
        stay = [[g0 * t0[k] + g1 * t1[k] + g2 * t2[k] for k in (0, 1, 2)] for g0, g1, g2 in (s0, s1, s2)]
        chances = [[w / dgun for w in s] for s in (s0, s1, s2)]
        # Which start nodes can leave the level in their Gunnery phase: a shot that changes or ends something.
        out = (bool(at_b.leaves or (same_b and at_a.leaves)), bool(at_b.leaves or (back_a and back_a.leaves)),
               bool(at_a.leaves or (back_b and back_b.leaves)))
        if out[0] and out[1] and out[2]:  # the usual case: its inverse, and its scale: one correctly rounded division
            det, adj = BoundedArithmetic.inverse(stay, round_den)
            return cls(stay, chances, (round_den / det, adj), ())
        return cls(stay, chances, None, _leaving(stay, round_den, out, (s0, s1, s2), t))


class _FloatWalk:
    """One walk of :func:`walk_floats`: its nodes, what it has found so far, and its named parts.

    * :meth:`run`: the layers in order, each layer's half-way nodes before its levels;
    * :meth:`play_halfway`: a level's half-way nodes, each the second shot of some Gunnery phase;
    * :meth:`play_level`: a level's start nodes solved with its loop (:class:`_Loop`), a Gunnery phase out of
      each, then the Maneuver phase out of its after-Gunnery nodes;
    * :meth:`fire`: one Gunnery phase, one ship's shot and then the other's.

    Mutable: it is the walk's state while the walk goes, and is dropped after.
    """

    __slots__ = ("tables", "node", "halves", "ended", "visits", "loops", "settled", "levels", "nodes", "moves",
                 "tiny", "dgun", "round_den", "leaping")

    def __init__(self, chain: Chain, first: int, start: dict):
        self.tables = tables = FloatTables(chain)
        self.node = [0.0] * tables.size  # a level's six nodes: start (nobody, A, B), after Gunnery (nobody, A, B)
        self.halves = [0.0] * tables.size  # its half-way nodes, kinds 1 to 5
        here = tables.at(first)
        for i, h in enumerate(HOLDERS):
            self.node[here + i] = float(Fraction(start.get(h, 0)))
        self.ended: dict = {k: [] for k in OUTCOMES}
        self.visits: list = []
        self.loops: dict = {}  # each _Loop, by its settle tables and its shots' marks
        self.settled: dict = {}  # the settle tables by the levels' settle key (FloatTables.layer)
        self.levels = self.nodes = self.moves = 0
        self.tiny = BoundedArithmetic.TINY  # every number kept is 0 or at least this
        self.dgun = chain.dgun
        self.round_den = chain.dgun * chain.dset
        self.leaping = chain.leaping

    def run(self, first: int) -> tuple[dict, list, int, int]:
        """Play every layer from the one of level *first*; the walk's result (see :func:`walk_floats`)."""
        tables, halves = self.tables, self.halves
        play_halfway, play_level = self.play_halfway, self.play_level
        code_a, code_b = unpack_level(first)
        progress = ShipState.progress(code_a) + ShipState.progress(code_b)
        while progress <= tables.last():
            layer = tables.layer(progress)
            progress += 1
            for place, place_a, a, b, _, _, _ in layer:  # the half-way nodes first: each moves into its own level
                h0, h1, h2, h3, h4 = halves[place:place + 5]
                if h0 or h1 or h2 or h3 or h4:
                    play_halfway(place, place_a, a, b, (h0, h1, h2, h3, h4))
            for place, place_a, a, b, settle_key, aim_a, aim_b in layer:
                play_level(place, place_a, a, b, settle_key, aim_a, aim_b)
        tables.endings(self.ended)
        operations = (_PER_NODE * self.nodes + _PER_MOVE * self.moves + tables.conversions
                      + 3 * sum(len(p) for p in self.ended.values()) + 3 * len(self.visits))
        return self.ended, self.visits, self.levels, operations

    def play_halfway(self, place: int, place_a: int, a: int, b: int, masses: tuple) -> None:
        """The half-way nodes of the level at *place* (A's state *a* at *place_a*, B's *b*), kinds 1 to 5.

        Each is a Gunnery phase whose first shot changed its target; its
        mass is the chance that reached it, and the other ship's second
        shot moves it on (:meth:`FloatTables.second`):

        * kinds 1 to 3: nobody held and A's shot changed B, so B fires with
          the Guns condition it had before (``kind - 1``);
        * kind 4: A held and changed B, so B fires back from its state now (A may dodge);
        * kind 5: B held and changed A, so A fires back (B may dodge).
        """
        tables, node, tiny, ended = self.tables, self.node, self.tiny, self.ended
        place_b = place - place_a
        moves = 0
        for kind, m in enumerate(masses, 1):
            if not m:
                continue
            self.nodes += 1
            if m < tiny:
                raise Uncertain("a chance small enough to underflow")
            # The second shots by the shooter's Guns, the ending if their target gives up, the shooter's place.
            if kind <= 3:
                replies, guns, loser, shooter_at = tables.second(3, a, place_a), kind - 1, _SURRENDER_B, place_b
            elif kind == 4:
                replies, guns, loser, shooter_at = tables.second(4, a, place_a), _guns_of(b), _SURRENDER_B, place_b
            else:
                replies, guns, loser, shooter_at = tables.second(5, b, place_b), _guns_of(a), _SURRENDER_A, place_a
            reply = replies[guns]
            if reply.__class__ is LaterShot:
                reply = replies[guns] = reply.make(guns)
            if reply.gone:
                ended[loser].append((m * reply.gone, 1))
            for z, q in reply.moves:
                node[shooter_at + z] += m * q
            moves += reply.count
        self.moves += moves

    def play_level(self, place: int, place_a: int, a: int, b: int, settle_key: int, aim_a: int, aim_b: int) -> None:
        """One level (an entry of :meth:`FloatTables.layer`): its start nodes, then its after-Gunnery nodes.

        1. The level's mass: what reached its start nodes, and what the
           Maneuver phase brings back to them from its after-Gunnery nodes.
        2. Its loop, solved for the mass (:class:`_Loop`, or :func:`_stuck`
           when some start node can never leave), gives the visits to each
           start node; from each, a Gunnery phase (:meth:`fire`) moves on to
           later levels and half-way nodes, and adds to this level's
           after-Gunnery nodes where nothing was hurt.
        3. The Maneuver phase and the end of the round out of the
           after-Gunnery nodes are added up per settle row (levels alike
           share it) and multiplied out at the end; a failed leap moves to
           another level.
        """
        node, tiny = self.node, self.tiny
        xs0, xs1, xs2, xm0, xm1, xm2 = node[place:place + 6]
        if not (xs0 or xs1 or xs2 or xm0 or xm1 or xm2):
            return
        self.nodes += 1
        if (0.0 < xs0 < tiny or 0.0 < xs1 < tiny or 0.0 < xs2 < tiny or 0.0 < xm0 < tiny or 0.0 < xm1 < tiny
                or 0.0 < xm2 < tiny):
            raise Uncertain("a chance small enough to underflow")
        settle = self.settled.get(settle_key)
        if settle is None:  # (a leaping level's key is -1: asked every time)
            settle = self.tables.settle(a * SHIP_SPAN + b)  # pack_level(a, b), inline as in Chain
            if settle_key >= 0:
                self.settled[settle_key] = settle
        # 1. The mass.
        f0, f1, f2 = settle.stays
        m0 = xs0 + xm0 * f0[0] + xm1 * f1[0] + xm2 * f2[0]
        m1 = xs1 + xm0 * f0[1] + xm1 * f1[1] + xm2 * f2[1]
        m2 = xs2 + xm0 * f0[2] + xm1 * f1[2] + xm2 * f2[2]
        if m0 or m1 or m2:
            # 2. The loop and the Gunnery phase.
            self.levels += 1
            tables = self.tables
            at_b, at_a, back_a, back_b = tables.level_shots(a, b, aim_a, aim_b)
            alike = (settle.name, at_b.mark, at_a.mark, back_a.mark if back_a else -1,
                     back_b.mark if back_b else -1)
            loop = self.loops.get(alike)
            if loop is None:
                loop = self.loops[alike] = _Loop.of(settle, at_b, at_a, back_a, back_b, self.dgun, self.round_den)
                tables.conversions += 9
            if loop.inverse is not None:  # the usual case: every start node has a way out
                scale, ((a0, a1, a2), (b0, b1, b2), (c0, c1, c2)) = loop.inverse
                v0 = (m0 * a0 + m1 * b0 + m2 * c0) * scale
                v1 = (m0 * a1 + m1 * b1 + m2 * c1) * scale
                v2 = (m0 * a2 + m1 * b2 + m2 * c2) * scale
            else:
                v0, v1, v2 = _stuck(loop.plan, loop.stay, self.round_den, (m0, m1, m2), self.ended)
            if 0.0 < v0 < tiny or 0.0 < v1 < tiny or 0.0 < v2 < tiny:
                raise Uncertain("a chance small enough to underflow")
            self.visits.append((v0 + v1 + v2, 1))
            (g00, _, _), (g10, g11, _), (g20, _, g22) = loop.chances
            xm0 += v0 * g00 + v1 * g10 + v2 * g20
            xm1 += v1 * g11
            xm2 += v2 * g22
            place_b = place - place_a
            if v0:  # nobody holds: A's shot, then B's with the Guns it had before
                self.fire(v0, _SURRENDER_A, _SURRENDER_B, at_b, tables.unchanged(at_a, place_a), at_a, 3, place_b,
                          place_a + _guns_of(b))
            if v1:  # A holds: A's shot, then B's shot back from where it left B (A may dodge)
                self.fire(v1, _SURRENDER_A, _SURRENDER_B, at_b, tables.second(4, a, place_a), back_a, 4, place_b,
                          place_a + 3)
            if v2:  # B holds: B's shot, then A's shot back (B may dodge)
                self.fire(v2, _SURRENDER_B, _SURRENDER_A, at_a, tables.second(5, b, place_b), back_b, 5, place_a,
                          place_b + 4)
        # 3. The Maneuver phase.
        if 0.0 < xm0 < tiny or 0.0 < xm1 < tiny or 0.0 < xm2 < tiny:
            raise Uncertain("a chance small enough to underflow")
        r0, r1, r2 = settle.reached
        r0[0] += xm0  # adding a 0.0 changes nothing
        r1[0] += xm1
        r2[0] += xm2
        self.moves += settle.count
        if self.leaping:
            for n, row in zip((xm0, xm1, xm2), settle.rows):
                for z, q in row.leaps:
                    node[place + z] += n * q

    def fire(self, v: float, wins: Finish, loses: Finish, first: ShotTable, backs: list, back: ShotTable | None,
             slot: int, here: int, halfway: int) -> None:
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
        node, halves, ended = self.node, self.halves, self.ended
        moves = 0
        gone = first.gone
        if gone:  # the target's crew gave up
            ended[wins].append((v * gone, 1))
        lost = 0.0
        for g, hits, total, n in first.by_guns:  # the other ship's shot back depends only on its Guns after the first
            reply = backs[g]
            if reply.__class__ is LaterShot:
                reply = backs[g] = reply.make(g)
            if not reply.direct:
                for y, w in hits:
                    halves[halfway + y] += v * w
                moves += n
                continue
            out = reply.gone
            if out:
                lost += v * total * out
            pairs = reply.moves
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
            moves += reply.count * n
        if lost:
            ended[loses].append((lost, 1))
        m = v * first.same
        if m and back is not None:
            if back.gone:
                ended[loses].append((m * back.gone, 1))
            base = here + slot
            for y, w in back.hits:
                node[base + y] += m * w
            moves += back.count
        self.moves += moves


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
