"""The NaN-skipping functions that numpy_reductions does not have: nanmedian, nanquantile,
nanpercentile (method='linear'), nanargmax, nanargmin, nancumsum and nancumprod. Dtypes and
parameters are their plain counterparts' (the same rules); the C++ drops (or, for the scans and
the arg-extrema, replaces) NaNs first, as NumPy 1.24 does.
"""
from __future__ import annotations

import numpy as np

from ..registry import op
from .numpy_reductions import order_statistic_rule, reduce_rule, scan_rule

op("numpy.nanmedian", "a, axis=None, out=None, overwrite_input=False, keepdims=False",
   obj=np.nanmedian, tolerance="exact")(order_statistic_rule)
op("numpy.nanquantile", "a, q, axis=None, out=None, overwrite_input=False, method='linear', "
   "keepdims=False", obj=np.nanquantile, tolerance="ulp:16",
   doc="method='linear' only; an empty array gives NaN without q's axes (NumPy's nanmean)")(order_statistic_rule)
op("numpy.nanpercentile", "a, q, axis=None, out=None, overwrite_input=False, method='linear', "
   "keepdims=False", obj=np.nanpercentile, tolerance="ulp:16", header="muna/numpy/nanquantile.hpp",
   cpp="muna::numpy::nanquantile",
   doc="method='linear' only; an empty array gives NaN without q's axes (NumPy's nanmean)")(order_statistic_rule)
for _name in ("nanargmax", "nanargmin"):
    op(f"numpy.{_name}", "a, axis=None, out=None, keepdims=False", obj=getattr(np, _name),
       tolerance="exact")(reduce_rule("index"))
for _name in ("nancumsum", "nancumprod"):
    op(f"numpy.{_name}", "a, axis=None, dtype=None, out=None", obj=getattr(np, _name),
       tolerance="exact: in order along the axis, as NumPy")(scan_rule)
