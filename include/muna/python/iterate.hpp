// Python's iteration protocol for the loops the compiler emits: range(), and lists iterated by
// index so that items appended during the loop are visited, as CPython's list iterator does.
#pragma once
#include <cstdint>
#include <tuple>
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

#include <muna/python/dict.hpp>
#include <muna/python/set.hpp>

namespace muna::python {
// A dict walked as CPython's dict iterators walk it (`for k, v in d.items()`, `for k in d`): live,
// so a value the loop assigns to a key not reached yet is seen; once the dict's size changed,
// the next step raises RuntimeError, after the last item too.
enum class DictPart { Keys, Values, Items };

template <class K, class V, DictPart Part>
class DictIteration {
 public:
  explicit DictIteration(Dict<K, V> dict) : dict_(std::move(dict)), size_(dict_.size()) {}
  struct iterator {
    const DictIteration* owner;
    int64_t index;
    auto operator*() const {
      const auto& entry = owner->dict_.entries()[static_cast<size_t>(index)];
      if constexpr (Part == DictPart::Keys) return K(entry.first);
      else if constexpr (Part == DictPart::Values) return V(entry.second);
      else return std::tuple<K, V>(entry.first, entry.second);
    }
    iterator& operator++() { ++index; return *this; }
    bool operator!=(const iterator&) const {
      if (owner->dict_.size() != owner->size_) throw RuntimeError("dictionary changed size during iteration");
      return index < owner->size_;
    }
  };
  iterator begin() const { return {this, 0}; }
  iterator end() const { return {this, 0}; }

 private:
  Dict<K, V> dict_;
  int64_t size_;
};

template <DictPart Part, class K, class V>
DictIteration<K, V, Part> iterate_dict(const Dict<K, V>& dict) { return DictIteration<K, V, Part>(dict); }
}  // namespace muna::python

namespace muna::python {
// A set is walked over a snapshot of its items; once its size changed, the next step raises
// RuntimeError, as CPython's set iterator does (after the last item too).
template <class T>
class SetIteration {
 public:
  explicit SetIteration(Set<T> set) : set_(std::move(set)), items_(set_.items()) {}
  struct iterator {
    const SetIteration* owner;
    size_t index;
    T operator*() const { return owner->items_[index]; }
    iterator& operator++() { ++index; return *this; }
    bool operator!=(const iterator&) const {
      if (owner->set_.size() != static_cast<int64_t>(owner->items_.size()))
        throw RuntimeError("Set changed size during iteration");
      return index < owner->items_.size();
    }
  };
  iterator begin() const { return {this, 0}; }
  iterator end() const { return {this, 0}; }

 private:
  Set<T> set_;
  std::vector<T> items_;
};

template <class T>
SetIteration<T> iterate(const Set<T>& set) { return SetIteration<T>(set); }
}  // namespace muna::python
