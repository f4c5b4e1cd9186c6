// muna::python::BigInt: Python's int past 64 bits, with CPython's semantics (floor division and
// modulo, shifts and bitwise operators on the infinite two's complement, correctly rounded
// conversion to float, str() in base 10, hash() modulo 2**61 - 1). A value is a sign and a
// magnitude of 32-bit limbs, least significant first, without high zero limbs (0 has none).
// What the compiler gives an int that may not fit in int64 (a literal past it, a 64-bit hash
// read with int.from_bytes), so that such code computes what CPython computes, not an
// OverflowError.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <muna/core/error.hpp>

namespace muna::python {

class BigInt {
 public:
  using Limbs = std::vector<uint32_t>;

  BigInt() = default;
  BigInt(int64_t value) {  // NOLINT: an int64 is a Python int too
    negative_ = value < 0;
    uint64_t m = negative_ ? 0 - static_cast<uint64_t>(value) : static_cast<uint64_t>(value);
    while (m) {
      mag_.push_back(static_cast<uint32_t>(m));
      m >>= 32;
    }
  }

  // A literal's digits: decimal, or 0x / 0o / 0b with a base; a leading '-' and '_' as Python.
  static BigInt parse(std::string_view text) {
    bool negative = !text.empty() && text[0] == '-';
    if (negative || (!text.empty() && text[0] == '+')) text.remove_prefix(1);
    uint32_t base = 10;
    if (text.size() > 2 && text[0] == '0') {
      const char b = static_cast<char>(text[1] | 0x20);
      base = b == 'x' ? 16 : b == 'o' ? 8 : b == 'b' ? 2 : 10;
      if (base != 10) text.remove_prefix(2);
    }
    BigInt out;
    for (char c : text) {
      if (c == '_') continue;
      const int d = c >= '0' && c <= '9' ? c - '0' : (c | 0x20) >= 'a' && (c | 0x20) <= 'z' ? (c | 0x20) - 'a' + 10 : 99;
      if (d >= static_cast<int>(base)) throw ValueError("invalid literal for int() with base " + std::to_string(base));
      mul_small_add(out.mag_, base, static_cast<uint32_t>(d));
    }
    out.negative_ = negative && !out.mag_.empty();
    return out;
  }

  // int.from_bytes(data, "little" or "big", signed=...).
  static BigInt from_bytes(const uint8_t* data, size_t n, bool little, bool is_signed) {
    BigInt out;
    out.mag_.assign((n + 3) / 4, 0);
    for (size_t i = 0; i < n; ++i) {
      const uint8_t byte = little ? data[i] : data[n - 1 - i];  // i-th least significant
      out.mag_[i / 4] |= static_cast<uint32_t>(byte) << (8 * (i % 4));
    }
    const bool negative = is_signed && n && ((little ? data[n - 1] : data[0]) & 0x80);
    if (negative) {  // two's complement of n bytes: value - 2**(8n)
      for (size_t i = n; i < out.mag_.size() * 4; ++i) out.mag_[i / 4] |= 0xFFu << (8 * (i % 4));
      out.mag_ = from_twos(out.mag_, &out.negative_);
    }
    trim(out.mag_);
    out.negative_ = out.negative_ && !out.mag_.empty();
    return out;
  }

  bool negative() const { return negative_; }
  bool is_zero() const { return mag_.empty(); }
  const Limbs& limbs() const { return mag_; }

  bool fits_int64() const {
    if (mag_.size() > 2) return false;
    const uint64_t m = magnitude64();
    return negative_ ? m <= (uint64_t{1} << 63) : m < (uint64_t{1} << 63);
  }
  // The value as int64, or OverflowError with `message` (CPython's wording differs by use).
  int64_t to_int64(const char* message = "Python int too large to convert to C long") const {
    if (!fits_int64()) throw OverflowError(message);
    const uint64_t m = magnitude64();
    return negative_ ? static_cast<int64_t>(0 - m) : static_cast<int64_t>(m);
  }

  int64_t bit_length() const {
    if (mag_.empty()) return 0;
    return static_cast<int64_t>(32 * (mag_.size() - 1)) + (32 - __builtin_clz(mag_.back()));
  }

  // float(x): rounded to nearest, ties to even, as CPython rounds.
  double to_double() const {
    const int64_t n = bit_length();
    if (n <= 64) {
      const uint64_t m = magnitude64();
      if (n <= 53) return negative_ ? -static_cast<double>(m) : static_cast<double>(m);
    }
    // The top 64 bits, and whether any bit below them is set.
    const int64_t shift = std::max<int64_t>(n - 64, 0);
    bool sticky = false;
    for (int64_t i = 0; i < shift / 32 && !sticky; ++i) sticky = mag_[static_cast<size_t>(i)] != 0;
    if (shift % 32) sticky = sticky || (mag_[static_cast<size_t>(shift / 32)] & ((1u << (shift % 32)) - 1));
    const uint64_t top = bits_at(shift);
    // 53 bits kept of the n - shift in `top`.
    const int drop = static_cast<int>(std::min<int64_t>(n, 64) - 53);
    uint64_t mantissa = top >> drop;
    const uint64_t rest = top & ((uint64_t{1} << drop) - 1), half = uint64_t{1} << (drop - 1);
    if (rest > half || (rest == half && (sticky || (mantissa & 1)))) ++mantissa;
    const double value = std::ldexp(static_cast<double>(mantissa), static_cast<int>(shift + drop));
    if (std::isinf(value)) throw OverflowError("int too large to convert to float");
    return negative_ ? -value : value;
  }

  // str(x), with CPython 3.11's limit of 4300 digits (sys.get_int_max_str_digits()) and its
  // ValueError past it, raised before converting where the value is certainly too long.
  std::string str() const {
    if (mag_.empty()) return "0";
    constexpr int64_t kMaxDigits = 4300;
    if (((bit_length() + 29) / 30 - 11) / 10 >= kMaxDigits / 90) raise_too_many_digits();  // its 30-bit digits
    Limbs m = mag_;
    std::vector<uint32_t> chunks;  // base 10**9, least significant first
    while (!m.empty()) chunks.push_back(div_small(m, 1000000000u));
    std::string out = negative_ ? "-" : "";
    out += std::to_string(chunks.back());
    for (size_t i = chunks.size() - 1; i-- > 0;) {
      const std::string digits = std::to_string(chunks[i]);
      out.append(9 - digits.size(), '0');
      out += digits;
    }
    if (static_cast<int64_t>(out.size()) - (negative_ ? 1 : 0) > kMaxDigits) raise_too_many_digits();
    return out;
  }

  // hash(x): CPython's, the value modulo 2**61 - 1 with its sign (-1 becomes -2).
  int64_t hash() const {
    constexpr uint64_t kModulus = (uint64_t{1} << 61) - 1;
    uint64_t h = 0;
    for (size_t i = mag_.size(); i-- > 0;) {
      const unsigned __int128 x = (static_cast<unsigned __int128>(h) << 32) | mag_[i];
      h = static_cast<uint64_t>(x % kModulus);
    }
    int64_t out = negative_ ? -static_cast<int64_t>(h) : static_cast<int64_t>(h);
    return out == -1 ? -2 : out;
  }

  friend bool operator==(const BigInt& a, const BigInt& b) { return a.negative_ == b.negative_ && a.mag_ == b.mag_; }
  friend bool operator!=(const BigInt& a, const BigInt& b) { return !(a == b); }
  friend bool operator<(const BigInt& a, const BigInt& b) {
    if (a.negative_ != b.negative_) return a.negative_;
    const int c = compare(a.mag_, b.mag_);
    return a.negative_ ? c > 0 : c < 0;
  }
  friend bool operator>(const BigInt& a, const BigInt& b) { return b < a; }
  friend bool operator<=(const BigInt& a, const BigInt& b) { return !(b < a); }
  friend bool operator>=(const BigInt& a, const BigInt& b) { return !(a < b); }

  BigInt operator-() const {
    BigInt out = *this;
    out.negative_ = !negative_ && !mag_.empty();
    return out;
  }
  friend BigInt abs(const BigInt& a) { return a.negative_ ? -a : a; }

  friend BigInt operator+(const BigInt& a, const BigInt& b) { return signed_sum(a, b.negative_, b.mag_); }
  friend BigInt operator-(const BigInt& a, const BigInt& b) { return signed_sum(a, !b.negative_ && !b.mag_.empty(), b.mag_); }
  friend BigInt operator*(const BigInt& a, const BigInt& b) {
    BigInt out;
    out.mag_ = multiply(a.mag_, b.mag_);
    out.negative_ = (a.negative_ != b.negative_) && !out.mag_.empty();
    return out;
  }

  // divmod(a, b): the quotient rounded toward negative infinity, the remainder with b's sign.
  friend std::pair<BigInt, BigInt> divmod(const BigInt& a, const BigInt& b,
                                          const char* by_zero = "integer division or modulo by zero") {
    if (b.mag_.empty()) throw ZeroDivisionError(by_zero);
    BigInt q, r;
    divide(a.mag_, b.mag_, &q.mag_, &r.mag_);
    if (a.negative_ != b.negative_ && !r.mag_.empty()) {
      add_small(q.mag_, 1);
      r.mag_ = subtract(b.mag_, r.mag_);
    }
    q.negative_ = a.negative_ != b.negative_ && !q.mag_.empty();
    r.negative_ = b.negative_ && !r.mag_.empty();
    return {std::move(q), std::move(r)};
  }
  friend BigInt floordiv(const BigInt& a, const BigInt& b) { return divmod(a, b).first; }
  friend BigInt mod(const BigInt& a, const BigInt& b) { return divmod(a, b, "integer modulo by zero").second; }

  // a ** e for e >= 0 (a negative exponent gives a float: the caller's).
  friend BigInt pow(BigInt a, int64_t e) {
    BigInt out(1);
    for (; e > 0; e >>= 1) {
      if (e & 1) out = out * a;
      if (e > 1) a = a * a;
    }
    return out;
  }

  friend BigInt lshift(const BigInt& a, int64_t n) {
    if (n < 0) throw ValueError("negative shift count");
    if (a.mag_.empty()) return a;
    if (n > (int64_t{1} << 36)) throw OverflowError("too many digits in integer");
    BigInt out;
    out.negative_ = a.negative_;
    out.mag_.assign(static_cast<size_t>(n / 32), 0);
    const int bits = static_cast<int>(n % 32);
    uint32_t carry = 0;
    for (uint32_t limb : a.mag_) {
      out.mag_.push_back(bits ? (limb << bits) | carry : limb);
      carry = bits ? limb >> (32 - bits) : 0;
    }
    if (carry) out.mag_.push_back(carry);
    return out;
  }
  // a >> n, rounding toward negative infinity (-5 >> 1 is -3).
  friend BigInt rshift(const BigInt& a, int64_t n) {
    if (n < 0) throw ValueError("negative shift count");
    if (!a.negative_) return BigInt::from_mag(shifted_right(a.mag_, n), false);
    Limbs m = a.mag_;
    sub_small(m, 1);
    m = shifted_right(m, n);
    add_small(m, 1);
    return BigInt::from_mag(std::move(m), true);
  }

  friend BigInt operator&(const BigInt& a, const BigInt& b) { return bitwise(a, b, [](uint32_t x, uint32_t y) { return x & y; }); }
  friend BigInt operator|(const BigInt& a, const BigInt& b) { return bitwise(a, b, [](uint32_t x, uint32_t y) { return x | y; }); }
  friend BigInt operator^(const BigInt& a, const BigInt& b) { return bitwise(a, b, [](uint32_t x, uint32_t y) { return x ^ y; }); }
  BigInt operator~() const { return -*this - BigInt(1); }

 private:
  [[noreturn]] static void raise_too_many_digits() {
    throw ValueError("Exceeds the limit (4300 digits) for integer string conversion; "
                     "use sys.set_int_max_str_digits() to increase the limit");
  }
  static BigInt from_mag(Limbs m, bool negative) {
    trim(m);
    BigInt out;
    out.negative_ = negative && !m.empty();
    out.mag_ = std::move(m);
    return out;
  }

  uint64_t magnitude64() const {
    uint64_t m = 0;
    for (size_t i = std::min<size_t>(mag_.size(), 2); i-- > 0;) m = (m << 32) | mag_[i];
    return m;
  }
  // The 64 bits of the magnitude from bit `at` up.
  uint64_t bits_at(int64_t at) const {
    uint64_t out = 0;
    for (int k = 0; k < 64; k += 32) {
      const int64_t bit = at + k;
      const size_t i = static_cast<size_t>(bit / 32);
      const int off = static_cast<int>(bit % 32);
      uint64_t word = i < mag_.size() ? mag_[i] : 0;
      if (off && i + 1 < mag_.size()) word |= static_cast<uint64_t>(mag_[i + 1]) << 32;
      out |= static_cast<uint64_t>(static_cast<uint32_t>(word >> off)) << k;
    }
    return out;
  }

  static void trim(Limbs& m) {
    while (!m.empty() && m.back() == 0) m.pop_back();
  }
  static int compare(const Limbs& a, const Limbs& b) {
    if (a.size() != b.size()) return a.size() < b.size() ? -1 : 1;
    for (size_t i = a.size(); i-- > 0;)
      if (a[i] != b[i]) return a[i] < b[i] ? -1 : 1;
    return 0;
  }
  static Limbs add(const Limbs& a, const Limbs& b) {
    const Limbs& longer = a.size() >= b.size() ? a : b;
    const Limbs& shorter = a.size() >= b.size() ? b : a;
    Limbs out(longer.size() + 1, 0);
    uint64_t carry = 0;
    for (size_t i = 0; i < longer.size(); ++i) {
      carry += static_cast<uint64_t>(longer[i]) + (i < shorter.size() ? shorter[i] : 0);
      out[i] = static_cast<uint32_t>(carry);
      carry >>= 32;
    }
    out[longer.size()] = static_cast<uint32_t>(carry);
    trim(out);
    return out;
  }
  static Limbs subtract(const Limbs& a, const Limbs& b) {  // a >= b
    Limbs out(a.size(), 0);
    int64_t borrow = 0;
    for (size_t i = 0; i < a.size(); ++i) {
      int64_t d = static_cast<int64_t>(a[i]) - (i < b.size() ? b[i] : 0) - borrow;
      borrow = d < 0;
      out[i] = static_cast<uint32_t>(d + (borrow << 32));
    }
    trim(out);
    return out;
  }
  static BigInt signed_sum(const BigInt& a, bool b_negative, const Limbs& b) {
    if (a.negative_ == b_negative) return from_mag(add(a.mag_, b), a.negative_);
    const int c = compare(a.mag_, b);
    if (c == 0) return BigInt();
    return c > 0 ? from_mag(subtract(a.mag_, b), a.negative_) : from_mag(subtract(b, a.mag_), b_negative);
  }
  static Limbs multiply(const Limbs& a, const Limbs& b) {
    if (a.empty() || b.empty()) return {};
    Limbs out(a.size() + b.size(), 0);
    for (size_t i = 0; i < a.size(); ++i) {
      uint64_t carry = 0;
      for (size_t j = 0; j < b.size(); ++j) {
        const uint64_t t = static_cast<uint64_t>(a[i]) * b[j] + out[i + j] + carry;
        out[i + j] = static_cast<uint32_t>(t);
        carry = t >> 32;
      }
      out[i + b.size()] = static_cast<uint32_t>(carry);
    }
    trim(out);
    return out;
  }
  static void mul_small_add(Limbs& m, uint32_t factor, uint32_t addend) {
    uint64_t carry = addend;
    for (uint32_t& limb : m) {
      carry += static_cast<uint64_t>(limb) * factor;
      limb = static_cast<uint32_t>(carry);
      carry >>= 32;
    }
    if (carry) m.push_back(static_cast<uint32_t>(carry));
  }
  static void add_small(Limbs& m, uint32_t x) {
    uint64_t carry = x;
    for (size_t i = 0; carry && i < m.size(); ++i) {
      carry += m[i];
      m[i] = static_cast<uint32_t>(carry);
      carry >>= 32;
    }
    if (carry) m.push_back(static_cast<uint32_t>(carry));
  }
  static void sub_small(Limbs& m, uint32_t x) {  // m >= x
    for (size_t i = 0; x && i < m.size(); ++i) {
      const uint32_t before = m[i];
      m[i] -= x;
      x = before < x ? 1 : 0;
    }
    trim(m);
  }
  // m /= d in place; returns the remainder.
  static uint32_t div_small(Limbs& m, uint32_t d) {
    uint64_t rest = 0;
    for (size_t i = m.size(); i-- > 0;) {
      const uint64_t cur = (rest << 32) | m[i];
      m[i] = static_cast<uint32_t>(cur / d);
      rest = cur % d;
    }
    trim(m);
    return static_cast<uint32_t>(rest);
  }
  static Limbs shifted_right(const Limbs& m, int64_t n) {
    const size_t limbs = static_cast<size_t>(n / 32);
    if (limbs >= m.size()) return {};
    const int bits = static_cast<int>(n % 32);
    Limbs out(m.size() - limbs, 0);
    for (size_t i = 0; i < out.size(); ++i) {
      const uint64_t lo = m[i + limbs], hi = i + limbs + 1 < m.size() ? m[i + limbs + 1] : 0;
      out[i] = static_cast<uint32_t>(((hi << 32) | lo) >> bits);
    }
    trim(out);
    return out;
  }
  // Knuth's algorithm D (TAOCP 4.3.1): q = a / b, r = a % b on magnitudes, b not zero.
  static void divide(const Limbs& a, const Limbs& b, Limbs* q, Limbs* r) {
    if (compare(a, b) < 0) {
      q->clear();
      *r = a;
      return;
    }
    if (b.size() == 1) {
      *q = a;
      const uint32_t rest = div_small(*q, b[0]);
      r->clear();
      if (rest) r->push_back(rest);
      return;
    }
    const int s = __builtin_clz(b.back());  // normalize: the divisor's top bit set
    const Limbs v = shifted_left_bits(b, s);
    Limbs u = shifted_left_bits(a, s);
    u.resize(a.size() + 1, 0);
    const size_t n = v.size(), m = a.size() - b.size();
    q->assign(m + 1, 0);
    const uint64_t base = uint64_t{1} << 32;
    for (size_t j = m + 1; j-- > 0;) {
      const uint64_t top = (static_cast<uint64_t>(u[j + n]) << 32) | u[j + n - 1];
      uint64_t qhat = top / v[n - 1], rhat = top % v[n - 1];
      while (qhat >= base || qhat * v[n - 2] > ((rhat << 32) | u[j + n - 2])) {
        --qhat;
        rhat += v[n - 1];
        if (rhat >= base) break;
      }
      int64_t borrow = 0;
      uint64_t carry = 0;
      for (size_t i = 0; i < n; ++i) {
        const uint64_t p = qhat * v[i] + carry;
        carry = p >> 32;
        const int64_t t = static_cast<int64_t>(u[i + j]) - static_cast<int64_t>(p & 0xFFFFFFFFu) - borrow;
        u[i + j] = static_cast<uint32_t>(t);
        borrow = t < 0;
      }
      const int64_t t = static_cast<int64_t>(u[j + n]) - static_cast<int64_t>(carry) - borrow;
      u[j + n] = static_cast<uint32_t>(t);
      if (t < 0) {  // qhat was one too large: add the divisor back
        --qhat;
        uint64_t c = 0;
        for (size_t i = 0; i < n; ++i) {
          c += static_cast<uint64_t>(u[i + j]) + v[i];
          u[i + j] = static_cast<uint32_t>(c);
          c >>= 32;
        }
        u[j + n] += static_cast<uint32_t>(c);
      }
      (*q)[j] = static_cast<uint32_t>(qhat);
    }
    trim(*q);
    u.resize(n);
    *r = shifted_right(u, s);
  }
  static Limbs shifted_left_bits(const Limbs& m, int s) {  // 0 <= s < 32
    Limbs out(m.size() + 1, 0);
    for (size_t i = 0; i < m.size(); ++i) {
      out[i] |= s ? m[i] << s : m[i];
      if (s) out[i + 1] = m[i] >> (32 - s);
    }
    trim(out);
    return out;
  }
  // Two's complement limbs (`size` of them) of a signed magnitude, and back.
  static Limbs to_twos(const BigInt& x, size_t size) {
    Limbs out = x.mag_;
    out.resize(size, 0);
    if (x.negative_) {
      for (uint32_t& limb : out) limb = ~limb;
      uint64_t carry = 1;
      for (size_t i = 0; carry && i < out.size(); ++i) {
        carry += out[i];
        out[i] = static_cast<uint32_t>(carry);
        carry >>= 32;
      }
    }
    return out;
  }
  static Limbs from_twos(Limbs t, bool* negative) {
    *negative = !t.empty() && (t.back() & 0x80000000u);
    if (*negative) {
      for (uint32_t& limb : t) limb = ~limb;
      add_small(t, 1);
    }
    trim(t);
    return t;
  }
  template <class Op>
  static BigInt bitwise(const BigInt& a, const BigInt& b, Op op) {
    const size_t size = std::max(a.mag_.size(), b.mag_.size()) + 1;  // room for the sign bit
    Limbs x = to_twos(a, size);
    const Limbs y = to_twos(b, size);
    for (size_t i = 0; i < size; ++i) x[i] = op(x[i], y[i]);
    BigInt out;
    out.mag_ = from_twos(std::move(x), &out.negative_);
    out.negative_ = out.negative_ && !out.mag_.empty();
    return out;
  }

  bool negative_ = false;
  Limbs mag_;
};

}  // namespace muna::python
