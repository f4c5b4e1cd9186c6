// iter(str), for `for c in s` and list(s): yields each code point as a one-character str.
#pragma once
#include <cstddef>
#include <iterator>
#include <string>

#include "muna/python/unicode/utf8.hpp"

namespace muna::python::str {

class CodePoints {
 public:
  class iterator {
   public:
    using iterator_category = std::input_iterator_tag;
    using value_type = std::string;
    using difference_type = std::ptrdiff_t;
    using pointer = const std::string*;
    using reference = std::string;

    iterator(const std::string* s, size_t at) : s_(s), at_(at) {}
    std::string operator*() const {
      size_t end = at_;
      unicode::decode(*s_, end);
      return s_->substr(at_, end - at_);
    }
    iterator& operator++() {
      unicode::decode(*s_, at_);
      return *this;
    }
    bool operator==(const iterator& other) const { return at_ == other.at_; }
    bool operator!=(const iterator& other) const { return at_ != other.at_; }

   private:
    const std::string* s_;
    size_t at_;
  };

  // Keeps its own copy: Python's iterator keeps the str alive, so may a temporary here.
  explicit CodePoints(std::string s) : s_(std::move(s)) {}
  iterator begin() const { return iterator(&s_, 0); }
  iterator end() const { return iterator(&s_, s_.size()); }

 private:
  std::string s_;
};

inline CodePoints iter(const std::string& self) { return CodePoints(self); }

}  // namespace muna::python::str
