// muna::python::Iterator<T>: a Python iterator object (iter(xs), itertools' results, a groupby
// group). Its items are made on demand, one at a time, as Python's __next__ makes them; copies
// share the position, as every name holding an iterator shares the object in Python. A range
// for loop calls next() once per item, Python's for loop's order: the first item when the loop
// starts, each later one after the body ran.
#pragma once
#include <cstdint>
#include <iterator>
#include <memory>
#include <optional>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include <muna/core/none.hpp>
#include <muna/python/dict.hpp>
#include <muna/python/list.hpp>
#include <muna/python/number.hpp>
#include <muna/python/set.hpp>
#include <muna/python/str/iter.hpp>

namespace muna::python {

template <class T>
class Iterator {
 public:
  using value_type = T;
  // What makes the items: next() is Python's __next__, nullopt its StopIteration.
  struct Source {
    virtual ~Source() = default;
    virtual std::optional<T> next() = 0;
  };

  Iterator() = default;  // an iterator with no items
  explicit Iterator(std::shared_ptr<Source> source) : source_(std::move(source)) {}

  std::optional<T> next() const { return source_ ? source_->next() : std::nullopt; }

  class iterator {
   public:
    using iterator_category = std::input_iterator_tag;
    using value_type = T;
    using difference_type = std::ptrdiff_t;
    using pointer = const T*;
    using reference = const T&;
    iterator() = default;
    iterator(std::shared_ptr<Source> source, std::optional<T> current)
        : source_(std::move(source)), current_(std::move(current)) {}
    const T& operator*() const { return *current_; }
    iterator& operator++() {
      current_ = source_ ? source_->next() : std::nullopt;
      return *this;
    }
    // Compared only with end(): unequal while there is an item.
    bool operator!=(const iterator&) const { return current_.has_value(); }
    bool operator==(const iterator& other) const { return !(*this != other); }

   private:
    std::shared_ptr<Source> source_;
    std::optional<T> current_;
  };
  iterator begin() const { return iterator(source_, next()); }
  iterator end() const { return iterator(); }

 private:
  std::shared_ptr<Source> source_;
};

namespace iterator_detail {
template <class T, class Step>
struct StepSource final : Iterator<T>::Source {
  Step step;
  explicit StepSource(Step s) : step(std::move(s)) {}
  std::optional<T> next() override { return step(); }
};

template <class T> struct is_iterator : std::false_type {};
template <class T> struct is_iterator<Iterator<T>> : std::true_type {};
}  // namespace iterator_detail

// An iterator whose items `step()` makes: it returns the next item, or nullopt at the end (and
// keeps whatever state it needs, as the C struct of a CPython iterator does).
template <class T, class Step>
Iterator<T> make_iterator(Step step) {
  return Iterator<T>(std::make_shared<iterator_detail::StepSource<T, Step>>(std::move(step)));
}

// The item type a C++ range of Python values yields.
template <class R>
using item_of_t = std::decay_t<decltype(*std::begin(std::declval<const R&>()))>;

// A value as the item type the compiler decided (an int read into an `int | float`, a value
// into an Optional or a dynamic Object); None into an Optional or an Object.
template <class T, class X>
T item_as(const X& x) {
  if constexpr (std::is_same_v<T, X>) return x;
  else if constexpr (std::is_same_v<X, NoneType>) return T();
  else return T(x);
}

// iter(x): the iterator over x's items, made when iteration starts, as Python's iter() is.
template <class T>
Iterator<T> iter(const Iterator<T>& it) { return it; }

// A list is walked by index, so items appended before the end are seen; once exhausted the
// iterator stays so (CPython's list iterator drops the list).
template <class T>
Iterator<T> iter(const List<T>& list) {
  return make_iterator<T>([list = std::optional<List<T>>(list), index = int64_t(0)]() mutable -> std::optional<T> {
    if (list && index < list->size()) return list->items()[index++];
    list.reset();
    return std::nullopt;
  });
}
template <class T>
Iterator<T> iter(const Tuple<T>& tuple) { return iter(static_cast<const List<T>&>(tuple)); }

// Sets and dicts are walked over a snapshot of their items (keys), as muna iterates them.
template <class T>
Iterator<T> iter(const Set<T>& set) { return iter(List<T>(set.items())); }
template <class K, class V>
Iterator<K> iter(const Dict<K, V>& d) {
  List<K> keys;
  for (const auto& [k, v] : d.entries()) keys.push_back(k);
  return iter(keys);
}

// A str: its characters (code points), each a str; a tuple of one item type: its items.
inline Iterator<std::string> iter(const std::string& s);
template <class T, class... Rest,
          std::enable_if_t<(std::is_same_v<T, Rest> && ...), int> = 0>
Iterator<T> iter(const std::tuple<T, Rest...>& t) {
  List<T> items;
  std::apply([&](const auto&... x) { (items.push_back(x), ...); }, t);
  return iter(items);
}

// Any other range (range(), a str's characters, an array's rows): held, and begun lazily.
template <class R, std::enable_if_t<!iterator_detail::is_iterator<R>::value && !std::is_same_v<R, std::string>, int> = 0>
Iterator<item_of_t<R>> iter(const R& range) {
  using T = item_of_t<R>;
  struct State {
    R range;
    std::optional<decltype(std::begin(std::declval<const R&>()))> at, end;
  };
  auto state = std::make_shared<State>(State{range, std::nullopt, std::nullopt});
  return make_iterator<T>([state]() -> std::optional<T> {
    if (!state->at) {
      state->at.emplace(std::begin(state->range));
      state->end.emplace(std::end(state->range));
    }
    if (!(*state->at != *state->end)) return std::nullopt;
    T item = **state->at;
    ++*state->at;
    return item;
  });
}

inline Iterator<std::string> iter(const std::string& s) { return iter(str::CodePoints(s)); }

// An iterator of items converted to T (the item type the compiler decided).
template <class T, class Iterable>
Iterator<T> iter_as(const Iterable& items) {
  auto it = iter(items);
  if constexpr (std::is_same_v<decltype(it), Iterator<T>>) {
    return it;
  } else {
    return make_iterator<T>([it]() -> std::optional<T> {
      auto x = it.next();
      if (!x) return std::nullopt;
      return item_as<T>(*x);
    });
  }
}

// Every iterator is true, as in Python (it has no __len__ or __bool__).
template <class T>
bool truth(const Iterator<T>&) { return true; }

}  // namespace muna::python
