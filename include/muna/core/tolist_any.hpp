// x.tolist() where x's rank is known only at run time: nested lists of Python numbers as
// dynamic Objects (what `typing.Any` holds), as deep as x has dimensions.
#pragma once
#include <muna/core/to_python.hpp>
#include <muna/python/object.hpp>

namespace muna {
namespace detail {
template <class T>
python::Object tolist_any_at(const Tensor<T>& x, int64_t axis, int64_t offset) {
  if (axis == x.ndim()) return python::Object(static_cast<python_number_t<T>>(x.data()[offset]));
  python::List<python::Object> out;
  for (int64_t i = 0; i < x.shape()[axis]; ++i)
    out.push_back(tolist_any_at(x, axis + 1, offset + i * x.strides()[axis]));
  return python::Object(out);
}
}  // namespace detail

template <class T>
python::Object tolist_any(const Tensor<T>& x) { return detail::tolist_any_at(x, 0, 0); }
}  // namespace muna
