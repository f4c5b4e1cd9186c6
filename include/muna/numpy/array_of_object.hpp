// numpy.array / numpy.asarray of a value of run-time type (muna::python::Object: `value = 0`
// then `value = row`; a list built of such values): the array it holds (a copy for np.array), a
// NumPy scalar or a Python number as a 0-d array of the dtype NumPy gives it (bool, int64,
// float64 for Python's), a (nested) list or tuple as the array NumPy makes of it (its shape
// checked, its dtype the items' promoted); and the operand a ufunc reads. In the op core
// (muna/core/opcore.hpp): one definition for every library.
#pragma once
#include <string>

#include <muna/core/array.hpp>
#include <muna/core/opcore.hpp>
#include <muna/core/tensor.hpp>
#include <muna/python/object.hpp>

namespace muna::numpy {

MUNA_OPCORE_FN Array array_of_object(const python::Object& x, bool copy);

// The value as a ufunc reads an operand (np.sqrt(x)): an array as it is, a NumPy scalar or a
// Python number as a 0-d stand-in for the scalar (so the ufunc's result is a NumPy scalar).
MUNA_OPCORE_FN Array operand_of_object(const python::Object& x);

// With dtype=: the array converted to T.
template <class T>
Tensor<T> array_of_object_as(const python::Object& x, bool copy) {
  return std::visit([](const auto& a) -> Tensor<T> {
    using S = typename std::decay_t<decltype(a)>::value_type;
    if constexpr (std::is_same_v<S, T>) return a;
    else return cast<T>(a).as_0d_array();
  }, array_of_object(x, copy).variant());
}

}  // namespace muna::numpy

#if MUNA_OPCORE_DEFINE
#include <muna/numpy/detail/array_of_object.hpp>
#endif
