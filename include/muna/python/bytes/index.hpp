// b.index(sub[, start[, end]]): find, but ValueError("subsection not found") when absent.
#pragma once
#include <cstdint>
#include <optional>

#include <muna/core/error.hpp>
#include <muna/python/bytes/find.hpp>

namespace muna::python::bytes {

template <class Sub>
int64_t index(ByteView self, const Sub& sub, std::optional<int64_t> start = std::nullopt,
              std::optional<int64_t> end = std::nullopt) {
  int64_t at = find(self, sub, start, end);
  if (at < 0) throw ValueError("subsection not found");
  return at;
}

}  // namespace muna::python::bytes
