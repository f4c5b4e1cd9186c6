// Reductions and per-dim operations (sum, mean, var, max with indices, sort, topk, cumsum,
// gather, ...). Multi-dim reductions reuse NumPy's driver (<muna/numpy/detail/reduce.hpp>);
// torch sums in a different order than NumPy (a cascade), so float results agree within a few
// ulps, not bit for bit. Per-dim operations move `dim` last, work on contiguous rows, and move
// it back. bfloat16 reduces in float and rounds once, as torch does.
#pragma once
#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include <muna/kernels/reduce.hpp>
#include <muna/numpy/detail/axes.hpp>
#include <muna/numpy/detail/reduce.hpp>
#include <muna/torch/detail/common.hpp>

namespace muna::torch::detail {

// x with `dim` moved last, packed: rows of n contiguous elements.
template <class T>
Tn<T> rows_along(const Tn<T>& x, int64_t d) {
  Shape shape, strides;
  for (int64_t k = 0; k < x.ndim(); ++k)
    if (k != d) shape.push_back(x.shape()[k]), strides.push_back(x.strides()[k]);
  if (x.ndim()) shape.push_back(x.shape()[d]), strides.push_back(x.strides()[d]);
  return contiguous(x.with_layout(shape, strides));
}
// The inverse: rows (shape = x.shape without d, then m) back to m elements at position d.
template <class U>
Tn<U> unrows(const Tn<U>& rows, int64_t d) {
  const int64_t r = rows.ndim();
  if (r == 0) return rows;
  Shape shape, strides;
  for (int64_t k = 0, src = 0; k < r; ++k) {
    if (k == d) shape.push_back(rows.shape()[r - 1]), strides.push_back(rows.strides()[r - 1]);
    else shape.push_back(rows.shape()[src]), strides.push_back(rows.strides()[src]), ++src;
  }
  return contiguous(rows.with_layout(shape, strides));
}
// A reduction's result shape: the dim removed, or kept as 1.
inline Shape reduced_shape(const Shape& x_shape, int64_t d, bool keepdim) {
  Shape shape = x_shape;
  if (shape.empty()) return shape;
  if (keepdim) shape[d] = 1;
  else shape.erase(shape.begin() + d);
  return shape;
}

template <class T>
bool is_nan(T v) {
  if constexpr (is_floating_v<T>) return std::isnan(static_cast<double>(v));
  else return false;
}
// torch's ordering for max/sort: NaN is larger than everything.
template <class T>
bool greater(T a, T b) { return (is_nan(a) && !is_nan(b)) || (!is_nan(b) && static_cast<compute_t<T>>(a) > static_cast<compute_t<T>>(b)); }

template <class U>
struct SumRows {
  const char* name = nullptr;
  template <class T> U contiguous(const T* x, int64_t n) const {
    if constexpr (std::is_same_v<T, U> && (std::is_same_v<U, float> || std::is_same_v<U, double>))
      return kernels::pairwise_sum(x, n);
    else return sequential(x, n);
  }
  template <class T> U sequential(const T* x, int64_t n) const {
    U sum = U(0);
    for (int64_t i = 0; i < n; ++i) sum += static_cast<U>(x[i]);
    return sum;
  }
};
template <bool IsMax>
struct ExtremumRows {
  const char* name = IsMax ? "max" : "min";
  template <class T> T contiguous(const T* x, int64_t n) const { return sequential(x, n); }
  template <class T> T sequential(const T* x, int64_t n) const {
    T best = x[0];
    for (int64_t i = 1; i < n; ++i) {
      if (is_nan(best)) break;
      if (IsMax ? greater(x[i], best) : greater(best, x[i]) || (is_nan(x[i]))) best = x[i];
    }
    return best;
  }
};
template <class U>
struct ProdRows {
  const char* name = nullptr;
  template <class T> U contiguous(const T* x, int64_t n) const { return sequential(x, n); }
  template <class T> U sequential(const T* x, int64_t n) const {
    U p = U(1);
    for (int64_t i = 0; i < n; ++i) p *= static_cast<U>(x[i]);
    return p;
  }
};
struct AnyRows {
  const char* name = nullptr;
  template <class T> bool contiguous(const T* x, int64_t n) const { return sequential(x, n); }
  template <class T> bool sequential(const T* x, int64_t n) const {
    for (int64_t i = 0; i < n; ++i) if (static_cast<compute_t<T>>(x[i]) != 0) return true;
    return false;
  }
};
struct AllRows {
  const char* name = nullptr;
  template <class T> bool contiguous(const T* x, int64_t n) const { return sequential(x, n); }
  template <class T> bool sequential(const T* x, int64_t n) const {
    for (int64_t i = 0; i < n; ++i) if (static_cast<compute_t<T>>(x[i]) == 0) return false;
    return true;
  }
};

// sum in the accumulate type A, result rounded to R.
template <class R, class A, class T>
Tn<R> sum_as(const Tn<T>& x, const numpy::Axes& axes, bool keepdim) {
  Tn<A> total = numpy::detail::reduce<A>(x, axes, keepdim, SumRows<A>{});
  if constexpr (std::is_same_v<A, R>) return total;
  else return cast<R>(total);
}

// An axes argument given as None, an int or a tuple; torch's empty tuple means all dims.
template <class D> numpy::Axes axes_of(const D& dim) { return numpy::Axes(dim); }
inline numpy::Axes axes_of(const std::tuple<>&) { return numpy::Axes(None); }

}  // namespace muna::torch::detail

namespace muna::torch {

template <class R, class T, class D>
detail::Tn<R> sum(const detail::Tn<T>& input, const D& dim, bool keepdim) {
  using A = std::conditional_t<std::is_same_v<R, bfloat16>, float, R>;
  return detail::sum_as<R, A>(input, detail::axes_of(dim), keepdim);
}
// prod in order along the reduced dims (ints and bool in int64, bfloat16 in float).
template <class R, class T, class D>
detail::Tn<R> prod(const detail::Tn<T>& input, const D& dim, bool keepdim) {
  using A = detail::compute_t<R>;
  detail::Tn<A> total = numpy::detail::reduce<A>(input, detail::axes_of(dim), keepdim, detail::ProdRows<A>{});
  if constexpr (std::is_same_v<A, R>) return total;
  else return cast<R>(total);
}
template <class T, class D>
detail::Tn<T> mean(const detail::Tn<T>& input, const D& dim, bool keepdim) {
  using A = detail::compute_t<T>;
  detail::Tn<A> total = detail::sum_as<A, A>(input, detail::axes_of(dim), keepdim);
  const int64_t count = total.size() ? input.size() / total.size() : 0;
  for (int64_t i = 0; i < total.size(); ++i) total.data()[i] /= static_cast<A>(count);
  if (count == 0) for (int64_t i = 0; i < total.size(); ++i) total.data()[i] = std::numeric_limits<A>::quiet_NaN();
  return cast<T>(total);
}
// var/std with torch 1.13's `unbiased` (correction 1 or 0): two passes in the accumulate type.
template <class T, class D>
detail::Tn<T> var(const detail::Tn<T>& input, const D& dim, bool unbiased, bool keepdim) {
  using A = std::conditional_t<std::is_same_v<T, float>, double, detail::compute_t<T>>;
  const numpy::Axes axes = detail::axes_of(dim);
  const detail::Tn<A> x = cast<A>(input);
  detail::Tn<A> centre = detail::sum_as<A, A>(x, axes, true);
  const int64_t count = centre.size() ? x.size() / centre.size() : 0;
  for (int64_t i = 0; i < centre.size(); ++i) centre.data()[i] /= static_cast<A>(count);
  detail::Tn<A> sq(x.shape());
  {
    const Shape sc = broadcast_strides(centre.shape(), centre.strides(), x.shape());
    const Shape* strides[1] = {&sc};
    A* out = sq.data();
    const A* in = x.data();
    for_each_run(x.shape(), strides, [&](int64_t n, const int64_t* off) {
      const int64_t step = sc.empty() ? 0 : sc.back();
      for (int64_t i = 0; i < n; ++i, ++out, ++in) {
        const A dev = *in - centre.data()[off[0] + i * step];
        *out = dev * dev;
      }
    });
  }
  detail::Tn<A> total = detail::sum_as<A, A>(sq, axes, keepdim);
  const int64_t dof = count - (unbiased ? 1 : 0);
  for (int64_t i = 0; i < total.size(); ++i)
    total.data()[i] = dof > 0 ? total.data()[i] / static_cast<A>(dof) : std::numeric_limits<A>::quiet_NaN();
  return cast<T>(total);
}
template <class T, class D>
detail::Tn<T> std(const detail::Tn<T>& input, const D& dim, bool unbiased, bool keepdim) {
  detail::Tn<T> v = var(input, dim, unbiased, keepdim);
  for (int64_t i = 0; i < v.size(); ++i) v.data()[i] = static_cast<T>(std::sqrt(static_cast<double>(v.data()[i])));
  return v;
}
template <class T, class D>
detail::Tn<T> amax(const detail::Tn<T>& input, const D& dim, bool keepdim) {
  return numpy::detail::reduce<T>(input, detail::axes_of(dim), keepdim, detail::ExtremumRows<true>{});
}
template <class T, class D>
detail::Tn<T> amin(const detail::Tn<T>& input, const D& dim, bool keepdim) {
  return numpy::detail::reduce<T>(input, detail::axes_of(dim), keepdim, detail::ExtremumRows<false>{});
}
template <class T, class D>
detail::Tn<bool> any(const detail::Tn<T>& input, const D& dim, bool keepdim) {
  return numpy::detail::reduce<bool>(input, detail::axes_of(dim), keepdim, detail::AnyRows{});
}
template <class T, class D>
detail::Tn<bool> all(const detail::Tn<T>& input, const D& dim, bool keepdim) {
  return numpy::detail::reduce<bool>(input, detail::axes_of(dim), keepdim, detail::AllRows{});
}
// Vector p-norms (p = 2 by default, 1, inf), accumulated in the compute type.
template <class T, class D>
detail::Tn<T> norm(const detail::Tn<T>& input, double p, const D& dim, bool keepdim) {
  using A = detail::compute_t<T>;
  detail::Tn<A> x = cast<A>(input);
  if (std::isinf(p)) {
    for (int64_t i = 0; i < x.size(); ++i) x.data()[i] = std::fabs(x.data()[i]);
    return cast<T>(amax(x, dim, keepdim));
  }
  for (int64_t i = 0; i < x.size(); ++i) {
    const A a = std::fabs(x.data()[i]);
    x.data()[i] = p == 1 ? a : p == 2 ? a * a : std::pow(a, static_cast<A>(p));
  }
  detail::Tn<A> total = detail::sum_as<A, A>(x, detail::axes_of(dim), keepdim);
  if (p != 1)
    for (int64_t i = 0; i < total.size(); ++i)
      total.data()[i] = p == 2 ? std::sqrt(total.data()[i]) : std::pow(total.data()[i], static_cast<A>(1 / p));
  return cast<T>(total);
}

// max/min over everything: a 0-d tensor (an error on an empty tensor, as in torch).
template <bool IsMax, class T>
detail::Tn<T> extremum_all(const detail::Tn<T>& input) {
  if (input.size() == 0)
    throw RuntimeError(std::string(IsMax ? "max" : "min") + "(): Expected reduction dim to be specified for input.numel() == 0. Specify the reduction dim with the 'dim' argument.");
  return numpy::detail::reduce<T>(input, numpy::Axes(None), false, detail::ExtremumRows<IsMax>{});
}
// (values, indices) along dim: the first extremum wins; NaN counts as the maximum and minimum.
template <bool IsMax, class T>
std::tuple<detail::Tn<T>, detail::Tn<int64_t>> extremum_dim(const detail::Tn<T>& input, int64_t dim, bool keepdim) {
  const int64_t d = detail::wrap_dim(dim, input.ndim());
  const int64_t n = input.ndim() ? input.shape()[d] : 1;
  if (n == 0) throw IndexError(std::string(IsMax ? "max" : "min") + "(): Expected reduction dim " + std::to_string(d) + " to have non-zero size.");
  const detail::Tn<T> rows = detail::rows_along(input, d);
  const Shape shape = detail::reduced_shape(input.shape(), d, keepdim);
  detail::Tn<T> values(shape);
  detail::Tn<int64_t> indices(shape);
  const int64_t count = rows.size() / n;
  for (int64_t r = 0; r < count; ++r) {
    const T* x = rows.data() + r * n;
    int64_t best = 0;
    for (int64_t i = 1; i < n && !detail::is_nan(x[best]); ++i)
      if (detail::is_nan(x[i]) || (IsMax ? detail::greater(x[i], x[best]) : detail::greater(x[best], x[i]))) best = i;
    values.data()[r] = x[best];
    indices.data()[r] = best;
  }
  return {values, indices};
}
template <class T> detail::Tn<T> max(const detail::Tn<T>& input) { return extremum_all<true>(input); }
template <class T> detail::Tn<T> min(const detail::Tn<T>& input) { return extremum_all<false>(input); }
template <class T> auto max(const detail::Tn<T>& input, int64_t dim, bool keepdim) { return extremum_dim<true>(input, dim, keepdim); }
template <class T> auto min(const detail::Tn<T>& input, int64_t dim, bool keepdim) { return extremum_dim<false>(input, dim, keepdim); }
// argmax/argmin; dim=None looks at the flattened tensor.
template <bool IsMax, class T, class D>
detail::Tn<int64_t> arg_extremum(const detail::Tn<T>& input, const D& dim, bool keepdim) {
  if constexpr (std::is_same_v<D, NoneType>) {
    const detail::Tn<T> flat = cast<T>(input).with_layout(Shape{input.size()}, Shape{1});
    detail::Tn<int64_t> i = std::get<1>(extremum_dim<IsMax>(flat, 0, false));
    if (keepdim) return i.with_layout(Shape(input.ndim(), 1), Shape(input.ndim(), 0));
    return i;
  } else {
    return std::get<1>(extremum_dim<IsMax>(input, dim, keepdim));
  }
}
template <class T, class D>
detail::Tn<int64_t> argmax(const detail::Tn<T>& input, const D& dim, bool keepdim) { return arg_extremum<true>(input, dim, keepdim); }
template <class T, class D>
detail::Tn<int64_t> argmin(const detail::Tn<T>& input, const D& dim, bool keepdim) { return arg_extremum<false>(input, dim, keepdim); }

// cumsum / cumprod in the accumulate type (int64 for integers and bool), in order along dim.
template <class R, class T, class Step>
detail::Tn<R> scan(const detail::Tn<T>& input, int64_t dim, detail::compute_t<R> init, Step step) {
  if (input.ndim() == 0) return cast<R>(input);
  const int64_t d = detail::wrap_dim(dim, input.ndim());
  const detail::Tn<R> rows = cast<R>(detail::rows_along(input, d));
  const int64_t n = input.shape()[d];
  using A = detail::compute_t<R>;
  for (int64_t r = 0; n && r < rows.size() / n; ++r) {
    R* x = rows.data() + r * n;
    A acc = init;
    for (int64_t i = 0; i < n; ++i) x[i] = static_cast<R>(acc = step(acc, static_cast<A>(x[i])));
  }
  return detail::unrows(rows, d);
}
template <class R, class T>
detail::Tn<R> cumsum(const detail::Tn<T>& input, int64_t dim) {
  return scan<R>(input, dim, detail::compute_t<R>(0), [](auto acc, auto x) { return acc + x; });
}
template <class R, class T>
detail::Tn<R> cumprod(const detail::Tn<T>& input, int64_t dim) {
  return scan<R>(input, dim, detail::compute_t<R>(1), [](auto acc, auto x) { return acc * x; });
}

// linalg.cross: broadcast to one shape, then the 3-vectors along dim.
template <class T>
detail::Tn<T> linalg_cross(const detail::Tn<T>& input, const detail::Tn<T>& other, int64_t dim) {
  if (input.ndim() != other.ndim())
    throw RuntimeError("linalg.cross: inputs must have the same number of dimensions.");
  const int64_t d = detail::wrap_dim(dim, input.ndim());
  if (input.shape()[d] != 3 || other.shape()[d] != 3)
    throw RuntimeError("linalg.cross: inputs dimension " + std::to_string(dim) + " must have length 3. Got " +
                       std::to_string(input.shape()[d]) + " and " + std::to_string(other.shape()[d]));
  const Shape shape = detail::torch_broadcast(input.shape(), other.shape());
  const auto rows_of = [&](const detail::Tn<T>& x) {
    return detail::rows_along(x.with_layout(shape, broadcast_strides(x.shape(), x.strides(), shape)), d);
  };
  const detail::Tn<T> a = rows_of(input), b = rows_of(other);
  detail::Tn<T> out(a.shape());
  using A = detail::compute_t<T>;
  for (int64_t r = 0; r < a.size() / 3; ++r) {
    const T *x = a.data() + 3 * r, *y = b.data() + 3 * r;
    T* z = out.data() + 3 * r;
    const auto mul = [](T p, T q) { return static_cast<A>(p) * static_cast<A>(q); };
    z[0] = static_cast<T>(mul(x[1], y[2]) - mul(x[2], y[1]));
    z[1] = static_cast<T>(mul(x[2], y[0]) - mul(x[0], y[2]));
    z[2] = static_cast<T>(mul(x[0], y[1]) - mul(x[1], y[0]));
  }
  return detail::unrows(out, d);
}
// torch.cross without dim: the first dim of input of size 3 (torch 1.13's deprecated default).
template <class T>
detail::Tn<T> cross(const detail::Tn<T>& input, const detail::Tn<T>& other, NoneType) {
  for (int64_t k = 0; k < input.ndim(); ++k)
    if (input.shape()[k] == 3) return linalg_cross(input, other, k);
  throw RuntimeError("no dimension of size 3 in input");
}
template <class T>
detail::Tn<T> cross(const detail::Tn<T>& input, const detail::Tn<T>& other, int64_t dim) {
  return linalg_cross(input, other, dim);
}

// sort along dim; stable (ties keep their order), NaN last ascending and first descending.
template <class T>
std::tuple<detail::Tn<T>, detail::Tn<int64_t>> sort(const detail::Tn<T>& input, int64_t dim, bool descending) {
  if (input.ndim() == 0) return {cast<T>(input), detail::Tn<int64_t>::full(Shape{}, 0)};
  const int64_t d = detail::wrap_dim(dim, input.ndim());
  const detail::Tn<T> rows = detail::rows_along(input, d);
  const int64_t n = input.shape()[d];
  detail::Tn<T> values(rows.shape());
  detail::Tn<int64_t> indices(rows.shape());
  std::vector<int64_t> order(n);
  for (int64_t r = 0; n && r < rows.size() / n; ++r) {
    const T* x = rows.data() + r * n;
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int64_t a, int64_t b) {
      return descending ? detail::greater(x[a], x[b]) : detail::greater(x[b], x[a]);
    });
    for (int64_t i = 0; i < n; ++i) values.data()[r * n + i] = x[order[i]], indices.data()[r * n + i] = order[i];
  }
  return {detail::unrows(values, d), detail::unrows(indices, d)};
}
template <class T>
detail::Tn<int64_t> argsort(const detail::Tn<T>& input, int64_t dim, bool descending) {
  return std::get<1>(sort(input, dim, descending));
}
// topk, selected as torch's CPU kernel selects: (value, position) pairs, std::partial_sort where
// k * 64 <= n, else std::nth_element and a std::sort of the first k - 1, NaN counted largest.
// The same algorithms of the same standard library on the same sequence, so ties come out in
// torch's order (not by position), and sorted=False gives torch's unsorted order.
template <class T>
std::tuple<detail::Tn<T>, detail::Tn<int64_t>> topk(const detail::Tn<T>& input, int64_t k, int64_t dim, bool largest, bool sorted) {
  const int64_t d = detail::wrap_dim(dim, input.ndim());
  const int64_t n = input.ndim() ? input.shape()[d] : 1;
  if (k < 0 || k > n) throw RuntimeError("selected index k out of range");
  if (input.ndim() == 0) return sort(input, dim, largest);
  const detail::Tn<T> rows = detail::rows_along(input, d);
  Shape shape = rows.shape();
  shape.back() = k;
  detail::Tn<T> values(shape);
  detail::Tn<int64_t> indices(shape);
  using Pair = std::pair<detail::compute_t<T>, int64_t>;
  auto before = [largest](const Pair& x, const Pair& y) {
    const bool x_nan = detail::is_nan(x.first), y_nan = detail::is_nan(y.first);
    return largest ? (x_nan && !y_nan) || x.first > y.first : (!x_nan && y_nan) || x.first < y.first;
  };
  std::vector<Pair> queue(static_cast<size_t>(n));
  for (int64_t r = 0; k && r < rows.size() / n; ++r) {
    const T* x = rows.data() + r * n;
    for (int64_t j = 0; j < n; ++j) queue[j] = {static_cast<detail::compute_t<T>>(x[j]), j};
    if (k * 64 <= n) {
      std::partial_sort(queue.begin(), queue.begin() + k, queue.end(), before);
    } else {
      std::nth_element(queue.begin(), queue.begin() + (k - 1), queue.end(), before);
      if (sorted) std::sort(queue.begin(), queue.begin() + (k - 1), before);
    }
    for (int64_t j = 0; j < k; ++j) {
      values.data()[r * k + j] = static_cast<T>(queue[j].first);
      indices.data()[r * k + j] = queue[j].second;
    }
  }
  return {detail::unrows(values, d), detail::unrows(indices, d)};
}

// gather(input, dim, index): out[i][j] = input[i][index[i][j]] for dim 1 (and so on).
template <class T>
detail::Tn<T> gather(const detail::Tn<T>& input, int64_t dim, const detail::Tn<int64_t>& index) {
  const int64_t d = detail::wrap_dim(dim, input.ndim());
  if (index.ndim() != input.ndim() && !(input.ndim() == 0 && index.ndim() <= 1))
    throw RuntimeError("Index tensor must have the same number of dimensions as input tensor");
  for (int64_t k = 0; k < index.ndim(); ++k)
    if (k != d && index.shape()[k] > input.shape()[k])
      throw RuntimeError("Size does not match at dimension " + std::to_string(k) + " expected index " +
                         shape_str(index.shape()) + " to be smaller than self " + shape_str(input.shape()) +
                         " apart from dimension " + std::to_string(d));
  detail::Tn<T> out(index.shape());
  const int64_t size = input.ndim() ? input.shape()[d] : 1;
  std::vector<int64_t> pos(index.ndim(), 0);
  for (int64_t i = 0; i < index.size(); ++i) {
    int64_t off_index = 0, off_input = 0;
    for (int64_t k = 0; k < index.ndim(); ++k) {
      off_index += pos[k] * index.strides()[k];
      if (k != d && input.ndim()) off_input += pos[k] * input.strides()[k];
    }
    const int64_t j = index.data()[off_index];
    if (j < -size || j >= size)
      throw RuntimeError("index " + std::to_string(j) + " is out of bounds for dimension " + std::to_string(d) + " with size " + std::to_string(size));
    if (input.ndim()) off_input += (j < 0 ? j + size : j) * input.strides()[d];
    out.data()[i] = input.data()[off_input];
    for (int64_t k = index.ndim(); k-- > 0;) {
      if (++pos[k] < index.shape()[k]) break;
      pos[k] = 0;
    }
  }
  return out;
}
template <class T>
detail::Tn<T> index_select(const detail::Tn<T>& input, int64_t dim, const detail::Tn<int64_t>& index) {
  if (index.ndim() > 1) throw IndexError("index_select(): Index is supposed to be a vector");
  const int64_t d = detail::wrap_dim(dim, input.ndim());
  const int64_t size = input.ndim() ? input.shape()[d] : 1;
  Shape shape = input.shape();
  if (!shape.empty()) shape[d] = index.size();
  detail::Tn<T> out(shape);
  for (int64_t i = 0; i < index.size(); ++i) {
    const int64_t j = index.data()[i * (index.ndim() ? index.strides()[0] : 0)];
    if (j < -size || j >= size) throw IndexError("index out of range in self");
    if (input.ndim() == 0) { out.data()[0] = input.data()[0]; continue; }
    Shape sub = input.shape();
    sub[d] = 1;
    const detail::Tn<T> src = input.with_layout(sub, input.strides(), (j < 0 ? j + size : j) * input.strides()[d]);
    detail::copy_into(out.with_layout(sub, out.strides(), i * out.strides()[d]), src);
  }
  return out;
}

}  // namespace muna::torch
