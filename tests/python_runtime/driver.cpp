// Differential-test driver: reads cases from stdin, runs them through muna's Python runtime
// headers and writes one result line per case. test_python_runtime.py generates the cases,
// runs the same calls in CPython and compares.
//
// Case:   <op> <nargs> <arg>*\n
// Arg:    s<len>:<bytes> | i<int>; | f<16 hex digits of the bits>; | b0 | b1 | n (None)
//         | L<count>:<arg>*  (a list or tuple of str)
// Result: s<len>:<bytes> | i<int>; | f<hex bits>; | b0 | b1 | L<count>:<result>* | e<len>:<Type: msg>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <iostream>
#include <iterator>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

#include "muna/core/error.hpp"
#include "muna/python/builtins/abs.hpp"
#include "muna/python/builtins/add.hpp"
#include "muna/python/builtins/ascii.hpp"
#include "muna/python/builtins/bin.hpp"
#include "muna/python/builtins/bool.hpp"
#include "muna/python/builtins/chr.hpp"
#include "muna/python/builtins/divmod.hpp"
#include "muna/python/builtins/float.hpp"
#include "muna/python/builtins/floordiv.hpp"
#include "muna/python/builtins/format.hpp"
#include "muna/python/builtins/hex.hpp"
#include "muna/python/builtins/int.hpp"
#include "muna/python/builtins/len.hpp"
#include "muna/python/builtins/lshift.hpp"
#include "muna/python/builtins/mod.hpp"
#include "muna/python/builtins/mul.hpp"
#include "muna/python/builtins/neg.hpp"
#include "muna/python/builtins/oct.hpp"
#include "muna/python/builtins/ord.hpp"
#include "muna/python/builtins/pow.hpp"
#include "muna/python/builtins/repr.hpp"
#include "muna/python/builtins/round.hpp"
#include "muna/python/builtins/rshift.hpp"
#include "muna/python/builtins/str.hpp"
#include "muna/python/builtins/sub.hpp"
#include "muna/python/builtins/truediv.hpp"
#include "muna/python/str/capitalize.hpp"
#include "muna/python/str/casefold.hpp"
#include "muna/python/str/center.hpp"
#include "muna/python/str/contains.hpp"
#include "muna/python/str/count.hpp"
#include "muna/python/str/endswith.hpp"
#include "muna/python/str/expandtabs.hpp"
#include "muna/python/str/find.hpp"
#include "muna/python/str/getitem.hpp"
#include "muna/python/str/index.hpp"
#include "muna/python/str/isalnum.hpp"
#include "muna/python/str/isalpha.hpp"
#include "muna/python/str/isascii.hpp"
#include "muna/python/str/isdecimal.hpp"
#include "muna/python/str/isdigit.hpp"
#include "muna/python/str/islower.hpp"
#include "muna/python/str/isnumeric.hpp"
#include "muna/python/str/isprintable.hpp"
#include "muna/python/str/isspace.hpp"
#include "muna/python/str/istitle.hpp"
#include "muna/python/str/isupper.hpp"
#include "muna/python/str/iter.hpp"
#include "muna/python/str/join.hpp"
#include "muna/python/str/len.hpp"
#include "muna/python/str/ljust.hpp"
#include "muna/python/str/lower.hpp"
#include "muna/python/str/lstrip.hpp"
#include "muna/python/str/mul.hpp"
#include "muna/python/str/partition.hpp"
#include "muna/python/str/removeprefix.hpp"
#include "muna/python/str/removesuffix.hpp"
#include "muna/python/str/replace.hpp"
#include "muna/python/str/rfind.hpp"
#include "muna/python/str/rindex.hpp"
#include "muna/python/str/rjust.hpp"
#include "muna/python/str/rpartition.hpp"
#include "muna/python/str/rsplit.hpp"
#include "muna/python/str/rstrip.hpp"
#include "muna/python/str/slice.hpp"
#include "muna/python/str/split.hpp"
#include "muna/python/str/splitlines.hpp"
#include "muna/python/str/startswith.hpp"
#include "muna/python/str/strip.hpp"
#include "muna/python/str/swapcase.hpp"
#include "muna/python/str/title.hpp"
#include "muna/python/str/upper.hpp"
#include "muna/python/str/zfill.hpp"

namespace py = muna::python;
namespace b = muna::python::builtins;
namespace s = muna::python::str;

namespace {

struct Value {
  char kind = 'n';
  std::string s;
  int64_t i = 0;
  double f = 0;
  bool b = false;
  std::vector<std::string> list;
};

class Reader {
 public:
  explicit Reader(std::string data) : data_(std::move(data)) {}
  bool done() const { return pos_ >= data_.size(); }

  std::string until(char stop) {
    size_t end = data_.find(stop, pos_);
    std::string out = data_.substr(pos_, end - pos_);
    pos_ = end + 1;
    return out;
  }
  char next() { return data_[pos_++]; }
  std::string bytes(size_t n) {
    std::string out = data_.substr(pos_, n);
    pos_ += n;
    return out;
  }

  Value value() {
    Value v;
    v.kind = next();
    switch (v.kind) {
      case 's': v.s = bytes(std::stoull(until(':'))); break;
      case 'i': v.i = std::stoll(until(';')); break;
      case 'f': {
        uint64_t bits = std::stoull(until(';'), nullptr, 16);
        std::memcpy(&v.f, &bits, sizeof bits);
        break;
      }
      case 'b': v.b = next() == '1'; break;
      case 'L': {
        size_t n = std::stoull(until(':'));
        for (size_t k = 0; k < n; ++k) v.list.push_back(value().s);
        break;
      }
      default: break;
    }
    return v;
  }

 private:
  std::string data_;
  size_t pos_ = 0;
};

class Writer {
 public:
  void put(const std::string& v) { out_ += "s" + std::to_string(v.size()) + ":" + v; }
  void put(int64_t v) { out_ += "i" + std::to_string(v) + ";"; }
  void put(bool v) { out_ += v ? "b1" : "b0"; }
  void put(double v) {
    uint64_t bits;
    std::memcpy(&bits, &v, sizeof bits);
    char buf[32];
    std::snprintf(buf, sizeof buf, "f%016llx;", static_cast<unsigned long long>(bits));
    out_ += buf;
  }
  void put(const std::vector<std::string>& v) {
    out_ += "L" + std::to_string(v.size()) + ":";
    for (const auto& x : v) put(x);
  }
  void put(const std::vector<bool>& v) {
    out_ += "L" + std::to_string(v.size()) + ":";
    for (bool x : v) put(x);
  }
  template <class... T>
  void put(const std::tuple<T...>& v) {
    out_ += "L" + std::to_string(sizeof...(T)) + ":";
    std::apply([&](const auto&... x) { (put(x), ...); }, v);
  }
  void error(const muna::Exception& e) {
    std::string text = e.type() + ": " + e.what();
    out_ += "e" + std::to_string(text.size()) + ":" + text;
  }
  void end_case() { out_ += "\n"; }
  const std::string& text() const { return out_; }

 private:
  std::string out_;
};

using Args = std::vector<Value>;
using Op = std::function<void(const Args&, Writer&)>;

std::optional<std::string> opt_str(const Args& a, size_t k) {
  if (k >= a.size() || a[k].kind == 'n') return std::nullopt;
  return a[k].s;
}
std::optional<int64_t> opt_int(const Args& a, size_t k) {
  if (k >= a.size() || a[k].kind == 'n') return std::nullopt;
  return a[k].i;
}

// startswith/endswith take a str or a tuple; C++ tuples have static arity.
template <class Fn>
bool with_affixes(const Value& v, Fn fn) {
  if (v.kind == 's') return fn(v.s);
  const auto& l = v.list;
  switch (l.size()) {
    case 0: return fn(std::tuple<>());
    case 1: return fn(std::make_tuple(l[0]));
    case 2: return fn(std::make_tuple(l[0], l[1]));
    default: return fn(std::make_tuple(l[0], l[1], l[2]));
  }
}

// Calls fn with the scalar held by v as its own C++ type.
template <class Fn>
void with_scalar(const Value& v, Fn fn) {
  switch (v.kind) {
    case 'i': fn(v.i); break;
    case 'f': fn(v.f); break;
    case 'b': fn(v.b); break;
    default: fn(v.s); break;
  }
}

std::map<std::string, Op> make_ops() {
  std::map<std::string, Op> ops;
  auto unary_str = [&](const char* name, auto fn) {
    ops[name] = [fn](const Args& a, Writer& w) { w.put(fn(a[0].s)); };
  };
  unary_str("str.lower", s::lower);
  unary_str("str.upper", s::upper);
  unary_str("str.casefold", s::casefold);
  unary_str("str.title", s::title);
  unary_str("str.capitalize", s::capitalize);
  unary_str("str.swapcase", s::swapcase);
  unary_str("str.isalpha", s::isalpha);
  unary_str("str.isdecimal", s::isdecimal);
  unary_str("str.isdigit", s::isdigit);
  unary_str("str.isnumeric", s::isnumeric);
  unary_str("str.isspace", s::isspace);
  unary_str("str.isalnum", s::isalnum);
  unary_str("str.isupper", s::isupper);
  unary_str("str.islower", s::islower);
  unary_str("str.istitle", s::istitle);
  unary_str("str.isprintable", s::isprintable);
  unary_str("str.isascii", s::isascii);
  unary_str("str.len", s::len);
  unary_str("builtins.ord", b::ord);
  unary_str("builtins.ascii", [](const std::string& x) { return b::ascii(x); });
  // Every single-code-point predicate at once, to sweep the tables cheaply.
  unary_str("test.predicates", [](const std::string& x) {
    return std::vector<bool>{s::isalpha(x),  s::isdecimal(x), s::isdigit(x),   s::isnumeric(x),
                             s::isspace(x),  s::isalnum(x),   s::isupper(x),   s::islower(x),
                             s::istitle(x),  s::isprintable(x)};
  });
  ops["str.strip"] = [](const Args& a, Writer& w) { w.put(s::strip(a[0].s, opt_str(a, 1))); };
  ops["str.lstrip"] = [](const Args& a, Writer& w) { w.put(s::lstrip(a[0].s, opt_str(a, 1))); };
  ops["str.rstrip"] = [](const Args& a, Writer& w) { w.put(s::rstrip(a[0].s, opt_str(a, 1))); };
  ops["str.split"] = [](const Args& a, Writer& w) {
    w.put(s::split(a[0].s, opt_str(a, 1), opt_int(a, 2).value_or(-1)));
  };
  ops["str.rsplit"] = [](const Args& a, Writer& w) {
    w.put(s::rsplit(a[0].s, opt_str(a, 1), opt_int(a, 2).value_or(-1)));
  };
  ops["str.splitlines"] = [](const Args& a, Writer& w) {
    w.put(a.size() > 1 ? s::splitlines(a[0].s, a[1].b) : s::splitlines(a[0].s));
  };
  ops["str.join"] = [](const Args& a, Writer& w) { w.put(s::join(a[0].s, a[1].list)); };
  ops["str.replace"] = [](const Args& a, Writer& w) {
    w.put(a.size() > 3 ? s::replace(a[0].s, a[1].s, a[2].s, a[3].i)
                       : s::replace(a[0].s, a[1].s, a[2].s));
  };
  ops["str.startswith"] = [](const Args& a, Writer& w) {
    w.put(with_affixes(a[1], [&](const auto& p) {
      return s::startswith(a[0].s, p, opt_int(a, 2), opt_int(a, 3));
    }));
  };
  ops["str.endswith"] = [](const Args& a, Writer& w) {
    w.put(with_affixes(a[1], [&](const auto& p) {
      return s::endswith(a[0].s, p, opt_int(a, 2), opt_int(a, 3));
    }));
  };
  auto search = [&](const char* name, auto fn) {
    ops[name] = [fn](const Args& a, Writer& w) {
      w.put(fn(a[0].s, a[1].s, opt_int(a, 2), opt_int(a, 3)));
    };
  };
  search("str.find", s::find);
  search("str.rfind", s::rfind);
  search("str.index", s::index);
  search("str.rindex", s::rindex);
  search("str.count", s::count);
  ops["unicode.is_valid_utf8"] = [](const Args& a, Writer& w) {
    w.put(py::unicode::is_valid_utf8(a[0].s));
  };
  ops["str.zfill"] = [](const Args& a, Writer& w) { w.put(s::zfill(a[0].s, a[1].i)); };
  auto justify = [&](const char* name, auto fn) {
    ops[name] = [fn](const Args& a, Writer& w) {
      w.put(a.size() > 2 ? fn(a[0].s, a[1].i, a[2].s) : fn(a[0].s, a[1].i, " "));
    };
  };
  justify("str.center", s::center);
  justify("str.ljust", s::ljust);
  justify("str.rjust", s::rjust);
  auto binary_str = [&](const char* name, auto fn) {
    ops[name] = [fn](const Args& a, Writer& w) { w.put(fn(a[0].s, a[1].s)); };
  };
  binary_str("str.partition", s::partition);
  binary_str("str.rpartition", s::rpartition);
  binary_str("str.removeprefix", s::removeprefix);
  binary_str("str.removesuffix", s::removesuffix);
  binary_str("str.contains", s::contains);
  ops["str.expandtabs"] = [](const Args& a, Writer& w) {
    w.put(a.size() > 1 ? s::expandtabs(a[0].s, a[1].i) : s::expandtabs(a[0].s));
  };
  ops["str.getitem"] = [](const Args& a, Writer& w) { w.put(s::getitem(a[0].s, a[1].i)); };
  ops["str.slice"] = [](const Args& a, Writer& w) {
    w.put(s::slice(a[0].s, opt_int(a, 1), opt_int(a, 2), opt_int(a, 3)));
  };
  ops["str.iter"] = [](const Args& a, Writer& w) {
    std::vector<std::string> chars;
    for (std::string c : s::iter(a[0].s)) chars.push_back(c);
    w.put(chars);
  };
  ops["str.mul"] = [](const Args& a, Writer& w) { w.put(s::mul(a[0].s, a[1].i)); };

  ops["builtins.chr"] = [](const Args& a, Writer& w) { w.put(b::chr(a[0].i)); };
  ops["builtins.len"] = [](const Args& a, Writer& w) { w.put(b::len(a[0].s)); };
  ops["builtins.hex"] = [](const Args& a, Writer& w) { w.put(b::hex(a[0].i)); };
  ops["builtins.oct"] = [](const Args& a, Writer& w) { w.put(b::oct(a[0].i)); };
  ops["builtins.bin"] = [](const Args& a, Writer& w) { w.put(b::bin(a[0].i)); };
  ops["builtins.neg"] = [](const Args& a, Writer& w) { w.put(b::neg(a[0].i)); };
  ops["builtins.str"] = [](const Args& a, Writer& w) {
    with_scalar(a[0], [&](const auto& x) { w.put(b::str(x)); });
  };
  ops["builtins.repr"] = [](const Args& a, Writer& w) {
    with_scalar(a[0], [&](const auto& x) { w.put(b::repr(x)); });
  };
  ops["builtins.bool"] = [](const Args& a, Writer& w) {
    with_scalar(a[0], [&](const auto& x) { w.put(b::bool_(x)); });
  };
  ops["builtins.abs"] = [](const Args& a, Writer& w) {
    if (a[0].kind == 'f') w.put(b::abs(a[0].f)); else w.put(b::abs(a[0].i));
  };
  ops["builtins.format"] = [](const Args& a, Writer& w) {
    with_scalar(a[0], [&](const auto& x) { w.put(b::format(x, a[1].s)); });
  };
  ops["builtins.int"] = [](const Args& a, Writer& w) {
    if (a[0].kind == 's')
      w.put(a.size() > 1 ? b::int_(a[0].s, a[1].i) : b::int_(a[0].s));
    else if (a[0].kind == 'f')
      w.put(b::int_(a[0].f));
    else
      w.put(b::int_(a[0].i));
  };
  ops["builtins.float"] = [](const Args& a, Writer& w) {
    if (a[0].kind == 's') w.put(b::float_(a[0].s));
    else if (a[0].kind == 'i') w.put(b::float_(a[0].i));
    else w.put(b::float_(a[0].f));
  };
  ops["builtins.round"] = [](const Args& a, Writer& w) {
    bool has_ndigits = a.size() > 1 && a[1].kind != 'n';
    if (a[0].kind == 'f') {
      if (has_ndigits) w.put(b::round(a[0].f, a[1].i)); else w.put(b::round(a[0].f));
    } else {
      if (has_ndigits) w.put(b::round(a[0].i, a[1].i)); else w.put(b::round(a[0].i));
    }
  };
  auto arith = [&](const char* name, auto int_fn, auto float_fn) {
    ops[name] = [int_fn, float_fn](const Args& a, Writer& w) {
      if (a[0].kind == 'f') w.put(float_fn(a[0].f, a[1].f)); else w.put(int_fn(a[0].i, a[1].i));
    };
  };
  arith("builtins.floordiv", [](int64_t x, int64_t y) { return b::floordiv(x, y); },
        [](double x, double y) { return b::floordiv(x, y); });
  arith("builtins.mod", [](int64_t x, int64_t y) { return b::mod(x, y); },
        [](double x, double y) { return b::mod(x, y); });
  arith("builtins.truediv", [](int64_t x, int64_t y) { return b::truediv(x, y); },
        [](double x, double y) { return b::truediv(x, y); });
  arith("builtins.divmod", [](int64_t x, int64_t y) { return b::divmod(x, y); },
        [](double x, double y) { return b::divmod(x, y); });
  arith("builtins.add", b::add, [](double x, double y) { return x + y; });
  arith("builtins.sub", b::sub, [](double x, double y) { return x - y; });
  arith("builtins.mul", b::mul, [](double x, double y) { return x * y; });
  ops["builtins.lshift"] = [](const Args& a, Writer& w) { w.put(b::lshift(a[0].i, a[1].i)); };
  ops["builtins.rshift"] = [](const Args& a, Writer& w) { w.put(b::rshift(a[0].i, a[1].i)); };
  ops["builtins.pow"] = [](const Args& a, Writer& w) {
    if (a[0].kind == 'f') w.put(b::pow(a[0].f, a[1].f));
    else if (a.size() > 2) w.put(b::pow(a[0].i, a[1].i, a[2].i));
    else w.put(b::pow(a[0].i, a[1].i));
  };
  return ops;
}

}  // namespace

int main() {
  std::ios::sync_with_stdio(false);
  Reader in(std::string(std::istreambuf_iterator<char>(std::cin), {}));
  const std::map<std::string, Op> ops = make_ops();
  Writer out;
  while (!in.done()) {
    std::string op = in.until(' ');
    size_t nargs = std::stoull(in.until(' '));
    Args args;
    for (size_t k = 0; k < nargs; ++k) args.push_back(in.value());
    in.next();  // '\n'
    auto it = ops.find(op);
    if (it == ops.end()) {
      std::cerr << "unknown op " << op << "\n";
      return 2;
    }
    try {
      it->second(args, out);
    } catch (const muna::Exception& e) {
      out.error(e);
    }
    out.end_case();
  }
  std::cout << out.text();
  return 0;
}

// Int literals must pick the int64_t overloads rather than be ambiguous.
static_assert(std::is_same_v<decltype(b::str(5)), std::string>);
static_assert(std::is_same_v<decltype(b::repr(5LL)), std::string>);
static_assert(std::is_same_v<decltype(b::format(5, "x")), std::string>);

// String literals must behave as str, not as pointers.
static const bool kLiteralChecks = [] {
  if (b::bool_("") || !b::bool_("x") || b::len("é") != 1) std::abort();
  return true;
}();
