// The `axis=` argument of NumPy reductions: None, an int or a tuple of ints.
#pragma once
#include <algorithm>
#include <tuple>
#include <vector>

#include <muna/core/none.hpp>
#include <muna/core/shape.hpp>

namespace muna::numpy {

class Axes {
 public:
  Axes(NoneType) : all_(true) {}
  Axes(int64_t axis) : axes_{axis} {}
  Axes(std::vector<int64_t> axes) : axes_(std::move(axes)) {}
  template <class... I>
  Axes(const std::tuple<I...>& axes) {
    std::apply([this](auto... a) { (axes_.push_back(static_cast<int64_t>(a)), ...); }, axes);
  }

  bool all() const { return all_; }
  // NumPy's ufunc reductions let a 0-d array take axis 0 or -1; its Python-level functions
  // (mean, var, std, median, ...) normalise the axis first and raise AxisError.
  void require_in_bounds(int64_t ndim) const {
    for (int64_t axis : axes_) normalize_axis(axis, ndim);
  }
  int64_t count() const { return static_cast<int64_t>(axes_.size()); }

  // For each dimension of an ndim-array, whether it is reduced.
  std::vector<bool> mask(int64_t ndim) const {
    std::vector<bool> reduced(ndim, all_);
    for (int64_t axis : axes_) {
      if (ndim == 0 && (axis == 0 || axis == -1)) continue;  // NumPy lets 0-d arrays take axis 0
      int64_t a = normalize_axis(axis, ndim);
      if (reduced[a]) throw ValueError("duplicate value in 'axis'");
      reduced[a] = true;
    }
    return reduced;
  }

 private:
  bool all_ = false;
  std::vector<int64_t> axes_;
};

}  // namespace muna::numpy
