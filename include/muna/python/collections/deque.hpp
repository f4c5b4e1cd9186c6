// collections.deque: a double-ended queue shared by reference, as Python shares it. `maxlen`
// bounds it (an append drops from the other end); a loop over it raises CPython's
// RuntimeError("deque mutated during iteration") at its next step once the deque changed size
// or rotated (CPython's `state` counter; d[i] = v and reverse() leave it).
#pragma once
#include <algorithm>
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <utility>

#include <muna/core/error.hpp>
#include <muna/core/none.hpp>
#include <muna/python/builtins/repr.hpp>
#include <muna/python/list.hpp>

namespace muna::python {

template <class T>
class Deque {
  struct State {
    std::deque<T> items;
    int64_t maxlen = -1;  // -1: unbounded
    uint64_t state = 0;   // bumped by every change of size or order
  };

 public:
  using value_type = T;
  explicit Deque(int64_t maxlen = -1) : s_(std::make_shared<State>()) {
    if (maxlen < -1) throw ValueError("maxlen must be non-negative");
    s_->maxlen = maxlen;
  }

  int64_t size() const { return static_cast<int64_t>(s_->items.size()); }
  std::optional<int64_t> maxlen() const {
    return s_->maxlen < 0 ? std::nullopt : std::optional<int64_t>(s_->maxlen);
  }
  static bool truth_of(const Deque& d) { return d.size() != 0; }

  void append(T x) const {
    if (s_->maxlen == 0) return;
    s_->items.push_back(std::move(x));
    ++s_->state;
    if (s_->maxlen > 0 && size() > s_->maxlen) s_->items.pop_front();
  }
  void appendleft(T x) const {
    if (s_->maxlen == 0) return;
    s_->items.push_front(std::move(x));
    ++s_->state;
    if (s_->maxlen > 0 && size() > s_->maxlen) s_->items.pop_back();
  }
  T pop() const {
    if (s_->items.empty()) throw IndexError("pop from an empty deque");
    T x = std::move(s_->items.back());
    s_->items.pop_back();
    ++s_->state;
    return x;
  }
  T popleft() const {
    if (s_->items.empty()) throw IndexError("pop from an empty deque");
    T x = std::move(s_->items.front());
    s_->items.pop_front();
    ++s_->state;
    return x;
  }
  template <class Items> void extend(const Items& xs) const {
    for (const auto& x : xs) append(x);
  }
  template <class Items> void extendleft(const Items& xs) const {
    for (const auto& x : xs) appendleft(x);
  }
  void rotate(int64_t n) const {
    const int64_t len = size();
    ++s_->state;
    if (len <= 1) return;
    n %= len;
    if (n < 0) n += len;
    std::rotate(s_->items.begin(), s_->items.begin() + (len - n), s_->items.end());
  }
  void clear() const {
    s_->items.clear();
    ++s_->state;
  }
  void reverse() const { std::reverse(s_->items.begin(), s_->items.end()); }
  void insert(int64_t index, T x) const {
    if (s_->maxlen >= 0 && size() >= s_->maxlen) throw IndexError("deque already at its maximum size");
    const int64_t n = size();
    index = index < 0 ? std::max<int64_t>(index + n, 0) : std::min(index, n);
    s_->items.insert(s_->items.begin() + index, std::move(x));
    ++s_->state;
  }
  int64_t position(const T& x) const {  // remove() and index()
    for (size_t i = 0; i < s_->items.size(); ++i)
      if (s_->items[i] == x) return static_cast<int64_t>(i);
    throw ValueError(builtins::repr(x) + " is not in deque");
  }
  void remove(const T& x) const {
    s_->items.erase(s_->items.begin() + position(x));
    ++s_->state;
  }
  int64_t count(const T& x) const { return std::count(s_->items.begin(), s_->items.end(), x); }
  bool contains(const T& x) const { return std::find(s_->items.begin(), s_->items.end(), x) != s_->items.end(); }
  Deque copy() const {
    Deque out(s_->maxlen);
    out.s_->items = s_->items;
    return out;
  }

  const T& at(int64_t index) const { return s_->items[checked(index)]; }
  void set(int64_t index, T x) const { s_->items[checked(index)] = std::move(x); }

  // The loop's iterator: as many items as the deque held when the loop began, unless it
  // changes, which raises at the next step (the check comes before the end test, as CPython's).
  class Iterator {
   public:
    Iterator(std::shared_ptr<State> s, size_t i) : s_(std::move(s)), i_(i), state_(s_ ? s_->state : 0) {}
    const T& operator*() const { return s_->items[i_]; }
    Iterator& operator++() {
      ++i_;
      return *this;
    }
    bool operator!=(const Iterator& end) const {
      if (s_->state != state_) throw RuntimeError("deque mutated during iteration");
      return i_ != end.i_;
    }

   private:
    std::shared_ptr<State> s_;
    size_t i_;
    uint64_t state_;
  };
  Iterator begin() const { return Iterator(s_, 0); }
  Iterator end() const { return Iterator(nullptr, s_->items.size()); }

  std::string repr() const {
    std::string out = "deque([";
    for (size_t i = 0; i < s_->items.size(); ++i) out += (i ? ", " : "") + builtins::repr(s_->items[i]);
    out += "]";
    if (s_->maxlen >= 0) out += ", maxlen=" + std::to_string(s_->maxlen);
    return out + ")";
  }
  friend bool operator==(const Deque& a, const Deque& b) { return a.s_->items == b.s_->items; }
  friend bool operator!=(const Deque& a, const Deque& b) { return !(a == b); }

 private:
  size_t checked(int64_t index) const {
    const int64_t n = size();
    if (index < -n || index >= n) throw IndexError("deque index out of range");
    return static_cast<size_t>(index < 0 ? index + n : index);
  }
  std::shared_ptr<State> s_;
};

namespace collections::deque {
inline int64_t bound(NoneType) { return -1; }
inline int64_t bound(int64_t maxlen) { return maxlen < 0 ? -2 : maxlen; }  // -2: refused by Deque
inline int64_t bound(const std::optional<int64_t>& maxlen) { return maxlen ? bound(*maxlen) : -1; }

// deque(iterable, maxlen): the items appended in order (so only the last maxlen stay).
template <class T, class Items, class MaxLen>
Deque<T> make(const Items& items, const MaxLen& maxlen) {
  Deque<T> d(bound(maxlen));
  d.extend(items);
  return d;
}
// format(d, spec): object.__format__, str(d) for an empty spec.
template <class T>
std::string format(const Deque<T>& d, const std::string& spec) {
  if (!spec.empty()) throw TypeError("unsupported format string passed to collections.deque.__format__");
  return d.repr();
}
template <class T, class MaxLen>
Deque<T> make_empty(const MaxLen& maxlen) { return Deque<T>(bound(maxlen)); }
}  // namespace collections::deque
}  // namespace muna::python
