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

from dataclasses import dataclass
from fractions import Fraction

from voidref.drifters.attack import Attack
from voidref.drifters.health import Health
from voidref.errors import RulesError, check_int

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
        raise RulesError(f"'attack' must be an Attack (got {attack!r})")
    check_int("max_rounds", max_rounds, low=1, high=MAX_ROUNDS)
    start = Health.of(attack.target) if health is None else health
    if not isinstance(start, Health):
        raise RulesError(f"'health' must be a Health value (got {health!r})")
    if start.incapacitated:
        raise RulesError("'health' must be a target still in the fight (got one already incapacitated)")
    odds = attack.odds(start)
    # What one attack does, as (wounds, strain) -> probability; the same every round.
    step: dict[tuple[int, int], Fraction] = odds.harm.probabilities()
    states = {start: Fraction(1)}
    by_round: dict[int, Fraction] = {}
    for r in range(1, max_rounds + 1):
        down = Fraction(0)
        nxt: dict[Health, Fraction] = {}
        for h, p in states.items():
            for (w, s), q in step.items():
                after = h.suffer_wounds(w).suffer_strain(s)
                if after.incapacitated:
                    down += p * q
                else:
                    nxt[after] = nxt.get(after, Fraction(0)) + p * q
        by_round[r] = down
        states = nxt
        if not states:
            break
    for r in range(len(by_round) + 1, max_rounds + 1):
        by_round[r] = Fraction(0)
    return TakeDown(by_round, sum(states.values(), Fraction(0)), max_rounds, _expected_rounds(start, step))


def _expected_rounds(start: Health, step: dict[tuple[int, int], Fraction]) -> Fraction | None:
    """Mean rounds to absorption, solved exactly.

    Harm only ever adds, so every state either stays put (no harm) or moves
    to a state with more Wounds or Strain: solve from the far end,
    ``E[h] = (1 + sum P(h->h') E[h']) / (1 - P(h->h))``.
    """
    memo: dict[Health, Fraction | None] = {}

    def expected(h: Health) -> Fraction | None:
        if h in memo:
            return memo[h]
        stay = Fraction(0)
        total = Fraction(1)
        for (w, s), q in step.items():
            after = h.suffer_wounds(w).suffer_strain(s)
            if after == h:
                stay += q
            elif not after.incapacitated:
                e = expected(after)
                if e is None:
                    memo[h] = None
                    return None
                total += q * e
        memo[h] = None if stay == 1 else total / (1 - stay)
        return memo[h]

    return expected(start)
