// collections.Counter and collections.defaultdict over muna::python::Dict: a Counter reads 0
// for a missing key (without inserting it); a defaultdict inserts its factory's value (V{}:
// 0, 0.0, "", an empty list, dict or set) and hands back the stored one, so
// `d[k].append(x)` changes the value in the dict, as in Python.
#pragma once
#include <algorithm>
#include <cstdint>
#include <tuple>
#include <utility>
#include <vector>

#include <muna/core/error.hpp>
#include <muna/python/dict.hpp>
#include <muna/python/list.hpp>

namespace muna::python::counter {
template <class K, class V>
V getitem(const Dict<K, V>& c, const K& key) {
  const V* v = c.find(key);
  return v ? *v : V(0);
}

// Counter(iterable): each item counted, in first-seen order.
template <class Iterable>
auto from_iterable(const Iterable& items) {
  using K = std::decay_t<decltype(*std::begin(items))>;
  Dict<K, int64_t> out;
  for (const auto& x : items) {
    const int64_t* v = out.find(x);
    out.set(x, v ? *v + 1 : 1);
  }
  return out;
}
template <class K, class V>
Dict<K, V> from_iterable(const Dict<K, V>& counts) {  // Counter(mapping): a copy of the counts
  Dict<K, V> out;
  for (const auto& [k, v] : counts.entries()) out.set(k, v);
  return out;
}

// c.update(iterable) adds counts; c.update(mapping) adds its values; subtract removes.
template <class K, class V, class Iterable>
NoneType update(const Dict<K, V>& c, const Iterable& items, V sign = 1) {
  for (const auto& x : items) {
    const V* v = c.find(x);
    c.set(x, (v ? *v : V(0)) + sign);
  }
  return None;
}
template <class K, class V>
NoneType update(const Dict<K, V>& c, const Dict<K, V>& other, V sign = 1) {
  for (const auto& [k, n] : other.entries()) {
    const V* v = c.find(k);
    c.set(k, (v ? *v : V(0)) + sign * n);
  }
  return None;
}
template <class K, class V, class Items>
NoneType subtract(const Dict<K, V>& c, const Items& items) { return update(c, items, V(-1)); }

// most_common(n): by count, largest first; equal counts keep first-inserted first (CPython
// sorts stably by count, or uses heapq.nlargest, which is stable too).
template <class K, class V>
List<std::tuple<K, V>> most_common(const Dict<K, V>& c, int64_t n = -1) {
  std::vector<std::tuple<K, V>> items;
  for (const auto& [k, v] : c.entries()) items.emplace_back(k, v);
  std::stable_sort(items.begin(), items.end(),
                   [](const auto& a, const auto& b) { return std::get<1>(a) > std::get<1>(b); });
  if (n >= 0 && static_cast<size_t>(n) < items.size()) items.resize(static_cast<size_t>(n));
  return List<std::tuple<K, V>>(std::move(items));
}
template <class K, class V>
List<std::tuple<K, V>> most_common_all(const Dict<K, V>& c) { return most_common(c, -1); }

template <class K, class V>
V total(const Dict<K, V>& c) {
  V sum = 0;
  for (const auto& [k, v] : c.entries()) sum += v;
  return sum;
}

// elements(): each key as many times as its count (counts below one contribute nothing).
template <class K, class V>
List<K> elements(const Dict<K, V>& c) {
  List<K> out;
  for (const auto& [k, v] : c.entries())
    for (V i = 0; i < v; ++i) out.push_back(k);
  return out;
}

// Counter's multiset operators: c + d and c - d keep the positive sums and differences, c & d
// the positive minimum of each key's counts, c | d the positive maximum; keys in c's order,
// then (for + and |) d's new ones, as CPython's Counter.__add__ / __sub__ / __and__ / __or__.
namespace detail {
template <class K, class V, class Pick>
Dict<K, V> pick_counts(const Dict<K, V>& a, const Dict<K, V>& b, Pick pick, bool with_new_keys) {
  Dict<K, V> out;
  for (const auto& [k, v] : a.entries()) {
    const V* w = b.find(k);
    const V n = pick(v, w ? *w : V(0));
    if (n > 0) out.set(k, n);
  }
  if (with_new_keys)
    for (const auto& [k, w] : b.entries())
      if (!a.find(k) && w > 0) out.set(k, w);
  return out;
}
}  // namespace detail
template <class K, class V>
Dict<K, V> add(const Dict<K, V>& a, const Dict<K, V>& b) {
  return detail::pick_counts(a, b, [](V x, V y) { return x + y; }, true);
}
template <class K, class V>
Dict<K, V> sub(const Dict<K, V>& a, const Dict<K, V>& b) {
  return detail::pick_counts(a, b, [](V x, V y) { return x - y; }, false);
}
template <class K, class V>
Dict<K, V> min_counts(const Dict<K, V>& a, const Dict<K, V>& b) {
  return detail::pick_counts(a, b, [](V x, V y) { return std::min(x, y); }, false);
}
template <class K, class V>
Dict<K, V> max_counts(const Dict<K, V>& a, const Dict<K, V>& b) {
  return detail::pick_counts(a, b, [](V x, V y) { return std::max(x, y); }, true);
}
}  // namespace muna::python::counter

namespace muna::python::defaultdict {
template <class K, class V>
V& getitem(const Dict<K, V>& d, const K& key) {
  if (!d.find(key)) d.set(key, V{});
  return d.at(key);
}
}  // namespace muna::python::defaultdict
