"""``median``: ``np.median`` without its overhead, for the reader's many small medians.

``np.median`` spends most of its time on a small array in Python (dispatch, the NaN check,
reshaping); the reader takes a dozen medians a frame, most of a few values or of a patch.
This is the same computation (a partition, then the mean of the middle one or two), so it
returns the same value, of the same type, bit for bit, for arrays without NaN.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np


def median(values: np.ndarray | Sequence[float], axis: int | None = None) -> Any:
    """The median of ``values`` (all of them, or along ``axis`` 0 or 1), as ``np.median``
    gives it for values without NaN.

    >>> median([3.0, 1.0, 2.0]), median([4, 1, 3, 2])
    (np.float64(2.0), np.float64(2.5))
    >>> median(np.array([[1.0, 9.0], [3.0, 5.0], [2.0, 7.0]]), axis=0).tolist()
    [2.0, 7.0]
    """
    a = np.asarray(values)
    if axis is None:
        a, axis = a.ravel(), 0
    n = a.shape[axis]
    if n == 0:
        raise ValueError("the median of no values")
    k = n // 2
    lo = k if n % 2 else k - 1
    part = np.partition(a, k if lo == k else (lo, k), axis=axis)
    if a.dtype.kind not in "biu" and a.dtype not in (np.float32, np.float64):
        # a half float (np.mean adds it in float32), or a type numpy averages otherwise
        return np.mean(part[lo:k + 1] if axis == 0 else part[:, lo:k + 1], axis=axis)
    # np.mean of the middle one or two without its overhead: added in their own type (an
    # integer's as float64, as np.mean does) and the sum halved, which is exact: its value
    # and type, bit for bit
    low, high = (part[lo], part[k]) if axis == 0 else (part[:, lo], part[:, k])
    if a.dtype.kind in "biu":
        low, high = np.float64(low), np.float64(high)
    return (low + high) / 2 if lo < k else low
