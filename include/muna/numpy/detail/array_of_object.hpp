// The definitions of numpy::array_of_object and operand_of_object (numpy/array_of_object.hpp),
// in the op core.
#pragma once
#include <string>
#include <vector>

#include <muna/core/array.hpp>
#include <muna/core/tensor.hpp>
#include <muna/numpy/array.hpp>
#include <muna/numpy/array_of_object.hpp>
#include <muna/numpy/detail/numpy_type.hpp>
#include <muna/python/numpy_value.hpp>
#include <muna/python/object.hpp>

namespace muna::numpy::detail {

inline bool is_sequence(const python::Object& x) {
  if (!x.box()) return false;
  const std::string name = x.type_name();
  return name == "list" || name == "tuple";
}

[[noreturn]] inline void not_an_array(const python::Object& x) {
  if (x.is_none()) throw NotImplementedError("muna: np.array(None) (an object array)");
  throw NotImplementedError(std::string("muna: np.array of a ") + x.type_name() +
                            " held at run time (give the value a static type)");
}

// The rank NumPy's array of `x` has: the nesting down the first items, then the first array's.
inline int64_t object_rank(const python::Object& x) {
  if (auto held = python::numpy_value(x)) return held->ndim();
  if (x.number()) return 0;
  if (!is_sequence(x)) not_an_array(x);
  const auto items = x.box()->iterate();
  return items.size() == 0 ? 1 : 1 + object_rank(items.items()[0]);
}

// NumPy's discovery of an array's shape and dtype in nested sequences: each level's length
// checked against the first seen, the dtypes of the leaves promoted (a Python bool, int, float
// as bool, int64, float64; a NumPy scalar or an array as its own).
struct Discovered {
  Shape shape;
  std::vector<bool> seen;
  NumpyType dtype = NumpyType::Unresolved;
};

inline void promote_into(Discovered& d, NumpyType t) {
  d.dtype = d.dtype == NumpyType::Unresolved ? t : kPromoteTypes[d.dtype][t];
}

inline void discover(const python::Object& x, size_t depth, Discovered& d) {
  if (auto held = python::numpy_value(x)) {
    for (int64_t i = 0; i < held->ndim(); ++i) extent(depth + i, held->shape(i), d.shape, d.seen);
    const NumpyType t = numpy_type(held->dtype());
    if (t == NumpyType::Unresolved)
      throw NotImplementedError(std::string("muna: np.array of ") + dtype_name(held->dtype()) + " values held at run time");
    promote_into(d, t);
  } else if (auto n = x.number()) {
    if (depth != d.shape.size()) inhomogeneous(depth, d.shape);
    promote_into(d, n->kind() == python::Number::Kind::Bool ? NumpyType::Bool
                    : n->kind() == python::Number::Kind::Int ? NumpyType::Int64 : NumpyType::Float64);
  } else if (is_sequence(x)) {
    const auto items = x.box()->iterate();
    extent(depth, static_cast<int64_t>(items.size()), d.shape, d.seen);
    for (const auto& item : items) discover(item, depth + 1, d);
  } else {
    not_an_array(x);
  }
}

template <class T>
void fill(const python::Object& x, std::vector<T>& out) {
  if (auto held = python::numpy_value(x)) {
    std::visit([&](const auto& a) {
      using S = typename std::decay_t<decltype(a)>::value_type;
      if constexpr (std::is_arithmetic_v<S>) {
        const auto c = contiguous(a);
        for (int64_t i = 0; i < c.size(); ++i) out.push_back(convert_element<T>(c.data()[i]));
      }
    }, held->variant());
  } else if (auto n = x.number()) {
    if (n->is_float()) out.push_back(convert_element<T>(n->as_float()));
    else out.push_back(convert_element<T>(n->as_int()));
  } else {
    for (const auto& item : x.box()->iterate()) fill(item, out);
  }
}

template <class T>
Array array_of_sequence(const python::Object& x, const Shape& shape) {
  std::vector<T> values;
  fill(x, values);
  if (static_cast<int64_t>(values.size()) != shape_size(shape)) inhomogeneous(shape.size(), shape);
  Tensor<T> out(shape);
  std::copy(values.begin(), values.end(), out.data());
  return Array(out);
}

}  // namespace muna::numpy::detail

namespace muna::numpy {

MUNA_OPCORE_FN Array array_of_object(const python::Object& x, bool copy) {
  if (auto held = python::numpy_value(x)) {
    // (np.array always gives an ndarray: a NumPy scalar's 0-d stand-in is made a 0-d one)
    return std::visit([&](const auto& a) {
      using S = typename std::decay_t<decltype(a)>::value_type;
      return Array((copy ? cast<S>(a) : a).as_0d_array());
    }, held->variant());
  }
  if (auto number = python::python_number_value(x))
    return std::visit([](const auto& a) { return Array(a.as_0d_array()); }, number->variant());
  detail::Discovered d;
  const int64_t rank = detail::object_rank(x);
  d.shape.assign(rank, 0);
  d.seen.assign(rank, false);
  detail::discover(x, 0, d);
  switch (d.dtype) {
    case detail::NumpyType::Bool: return detail::array_of_sequence<bool>(x, d.shape);
    case detail::NumpyType::UInt8: return detail::array_of_sequence<uint8_t>(x, d.shape);
    case detail::NumpyType::Int8: return detail::array_of_sequence<int8_t>(x, d.shape);
    case detail::NumpyType::Int16: return detail::array_of_sequence<int16_t>(x, d.shape);
    case detail::NumpyType::Int32: return detail::array_of_sequence<int32_t>(x, d.shape);
    case detail::NumpyType::Int64: return detail::array_of_sequence<int64_t>(x, d.shape);
    case detail::NumpyType::Float32: return detail::array_of_sequence<float>(x, d.shape);
    case detail::NumpyType::Float64:
    case detail::NumpyType::Unresolved:  // (no leaves: np.array([]) is float64)
      return detail::array_of_sequence<double>(x, d.shape);
    default:
      throw NotImplementedError(std::string("muna: np.array of these values is ") +
                                detail::numpy_type_name(d.dtype) + ", a dtype muna's arrays do not have");
  }
}

MUNA_OPCORE_FN Array operand_of_object(const python::Object& x) {
  if (auto held = python::numpy_value(x)) return *held;
  if (auto number = python::python_number_value(x)) return *number;
  return array_of_object(x, false);
}

}  // namespace muna::numpy
