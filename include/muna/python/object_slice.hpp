// x[start:stop:step] of a value of run-time type (muna::python::Object): a list's or tuple's
// items (a new list or tuple), a str's code points, an ndarray's rows (a view, as NumPy's basic
// slicing gives); Python's TypeError for anything else.
#pragma once
#include <string>

#include <muna/core/slice.hpp>
#include <muna/core/tensor.hpp>
#include <muna/python/list.hpp>
#include <muna/python/list/slice.hpp>
#include <muna/python/object.hpp>
#include <muna/python/str/slice.hpp>

namespace muna::python::object {

inline Object getslice(const Object& x, const Slice& s) {
  if (const std::string* text = x.string()) return Object(str::slice(*text, s.start, s.stop, s.step));
  const std::string kind = x.type_name();
  if (x.box() && (kind == "list" || kind == "tuple")) {
    const List<Object> out = list::slice(x.box()->iterate(), s);
    if (kind == "tuple") return Object(Tuple<Object>(out));
    return Object(out);
  }
#define MUNA_OBJECT_SLICE(T, _)                                                                     \
  if (const auto* a = x.exactly<Tensor<T>>()) {                                                     \
    if (a->ndim() == 0) throw IndexError("too many indices for array: array is 0-dimensional, but 1 were indexed"); \
    const Slice::Range r = s.adjust(a->shape(0));                                                   \
    Shape shape = a->shape(), strides = a->strides();                                               \
    shape[0] = r.count;                                                                             \
    strides[0] *= r.step;                                                                           \
    return Object(a->with_layout(shape, strides, r.count ? r.start * a->strides()[0] : 0));         \
  }
  MUNA_EACH_DTYPE(MUNA_OBJECT_SLICE, _)
#undef MUNA_OBJECT_SLICE
  if (x.exactly<AnyScalar>()) throw IndexError("invalid index to scalar variable.");
  throw TypeError(std::string("'") + x.type_name() + "' object is not subscriptable");
}

}  // namespace muna::python::object
