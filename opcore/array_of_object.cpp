// The op core's np.array / np.asarray of values of run-time type (muna/core/opcore.hpp): NumPy's
// discovery of shape and dtype in nested lists of them, compiled once per target.
#include <muna/numpy/array_of_object.hpp>
