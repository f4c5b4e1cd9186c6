// itertools.groupby(iterable, key=None): CPython's groupby and _grouper, step for step. The
// groupby and its groups share one reading of the input: a group yields its run of items only
// while it is the current group (once the groupby moves on it is empty), a group left unread
// is skipped, and the key function is called once per item, when the item is read. Keys compare
// with Python's ==.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <tuple>
#include <type_traits>

#include <muna/core/none.hpp>
#include <muna/python/iterator.hpp>
#include <muna/python/itertools/detail/equal.hpp>

namespace muna::python::itertools {
template <class K, class V, class Iterable, class KeyFn>
Iterator<std::tuple<K, Iterator<V>>> groupby(const Iterable& items, KeyFn key) {
  struct State {
    Iterator<V> it;
    KeyFn key;
    std::optional<K> target, current_key;
    std::optional<V> current_value;
    uint64_t current_group = 0, groups = 0;
    // groupby_step: read the next item and its key (false at the end of the input).
    bool step() {
      auto value = it.next();
      if (!value) return false;
      if constexpr (std::is_same_v<KeyFn, NoneType>) current_key = item_as<K>(*value);
      else current_key = item_as<K>(key(*value));
      current_value = std::move(value);
      return true;
    }
  };
  auto state = std::make_shared<State>(State{iter_as<V>(items), key, {}, {}, {}, 0, 0});
  using Pair = std::tuple<K, Iterator<V>>;
  return make_iterator<Pair>([state]() -> std::optional<Pair> {
    State& s = *state;
    s.current_group = 0;
    while (true) {  // skip to the next group
      if (s.current_key) {
        if (!s.target || !detail::equal(*s.target, *s.current_key)) break;
      }
      if (!s.step()) return std::nullopt;
    }
    s.target = s.current_key;
    const uint64_t id = ++s.groups;
    s.current_group = id;
    K group_key = *s.target;
    Iterator<V> group = make_iterator<V>([state, id, group_key]() -> std::optional<V> {
      State& s = *state;
      if (s.current_group != id) return std::nullopt;
      if (!s.current_value && !s.step()) return std::nullopt;
      if (!detail::equal(group_key, *s.current_key)) return std::nullopt;
      std::optional<V> out = std::move(s.current_value);
      s.current_value.reset();
      return out;
    });
    return Pair{*s.current_key, group};
  });
}
}  // namespace muna::python::itertools
