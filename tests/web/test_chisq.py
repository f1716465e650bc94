"""The regularized incomplete gamma and the chi-square p-value against known values."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from web.chisq import chi2_sf, chi_square, gamma_q

# (x, dof, p): critical values from statistics tables (5%, 1%, 0.1%) and exact cases.
KNOWN = [
    (3.841458820694124, 1, 0.05), (6.6348966010212145, 1, 0.01),
    (11.070497693516351, 5, 0.05), (15.08627246938899, 5, 0.01),
    (20.515005652432873, 5, 0.001), (31.410432844230918, 20, 0.05),
    (37.56623478662507, 20, 0.01), (45.31474661812586, 20, 0.001),
    (4.351460191095526, 5, 0.5), (19.337428467333, 20, 0.5),
]


@pytest.mark.parametrize(("x", "dof", "p"), KNOWN)
def test_chi2_sf_matches_the_tables(x: float, dof: int, p: float) -> None:
    assert chi2_sf(x, dof) == pytest.approx(p, rel=1e-7)


@given(st.floats(0.001, 200.0), st.integers(1, 30))
def test_integer_a_is_a_poisson_tail(x: float, n: int) -> None:
    # Q(n, x) = P(Poisson(x) < n): exact, and exercises the series and the fraction.
    poisson = math.exp(-x) * sum(x**k / math.factorial(k) for k in range(n))
    assert gamma_q(n, x) == pytest.approx(poisson, rel=1e-9, abs=1e-300)


@given(st.floats(0.0001, 100.0))
def test_half_a_is_erfc(x: float) -> None:
    assert gamma_q(0.5, x) == pytest.approx(math.erfc(math.sqrt(x)), rel=1e-9, abs=1e-300)


def test_edges_and_errors() -> None:
    assert chi2_sf(0.0, 3) == 1.0 and chi2_sf(-1.0, 3) == 1.0
    assert chi2_sf(1e4, 5) == 0.0
    for bad in ((0.0, 1.0), (1.0, -1.0)):
        with pytest.raises(ValueError):
            gamma_q(*bad)
    with pytest.raises(ValueError):
        chi2_sf(1.0, 0)
    with pytest.raises(ValueError):
        chi_square([1], [1.0])
    with pytest.raises(ValueError):
        chi_square([0, 0], [0.5, 0.5])


def test_chi_square_of_a_die() -> None:
    stat, dof, p = chi_square([5, 8, 9, 8, 10, 20], [1 / 6] * 6)
    assert dof == 5 and stat == pytest.approx(13.4)  # sum((o-10)^2/10)
    assert p == pytest.approx(chi2_sf(13.4, 5)) and 0.01 < p < 0.05
