// functools.cmp_to_key(cmp): a key object per item whose comparisons ask cmp, as CPython's
// K object does (x < y is cmp(x, y) < 0, and so on; the result compared with 0 as a number).
#pragma once
#include <functional>
#include <memory>
#include <type_traits>
#include <utility>

#include <muna/python/number.hpp>

namespace muna::python::functools {
namespace detail {
template <class R>
double sign_of(const R& r) {
  if constexpr (std::is_same_v<R, Number>) return r.as_float();
  else return static_cast<double>(r);
}
}  // namespace detail

template <class T>
class CmpKey {
 public:
  using Cmp = std::function<double(const T&, const T&)>;
  CmpKey() = default;
  CmpKey(T value, std::shared_ptr<const Cmp> cmp) : value_(std::move(value)), cmp_(std::move(cmp)) {}
  friend bool operator<(const CmpKey& a, const CmpKey& b) { return a.cmp(b) < 0; }
  friend bool operator>(const CmpKey& a, const CmpKey& b) { return a.cmp(b) > 0; }
  friend bool operator<=(const CmpKey& a, const CmpKey& b) { return a.cmp(b) <= 0; }
  friend bool operator>=(const CmpKey& a, const CmpKey& b) { return a.cmp(b) >= 0; }
  friend bool operator==(const CmpKey& a, const CmpKey& b) { return a.cmp(b) == 0; }
  friend bool operator!=(const CmpKey& a, const CmpKey& b) { return a.cmp(b) != 0; }

 private:
  double cmp(const CmpKey& other) const { return (*cmp_)(value_, other.value_); }
  T value_;
  std::shared_ptr<const Cmp> cmp_;
};

template <class T, class Cmp>
CmpKey<T> cmp_key(const T& x, const Cmp& cmp) {
  auto f = std::make_shared<const typename CmpKey<T>::Cmp>(
      [cmp](const T& a, const T& b) { return detail::sign_of(cmp(a, b)); });
  return CmpKey<T>(x, std::move(f));
}
}  // namespace muna::python::functools
