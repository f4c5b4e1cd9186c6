// muna::python::Set<T>: Python's set with reference semantics. Iteration follows insertion
// order, where CPython's follows hashes: sets returned to Python compare equal, but code that
// depends on the iteration order of a set differs (documented in docs/language.md).
#pragma once
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <unordered_map>
#include <vector>

#include <muna/core/error.hpp>
#include <muna/core/none.hpp>
#include <muna/python/hash.hpp>

namespace muna::python {

template <class T>
class Set {
 public:
  using value_type = T;
  Set() : state_(std::make_shared<State>()) {}
  Set(std::initializer_list<T> items) : Set() {
    for (const T& x : items) add(x);
  }

  int64_t size() const { return static_cast<int64_t>(state_->items.size()); }
  const std::vector<T>& items() const { return state_->items; }
  auto begin() const { return state_->items.begin(); }
  auto end() const { return state_->items.end(); }
  bool contains(const T& x) const { return state_->index.count(x) != 0; }
  void add(const T& x) const {
    if (contains(x)) return;
    state_->index.emplace(x, state_->items.size());
    state_->items.push_back(x);
  }
  void push_back(const T& x) const { add(x); }
  void discard(const T& x) const {
    auto it = state_->index.find(x);
    if (it == state_->index.end()) return;
    const size_t pos = it->second;
    state_->index.erase(it);
    state_->items.erase(state_->items.begin() + pos);
    for (auto& [k, i] : state_->index)
      if (i > pos) --i;
  }
  friend bool operator==(const Set& a, const Set& b) {
    if (a.size() != b.size()) return false;
    for (const T& x : a)
      if (!b.contains(x)) return false;
    return true;
  }

 private:
  struct State {
    std::vector<T> items;
    std::unordered_map<T, size_t, Hash<T>> index;
  };
  std::shared_ptr<State> state_;
};

}  // namespace muna::python
