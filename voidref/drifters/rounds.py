"""How many rounds until a repeated attack takes a target down.

Not a rule of the source but a question players ask: if an attacker makes
the same attack every round, what is the exact chance that the target is
incapacitated in round 1, 2, 3, ...? Each round's attack is independent, so
this is a Markov chain over the target's (Wounds, Strain).

>>> from voidref.drifters import Attack, Character, Weapon
>>> senna = Character("Senna Vael", might=2, agility=4)
>>> agent = Character("Agent A", agility=3, kind="elite", stated_wound_points=12, stated_resistance=2)
>>> takedown = rounds_to_take_down(Attack(senna, Weapon("Sidearm", damage=6, crit=3, range="medium"), agent))
>>> takedown.by_round[1], takedown.by_round[2] > 0
(Fraction(0, 1), True)
>>> takedown.within(3) > Fraction(1, 2)
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from voidref.drifters.attack import Attack
from voidref.drifters.health import Health
from voidref.errors import RulesError, check_int, describe

__all__ = ["TakeDown", "rounds_to_take_down"]

MAX_ROUNDS = 100


@dataclass(frozen=True)
class TakeDown:
    """Exact chance of the target going down in each round.

    *by_round[r]* is the chance it is first incapacitated in round *r*
    (1-based); *beyond* is the chance it is still up after *max_rounds*.
    """

    by_round: dict[int, Fraction]
    beyond: Fraction
    max_rounds: int
    expected_rounds: Fraction | None
    """The exact mean number of rounds (``None`` if the attack can never take the target down)."""

    def within(self, rounds: int) -> Fraction:
        """The chance the target is down by the end of round *rounds*."""
        check_int("rounds", rounds, low=0, high=self.max_rounds)
        return sum((p for r, p in self.by_round.items() if r <= rounds), Fraction(0))



def rounds_to_take_down(attack: Attack, health: Health | None = None, max_rounds: int = 20) -> TakeDown:
    """Repeat *attack* every round against the target's *health* (fresh by default)."""
    if not isinstance(attack, Attack):
        raise RulesError(f"'attack' must be an Attack (got {describe(attack)})", argument="attack")
    check_int("max_rounds", max_rounds, low=1, high=MAX_ROUNDS)
    start = Health.of(attack.target) if health is None else health
    if not isinstance(start, Health):
        raise RulesError(f"'health' must be a Health value (got {describe(health)})", argument="health")
    if start.incapacitated:
        raise RulesError("'health' must be a target still in the fight (got one already incapacitated)",
                         argument="health")
    odds = attack.odds(start)
    # What one attack does, as (wounds, strain) -> probability; the same every round.
    step: dict[tuple[int, int], Fraction] = odds.harm.probabilities()
    after = _successors(step)
    # Chances travel as integer numerators over den ** r after round r (exact, and much
    # cheaper than adding Fractions). Each health state is numbered once, with the numbers
    # of its successors (-1: incapacitated), so the rounds below add integers by index.
    den = math.lcm(*(q.denominator for q in step.values()))
    harms = list(step)
    weights = [step[harm].numerator * (den // step[harm].denominator) for harm in harms]
    nodes: list[Health] = [start]
    number = {start: 0}
    moves: list[list[tuple[int, int]]] = []

    def successors(i: int) -> list[tuple[int, int]]:
        while len(moves) <= i:
            h = nodes[len(moves)]
            out = []
            for harm, q in zip(harms, weights):
                h2 = after(h, harm)
                if h2 is None:
                    out.append((-1, q))
                    continue
                j = number.get(h2)
                if j is None:
                    j = number[h2] = len(nodes)
                    nodes.append(h2)
                out.append((j, q))
            moves.append(out)
        return moves[i]

    states = {0: 1}
    scale = 1
    by_round: dict[int, Fraction] = {}
    for r in range(1, max_rounds + 1):
        down = 0
        nxt: dict[int, int] = {}
        for i, p in states.items():
            for j, q in successors(i):
                if j < 0:
                    down += p * q
                else:
                    nxt[j] = nxt.get(j, 0) + p * q
        scale *= den
        by_round[r] = Fraction(down, scale)
        states = nxt
        if not states:
            break
    for r in range(len(by_round) + 1, max_rounds + 1):
        by_round[r] = Fraction(0)
    beyond = Fraction(sum(states.values()), scale)
    return TakeDown(by_round, beyond, max_rounds, _expected_rounds(start, step, after))


def _successors(step: dict[tuple[int, int], Fraction]):
    """``after(h, (wounds, strain))``: the health after that harm, ``None`` if incapacitated (remembered)."""
    memo: dict = {}

    def after(h: Health, harm: tuple[int, int]) -> Health | None:
        key = (h, harm)
        if key in memo:
            return memo[key]
        h2 = h.suffer_wounds(harm[0]).suffer_strain(harm[1])
        found = memo[key] = None if h2.incapacitated else h2
        return found

    return after


def _expected_rounds(start: Health, step: dict[tuple[int, int], Fraction], after=None) -> Fraction | None:
    """Mean rounds to absorption, solved exactly.

    Harm only ever adds, so every state either stays put (no harm) or moves
    to a state with more Wounds or Strain: solve from the far end,
    ``E[h] = (1 + sum P(h->h') E[h']) / (1 - P(h->h))``. *after* is
    :func:`_successors` of *step*, shared with the caller.
    """
    after = after or _successors(step)
    memo: dict[Health, Fraction | None] = {}

    def expected(h: Health) -> Fraction | None:
        if h in memo:
            return memo[h]
        stay = Fraction(0)
        total = Fraction(1)
        for harm, q in step.items():
            h2 = after(h, harm)
            if h2 == h:
                stay += q
            elif h2 is not None:
                e = expected(h2)
                if e is None:
                    memo[h] = None
                    return None
                total += q * e
        memo[h] = None if stay == 1 else total / (1 - stay)
        return memo[h]

    return expected(start)
