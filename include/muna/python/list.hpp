// muna::python::List<T>: Python's list, with reference semantics (assigning a list shares it,
// as in Python) over a std::vector.
#pragma once
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <muna/core/error.hpp>
#include <muna/core/none.hpp>

namespace muna::python {

template <class T>
class List {
 public:
  using value_type = T;
  List() : items_(std::make_shared<std::vector<T>>()) {}
  List(std::initializer_list<T> items) : items_(std::make_shared<std::vector<T>>(items)) {}
  explicit List(std::vector<T> items) : items_(std::make_shared<std::vector<T>>(std::move(items))) {}
  // A new list of `other`'s items, each converted (a list of Tensor<float> as one of Arrays of
  // run-time dtype: what one branch of a dispatch made, core/array.hpp dispatch_result).
  template <class U, class = std::enable_if_t<!std::is_same_v<U, T> && std::is_constructible_v<T, const U&>>>
  explicit List(const List<U>& other) : List() {
    items_->reserve(other.items().size());
    for (const auto& item : other.items()) items_->push_back(T(item));
  }

  std::vector<T>& items() const { return *items_; }
  int64_t size() const { return static_cast<int64_t>(items_->size()); }
  // A list[bool] iterates as bools (std::vector<bool>'s const iterators), not as its proxies.
  auto begin() const {
    if constexpr (std::is_same_v<T, bool>) return std::as_const(*items_).begin();
    else return items_->begin();
  }
  auto end() const {
    if constexpr (std::is_same_v<T, bool>) return std::as_const(*items_).end();
    else return items_->end();
  }
  void push_back(T value) const { items_->push_back(std::move(value)); }

  // Python indexing: negative indices count from the end; out of range raises IndexError.
  // The element itself (T&); of a list[bool], its value (std::vector<bool> has no bool&). Of a
  // temporary list (`np.nonzero(x)[0]`), a copy: its items may die with the statement.
  decltype(auto) at(int64_t index) const& {
    const size_t k = checked_index(index);
    if constexpr (std::is_same_v<T, bool>) return static_cast<bool>((*items_)[k]);
    else return ((*items_)[k]);
  }
  T at(int64_t index) && { return T((*items_)[checked_index(index)]); }

  // xs[i] = v, with Python's message for an index out of range.
  void set(int64_t index, T value) const {
    const int64_t n = size();
    if (index < -n || index >= n) throw IndexError("list assignment index out of range");
    (*items_)[index < 0 ? index + n : index] = std::move(value);
  }

  friend bool operator==(const List& a, const List& b) { return *a.items_ == *b.items_; }
  friend bool operator!=(const List& a, const List& b) { return !(a == b); }

 private:
  size_t checked_index(int64_t index) const {
    const int64_t n = size();
    if (index < -n || index >= n) throw IndexError("list index out of range");
    return static_cast<size_t>(index < 0 ? index + n : index);
  }

  std::shared_ptr<std::vector<T>> items_;
};

// A tuple whose length is known only at run time (tuple[int, ...], an unknown-rank array's
// shape): a list the compiler never changes, that crosses the C ABI as a tuple.
template <class T>
class Tuple : public List<T> {
 public:
  Tuple() = default;
  Tuple(std::initializer_list<T> items) : List<T>(items) {}
  explicit Tuple(std::vector<T> items) : List<T>(std::move(items)) {}
  Tuple(const List<T>& items) : List<T>(items) {}  // NOLINT: a list read as a tuple
  template <class U, class = std::enable_if_t<!std::is_same_v<U, T> && std::is_constructible_v<T, const U&>>>
  explicit Tuple(const List<U>& other) : List<T>(other) {}
};

}  // namespace muna::python
