"""Tests for a study: an exact binomial test per race and Holm's correction over the races.

Plain Python (no SciPy): the two-sided exact binomial test sums the probabilities of every count
no more likely than the one seen (the "minimum likelihood" rule SciPy's ``binomtest`` uses too),
computed through log-gamma so thousands of games stay exact enough.
"""
from __future__ import annotations

import math

RELATIVE = 1 + 1e-7  # counts as likely as the one seen, within rounding


def binomial_p(k: int, n: int, p: float) -> float:
    """The two-sided p-value of ``k`` successes in ``n`` trials of probability ``p``."""
    if not 0 <= k <= n:
        raise ValueError(f"k must be between 0 and n ({n}), not {k}")
    if n == 0 or p in (0.0, 1.0):
        return 1.0 if (p == 0 and k == 0) or (p == 1 and k == n) or n == 0 else 0.0
    logs = [_log_pmf(i, n, p) for i in range(n + 1)]
    seen = logs[k]
    return min(1.0, sum(math.exp(x) for x in logs if x <= seen + math.log(RELATIVE)))


def _log_pmf(i: int, n: int, p: float) -> float:
    return (math.lgamma(n + 1) - math.lgamma(i + 1) - math.lgamma(n - i + 1)
            + i * math.log(p) + (n - i) * math.log1p(-p))


def holm(pvalues: dict) -> dict:
    """Holm's step-down adjusted p-values (same keys): reject where the adjusted value ≤ α keeps
    the chance of any false rejection among all the tests at most α."""
    ordered = sorted(pvalues.items(), key=lambda kv: kv[1])
    m, running, out = len(ordered), 0.0, {}
    for rank, (key, p) in enumerate(ordered):
        running = max(running, min(1.0, (m - rank) * p))
        out[key] = running
    return out
