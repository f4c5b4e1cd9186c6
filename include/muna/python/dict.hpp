// muna::python::Dict<K, V>: Python's dict — insertion-ordered, reference semantics.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include <muna/core/error.hpp>
#include <muna/core/none.hpp>
#include <muna/python/hash.hpp>
#include <muna/python/format/float_to_string.hpp>
#include <muna/python/format/int_to_string.hpp>
#include <muna/python/format/str_repr.hpp>

namespace muna::python {

template <class K, class V>
class Dict {
 public:
  using key_type = K;
  using mapped_type = V;
  Dict() : state_(std::make_shared<State>()) {}
  Dict(std::initializer_list<std::pair<K, V>> entries) : Dict() {
    for (const auto& [k, v] : entries) set(k, v);
  }

  int64_t size() const { return static_cast<int64_t>(state_->entries.size()); }
  const std::vector<std::pair<K, V>>& entries() const { return state_->entries; }

  bool contains(const K& key) const { return state_->index.count(key) != 0; }
  const V* find(const K& key) const {
    auto it = state_->index.find(key);
    return it == state_->index.end() ? nullptr : &state_->entries[it->second].second;
  }
  // d[key]: KeyError with the key's repr, as Python.
  V& at(const K& key) const {
    auto it = state_->index.find(key);
    if (it == state_->index.end()) throw KeyError(key_repr(key));
    return state_->entries[it->second].second;
  }
  // Removes key and returns its value; KeyError when absent. Later entries shift down, so
  // iteration keeps insertion order.
  V erase(const K& key) const {
    auto it = state_->index.find(key);
    if (it == state_->index.end()) throw KeyError(key_repr(key));
    const size_t pos = it->second;
    V value = std::move(state_->entries[pos].second);
    state_->index.erase(it);
    state_->entries.erase(state_->entries.begin() + pos);
    for (auto& [k, i] : state_->index)
      if (i > pos) --i;
    return value;
  }
  void clear() const {
    state_->entries.clear();
    state_->index.clear();
  }
  friend bool operator==(const Dict& a, const Dict& b) {
    if (a.size() != b.size()) return false;
    for (const auto& [k, v] : a.entries()) {
      const V* w = b.find(k);
      if (!w || !(*w == v)) return false;
    }
    return true;
  }

  void set(const K& key, V value) const {
    auto it = state_->index.find(key);
    if (it != state_->index.end()) {
      state_->entries[it->second].second = std::move(value);
      return;
    }
    state_->index.emplace(key, state_->entries.size());
    state_->entries.emplace_back(key, std::move(value));
  }

 private:
  // KeyError's message is the key's repr, as Python's.
  static std::string key_repr(const K& key) {
    if constexpr (std::is_same_v<K, std::string>) return format::quote_str(key, false);
    else if constexpr (std::is_same_v<K, bool>) return key ? "True" : "False";
    else if constexpr (std::is_floating_point_v<K>) return format::float_repr(key);
    else if constexpr (std::is_integral_v<K>) return format::int_to_string(static_cast<int64_t>(key));
    else return "key";
  }
  struct State {
    std::vector<std::pair<K, V>> entries;
    std::unordered_map<K, size_t, Hash<K>> index;
  };
  std::shared_ptr<State> state_;
};

// d.get(key, default) where the default's type is not the values' (ranks.get(pair, float("inf"))
// of int ranks): either one as the type both join to (a Number).
template <class R, class K, class V, class D> R get_joined(const Dict<K, V>& d, const K& key, const D& fallback) {
  const V* v = d.find(key);
  return v ? R(*v) : R(fallback);
}

}  // namespace muna::python
