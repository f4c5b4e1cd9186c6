// Python truthiness for the values muna compiles (if x:, while x:, not x, and/or).
#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include <muna/core/none.hpp>
#include <muna/python/dict.hpp>
#include <muna/python/list.hpp>

namespace muna::python {
inline bool truth(bool x) { return x; }
inline bool truth(int64_t x) { return x != 0; }
inline bool truth(double x) { return x != 0.0; }
inline bool truth(const std::string& s) { return !s.empty(); }
inline bool truth(NoneType) { return false; }
template <class T> bool truth(const List<T>& xs) { return xs.size() != 0; }
template <class K, class V> bool truth(const Dict<K, V>& d) { return d.size() != 0; }
template <class T> bool truth(const std::optional<T>& x) { return x && truth(*x); }
}  // namespace muna::python
