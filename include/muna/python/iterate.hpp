// Python's iteration protocol for the loops the compiler emits: range(), and lists iterated by
// index so that items appended during the loop are visited, as CPython's list iterator does.
#pragma once
#include <cstdint>
#include <type_traits>

#include <muna/core/error.hpp>
#include <muna/python/list.hpp>

namespace muna::python {

class Range {
 public:
  explicit Range(int64_t stop) : Range(0, stop, 1) {}
  Range(int64_t start, int64_t stop, int64_t step = 1) : start_(start), stop_(stop), step_(step) {
    if (step == 0) throw ValueError("range() arg 3 must not be zero");
  }
  struct iterator {
    int64_t value, step;
    int64_t operator*() const { return value; }
    iterator& operator++() { value += step; return *this; }
    // Compared only against end(), whose value is the bound; the sign of step picks the test.
    bool operator!=(const iterator& end) const { return step > 0 ? value < end.value : value > end.value; }
  };
  iterator begin() const { return {start_, step_}; }
  iterator end() const { return {stop_, step_}; }

 private:
  int64_t start_, stop_, step_;
};

template <class T>
class ListIteration {
 public:
  explicit ListIteration(List<T> list) : list_(std::move(list)) {}
  struct iterator {
    const List<T>* list;
    int64_t index;
    // The item; of a list[bool], its value (a reference into std::vector<bool> would dangle).
    decltype(auto) operator*() const {
      if constexpr (std::is_same_v<T, bool>) return static_cast<bool>(list->items()[static_cast<size_t>(index)]);
      else return static_cast<const T&>(list->items()[static_cast<size_t>(index)]);
    }
    iterator& operator++() { ++index; return *this; }
    bool operator!=(const iterator&) const { return index < list->size(); }
  };
  iterator begin() const { return {&list_, 0}; }
  iterator end() const { return {&list_, 0}; }

 private:
  List<T> list_;
};

template <class T>
ListIteration<T> iterate(const List<T>& list) { return ListIteration<T>(list); }

}  // namespace muna::python

#include <muna/python/set.hpp>

namespace muna::python {
// Sets are walked over a snapshot (CPython raises if a set changes size while iterated).
template <class T>
std::vector<T> iterate(const Set<T>& set) { return set.items(); }
}  // namespace muna::python
