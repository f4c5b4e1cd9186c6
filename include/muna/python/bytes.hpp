// muna::python::Bytes and ByteArray: Python's bytes (an immutable value) and bytearray (mutable,
// shared by reference as a list is), both over a std::string of raw bytes. Iterating either
// yields ints, as Python does; comparisons are by content, unsigned and lexicographic, between
// the two kinds too. ByteView is the read-only argument form the methods take.
#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>
#include <iterator>
#include <memory>
#include <string>
#include <string_view>
#include <utility>

#include <muna/core/error.hpp>

namespace muna::python {

// The bytes of a Bytes, a ByteArray or a literal, borrowed for the length of one call.
class ByteView {
 public:
  ByteView() = default;
  ByteView(std::string_view data) : data_(data) {}  // NOLINT: implicit, as bytes-like
  std::string_view view() const { return data_; }
  const char* data() const { return data_.data(); }
  size_t size() const { return data_.size(); }
  uint8_t operator[](size_t i) const { return static_cast<uint8_t>(data_[i]); }

 private:
  std::string_view data_;
};

class Bytes {
 public:
  Bytes() = default;
  explicit Bytes(std::string data) : data_(std::move(data)) {}
  Bytes(const char* data, size_t size) : data_(data, size) {}
  explicit Bytes(ByteView view) : data_(view.view()) {}

  const std::string& str() const { return data_; }
  std::string_view view() const { return data_; }
  operator ByteView() const { return ByteView(data_); }  // NOLINT
  int64_t size() const { return static_cast<int64_t>(data_.size()); }
  const char* data() const { return data_.data(); }
  uint8_t byte(size_t i) const { return static_cast<uint8_t>(data_[i]); }

  // Iteration yields each byte as a Python int.
  class iterator {
   public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = int64_t;
    using difference_type = std::ptrdiff_t;
    using pointer = const int64_t*;
    using reference = int64_t;
    explicit iterator(const char* p) : p_(p) {}
    int64_t operator*() const { return static_cast<uint8_t>(*p_); }
    iterator& operator++() {
      ++p_;
      return *this;
    }
    bool operator==(const iterator& other) const { return p_ == other.p_; }
    bool operator!=(const iterator& other) const { return p_ != other.p_; }

   private:
    const char* p_;
  };
  iterator begin() const { return iterator(data_.data()); }
  iterator end() const { return iterator(data_.data() + data_.size()); }

 private:
  std::string data_;
};

class ByteArray {
 public:
  ByteArray() : data_(std::make_shared<std::string>()) {}
  explicit ByteArray(std::string data) : data_(std::make_shared<std::string>(std::move(data))) {}
  ByteArray(const char* data, size_t size) : data_(std::make_shared<std::string>(data, size)) {}
  explicit ByteArray(ByteView view) : data_(std::make_shared<std::string>(view.view())) {}

  // The shared buffer: writing through it changes every alias, as in Python.
  std::string& str() const { return *data_; }
  std::string_view view() const { return *data_; }
  operator ByteView() const { return ByteView(*data_); }  // NOLINT
  int64_t size() const { return static_cast<int64_t>(data_->size()); }
  const char* data() const { return data_->data(); }
  uint8_t byte(size_t i) const { return static_cast<uint8_t>((*data_)[i]); }

  // By index, so bytes appended during a loop are visited, as CPython's iterator does.
  class iterator {
   public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = int64_t;
    using difference_type = std::ptrdiff_t;
    using pointer = const int64_t*;
    using reference = int64_t;
    iterator(const std::string* s, size_t i) : s_(s), i_(i) {}
    int64_t operator*() const { return static_cast<uint8_t>((*s_)[i_]); }
    iterator& operator++() {
      ++i_;
      return *this;
    }
    // Compared only against end(): true while the index is inside the current size.
    bool operator!=(const iterator&) const { return i_ < s_->size(); }
    bool operator==(const iterator& other) const { return !(*this != other); }

   private:
    const std::string* s_;
    size_t i_;
  };
  iterator begin() const { return iterator(data_.get(), 0); }
  iterator end() const { return iterator(data_.get(), 0); }

 private:
  std::shared_ptr<std::string> data_;
};

// Comparisons by content; std::string_view compares bytes as unsigned char.
#define MUNA_BYTES_COMPARE(A, B)                                                                  \
  inline bool operator==(const A& a, const B& b) { return a.view() == b.view(); }                \
  inline bool operator!=(const A& a, const B& b) { return a.view() != b.view(); }                \
  inline bool operator<(const A& a, const B& b) { return a.view() < b.view(); }                  \
  inline bool operator<=(const A& a, const B& b) { return a.view() <= b.view(); }                \
  inline bool operator>(const A& a, const B& b) { return a.view() > b.view(); }                  \
  inline bool operator>=(const A& a, const B& b) { return a.view() >= b.view(); }
MUNA_BYTES_COMPARE(Bytes, Bytes)
MUNA_BYTES_COMPARE(Bytes, ByteArray)
MUNA_BYTES_COMPARE(ByteArray, Bytes)
MUNA_BYTES_COMPARE(ByteArray, ByteArray)
#undef MUNA_BYTES_COMPARE

inline bool truth(const Bytes& b) { return b.size() != 0; }
inline bool truth(const ByteArray& b) { return b.size() != 0; }

// The result of an op on `self` has self's kind: bytes gives bytes, bytearray a new bytearray.
template <class B>
B make_like(std::string data) {
  return B(std::move(data));
}

// ValueError unless 0 <= value < 256 (bytearray item assignment, append, `x in b`).
inline uint8_t checked_byte(int64_t value, const char* message = "byte must be in range(0, 256)") {
  if (value < 0 || value > 255) throw ValueError(message);
  return static_cast<uint8_t>(value);
}

}  // namespace muna::python

template <>
struct std::hash<muna::python::Bytes> {
  size_t operator()(const muna::python::Bytes& b) const noexcept {
    return std::hash<std::string_view>()(b.view());
  }
};
// A bytearray as a dict key or set item is Python's TypeError, raised where it is hashed.
template <>
struct std::hash<muna::python::ByteArray> {
  size_t operator()(const muna::python::ByteArray&) const {
    throw muna::TypeError("unhashable type: 'bytearray'");
  }
};
