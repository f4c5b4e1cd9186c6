// Python's binary operators on values whose types are known only at run time (muna::python::
// Object: `peak = -99999` then `peak = row` makes `peak` an int or an ndarray). An operand that
// is a NumPy value (an array of any rank, a NumPy scalar) makes it NumPy's ufunc, with NumPy
// 1.24's promotion: value-based casting of scalar operands, the loop dtype and result dtype
// NumPy picks (operator_loops.hpp, generated from NumPy), its TypeErrors; a result of only
// scalar operands is a NumPy scalar. Between Python values it is Python's operator.
//
// This is the op core's entry point for these operators (muna/core/opcore.hpp): one compiled
// definition serves every library, whatever dtypes its callers pass.
#pragma once
#include <cstdint>

#include <muna/core/opcore.hpp>
#include <muna/python/object.hpp>

namespace muna::python {

// Python's binary operators, then the binary ufuncs that are none (np.maximum, np.minimum), in
// the order of numpy/detail/operator_loops.hpp's table (scripts/gen_operator_loops.py).
enum class Operator : int8_t {
  Add, Sub, Mul, TrueDiv, FloorDiv, Mod, Pow, Lt, Le, Gt, Ge, Eq, Ne, And, Or, Xor, LShift, RShift, Maximum, Minimum
};

// `a <op> b` as Python evaluates it.
MUNA_OPCORE_FN Object apply_operator(Operator op, const Object& a, const Object& b);
// NumPy's ufunc of `op` on a and b (np.add(a, b)): NumPy's even where both are Python numbers.
MUNA_OPCORE_FN Object apply_ufunc(Operator op, const Object& a, const Object& b);

// Python's unary operators and abs().
enum class UnaryOperator : int8_t { Neg, Pos, Invert, Abs };

// `-x`, `+x`, `~x`, `abs(x)` as Python evaluates it: NumPy's ufunc (negative, positive, invert,
// absolute) on a NumPy value, in its dtype.
MUNA_OPCORE_FN Object apply_unary(UnaryOperator op, const Object& x);

}  // namespace muna::python

#if MUNA_OPCORE_DEFINE
#include <muna/python/detail/object_operators.hpp>
#endif
