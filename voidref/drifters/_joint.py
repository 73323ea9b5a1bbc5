"""The full joint distribution of a pool, counted by multiplying packed polynomials.

:meth:`voidref.drifters.dice.Pool.distribution` calls :func:`joint_counts`;
questions that read only part of an outcome use :mod:`voidref.drifters._packing`
instead, which is cheaper.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from voidref.drifters.faces import CheckOutcome, Die, Face

__all__ = ["joint_counts"]


# -- the fast exact algorithm -------------------------------------------------
#
# Only one face of each d12 carries a Breakthrough (Mastery) or a Calamity
# (Hazard). So the number of Breakthroughs among m Mastery Dice is binomial,
# and given k of them the other m - k Mastery Dice roll their 11 ordinary
# faces. The same holds for Calamities. That leaves a 2-D problem (net
# Successes, net Boons) for each pair (k, j), solved by multiplying
# generating polynomials. Each polynomial is packed into one Python integer
# (Kronecker substitution: coefficient of x^s y^b sits at bit slot s*W + b),
# so one big-integer multiplication convolves two whole distributions.

def _span(faces: tuple[Face, ...]) -> tuple[int, int, int, int]:
    """Lowest net Successes, their range, lowest net Boons, their range."""
    s = [f.successes for f in faces]
    b = [f.boons for f in faces]
    return min(s), max(s) - min(s), min(b), max(b) - min(b)


def _packed(faces: tuple[Face, ...], width: int, bits: int) -> int:
    s_low, _, b_low, _ = _span(faces)
    value = 0
    for f in faces:
        value += 1 << (bits * ((f.successes - s_low) * width + f.boons - b_low))
    return value


def joint_counts(counts: Mapping[Die, int]) -> tuple[dict[CheckOutcome, int], int]:
    """Every outcome of rolling *counts* dice (how many of each die) with its number of ways, and all rolls."""
    mastery, hazard = counts.get(Die.MASTERY, 0), counts.get(Die.HAZARD, 0)
    total = math.prod(d.sides ** counts.get(d, 0) for d in Die)
    bits = (total.bit_length() + 8) // 8 * 8
    ordinary = {d: tuple(f for f in d.faces if not (f.breakthroughs or f.calamities)) for d in Die}
    spans = {d: _span(ordinary[d]) for d in Die}
    # Each die shifts its faces to start at 0, so the packed grid is only as
    # wide as the pool's real spread of results on each axis.
    height = 1 + sum(spans[d][1] * counts.get(d, 0) for d in Die)
    width = 1 + sum(spans[d][3] * counts.get(d, 0) for d in Die)
    base = 1
    for die in (Die.ABILITY, Die.BOON, Die.TRIAL, Die.BANE):
        p = _packed(ordinary[die], width, bits)
        for _ in range(counts.get(die, 0)):
            base *= p
    pm, ph = _packed(ordinary[Die.MASTERY], width, bits), _packed(ordinary[Die.HAZARD], width, bits)
    m_pow, h_pow = [1], [1]
    for _ in range(mastery):
        m_pow.append(m_pow[-1] * pm)
    for _ in range(hazard):
        h_pow.append(h_pow[-1] * ph)
    nbytes = bits // 8
    plain_s = sum(spans[d][0] * counts.get(d, 0) for d in (Die.ABILITY, Die.BOON, Die.TRIAL, Die.BANE))
    plain_b = sum(spans[d][2] * counts.get(d, 0) for d in (Die.ABILITY, Die.BOON, Die.TRIAL, Die.BANE))
    out: dict[CheckOutcome, int] = {}
    new = tuple.__new__
    for k in range(mastery + 1):
        with_m = base * m_pow[mastery - k]
        ck = math.comb(mastery, k)
        for j in range(hazard + 1):
            weight = ck * math.comb(hazard, j)
            product = with_m * h_pow[hazard - j]
            # Lowest possible net Successes and Boons of this product, plus the
            # k Breakthrough faces (+1 Success each) and j Calamities (-1 each).
            s_low = plain_s + spans[Die.MASTERY][0] * (mastery - k) + spans[Die.HAZARD][0] * (hazard - j) + k - j
            b_low = plain_b + spans[Die.MASTERY][2] * (mastery - k) + spans[Die.HAZARD][2] * (hazard - j)
            raw = product.to_bytes(height * width * nbytes, "little")
            row_bytes = width * nbytes
            for sx in range(height):
                chunk = raw[sx * row_bytes:(sx + 1) * row_bytes]
                first = len(chunk) - len(chunk.lstrip(b"\0"))
                if first == len(chunk):
                    continue
                last = len(chunk.rstrip(b"\0"))
                s_net = sx + s_low
                for bx in range(first // nbytes, (last - 1) // nbytes + 1):
                    c = int.from_bytes(chunk[bx * nbytes:(bx + 1) * nbytes], "little")
                    if c:
                        out[new(CheckOutcome, (s_net, bx + b_low, k, j))] = c * weight
    return out, total
