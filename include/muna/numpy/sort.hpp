// numpy.sort / argsort along an axis (flattened for axis=None), NaN last as NumPy orders
// (partition.hpp selects with the same order). sort is stable (equal elements are alike in a
// sorted array); argsort orders equal elements as NumPy's kind does: its introsort for
// 'quicksort' (the default), its heapsort for 'heapsort', a stable sort for 'stable' and
// 'mergesort' (NumPy 1.24's numpy/core/src/npysort, reproduced step for step).
#pragma once
#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

#include <muna/core/none.hpp>
#include <muna/numpy/detail/along_axis.hpp>

namespace muna::numpy {
namespace detail {
// NumPy's order: NaN after everything, else <.
template <class T>
bool sort_less(T a, T b) {
  if constexpr (std::is_floating_point_v<T>) {
    if (std::isnan(a)) return false;
    if (std::isnan(b)) return true;
  }
  return a < b;
}

// argsort's kind.
enum SortKind : int { kQuickSort = 0, kHeapSort = 1, kStableSort = 2 };

// Moves `tmp` down the 1-based heap a[1..n] from position i, as NumPy's heapsort does.
template <class V>
void sift_down(const V& less, int64_t* a, int64_t i, int64_t n, int64_t tmp) {
  for (int64_t j = i << 1; j <= n;) {
    if (j < n && less(a[j], a[j + 1])) j += 1;
    if (!less(tmp, a[j])) break;
    a[i] = a[j];
    i = j;
    j += j;
  }
  a[i] = tmp;
}

// NumPy's aheapsort_: orders the n indices at tosort by the values `less` compares.
template <class V>
void heapsort_indices(const V& less, int64_t* tosort, int64_t n) {
  int64_t* a = tosort - 1;  // 1-based
  for (int64_t l = n >> 1; l > 0; --l) sift_down(less, a, l, n, a[l]);
  for (; n > 1;) {
    const int64_t tmp = a[n];
    a[n] = a[1];
    n -= 1;
    sift_down(less, a, 1, n, tmp);
  }
}

// NumPy's aquicksort_: median-of-3 quicksort down to partitions of 16, insertion sort there,
// heapsort where the depth passes 2 log2(n); `less(i, j)` compares the values at indices i, j.
template <class V>
void introsort_indices(const V& less, int64_t* tosort, int64_t num) {
  constexpr int64_t kSmall = 15;  // NumPy's SMALL_QUICKSORT: partitions of up to 16 are insertion-sorted
  int64_t* pl = tosort;
  int64_t* pr = tosort + num - 1;
  std::vector<int64_t*> stack;
  std::vector<int> depth;
  int cdepth = 0;
  for (uint64_t u = static_cast<uint64_t>(num); u >>= 1;) ++cdepth;
  cdepth *= 2;
  for (;;) {
    if (cdepth < 0) {
      heapsort_indices(less, pl, pr - pl + 1);
    } else {
      while (pr - pl > kSmall) {
        int64_t* pm = pl + ((pr - pl) >> 1);
        if (less(*pm, *pl)) std::swap(*pm, *pl);
        if (less(*pr, *pm)) std::swap(*pr, *pm);
        if (less(*pm, *pl)) std::swap(*pm, *pl);
        const int64_t vp = *pm;
        int64_t* pi = pl;
        int64_t* pj = pr - 1;
        std::swap(*pm, *pj);
        for (;;) {
          do ++pi; while (less(*pi, vp));
          do --pj; while (less(vp, *pj));
          if (pi >= pj) break;
          std::swap(*pi, *pj);
        }
        std::swap(*pi, *(pr - 1));
        if (pi - pl < pr - pi) {  // the larger partition waits on the stack
          stack.push_back(pi + 1);
          stack.push_back(pr);
          pr = pi - 1;
        } else {
          stack.push_back(pl);
          stack.push_back(pi - 1);
          pl = pi + 1;
        }
        depth.push_back(--cdepth);
      }
      for (int64_t* pi = pl + 1; pi <= pr; ++pi) {
        const int64_t vi = *pi;
        int64_t* pj = pi;
        int64_t* pk = pi - 1;
        while (pj > pl && less(vi, *pk)) *pj-- = *pk--;
        *pj = vi;
      }
    }
    if (stack.empty()) break;
    pr = stack.back();
    stack.pop_back();
    pl = stack.back();
    stack.pop_back();
    cdepth = depth.back();
    depth.pop_back();
  }
}

template <class T>
Tensor<T> flat(const Tensor<T>& a);

template <class R, bool Indices, class T>
Tensor<R> sorted(const Tensor<T>& a, int64_t axis, int kind = kStableSort) {
  // NumPy's argsort of a 0-d array is [0]; its sort raises AxisError (from normalize_axis).
  if (Indices && a.ndim() == 0) return sorted<R, Indices>(flat(a), 0, kind);
  axis = normalize_axis(axis, a.ndim());
  Tensor<R> out(a.shape());
  along_axis(a, axis, out, [kind](const T* x, int64_t n, int64_t sx, R* y, int64_t sy) {
    std::vector<int64_t> order(n);
    std::iota(order.begin(), order.end(), int64_t{0});
    const auto less = [&](int64_t i, int64_t j) { return sort_less(x[i * sx], x[j * sx]); };
    if (kind == kQuickSort && n > 1) introsort_indices(less, order.data(), n);
    else if (kind == kHeapSort && n > 1) heapsort_indices(less, order.data(), n);
    else std::stable_sort(order.begin(), order.end(), less);
    for (int64_t i = 0; i < n; ++i) {
      if constexpr (Indices) y[i * sy] = order[i];
      else y[i * sy] = x[order[i] * sx];
    }
  });
  return out;
}
template <class T>
Tensor<T> flat(const Tensor<T>& a) {
  const Tensor<T> c = contiguous(a);
  return c.with_layout(Shape{c.size()}, Shape{1});
}
}  // namespace detail

template <class T>
Tensor<T> sort(const Tensor<T>& a, int64_t axis = -1) { return detail::sorted<T, false>(a, axis); }
template <class T>
Tensor<T> sort(const Tensor<T>& a, NoneType) { return detail::sorted<T, false>(detail::flat(a), 0); }
// Kind: a detail::SortKind (muna's own callers sort stably unless they say otherwise).
template <int Kind = detail::kStableSort, class T>
Tensor<int64_t> argsort(const Tensor<T>& a, int64_t axis = -1) {
  return detail::sorted<int64_t, true>(a, axis, Kind);
}
template <int Kind = detail::kStableSort, class T>
Tensor<int64_t> argsort(const Tensor<T>& a, NoneType) {
  return detail::sorted<int64_t, true>(detail::flat(a), 0, Kind);
}

}  // namespace muna::numpy
