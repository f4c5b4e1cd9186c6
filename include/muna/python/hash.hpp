// muna::python::Hash<T>: the hash of a dict key or set item, for every type Python can hash
// that muna has: numbers, str, bytes, None, Optionals, tuples (std::tuple, NamedTuples and
// tuple[T, ...]) of these, item by item, as Python hashes a tuple. 0.0 and -0.0 are equal keys
// and hash alike (std::hash promises that for doubles too, but not every standard library
// guarantees it for the tuples built from them).
#pragma once
#include <cstddef>
#include <functional>
#include <optional>
#include <tuple>
#include <type_traits>
#include <utility>

#include <muna/core/none.hpp>

namespace muna::python {

template <class T> class Tuple;
template <class Info, class... T> struct NamedTuple;

template <class T, class = void>
struct Hash {
  size_t operator()(const T& x) const {
    if constexpr (std::is_floating_point_v<T>) return std::hash<T>()(x == T(0) ? T(0) : x);
    else return std::hash<T>()(x);
  }
};

namespace hash_detail {
inline size_t combine(size_t seed, size_t h) { return seed ^ (h + 0x9e3779b97f4a7c15ULL + (seed << 6) + (seed >> 2)); }
template <class Tup, size_t... I>
size_t of_items(const Tup& t, std::index_sequence<I...>) {
  size_t seed = sizeof...(I);
  ((seed = combine(seed, Hash<std::decay_t<std::tuple_element_t<I, Tup>>>()(std::get<I>(t)))), ...);
  return seed;
}
}  // namespace hash_detail

template <class... T>
struct Hash<std::tuple<T...>> {
  size_t operator()(const std::tuple<T...>& t) const { return hash_detail::of_items(t, std::index_sequence_for<T...>{}); }
};
template <class Info, class... T>
struct Hash<NamedTuple<Info, T...>> {
  size_t operator()(const NamedTuple<Info, T...>& t) const {
    return Hash<std::tuple<T...>>()(static_cast<const std::tuple<T...>&>(t));
  }
};
template <class T>
struct Hash<Tuple<T>> {
  size_t operator()(const Tuple<T>& t) const {
    size_t seed = static_cast<size_t>(t.size());
    for (const T& x : t) seed = hash_detail::combine(seed, Hash<T>()(x));
    return seed;
  }
};
template <class T>
struct Hash<std::optional<T>> {
  size_t operator()(const std::optional<T>& x) const { return x ? Hash<T>()(*x) : 0x5bd1e995; }
};
template <>
struct Hash<NoneType> {
  size_t operator()(const NoneType&) const { return 0x5bd1e995; }
};

}  // namespace muna::python
