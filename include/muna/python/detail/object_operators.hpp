// The definition of muna::python::apply_operator (object_operators.hpp), in the op core.
#pragma once
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>

#include <muna/core/array.hpp>
#include <muna/core/tensor.hpp>
#include <muna/kernels/arith.hpp>
#include <muna/kernels/compare.hpp>
#include <muna/kernels/transcendental.hpp>
#include <muna/numpy/array_of_object.hpp>
#include <muna/numpy/detail/numpy_type.hpp>
#include <muna/numpy/detail/operator_loops.hpp>
#include <muna/numpy/detail/ufunc.hpp>
#include <muna/python/any_scalar.hpp>
#include <muna/python/builtins/lshift.hpp>
#include <muna/python/builtins/rshift.hpp>
#include <muna/python/list/mul.hpp>
#include <muna/python/number.hpp>
#include <muna/python/object.hpp>
#include <muna/python/numpy_value.hpp>
#include <muna/python/object_operators.hpp>
#include <muna/python/operator/concat.hpp>
#include <muna/python/str/mul.hpp>

namespace muna::python::object_operators {

using numpy::detail::numpy_type;
using numpy::detail::numpy_type_name;
using numpy::detail::NumpyType;

inline const char* symbol(Operator op) {
  static const char* const symbols[] = {"+", "-", "*", "/", "//", "%", "**", "<", "<=", ">",
                                        ">=", "==", "!=", "&", "|", "^", "<<", ">>", "maximum", "minimum"};
  return symbols[static_cast<int>(op)];
}

inline bool is_comparison(Operator op) { return op >= Operator::Lt && op <= Operator::Ne; }

[[noreturn]] inline void unsupported(Operator op, const Object& a, const Object& b) {
  if (is_comparison(op))
    throw TypeError(std::string("'") + symbol(op) + "' not supported between instances of '" + a.type_name() +
                    "' and '" + b.type_name() + "'");
  throw TypeError(std::string("unsupported operand type(s) for ") + symbol(op) + ": '" + a.type_name() + "' and '" +
                  b.type_name() + "'");
}

// --- Python's operators between Python values ------------------------------------------------

inline Object number_operator(Operator op, const Number& x, const Number& y, const Object& a, const Object& b) {
  switch (op) {
    case Operator::Add: return Object(number::add(x, y));
    case Operator::Sub: return Object(number::sub(x, y));
    case Operator::Mul: return Object(number::mul(x, y));
    case Operator::TrueDiv: return Object(number::truediv(x, y));
    case Operator::FloorDiv: return Object(number::floordiv(x, y));
    case Operator::Mod: return Object(number::mod(x, y));
    case Operator::Pow: return Object(number::pow(x, y));
    case Operator::Lt: return Object(number::lt(x, y));
    case Operator::Le: return Object(number::le(x, y));
    case Operator::Gt: return Object(number::gt(x, y));
    case Operator::Ge: return Object(number::ge(x, y));
    default: break;
  }
  if (x.is_float() || y.is_float()) unsupported(op, a, b);
  const bool bools = x.kind() == Number::Kind::Bool && y.kind() == Number::Kind::Bool;
  const int64_t i = x.as_int(), j = y.as_int();
  switch (op) {
    case Operator::And: return bools ? Object(bool(i & j)) : Object(i & j);
    case Operator::Or: return bools ? Object(bool(i | j)) : Object(i | j);
    case Operator::Xor: return bools ? Object(bool(i ^ j)) : Object(i ^ j);
    case Operator::LShift: return Object(builtins::lshift(i, j));
    default: return Object(builtins::rshift(i, j));
  }
}

inline bool is_list(const Object& x) { return x.box() && std::string(x.type_name()) == "list"; }
inline bool is_sequence(const Object& x) { return x.box() && (is_list(x) || std::string(x.type_name()) == "tuple"); }

inline Object python_operator(Operator op, const Object& a, const Object& b);

// Python's order of two lists (<, <=, >, >=; == and != are Object's): the first items that
// differ decide (by their own operator), else the lengths.
inline bool sequence_order(Operator op, const Object& a, const Object& b) {
  const List<Object> x = a.box()->iterate(), y = b.box()->iterate();
  const int64_t n = std::min(x.size(), y.size());
  for (int64_t i = 0; i < n; ++i) {
    const Object &p = x.items()[i], &q = y.items()[i];
    if (p == q) continue;
    return python_operator(op, p, q).truth();
  }
  switch (op) {
    case Operator::Lt: return x.size() < y.size();
    case Operator::Le: return x.size() <= y.size();
    case Operator::Gt: return x.size() > y.size();
    default: return x.size() >= y.size();
  }
}

inline Object python_operator(Operator op, const Object& a, const Object& b) {
  if (op == Operator::Eq) return Object(a == b);
  if (op == Operator::Ne) return Object(a != b);
  const auto x = a.number(), y = b.number();
  if (x && y) return number_operator(op, *x, *y, a, b);
  const std::string *s = a.string(), *t = b.string();
  if (s && t) {
    switch (op) {
      case Operator::Add: return Object(*s + *t);
      case Operator::Lt: return Object(*s < *t);
      case Operator::Le: return Object(*s <= *t);
      case Operator::Gt: return Object(*s > *t);
      case Operator::Ge: return Object(*s >= *t);
      default: unsupported(op, a, b);
    }
  }
  const bool int_count = (x && !x->is_float()) || (y && !y->is_float());
  if (op == Operator::Mul && (s || t) && int_count)  // "ab" * 3, 3 * "ab"
    return Object(str::mul(s ? *s : *t, s ? y->as_int() : x->as_int()));
  if (is_comparison(op) && is_list(a) && is_list(b)) return Object(sequence_order(op, a, b));
  if (op == Operator::Add && is_list(a) && is_list(b))
    return Object(operator_::concat(a.box()->iterate(), b.box()->iterate()));
  if (op == Operator::Mul && (is_list(a) || is_list(b)) && int_count)
    return Object(list::mul((is_list(a) ? a : b).box()->iterate(), is_list(a) ? y->as_int() : x->as_int()));
  unsupported(op, a, b);
}

// --- NumPy's ufuncs, where an operand is a NumPy value ---------------------------------------

// NumPy's kinds in promotion: bool < integer (signed or not) < float.
inline int category(NumpyType t) { return t == NumpyType::Bool ? 0 : t < NumpyType::Float16 ? 1 : 2; }

inline bool is_unsigned(NumpyType t) {
  return t == NumpyType::UInt8 || t == NumpyType::UInt16 || t == NumpyType::UInt32 || t == NumpyType::UInt64;
}

inline NumpyType signed_of(NumpyType t) {
  switch (t) {
    case NumpyType::UInt8: return NumpyType::Int8;
    case NumpyType::UInt16: return NumpyType::Int16;
    case NumpyType::UInt32: return NumpyType::Int32;
    case NumpyType::UInt64: return NumpyType::Int64;
    default: return t;
  }
}

// An operand as NumPy 1.24's type resolution sees it: its dtype, whether it is a scalar (a
// Python or NumPy scalar, or a 0-d array), and for a scalar np.min_scalar_type of its value,
// with NumPy's "small unsigned" mark (an unsigned minimum whose value also fits the signed type
// of its size, which counts as that signed type beside signed dtypes).
struct Operand {
  NumpyType dtype;
  bool scalar;
  NumpyType min_type;
  bool small_unsigned = false;
};

// np.min_scalar_type of a 0-d value of dtype t, as NumPy 1.24 computes it (convert_datatype.c).
inline NumpyType min_scalar_type(const Array& x, NumpyType t, bool& small_unsigned) {
  small_unsigned = false;
  if (t == NumpyType::Bool) return t;
  if (category(t) == 2) {
    const double v = numpy_scalar_of(x).number().as_float();
    if ((v > -65000 && v < 65000) || !std::isfinite(v)) return NumpyType::Float16;
    if (t == NumpyType::Float64 && v > -3.4e38 && v < 3.4e38) return NumpyType::Float32;
    return t;
  }
  const int64_t v = numpy_scalar_of(x).as<int64_t>();
  if (v >= 0) {
    const uint64_t u = static_cast<uint64_t>(v);
    if (u <= UINT8_MAX) return small_unsigned = u <= INT8_MAX, NumpyType::UInt8;
    if (u <= UINT16_MAX) return small_unsigned = u <= INT16_MAX, NumpyType::UInt16;
    if (u <= UINT32_MAX) return small_unsigned = u <= INT32_MAX, NumpyType::UInt32;
    small_unsigned = true;  // (an int64 always fits int64)
    return NumpyType::UInt64;
  }
  if (v >= INT8_MIN) return NumpyType::Int8;
  if (v >= INT16_MIN) return NumpyType::Int16;
  if (v >= INT32_MIN) return NumpyType::Int32;
  return NumpyType::Int64;
}

inline Operand operand_of(const Array& x, NumpyType dtype) {
  Operand out{dtype, x.ndim() == 0, dtype};
  if (out.scalar) out.min_type = min_scalar_type(x, dtype, out.small_unsigned);
  return out;
}

// Whether value-based casting applies (should_use_min_scalar): some operand is an array, and
// no scalar's kind is above every array's.
inline bool use_min_scalar(const Operand& a, const Operand& b) {
  if (a.scalar == b.scalar) return false;  // (two arrays: nothing to apply it to)
  const Operand& s = a.scalar ? a : b;
  const Operand& arr = a.scalar ? b : a;
  return category(arr.dtype) >= category(s.dtype);
}

// np.result_type(a, b): with value-based casting, each scalar as its minimum type, a small
// unsigned one as signed beside a signed or float dtype (umath's promote_types).
inline NumpyType result_type(const Operand& a, const Operand& b) {
  if (!use_min_scalar(a, b)) return numpy::detail::kPromoteTypes[a.dtype][b.dtype];
  const NumpyType x = a.scalar ? a.min_type : a.dtype, y = b.scalar ? b.min_type : b.dtype;
  const bool small_x = a.scalar && a.small_unsigned, small_y = b.scalar && b.small_unsigned;
  if (small_x && y != NumpyType::Bool && !is_unsigned(y)) return numpy::detail::kPromoteTypes[signed_of(x)][y];
  if (small_y && x != NumpyType::Bool && !is_unsigned(x)) return numpy::detail::kPromoteTypes[x][signed_of(y)];
  return numpy::detail::kPromoteTypes[x][y];
}

// Whether an operand goes into a loop of dtype `to` (the default resolver's test): its dtype
// casts safely, or with value-based casting its value does (can_cast_scalar_to).
inline bool casts_to(const Operand& x, NumpyType to, bool min_scalar) {
  if (x.dtype == to) return true;
  if (!min_scalar || !x.scalar) return numpy::detail::kCanCastSafely[x.dtype][to];
  const NumpyType from = x.small_unsigned && !is_unsigned(to) ? signed_of(x.min_type) : x.min_type;
  return numpy::detail::kCanCastSafely[from][to];
}

// The loop NumPy 1.24 runs `op` in for these operands, as its type resolver picks it; throws
// NumPy's TypeError where none takes them.
inline numpy::detail::Loop resolve(Operator op, const Operand& a, const Operand& b) {
  using numpy::detail::Resolver;
  const auto& ufunc = numpy::detail::kUfuncLoops[static_cast<int>(op)];
  if (ufunc.resolver == Resolver::ResultType) {
    const NumpyType t = result_type(a, b);
    if (op == Operator::Sub && t == NumpyType::Bool)
      throw TypeError("numpy boolean subtract, the `-` operator, is not supported, use the bitwise_xor, the `^` "
                      "operator, or the logical_xor function instead.");
    for (int k = 0; k < ufunc.count; ++k)
      if (ufunc.loops[k].in == t) return ufunc.loops[k];
    throw TypeError(ufunc.refusal);
  }
  if (ufunc.resolver == Resolver::TrueDivide && category(a.dtype) < 2 && category(b.dtype) < 2)
    return {NumpyType::Float64, NumpyType::Float64};  // integers and bools divide in float64
  const bool min_scalar = use_min_scalar(a, b);
  for (int k = 0; k < ufunc.count; ++k)
    if (casts_to(a, ufunc.loops[k].in, min_scalar) && casts_to(b, ufunc.loops[k].in, min_scalar))
      return ufunc.loops[k];
  throw TypeError(ufunc.refusal);
}

template <class T> constexpr NumpyType numpy_type_v = NumpyType::Unresolved;
template <> inline constexpr NumpyType numpy_type_v<bool> = NumpyType::Bool;
template <> inline constexpr NumpyType numpy_type_v<uint8_t> = NumpyType::UInt8;
template <> inline constexpr NumpyType numpy_type_v<int8_t> = NumpyType::Int8;
template <> inline constexpr NumpyType numpy_type_v<int16_t> = NumpyType::Int16;
template <> inline constexpr NumpyType numpy_type_v<int32_t> = NumpyType::Int32;
template <> inline constexpr NumpyType numpy_type_v<int64_t> = NumpyType::Int64;
template <> inline constexpr NumpyType numpy_type_v<float> = NumpyType::Float32;
template <> inline constexpr NumpyType numpy_type_v<double> = NumpyType::Float64;

// Whether NumPy has a loop of `op` in dtype L (else it is not compiled).
constexpr bool computes_in(Operator op, NumpyType l) {
  const auto& ufunc = numpy::detail::kUfuncLoops[static_cast<int>(op)];
  for (int k = 0; k < ufunc.count; ++k)
    if (ufunc.loops[k].in == l) return true;
  return false;
}

template <Operator op> struct Functor;
template <> struct Functor<Operator::Add> { using type = kernels::Add; };
template <> struct Functor<Operator::Sub> { using type = kernels::Subtract; };
template <> struct Functor<Operator::Mul> { using type = kernels::Multiply; };
template <> struct Functor<Operator::TrueDiv> { using type = kernels::Divide; };
template <> struct Functor<Operator::FloorDiv> { using type = kernels::FloorDivide; };
template <> struct Functor<Operator::Mod> { using type = kernels::Remainder; };
template <> struct Functor<Operator::Pow> { using type = kernels::Power; };
template <> struct Functor<Operator::Lt> { using type = kernels::Less; };
template <> struct Functor<Operator::Le> { using type = kernels::LessEqual; };
template <> struct Functor<Operator::Gt> { using type = kernels::Greater; };
template <> struct Functor<Operator::Ge> { using type = kernels::GreaterEqual; };
template <> struct Functor<Operator::Eq> { using type = kernels::Equal; };
template <> struct Functor<Operator::Ne> { using type = kernels::NotEqual; };
template <> struct Functor<Operator::And> { using type = kernels::BitwiseAnd; };
template <> struct Functor<Operator::Or> { using type = kernels::BitwiseOr; };
template <> struct Functor<Operator::Xor> { using type = kernels::BitwiseXor; };
template <> struct Functor<Operator::LShift> { using type = kernels::LeftShift; };
template <> struct Functor<Operator::RShift> { using type = kernels::RightShift; };
template <> struct Functor<Operator::Maximum> { using type = kernels::Maximum; };
template <> struct Functor<Operator::Minimum> { using type = kernels::Minimum; };

template <class L>
Tensor<L> as_loop_dtype(const Array& x) {
  return std::visit([](const auto& a) -> Tensor<L> {
    using T = typename std::decay_t<decltype(a)>::value_type;
    if constexpr (std::is_same_v<T, L>) return a;
    else if constexpr (std::is_arithmetic_v<T>) return cast<L>(a);
    else throw NotImplementedError("muna: an operator on an array of this dtype held at run time");
  }, x.variant());
}

// The ufunc in loop dtype L: a NumPy scalar where both operands are scalars, else an array.
template <Operator op, class L>
Object run_loop(const Array& a, const Array& b, bool scalars) {
  if constexpr (!computes_in(op, numpy_type_v<L>)) {
    throw RuntimeError("muna internal error: no loop for this operator and dtype");
  } else {
    using Op = typename Functor<op>::type;
    const Tensor<L> x = as_loop_dtype<L>(a), y = as_loop_dtype<L>(b);
    using U = decltype(Op::scalar(L{}, L{}));
    if (scalars) return Object(AnyScalar::numpy(Op::scalar(x.data()[0], y.data()[0])));
    return Object(numpy::detail::binary<Op, U>(x, y));
  }
}

template <Operator op>
Object run_in(NumpyType loop, const Array& a, const Array& b, bool scalars) {
  switch (loop) {
    case NumpyType::Bool: return run_loop<op, bool>(a, b, scalars);
    case NumpyType::UInt8: return run_loop<op, uint8_t>(a, b, scalars);
    case NumpyType::Int8: return run_loop<op, int8_t>(a, b, scalars);
    case NumpyType::Int16: return run_loop<op, int16_t>(a, b, scalars);
    case NumpyType::Int32: return run_loop<op, int32_t>(a, b, scalars);
    case NumpyType::Int64: return run_loop<op, int64_t>(a, b, scalars);
    case NumpyType::Float32: return run_loop<op, float>(a, b, scalars);
    case NumpyType::Float64: return run_loop<op, double>(a, b, scalars);
    default:
      throw NotImplementedError(std::string("NumPy computes this in ") + numpy_type_name(loop) +
                                ", a dtype muna's arrays do not have");
  }
}

inline Object run(Operator op, NumpyType loop, const Array& a, const Array& b, bool scalars) {
  switch (op) {
    case Operator::Add: return run_in<Operator::Add>(loop, a, b, scalars);
    case Operator::Sub: return run_in<Operator::Sub>(loop, a, b, scalars);
    case Operator::Mul: return run_in<Operator::Mul>(loop, a, b, scalars);
    case Operator::TrueDiv: return run_in<Operator::TrueDiv>(loop, a, b, scalars);
    case Operator::FloorDiv: return run_in<Operator::FloorDiv>(loop, a, b, scalars);
    case Operator::Mod: return run_in<Operator::Mod>(loop, a, b, scalars);
    case Operator::Pow: return run_in<Operator::Pow>(loop, a, b, scalars);
    case Operator::Lt: return run_in<Operator::Lt>(loop, a, b, scalars);
    case Operator::Le: return run_in<Operator::Le>(loop, a, b, scalars);
    case Operator::Gt: return run_in<Operator::Gt>(loop, a, b, scalars);
    case Operator::Ge: return run_in<Operator::Ge>(loop, a, b, scalars);
    case Operator::Eq: return run_in<Operator::Eq>(loop, a, b, scalars);
    case Operator::Ne: return run_in<Operator::Ne>(loop, a, b, scalars);
    case Operator::And: return run_in<Operator::And>(loop, a, b, scalars);
    case Operator::Or: return run_in<Operator::Or>(loop, a, b, scalars);
    case Operator::Xor: return run_in<Operator::Xor>(loop, a, b, scalars);
    case Operator::LShift: return run_in<Operator::LShift>(loop, a, b, scalars);
    case Operator::RShift: return run_in<Operator::RShift>(loop, a, b, scalars);
    case Operator::Maximum: return run_in<Operator::Maximum>(loop, a, b, scalars);
    default: return run_in<Operator::Minimum>(loop, a, b, scalars);
  }
}

// A comparison's loop in a dtype muna's arrays lack, as one they have that holds every value
// exactly: muna's operands are at most 64-bit signed (or uint8), so their values all fit.
inline NumpyType exact_wider(NumpyType t) {
  switch (t) {
    case NumpyType::UInt16: return NumpyType::Int32;
    case NumpyType::UInt32:
    case NumpyType::UInt64: return NumpyType::Int64;
    default: return t;
  }
}

template <class Op, class T>
Object unary_result(const Tensor<T>& x) {
  using U = decltype(Op::scalar(T{}));
  if (x.ndim() == 0) return Object(AnyScalar::numpy(Op::scalar(x.data()[0])));  // (a ufunc's 0-d result)
  return Object(numpy::detail::unary<Op, U>(x));
}

struct Ones {
  template <class T> static T scalar(T) { return T(1); }
};

// ndarray ** exponent where NumPy's array_power takes its fast path (number.c's
// fast_scalar_power): a float array to the power 1, -1, 0, 0.5 or 2 is positive, reciprocal,
// ones_like, sqrt or square in its own dtype; any other array squared for 2 (an integer array
// in float64 for a float exponent). Else nullopt: the ufunc as resolved.
inline std::optional<Object> fast_scalar_power(const Array& base, const Array& exponent, const Operand& e,
                                               bool python_number) {
  // The exponents it takes: a Python int (bool too) or float, a NumPy integer or float, a 0-d
  // integer or float array.
  if (!python_number && (e.dtype == NumpyType::Bool || !e.scalar)) return std::nullopt;
  const double x = numpy_scalar_of(exponent).number().as_float();
  const bool float_exponent = category(e.dtype) == 2;
  return std::visit([&](const auto& a) -> std::optional<Object> {
    using T = typename std::decay_t<decltype(a)>::value_type;
    if constexpr (std::is_floating_point_v<T>) {
      if (x == 1.0) return unary_result<kernels::Positive>(a);
      if (x == -1.0) return unary_result<kernels::Reciprocal>(a);
      if (x == 0.0) return unary_result<Ones>(a);
      if (x == 0.5) return unary_result<kernels::Sqrt>(a);
      if (x == 2.0) return unary_result<kernels::Square>(a);
    } else if constexpr (std::is_integral_v<T>) {
      if (x != 2.0) return std::nullopt;
      if constexpr (std::is_same_v<T, bool>) return unary_result<kernels::Square>(cast<int8_t>(a));  // np.square of bools is int8
      else if (float_exponent) return unary_result<kernels::Square>(cast<double>(a));
      else return unary_result<kernels::Square>(a);
    }
    return std::nullopt;
  }, base.variant());
}

// `as_operator`: Python's `a <op> b` (ndarray.__pow__'s fast path, a list times a NumPy
// integer), else the ufunc itself. `held`: numpy_value of a and b, as the caller read them.
inline Object numpy_operator(Operator op, const Object& a, const Object& b, bool as_operator,
                             std::optional<Array> held_a, std::optional<Array> held_b) {
  if (op == Operator::Mul && as_operator) {
    // a sequence times a NumPy scalar: the sequence's repetition (list.__mul__ takes an
    // integer's __index__), Python's TypeError for a float
    const bool list_first = is_sequence(a);
    const Object& count = list_first ? b : a;
    if ((list_first || is_sequence(b)) && count.exactly<AnyScalar>()) {
      const AnyScalar& n = *count.exactly<AnyScalar>();
      if (n.is_float())
        throw TypeError(std::string("can't multiply sequence by non-int of type 'numpy.") + count.type_name() + "'");
      return python_operator(op, list_first ? a : Object(n.as<int64_t>()), list_first ? Object(n.as<int64_t>()) : b);
    }
  }
  std::optional<Array> values[2] = {std::move(held_a), std::move(held_b)};
  const bool ndarray_base = values[0] && !a.exactly<AnyScalar>();  // (not a NumPy scalar)
  bool python_number[2] = {false, false};
  for (int k = 0; k < 2; ++k) {
    const Object& x = k ? b : a;
    if (!values[k]) python_number[k] = (values[k] = python_number_value(x)).has_value();
    if (!values[k] && is_sequence(x))
      values[k] = numpy::array_of_object(x, false);  // a sequence beside an ndarray: the array NumPy makes of it
    if (!values[k]) unsupported(op, a, b);
  }
  Operand operands[2];
  for (int k = 0; k < 2; ++k) {
    const NumpyType dtype = numpy_type(values[k]->dtype());
    if (dtype == NumpyType::Unresolved)
      throw NotImplementedError(std::string("muna: '") + symbol(op) + "' on a " + dtype_name(values[k]->dtype()) +
                                " value held at run time");
    operands[k] = operand_of(*values[k], dtype);
  }
  const bool scalars = operands[0].scalar && operands[1].scalar;
  if (op == Operator::Pow && as_operator && ndarray_base)
    if (auto power = fast_scalar_power(*values[0], *values[1], operands[1], python_number[1]))
      return *power;
  const numpy::detail::Loop loop = resolve(op, operands[0], operands[1]);
  return run(op, is_comparison(op) ? exact_wider(loop.in) : loop.in, *values[0], *values[1], scalars);
}

inline Object python_unary(UnaryOperator op, const Object& x) {
  const auto n = x.number();
  if (!n || (op == UnaryOperator::Invert && n->is_float())) {
    if (op == UnaryOperator::Abs) throw TypeError(std::string("bad operand type for abs(): '") + x.type_name() + "'");
    static const char* const symbols[] = {"-", "+", "~"};
    throw TypeError(std::string("bad operand type for unary ") + symbols[static_cast<int>(op)] + ": '" +
                    x.type_name() + "'");
  }
  switch (op) {
    case UnaryOperator::Neg: return Object(number::neg(*n));
    case UnaryOperator::Abs: return Object(number::abs(*n));
    case UnaryOperator::Invert: return Object(~n->as_int());
    default:  // +True is 1: an int, as every unary operator makes of a bool
      return n->kind() == Number::Kind::Bool ? Object(n->as_int()) : Object(*n);
  }
}

inline Object numpy_unary(UnaryOperator op, const Array& x) {
  return std::visit([&](const auto& a) -> Object {
    using T = typename std::decay_t<decltype(a)>::value_type;
    if constexpr (!std::is_arithmetic_v<T>) {
      throw NotImplementedError(std::string("muna: a unary operator on a ") + dtype_name(x.dtype()) +
                                " value held at run time");
    } else {
      switch (op) {
        case UnaryOperator::Neg:
          if constexpr (std::is_same_v<T, bool>)
            throw TypeError("The numpy boolean negative, the `-` operator, is not supported, use the `~` operator "
                            "or the logical_not function instead.");
          else return unary_result<kernels::Negative>(a);
        case UnaryOperator::Pos: return unary_result<kernels::Positive>(a);
        case UnaryOperator::Abs: return unary_result<kernels::Absolute>(a);
        default:
          if constexpr (std::is_floating_point_v<T>)
            throw TypeError("ufunc 'invert' not supported for the input types, and the inputs could not be safely "
                            "coerced to any supported types according to the casting rule ''safe''");
          else return unary_result<kernels::Invert>(a);
      }
    }
  }, x.variant());
}

}  // namespace muna::python::object_operators

namespace muna::python {

MUNA_OPCORE_FN Object apply_unary(UnaryOperator op, const Object& x) {
  if (auto held = numpy_value(x)) return object_operators::numpy_unary(op, *held);
  return object_operators::python_unary(op, x);
}


MUNA_OPCORE_FN Object apply_operator(Operator op, const Object& a, const Object& b) {
  auto held_a = numpy_value(a), held_b = numpy_value(b);
  if (held_a || held_b) return object_operators::numpy_operator(op, a, b, true, std::move(held_a), std::move(held_b));
  return object_operators::python_operator(op, a, b);
}

MUNA_OPCORE_FN Object apply_ufunc(Operator op, const Object& a, const Object& b) {
  return object_operators::numpy_operator(op, a, b, false, numpy_value(a), numpy_value(b));
}

}  // namespace muna::python
