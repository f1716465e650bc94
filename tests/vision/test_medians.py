"""``vision.medians.median`` is ``np.median``, bit for bit, without its overhead."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from vision.medians import median

FINITE: dict[type, st.SearchStrategy[float] | st.SearchStrategy[int]] = {
    np.float16: st.floats(-1e4, 1e4, width=16), np.float32: st.floats(-1e6, 1e6, width=32),
    np.float64: st.floats(-1e9, 1e9), np.uint8: st.integers(0, 255),
    np.int64: st.integers(-10**9, 10**9), np.bool_: st.booleans()}


@pytest.mark.parametrize("dtype", list(FINITE))
@given(data=st.data())
def test_median_is_numpy_s_of_every_shape_and_type(dtype: type, data: st.DataObject) -> None:
    shape = data.draw(hnp.array_shapes(min_dims=1, max_dims=2, min_side=1, max_side=40))
    a = data.draw(hnp.arrays(dtype, shape, elements=FINITE[dtype]))
    for axis in (None, 0, 1) if a.ndim == 2 else (None,):
        mine, theirs = median(a, axis=axis), np.median(a, axis=axis)
        assert type(mine) is type(theirs)  # a scalar where numpy's is, an array where it is
        assert np.asarray(mine).dtype == np.asarray(theirs).dtype
        assert np.array_equal(mine, theirs)


def test_median_of_a_list_and_of_nothing() -> None:
    assert median([1.0, 4.0, 2.0, 3.0]) == np.median([1.0, 4.0, 2.0, 3.0]) == 2.5
    with pytest.raises(ValueError, match="no values"):
        median([])
