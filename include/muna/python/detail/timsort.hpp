// CPython 3.11's list sort (Objects/listobject.c, listsort): runs found by count_run, short ones
// extended by binary insertion, merged by the powersort policy with galloping merges. The same
// comparisons in the same order as CPython's, so the result is CPython's even where `<` is not
// a total order (NaN among floats, where std::sort would also be undefined behaviour). On an
// exception from `<` (Python's TypeError) every item is back in the vector, as in CPython.
#pragma once
#include <algorithm>
#include <cstdint>
#include <type_traits>
#include <utility>
#include <vector>

namespace muna::python::detail {

template <class T, class Less>
class TimSort {
 public:
  TimSort(std::vector<T>& items, const Less& less) : a_(items), less_(less), n_(int64_t(items.size())) {}

  void sort() {
    if (n_ < 2) return;
    int64_t lo = 0, remaining = n_;
    const int64_t minrun = compute_minrun(n_);
    do {
      bool descending = false;
      int64_t run = count_run(lo, lo + remaining, descending);
      if (descending) reverse(lo, lo + run);
      if (run < minrun) {  // short: extended to min(minrun, remaining) by binary insertion
        const int64_t force = remaining <= minrun ? remaining : minrun;
        binarysort(lo, lo + force, lo + run);
        run = force;
      }
      found_new_run(run);
      pending_.push_back({lo, run, 0});
      lo += run;
      remaining -= run;
    } while (remaining);
    while (pending_.size() > 1) {  // merge_force_collapse
      size_t i = pending_.size() - 2;
      if (i > 0 && pending_[i - 1].len < pending_[i + 1].len) --i;
      merge_at(i);
    }
  }

 private:
  static constexpr int64_t kMinGallop = 7;
  struct Run {
    int64_t base, len;
    int power;
  };

  bool lt(const T& x, const T& y) const { return less_(x, y); }

  static int64_t compute_minrun(int64_t n) {
    int64_t r = 0;
    while (n >= 64) {
      r |= n & 1;
      n >>= 1;
    }
    return n + r;
  }

  void reverse(int64_t lo, int64_t hi) {
    for (--hi; lo < hi; ++lo, --hi) std::swap(a_[size_t(lo)], a_[size_t(hi)]);
  }

  // The length of the run at lo: non-descending, or strictly descending (then reversed).
  int64_t count_run(int64_t lo, int64_t hi, bool& descending) {
    ++lo;
    if (lo == hi) return 1;
    int64_t n = 2;
    if (lt(a_[size_t(lo)], a_[size_t(lo - 1)])) {
      descending = true;
      for (lo = lo + 1; lo < hi; ++lo, ++n)
        if (!lt(a_[size_t(lo)], a_[size_t(lo - 1)])) break;
    } else {
      for (lo = lo + 1; lo < hi; ++lo, ++n)
        if (lt(a_[size_t(lo)], a_[size_t(lo - 1)])) break;
    }
    return n;
  }

  // [lo, start) is sorted; insert each of [start, hi) by binary search.
  void binarysort(int64_t lo, int64_t hi, int64_t start) {
    if (start == lo) ++start;
    for (; start < hi; ++start) {
      int64_t l = lo, r = start;
      T pivot = std::move(a_[size_t(start)]);
      try {
        do {
          const int64_t p = l + ((r - l) >> 1);
          if (lt(pivot, a_[size_t(p)])) r = p;
          else l = p + 1;
        } while (l < r);
      } catch (...) {
        a_[size_t(start)] = std::move(pivot);
        throw;
      }
      for (int64_t p = start; p > l; --p) a_[size_t(p)] = std::move(a_[size_t(p - 1)]);
      a_[size_t(l)] = std::move(pivot);
    }
  }

  // powersort's merge policy (CPython 3.11): the new run's power against the stack's.
  static int powerloop(int64_t s1, int64_t n1, int64_t n2, int64_t n) {
    int result = 0;
    int64_t a = 2 * s1 + n1, b = a + n1 + n2;
    for (;;) {
      ++result;
      if (a >= n) {
        a -= n;
        b -= n;
      } else if (b >= n) {
        break;
      }
      a <<= 1;
      b <<= 1;
    }
    return result;
  }

  void found_new_run(int64_t n2) {
    if (pending_.empty()) return;
    const int power = powerloop(pending_.back().base, pending_.back().len, n2, n_);
    while (pending_.size() > 1 && pending_[pending_.size() - 2].power > power) merge_at(pending_.size() - 2);
    pending_.back().power = power;
  }

  // Where key goes in the sorted a[0, n), left of equal items; the search starts at hint.
  int64_t gallop_left(const T& key, const T* a, int64_t n, int64_t hint) const {
    int64_t lastofs = 0, ofs = 1;
    const T* h = a + hint;
    if (lt(*h, key)) {
      const int64_t maxofs = n - hint;
      while (ofs < maxofs) {
        if (!lt(h[ofs], key)) break;
        lastofs = ofs;
        ofs = (ofs << 1) + 1;
      }
      if (ofs > maxofs) ofs = maxofs;
      lastofs += hint;
      ofs += hint;
    } else {
      const int64_t maxofs = hint + 1;
      while (ofs < maxofs) {
        if (lt(*(h - ofs), key)) break;
        lastofs = ofs;
        ofs = (ofs << 1) + 1;
      }
      if (ofs > maxofs) ofs = maxofs;
      const int64_t k = lastofs;
      lastofs = hint - ofs;
      ofs = hint - k;
    }
    ++lastofs;
    while (lastofs < ofs) {
      const int64_t m = lastofs + ((ofs - lastofs) >> 1);
      if (lt(a[m], key)) lastofs = m + 1;
      else ofs = m;
    }
    return ofs;
  }

  // Where key goes in the sorted a[0, n), right of equal items.
  int64_t gallop_right(const T& key, const T* a, int64_t n, int64_t hint) const {
    int64_t lastofs = 0, ofs = 1;
    const T* h = a + hint;
    if (lt(key, *h)) {
      const int64_t maxofs = hint + 1;
      while (ofs < maxofs) {
        if (!lt(key, *(h - ofs))) break;
        lastofs = ofs;
        ofs = (ofs << 1) + 1;
      }
      if (ofs > maxofs) ofs = maxofs;
      const int64_t k = lastofs;
      lastofs = hint - ofs;
      ofs = hint - k;
    } else {
      const int64_t maxofs = n - hint;
      while (ofs < maxofs) {
        if (lt(key, h[ofs])) break;
        lastofs = ofs;
        ofs = (ofs << 1) + 1;
      }
      if (ofs > maxofs) ofs = maxofs;
      lastofs += hint;
      ofs += hint;
    }
    ++lastofs;
    while (lastofs < ofs) {
      const int64_t m = lastofs + ((ofs - lastofs) >> 1);
      if (lt(key, a[m])) ofs = m;
      else lastofs = m + 1;
    }
    return ofs;
  }

  void merge_at(size_t i) {
    int64_t base_a = pending_[i].base, na = pending_[i].len;
    const int64_t base_b = pending_[i + 1].base;
    int64_t nb = pending_[i + 1].len;
    pending_[i].len = na + nb;
    if (i + 3 == pending_.size()) pending_[i + 1] = pending_[i + 2];
    pending_.pop_back();
    // Items of a before b's first, and of b after a's last, are already in place.
    const int64_t k = gallop_right(a_[size_t(base_b)], &a_[size_t(base_a)], na, 0);
    base_a += k;
    na -= k;
    if (na == 0) return;
    nb = gallop_left(a_[size_t(base_a + na - 1)], &a_[size_t(base_b)], nb, nb - 1);
    if (nb <= 0) return;
    if (na <= nb) merge_lo(base_a, na, base_b, nb);
    else merge_hi(base_a, na, base_b, nb);
  }

  static void move_up(T* dest, T* src, int64_t n) {  // dest <= src, or no overlap
    for (int64_t i = 0; i < n; ++i) dest[i] = std::move(src[i]);
  }

  // Merges a[base_a, +na) with the run right after it, a first in the temporary buffer.
  void merge_lo(int64_t base_a, int64_t na, int64_t base_b, int64_t nb) {
    tmp_.clear();
    for (int64_t i = 0; i < na; ++i) tmp_.push_back(std::move(a_[size_t(base_a + i)]));
    T* dest = &a_[size_t(base_a)];
    T* ssa = tmp_.data();
    T* ssb = &a_[size_t(base_b)];
    try {
      *dest++ = std::move(*ssb++);
      if (--nb == 0) goto succeed;
      if (na == 1) goto copy_b;
      for (int64_t min_gallop = min_gallop_;;) {
        int64_t acount = 0, bcount = 0;
        for (;;) {  // one item at a time until one run wins min_gallop times in a row
          if (lt(*ssb, *ssa)) {
            *dest++ = std::move(*ssb++);
            ++bcount;
            acount = 0;
            if (--nb == 0) goto succeed;
            if (bcount >= min_gallop) break;
          } else {
            *dest++ = std::move(*ssa++);
            ++acount;
            bcount = 0;
            if (--na == 1) goto copy_b;
            if (acount >= min_gallop) break;
          }
        }
        ++min_gallop;
        do {  // galloping
          min_gallop -= min_gallop > 1;
          min_gallop_ = min_gallop;
          int64_t k = gallop_right(*ssb, ssa, na, 0);
          acount = k;
          if (k) {
            move_up(dest, ssa, k);
            dest += k;
            ssa += k;
            na -= k;
            if (na == 1) goto copy_b;
            if (na == 0) goto succeed;
          }
          *dest++ = std::move(*ssb++);
          if (--nb == 0) goto succeed;
          k = gallop_left(*ssa, ssb, nb, 0);
          bcount = k;
          if (k) {
            move_up(dest, ssb, k);
            dest += k;
            ssb += k;
            nb -= k;
            if (nb == 0) goto succeed;
          }
          *dest++ = std::move(*ssa++);
          if (--na == 1) goto copy_b;
        } while (acount >= kMinGallop || bcount >= kMinGallop);
        ++min_gallop;
        min_gallop_ = min_gallop;
      }
    } catch (...) {
      move_up(dest, ssa, na);
      throw;
    }
  succeed:
    move_up(dest, ssa, na);
    return;
  copy_b:  // a's last item goes after the rest of b
    move_up(dest, ssb, nb);
    dest[nb] = std::move(*ssa);
  }

  // Merges a[base_a, +na) with the run right after it from the right, b in the buffer.
  void merge_hi(int64_t base_a, int64_t na, int64_t base_b, int64_t nb) {
    tmp_.clear();
    for (int64_t i = 0; i < nb; ++i) tmp_.push_back(std::move(a_[size_t(base_b + i)]));
    T* dest = &a_[size_t(base_b + nb - 1)];
    T* basea = &a_[size_t(base_a)];
    T* baseb = tmp_.data();
    T* ssb = baseb + nb - 1;
    T* ssa = basea + na - 1;
    auto move_down = [](T* to, T* from, int64_t first, int64_t last) {  // to > from: from the top
      for (int64_t i = last; i >= first; --i) to[i] = std::move(from[i]);
    };
    try {
      *dest-- = std::move(*ssa--);
      if (--na == 0) goto succeed;
      if (nb == 1) goto copy_a;
      for (int64_t min_gallop = min_gallop_;;) {
        int64_t acount = 0, bcount = 0;
        for (;;) {
          if (lt(*ssb, *ssa)) {
            *dest-- = std::move(*ssa--);
            ++acount;
            bcount = 0;
            if (--na == 0) goto succeed;
            if (acount >= min_gallop) break;
          } else {
            *dest-- = std::move(*ssb--);
            ++bcount;
            acount = 0;
            if (--nb == 1) goto copy_a;
            if (bcount >= min_gallop) break;
          }
        }
        ++min_gallop;
        do {
          min_gallop -= min_gallop > 1;
          min_gallop_ = min_gallop;
          int64_t k = na - gallop_right(*ssb, basea, na, na - 1);
          acount = k;
          if (k) {
            dest -= k;
            ssa -= k;
            move_down(dest, ssa, 1, k);
            na -= k;
            if (na == 0) goto succeed;
          }
          *dest-- = std::move(*ssb--);
          if (--nb == 1) goto copy_a;
          k = nb - gallop_left(*ssa, baseb, nb, nb - 1);
          bcount = k;
          if (k) {
            dest -= k;
            ssb -= k;
            move_up(dest + 1, ssb + 1, k);
            nb -= k;
            if (nb == 1) goto copy_a;
            if (nb == 0) goto succeed;
          }
          *dest-- = std::move(*ssa--);
          if (--na == 0) goto succeed;
        } while (acount >= kMinGallop || bcount >= kMinGallop);
        ++min_gallop;
        min_gallop_ = min_gallop;
      }
    } catch (...) {
      if (nb) move_up(dest - (nb - 1), baseb, nb);
      throw;
    }
  succeed:
    if (nb) move_up(dest - (nb - 1), baseb, nb);
    return;
  copy_a:  // b's first item goes before the rest of a
    move_down(dest, ssa, 1 - na, 0);
    dest -= na;
    ssa -= na;
    *dest = std::move(*ssb);
  }

  std::vector<T>& a_;
  const Less& less_;
  const int64_t n_;
  std::vector<Run> pending_;
  std::vector<T> tmp_;
  int64_t min_gallop_ = kMinGallop;
};

// Sorts `items` by `less` exactly as CPython's list.sort orders them.
template <class T, class Less>
void timsort(std::vector<T>& items, const Less& less) {
  if constexpr (std::is_same_v<T, bool>) {  // vector<bool> packs bits: sorted as bytes
    std::vector<unsigned char> bytes(items.begin(), items.end());
    auto byte_less = [&](unsigned char a, unsigned char b) { return less(bool(a), bool(b)); };
    try {
      TimSort<unsigned char, decltype(byte_less)>(bytes, byte_less).sort();
    } catch (...) {
      std::copy(bytes.begin(), bytes.end(), items.begin());
      throw;
    }
    std::copy(bytes.begin(), bytes.end(), items.begin());
  } else {
    TimSort<T, Less>(items, less).sort();
  }
}

}  // namespace muna::python::detail
