// The op core's operators on values of run-time type (muna/core/opcore.hpp): Python's and
// NumPy's binary operators on muna::python::Object, compiled once per target for every dtype
// NumPy may compute them in, instead of in each library that adds an int to an ndarray.
#include <muna/python/object_operators.hpp>
