"""Pearson's chi-square test of fairness, with no scipy: a small regularized incomplete gamma.

:func:`gamma_q` is the upper regularized incomplete gamma Q(a, x) (series for x < a + 1,
Lentz's continued fraction otherwise, as in Numerical Recipes 6.2), and
:func:`chi2_sf` the chance that a fair die's chi-square statistic with ``dof`` degrees of
freedom is at least ``x``.

>>> round(chi2_sf(3.841458820694124, 1), 6)   # the 5% critical value of one dof
0.05
>>> round(gamma_q(1.0, 2.0), 12) == round(math.exp(-2.0), 12)
True
>>> chi_square([10, 10, 10], [1/3, 1/3, 1/3])
(0.0, 2, 1.0)
"""

from __future__ import annotations

import math
from collections.abc import Sequence

_EPS = 1e-15
_TINY = 1e-300
_MAX_ITER = 1000


def _series_p(a: float, x: float) -> float:
    """P(a, x) by its power series (converges fast for x < a + 1)."""
    term = total = 1.0 / a
    ap = a
    for _ in range(_MAX_ITER):
        ap += 1.0
        term *= x / ap
        total += term
        if abs(term) < abs(total) * _EPS:
            break
    return total * math.exp(-x + a * math.log(x) - math.lgamma(a))


def _fraction_q(a: float, x: float) -> float:
    """Q(a, x) by its continued fraction (modified Lentz; for x >= a + 1)."""
    b = x + 1.0 - a
    c = 1.0 / _TINY
    d = 1.0 / b
    h = d
    for i in range(1, _MAX_ITER):
        an = -i * (i - a)
        b += 2.0
        d = an * d + b
        d = _TINY if abs(d) < _TINY else d
        c = b + an / c
        c = _TINY if abs(c) < _TINY else c
        d = 1.0 / d
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < _EPS:
            break
    return math.exp(-x + a * math.log(x) - math.lgamma(a)) * h


def gamma_q(a: float, x: float) -> float:
    """The upper regularized incomplete gamma function Q(a, x) = Gamma(a, x) / Gamma(a)."""
    if a <= 0:
        raise ValueError("a must be positive")
    if x < 0:
        raise ValueError("x must not be negative")
    if x == 0:
        return 1.0
    if x < a + 1.0:
        return max(0.0, 1.0 - _series_p(a, x))
    return min(1.0, _fraction_q(a, x))


def chi2_sf(x: float, dof: int) -> float:
    """P(X >= x) for a chi-square variable X with ``dof`` degrees of freedom."""
    if dof < 1:
        raise ValueError("dof must be at least 1")
    return gamma_q(dof / 2.0, max(x, 0.0) / 2.0)


def chi_square(observed: Sequence[int], probabilities: Sequence[float]
               ) -> tuple[float, int, float]:
    """(statistic, degrees of freedom, p-value) of counts against their chances."""
    if len(observed) != len(probabilities) or len(observed) < 2:
        raise ValueError("need at least two categories, as many counts as chances")
    n = sum(observed)
    if n == 0:
        raise ValueError("no observations")
    stat = sum((o - n * p) ** 2 / (n * p) for o, p in zip(observed, probabilities, strict=True))
    dof = len(observed) - 1
    return stat, dof, chi2_sf(stat, dof)
