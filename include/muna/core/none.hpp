// Python's None as a C++ value.
#pragma once

namespace muna {
struct NoneType {
  friend bool operator==(NoneType, NoneType) { return true; }
  friend bool operator!=(NoneType, NoneType) { return false; }
};
inline constexpr NoneType None{};
}  // namespace muna
