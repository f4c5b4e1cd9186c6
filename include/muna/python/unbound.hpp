// A local variable read on a path where it may not have been assigned (`if flag: y = 3` then
// `return y`; a name first bound further down a loop's body): `bound` says whether it was
// (codegen/muna/passes.py, bound_flags, sets it after each assignment), else CPython's error.
#pragma once
#include <string>

#include <muna/core/error.hpp>

namespace muna::python {

inline void check_bound(bool bound, const std::string& name) {
  if (!bound)
    throw UnboundLocalError("cannot access local variable '" + name + "' where it is not associated with a value");
}

}  // namespace muna::python
