// muna::python::List<T>: Python's list, with reference semantics (assigning a list shares it,
// as in Python) over a std::vector.
#pragma once
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <string>
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

  std::vector<T>& items() const { return *items_; }
  int64_t size() const { return static_cast<int64_t>(items_->size()); }
  auto begin() const { return items_->begin(); }
  auto end() const { return items_->end(); }
  void push_back(T value) const { items_->push_back(std::move(value)); }

  // Python indexing: negative indices count from the end; out of range raises IndexError.
  T& at(int64_t index) const {
    const int64_t n = size();
    if (index < -n || index >= n) throw IndexError("list index out of range");
    return (*items_)[index < 0 ? index + n : index];
  }

  friend bool operator==(const List& a, const List& b) { return *a.items_ == *b.items_; }
  friend bool operator!=(const List& a, const List& b) { return !(a == b); }

 private:
  std::shared_ptr<std::vector<T>> items_;
};

}  // namespace muna::python
