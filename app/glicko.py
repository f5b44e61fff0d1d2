"""Glicko-2, step by step as Mark Glickman's "Example of the Glicko-2 system" (2013) writes it: one
player's new rating, deviation and volatility after one rating period.

Written here rather than taken from PyPI: the one Glicko-2 package in wide use (`glicko2` 2.1.0,
last released in 2024) computes step 5's f(x) with the rating where the paper has the deviation,
and its wheel installs a top-level `tests` package that hides this project's own (docs/web.md).
tests/app/test_ratings.py checks this against the paper's worked example.

>>> [round(x, 2) for x in update(1500, 200, 0.06, [(1400, 30, 1), (1550, 100, 0), (1700, 300, 0)])]
[1464.05, 151.52, 0.06]
"""

from __future__ import annotations

import math
from collections.abc import Sequence

SCALE = 173.7178  # 400 / ln 10: Glicko's scale to Glicko-2's
TAU = 0.5  # the system constant, how fast volatility may change (Glickman suggests 0.3 to 1.2)
EPSILON = 0.000001  # the convergence tolerance of step 5


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi**2 / math.pi**2)


def _e(mu: float, mu_j: float, phi_j: float) -> float:
    return 1 / (1 + math.exp(-_g(phi_j) * (mu - mu_j)))


def update(
    rating: float, deviation: float, volatility: float, games: Sequence[tuple[float, float, float]]
) -> tuple[float, float, float]:
    """The rating, deviation and volatility after `games` (each the opponent's rating, deviation
    and the score: 1 won, 0 lost, 0.5 tied); with none, only the deviation grows (step 6)."""
    mu, phi = (rating - 1500) / SCALE, deviation / SCALE  # step 2
    if not games:
        return rating, math.sqrt(phi**2 + volatility**2) * SCALE, volatility
    opponents = [((r - 1500) / SCALE, d / SCALE, s) for r, d, s in games]
    v = 1 / sum(_g(phi_j) ** 2 * _e(mu, mu_j, phi_j) * (1 - _e(mu, mu_j, phi_j)) for mu_j, phi_j, _ in opponents)
    improvement = sum(_g(phi_j) * (s - _e(mu, mu_j, phi_j)) for mu_j, phi_j, s in opponents)  # step 4: delta / v
    delta = v * improvement
    sigma = _volatility(phi, volatility, delta, v)  # step 5
    phi_star = math.sqrt(phi**2 + sigma**2)  # step 6
    phi = 1 / math.sqrt(1 / phi_star**2 + 1 / v)  # step 7
    mu = mu + phi**2 * improvement
    return mu * SCALE + 1500, phi * SCALE, sigma  # step 8


def _volatility(phi: float, sigma: float, delta: float, v: float) -> float:
    """Step 5: the new volatility, the zero of f by the Illinois algorithm."""
    a = math.log(sigma**2)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta**2 - phi**2 - v - ex) / (2 * (phi**2 + v + ex) ** 2) - (x - a) / TAU**2

    big_a = a
    if delta**2 > phi**2 + v:
        big_b = math.log(delta**2 - phi**2 - v)
    else:
        k = 1
        while f(a - k * TAU) < 0:
            k += 1
        big_b = a - k * TAU
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2)
