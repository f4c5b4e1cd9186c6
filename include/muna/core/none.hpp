// Python's None as a C++ value.
#pragma once
#include <optional>

namespace muna {
struct NoneType {
  // None passed where an optional parameter is expected (str.strip(chars=None), ...).
  template <class T>
  operator std::optional<T>() const { return std::nullopt; }
  friend bool operator==(NoneType, NoneType) { return true; }
  friend bool operator!=(NoneType, NoneType) { return false; }
};
inline constexpr NoneType None{};
}  // namespace muna
