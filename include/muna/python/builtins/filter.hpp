// filter(function or None, iterable), as a list.
#pragma once
#include <type_traits>
#include <muna/core/none.hpp>
#include <muna/python/builtins/list.hpp>
#include <muna/python/truth.hpp>

namespace muna::python::builtins {
template <class Fn, class Iterable>
auto filter(const Fn& fn, const Iterable& items) {
  auto xs = list(items);
  decltype(xs) out;
  for (const auto& x : xs) {
    if constexpr (std::is_same_v<Fn, NoneType>) {
      if (truth(x)) out.push_back(x);
    } else {
      if (truth(fn(x))) out.push_back(x);
    }
  }
  return out;
}
}  // namespace muna::python::builtins
