// Pattern text -> syntax tree, as CPython 3.11's re._parser does it, statement for statement:
// the same tree (so the compiled program behaves as sre's), the same errors with the same
// messages and positions (positions count code points of the pattern).
//
// Beyond Python's syntax, Options::unicode_properties adds the Unicode property classes of the
// Oniguruma patterns Hugging Face tokenizers use (\p{L}, \P{N}, ...; see chars.hpp).
#pragma once
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "muna/core/error.hpp"
#include "muna/python/unicode/utf8.hpp"
#include "muna/text/regex/chars.hpp"
#include "muna/text/regex/program.hpp"
#include "muna/text/regex/source.hpp"

namespace muna::text::regex {

// How a pattern is read beyond Python's syntax.
struct Options {
  bool unicode_properties = false;  // \p{..} classes; \d \s \w \b as Unicode properties
};

struct SetItem {
  enum Kind : uint8_t { kNegate, kLiteral, kRange, kCategory } kind;
  char32_t lo = 0, hi = 0;  // kLiteral: lo; kRange: lo..hi
  CategoryCode category{0, 0};
  bool operator==(const SetItem& o) const {
    return kind == o.kind && lo == o.lo && hi == o.hi && category.kind == o.category.kind &&
           category.mask == o.category.mask;
  }
};

enum class NodeOp : uint8_t {
  kLiteral, kNotLiteral, kAny, kIn, kAt, kBranch, kSubpattern, kMaxRepeat, kMinRepeat,
  kPossessiveRepeat, kAtomicGroup, kAssert, kAssertNot, kGroupRef, kGroupRefExists,
};

// One item of a subpattern; `subs` holds the nested subpatterns: the alternatives of a branch,
// the body of a group, repeat, atomic group or assertion, and yes (and no) of a conditional.
struct Node {
  NodeOp op;
  char32_t value = 0;   // kLiteral / kNotLiteral: the code point; kGroupRef: the group
  At at = At::kBeginning;
  uint64_t min = 0, max = 0;  // repeats
  int64_t group = -1;   // kSubpattern: the group (-1: none); kGroupRefExists: the condition
  uint32_t add_flags = 0, del_flags = 0;
  int dir = 1;          // assertions: 1 lookahead, -1 lookbehind
  std::vector<SetItem> set;
  std::vector<std::vector<Node>> subs;
  bool has_no = false;  // kGroupRefExists with a "no" branch
};
using Seq = std::vector<Node>;

using Width = std::pair<uint64_t, uint64_t>;

struct ParseState {
  uint32_t flags = 0;
  std::vector<std::pair<std::u32string, int64_t>> groupdict;  // in definition order
  std::vector<std::optional<Width>> groupwidths{std::nullopt};  // [0]: the whole match
  std::optional<int64_t> lookbehindgroups;
  std::vector<std::pair<int64_t, int64_t>> grouprefpos;  // conditional references, first position
  Options options;

  int64_t groups() const { return static_cast<int64_t>(groupwidths.size()); }
  const int64_t* group_of(const std::u32string& name) const {
    for (const auto& [n, g] : groupdict)
      if (n == name) return &g;
    return nullptr;
  }
  bool checkgroup(int64_t gid) const { return gid < groups() && groupwidths[gid].has_value(); }
};

namespace detail {

struct PropertyName {
  const char32_t* name;
  uint32_t mask;
};

// The general categories a \p{...} class names (bit k is muna::text::tables::Category k).
inline std::optional<uint32_t> property_mask(const std::u32string& name) {
  using namespace muna::text::tables;
  auto bits = [](std::initializer_list<muna::text::tables::Category> ks) {
    uint32_t m = 0;
    for (auto k : ks) m |= 1u << k;
    return m;
  };
  static const PropertyName names[] = {
      {U"L", bits({Lu, Ll, Lt, Lm, Lo})}, {U"Letter", bits({Lu, Ll, Lt, Lm, Lo})},
      {U"Lu", bits({Lu})}, {U"Ll", bits({Ll})}, {U"Lt", bits({Lt})}, {U"Lm", bits({Lm})}, {U"Lo", bits({Lo})},
      {U"M", bits({Mn, Mc, Me})}, {U"Mark", bits({Mn, Mc, Me})},
      {U"Mn", bits({Mn})}, {U"Mc", bits({Mc})}, {U"Me", bits({Me})},
      {U"N", bits({Nd, Nl, No})}, {U"Number", bits({Nd, Nl, No})},
      {U"Nd", bits({Nd})}, {U"Nl", bits({Nl})}, {U"No", bits({No})},
      {U"P", bits({Pc, Pd, Ps, Pe, Pi, Pf, Po})}, {U"Punctuation", bits({Pc, Pd, Ps, Pe, Pi, Pf, Po})},
      {U"Pc", bits({Pc})}, {U"Pd", bits({Pd})}, {U"Ps", bits({Ps})}, {U"Pe", bits({Pe})},
      {U"Pi", bits({Pi})}, {U"Pf", bits({Pf})}, {U"Po", bits({Po})},
      {U"S", bits({Sm, Sc, Sk, So})}, {U"Symbol", bits({Sm, Sc, Sk, So})},
      {U"Sm", bits({Sm})}, {U"Sc", bits({Sc})}, {U"Sk", bits({Sk})}, {U"So", bits({So})},
      {U"Z", bits({Zs, Zl, Zp})}, {U"Separator", bits({Zs, Zl, Zp})},
      {U"Zs", bits({Zs})}, {U"Zl", bits({Zl})}, {U"Zp", bits({Zp})},
      {U"C", bits({Cc, Cf, Cs, Co, Cn})}, {U"Other", bits({Cc, Cf, Cs, Co, Cn})},
      {U"Cc", bits({Cc})}, {U"Cf", bits({Cf})}, {U"Cs", bits({Cs})}, {U"Co", bits({Co})}, {U"Cn", bits({Cn})},
  };
  for (const auto& p : names)
    if (name == p.name) return p.mask;
  return std::nullopt;
}

}  // namespace detail

// A parse result: the top-level subpattern and the state (groups, names, global flags).
struct Parsed {
  Seq seq;
  ParseState state;
};

class Parser {
 public:
  Parser(const std::u32string& pattern, uint32_t flags, Options options) : source_(pattern) {
    state_.flags = flags;
    state_.options = options;
  }

  Parsed parse() {
    Seq p = parse_sub(state_.flags & kVerbose, 0);
    fix_flags();
    if (source_.next() != Source::kNone) throw source_.error("unbalanced parenthesis");
    for (const auto& [g, pos] : state_.grouprefpos)
      if (g >= state_.groups()) throw ParseError{"invalid group reference " + std::to_string(g), pos};
    return {std::move(p), std::move(state_)};
  }

 private:
  using Token = int64_t;

  static Node literal(char32_t c) {
    Node n{NodeOp::kLiteral};
    n.value = c;
    return n;
  }
  static Node category_in(uint32_t kind, uint32_t mask = 0) {
    Node n{NodeOp::kIn};
    SetItem item{SetItem::kCategory};
    item.category = {kind, mask};
    n.set.push_back(item);
    return n;
  }
  static Node at(At code) {
    Node n{NodeOp::kAt};
    n.at = code;
    return n;
  }

  void fix_flags() {
    uint32_t& flags = state_.flags;
    if (flags & kLocale) throw ValueError("cannot use LOCALE flag with a str pattern");
    if (!(flags & kAscii))
      flags |= kUnicode;
    else if (flags & kUnicode)
      throw ValueError("ASCII and UNICODE flags are incompatible");
  }

  // Widths, as SubPattern.getwidth: (min, max) in code points, capped at MAXREPEAT.
  Width width(const Seq& seq) const { return width_of(seq, state_); }

 public:
  static Width width_of(const Seq& seq, const ParseState& state) {
    constexpr uint64_t cap = uint64_t{1} << 40;
    auto add = [&](uint64_t a, uint64_t b) { return std::min(a + b, cap); };
    auto mul = [&](uint64_t a, uint64_t b) { return a == 0 || b == 0 ? 0 : a > cap / b ? cap : std::min(a * b, cap); };
    uint64_t lo = 0, hi = 0;
    for (const Node& n : seq) {
      switch (n.op) {
        case NodeOp::kBranch: {
          uint64_t i = kMaxRepeat - 1, j = 0;
          for (const Seq& alt : n.subs) {
            Width w = width_of(alt, state);
            i = std::min(i, w.first);
            j = std::max(j, w.second);
          }
          lo = add(lo, i);
          hi = add(hi, j);
          break;
        }
        case NodeOp::kAtomicGroup:
        case NodeOp::kSubpattern: {
          Width w = width_of(n.subs[0], state);
          lo = add(lo, w.first);
          hi = add(hi, w.second);
          break;
        }
        case NodeOp::kMaxRepeat:
        case NodeOp::kMinRepeat:
        case NodeOp::kPossessiveRepeat: {
          Width w = width_of(n.subs[0], state);
          lo = add(lo, mul(w.first, n.min));
          hi = add(hi, mul(w.second, n.max));
          break;
        }
        case NodeOp::kLiteral:
        case NodeOp::kNotLiteral:
        case NodeOp::kAny:
        case NodeOp::kIn:
          lo = add(lo, 1);
          hi = add(hi, 1);
          break;
        case NodeOp::kGroupRef: {
          Width w = state.groupwidths[n.value].value_or(Width{0, 0});
          lo = add(lo, w.first);
          hi = add(hi, w.second);
          break;
        }
        case NodeOp::kGroupRefExists: {
          Width w = width_of(n.subs[0], state);
          uint64_t i = w.first, j = w.second;
          if (n.has_no) {
            Width v = width_of(n.subs[1], state);
            i = std::min(i, v.first);
            j = std::max(j, v.second);
          } else {
            i = 0;
          }
          lo = add(lo, i);
          hi = add(hi, j);
          break;
        }
        default:
          break;
      }
    }
    return {std::min(lo, kMaxRepeat - 1), std::min(hi, kMaxRepeat)};
  }

 private:
  int64_t opengroup(const std::u32string* name) {
    int64_t gid = state_.groups();
    state_.groupwidths.push_back(std::nullopt);
    if (state_.groups() > kMaxGroups) throw ParseError{"too many groups", -1};
    if (name) {
      if (const int64_t* ogid = state_.group_of(*name))
        throw ParseError{"redefinition of group name " + repr(*name) + " as group " + std::to_string(gid) +
                             "; was group " + std::to_string(*ogid),
                         -1};
      state_.groupdict.emplace_back(*name, gid);
    }
    return gid;
  }

  void checklookbehindgroup(int64_t gid) {
    if (state_.lookbehindgroups) {
      if (!state_.checkgroup(gid)) throw source_.error("cannot refer to an open group");
      if (gid >= *state_.lookbehindgroups)
        throw source_.error("cannot refer to group defined in the same lookbehind subpattern");
    }
  }

  // \x, \u, \U and \N, shared by _escape and _class_escape: the code point, or nullopt when the
  // escape is none of these.
  std::optional<char32_t> numeric_escape(std::u32string& escape) {
    char32_t c = escape[1];
    auto hex = [&](int digits) -> char32_t {
      escape += source_.getwhile(digits, detail::kHexDigits);
      if (static_cast<int>(escape.size()) != digits + 2)
        throw source_.error("incomplete escape " + utf8(escape), static_cast<int64_t>(escape.size()));
      return static_cast<char32_t>(detail::parse_number(escape.substr(2), 16));
    };
    if (c == 'x') return hex(2);
    if (c == 'u') return hex(4);
    if (c == 'U') {
      char32_t v = hex(8);
      if (v > 0x10FFFF) throw source_.error("bad escape " + utf8(escape), static_cast<int64_t>(escape.size()));
      return v;
    }
    if (c == 'N') {
      if (!source_.match('{')) throw source_.error("missing {");
      std::u32string name = source_.getuntil('}', "character name");
      (void)name;
      // CPython looks the name up in unicodedata; muna carries no name table at run time. A
      // pattern known at compile time has its \N{...} replaced by the code point there.
      throw NotImplementedError("\\N{...} escapes in a pattern built at run time are not supported by muna; "
                                "write the character itself or \\uXXXX");
    }
    return std::nullopt;
  }

  // \p{Name} / \P{Name} (kUnicodeProperties): a category set item.
  std::optional<SetItem> property_escape(const std::u32string& escape) {
    char32_t c = escape[1];
    if (!state_.options.unicode_properties || (c != 'p' && c != 'P')) return std::nullopt;
    std::u32string name;
    if (source_.match('{')) {
      name = source_.getuntil('}', "property name");
    } else {
      int64_t t = source_.get();
      if (t == Source::kNone) throw source_.error("missing property name");
      name = Source::text(t);
    }
    bool negate = c == 'P';
    if (!name.empty() && name[0] == '^') {
      negate = !negate;
      name = name.substr(1);
    }
    auto mask = detail::property_mask(name);
    if (!mask) throw source_.error("unknown property name " + repr(name), static_cast<int64_t>(name.size()) + 1);
    SetItem item{SetItem::kCategory};
    item.category = {negate ? kNotProperty : kProperty, *mask};
    return item;
  }

  static std::optional<char32_t> simple_escape(char32_t c, bool backspace) {
    switch (c) {
      case 'a': return 0x07;
      case 'b': return backspace ? std::optional<char32_t>(0x08) : std::nullopt;
      case 'f': return 0x0C;
      case 'n': return 0x0A;
      case 'r': return 0x0D;
      case 't': return 0x09;
      case 'v': return 0x0B;
      case '\\': return 0x5C;
      default: return std::nullopt;
    }
  }

  static std::optional<uint32_t> class_category(char32_t c) {
    switch (c) {
      case 'd': return kDigit;
      case 'D': return kNotDigit;
      case 's': return kSpace;
      case 'S': return kNotSpace;
      case 'w': return kWord;
      case 'W': return kNotWord;
      default: return std::nullopt;
    }
  }

  // _class_escape: an escape inside [...]: a literal or a category item.
  SetItem class_escape(Token token) {
    std::u32string escape = Source::text(token);
    char32_t c = escape[1];
    if (auto lit = simple_escape(c, true)) return {SetItem::kLiteral, *lit, 0};
    if (auto cat = class_category(c)) {
      SetItem item{SetItem::kCategory};
      item.category = {*cat, 0};
      return item;
    }
    if (auto prop = property_escape(escape)) return *prop;
    if (auto v = numeric_escape(escape)) return {SetItem::kLiteral, *v, 0};
    if (detail::is_oct(c)) {
      escape += source_.getwhile(2, detail::kOctDigits);
      uint64_t v = detail::parse_number(escape.substr(1), 8);
      if (v > 0377)
        throw source_.error("octal escape value " + utf8(escape) + " outside of range 0-0o377",
                            static_cast<int64_t>(escape.size()));
      return {SetItem::kLiteral, static_cast<char32_t>(v), 0};
    }
    if (c == '8' || c == '9' || detail::is_ascii_letter(c))
      throw source_.error("bad escape " + utf8(escape), static_cast<int64_t>(escape.size()));
    return {SetItem::kLiteral, c, 0};
  }

  // _escape: an escape outside a set.
  Node escape_node(Token token) {
    std::u32string escape = Source::text(token);
    char32_t c = escape[1];
    switch (c) {
      case 'A': return at(At::kBeginningString);
      case 'b': return at(At::kBoundary);
      case 'B': return at(At::kNonBoundary);
      case 'Z': return at(At::kEndString);
      default: break;
    }
    if (auto cat = class_category(c)) return category_in(*cat);
    if (auto lit = simple_escape(c, false)) return literal(*lit);
    if (auto prop = property_escape(escape)) {
      Node n{NodeOp::kIn};
      n.set.push_back(*prop);
      return n;
    }
    if (auto v = numeric_escape(escape)) return literal(*v);
    if (c == '0') {
      escape += source_.getwhile(2, detail::kOctDigits);
      return literal(static_cast<char32_t>(detail::parse_number(escape.substr(1), 8)));
    }
    if (c >= '1' && c <= '9') {
      // An octal escape or a group reference.
      if (Source::in(source_.next(), detail::kDigits)) {
        escape += static_cast<char32_t>(source_.get());
        if (detail::is_oct(escape[1]) && detail::is_oct(escape[2]) &&
            Source::in(source_.next(), detail::kOctDigits)) {
          escape += static_cast<char32_t>(source_.get());
          uint64_t v = detail::parse_number(escape.substr(1), 8);
          if (v > 0377)
            throw source_.error("octal escape value " + utf8(escape) + " outside of range 0-0o377",
                                static_cast<int64_t>(escape.size()));
          return literal(static_cast<char32_t>(v));
        }
      }
      int64_t group = static_cast<int64_t>(detail::parse_number(escape.substr(1), 10));
      if (group < state_.groups()) {
        if (!state_.checkgroup(group))
          throw source_.error("cannot refer to an open group", static_cast<int64_t>(escape.size()));
        checklookbehindgroup(group);
        Node n{NodeOp::kGroupRef};
        n.value = static_cast<char32_t>(group);
        return n;
      }
      throw source_.error("invalid group reference " + std::to_string(group), static_cast<int64_t>(escape.size()) - 1);
    }
    if (detail::is_ascii_letter(c)) throw source_.error("bad escape " + utf8(escape), static_cast<int64_t>(escape.size()));
    return literal(c);
  }

  static bool equal_prefix(const Node& a, const Node& b) {
    if (a.op != b.op) return false;
    switch (a.op) {
      case NodeOp::kLiteral:
      case NodeOp::kNotLiteral:
      case NodeOp::kGroupRef:
        return a.value == b.value;
      case NodeOp::kAny:
        return true;
      case NodeOp::kAt:
        return a.at == b.at;
      case NodeOp::kIn:
        return a.set == b.set;
      default:
        return false;  // nodes holding subpatterns compare by identity in CPython: never equal
    }
  }

  static std::vector<SetItem> uniq(const std::vector<SetItem>& items) {
    std::vector<SetItem> out;
    for (const SetItem& i : items) {
      bool seen = false;
      for (const SetItem& o : out) seen = seen || o == i;
      if (!seen) out.push_back(i);
    }
    return out;
  }

  // _parse_sub: an alternation a|b|c.
  Seq parse_sub(bool verbose, int nested) {
    std::vector<Seq> items;
    while (true) {
      items.push_back(parse(verbose, nested + 1, nested == 0 && items.empty()));
      if (!source_.match('|')) break;
      if (nested == 0) verbose = state_.flags & kVerbose;
    }
    if (items.size() == 1) return std::move(items[0]);

    Seq subpattern;
    // Move a prefix all alternatives share out of the branch.
    while (true) {
      const Node* prefix = nullptr;
      bool all = true;
      for (const Seq& item : items) {
        if (item.empty()) {
          all = false;
          break;
        }
        if (!prefix)
          prefix = &item[0];
        else if (!equal_prefix(item[0], *prefix)) {
          all = false;
          break;
        }
      }
      if (!all) break;
      Node common = items[0][0];
      for (Seq& item : items) item.erase(item.begin());
      subpattern.push_back(std::move(common));
    }

    // A branch of single characters and sets is a set.
    std::vector<SetItem> set;
    bool as_set = true;
    for (const Seq& item : items) {
      if (item.size() != 1) {
        as_set = false;
        break;
      }
      const Node& n = item[0];
      if (n.op == NodeOp::kLiteral) {
        set.push_back({SetItem::kLiteral, n.value, 0});
      } else if (n.op == NodeOp::kIn && n.set[0].kind != SetItem::kNegate) {
        set.insert(set.end(), n.set.begin(), n.set.end());
      } else {
        as_set = false;
        break;
      }
    }
    if (as_set) {
      Node n{NodeOp::kIn};
      n.set = uniq(set);
      subpattern.push_back(std::move(n));
      return subpattern;
    }
    Node branch{NodeOp::kBranch};
    branch.subs = std::move(items);
    subpattern.push_back(std::move(branch));
    return subpattern;
  }

  void parse_set(Seq& subpattern) {
    int64_t here = source_.tell() - 1;
    std::vector<SetItem> set;
    bool negate = source_.match('^');
    while (true) {
      Token t = source_.get();
      if (t == Source::kNone) throw source_.error("unterminated character set", source_.tell() - here);
      if (Source::is_char(t, ']') && !set.empty()) break;
      SetItem code1;
      if (Source::is_escape(t))
        code1 = class_escape(t);
      else
        code1 = {SetItem::kLiteral, static_cast<char32_t>(t), 0};
      if (source_.match('-')) {
        Token that = source_.get();
        if (that == Source::kNone) throw source_.error("unterminated character set", source_.tell() - here);
        if (Source::is_char(that, ']')) {
          set.push_back(code1);
          set.push_back({SetItem::kLiteral, '-', 0});
          break;
        }
        SetItem code2 = Source::is_escape(that) ? class_escape(that) : SetItem{SetItem::kLiteral, static_cast<char32_t>(that), 0};
        std::string msg = "bad character range " + utf8(Source::text(t)) + "-" + utf8(Source::text(that));
        int64_t len = Source::token_length(t) + 1 + Source::token_length(that);
        if (code1.kind != SetItem::kLiteral || code2.kind != SetItem::kLiteral) throw source_.error(msg, len);
        if (code2.lo < code1.lo) throw source_.error(msg, len);
        set.push_back({SetItem::kRange, code1.lo, code2.lo});
      } else {
        set.push_back(code1);
      }
    }
    set = uniq(set);
    if (set.size() == 1 && set[0].kind == SetItem::kLiteral) {
      Node n{negate ? NodeOp::kNotLiteral : NodeOp::kLiteral};
      n.value = set[0].lo;
      subpattern.push_back(std::move(n));
      return;
    }
    if (negate) set.insert(set.begin(), SetItem{SetItem::kNegate});
    Node n{NodeOp::kIn};
    n.set = std::move(set);
    subpattern.push_back(std::move(n));
  }

  // A quantifier after an item; false when '{' turned out to be a literal.
  void parse_repeat(Seq& subpattern, Token t) {
    int64_t here = source_.tell();
    uint64_t min = 0, max = kMaxRepeat;
    char32_t c = static_cast<char32_t>(t);
    if (c == '?') {
      max = 1;
    } else if (c == '+') {
      min = 1;
    } else if (c == '{') {
      if (Source::is_char(source_.next(), '}')) {
        subpattern.push_back(literal('{'));
        return;
      }
      std::u32string lo, hi;
      while (Source::in(source_.next(), detail::kDigits)) lo += static_cast<char32_t>(source_.get());
      if (source_.match(','))
        while (Source::in(source_.next(), detail::kDigits)) hi += static_cast<char32_t>(source_.get());
      else
        hi = lo;
      if (!source_.match('}')) {
        subpattern.push_back(literal('{'));
        source_.seek(here);
        return;
      }
      if (!lo.empty()) {
        min = detail::parse_number(lo, 10);
        if (min >= kMaxRepeat) throw OverflowError("the repetition number is too large");
      }
      if (!hi.empty()) {
        max = detail::parse_number(hi, 10);
        if (max >= kMaxRepeat) throw OverflowError("the repetition number is too large");
        if (max < min) throw source_.error("min repeat greater than max repeat", source_.tell() - here);
      }
    }
    if (subpattern.empty() || subpattern.back().op == NodeOp::kAt)
      throw source_.error("nothing to repeat", source_.tell() - here + 1);
    NodeOp last = subpattern.back().op;
    if (last == NodeOp::kMaxRepeat || last == NodeOp::kMinRepeat || last == NodeOp::kPossessiveRepeat)
      throw source_.error("multiple repeat", source_.tell() - here + 1);
    Seq item;
    Node& back = subpattern.back();
    if (back.op == NodeOp::kSubpattern && back.group < 0 && !back.add_flags && !back.del_flags)
      item = std::move(back.subs[0]);
    else
      item.push_back(std::move(back));
    Node repeat{NodeOp::kMaxRepeat};
    if (source_.match('?'))
      repeat.op = NodeOp::kMinRepeat;
    else if (source_.match('+'))
      repeat.op = NodeOp::kPossessiveRepeat;
    repeat.min = min;
    repeat.max = max;
    repeat.subs.push_back(std::move(item));
    subpattern.back() = std::move(repeat);
  }

  // _parse_flags: (?aiLmsux-imsx:...) or global (?imsx); nullopt for global flags.
  std::optional<std::pair<uint32_t, uint32_t>> parse_flags(Token ch) {
    uint32_t add = 0, del = 0;
    if (!Source::is_char(ch, '-')) {
      while (true) {
        uint32_t flag = detail::flag_of(static_cast<char32_t>(ch));
        if (Source::is_char(ch, 'L')) throw source_.error("bad inline flags: cannot use 'L' flag with a str pattern");
        add |= flag;
        if ((flag & kTypeFlags) && (add & kTypeFlags) != flag)
          throw source_.error("bad inline flags: flags 'a', 'u' and 'L' are incompatible");
        ch = source_.get();
        if (ch == Source::kNone) throw source_.error("missing -, : or )");
        if (Source::in(ch, U")-:")) break;
        if (!detail::is_flag(ch))
          throw source_.error(detail::token_isalpha(ch) ? "unknown flag" : "missing -, : or )", Source::token_length(ch));
      }
    }
    if (Source::is_char(ch, ')')) {
      state_.flags |= add;
      return std::nullopt;
    }
    if (add & kGlobalFlags) throw source_.error("bad inline flags: cannot turn on global flag", 1);
    if (Source::is_char(ch, '-')) {
      ch = source_.get();
      if (ch == Source::kNone) throw source_.error("missing flag");
      if (!detail::is_flag(ch))
        throw source_.error(detail::token_isalpha(ch) ? "unknown flag" : "missing flag", Source::token_length(ch));
      while (true) {
        uint32_t flag = detail::flag_of(static_cast<char32_t>(ch));
        if (flag & kTypeFlags) throw source_.error("bad inline flags: cannot turn off flags 'a', 'u' and 'L'");
        del |= flag;
        ch = source_.get();
        if (ch == Source::kNone) throw source_.error("missing :");
        if (Source::is_char(ch, ':')) break;
        if (!detail::is_flag(ch))
          throw source_.error(detail::token_isalpha(ch) ? "unknown flag" : "missing :", Source::token_length(ch));
      }
    }
    if (del & kGlobalFlags) throw source_.error("bad inline flags: cannot turn off global flag", 1);
    if (add & del) throw source_.error("bad inline flags: flag turned on and off", 1);
    return std::make_pair(add, del);
  }

  // (?(group)yes|no)
  void parse_conditional(Seq& subpattern, int64_t start, bool verbose, int nested) {
    std::u32string condname = source_.getuntil(')', "group name");
    int64_t len = static_cast<int64_t>(condname.size()) + 1;
    int64_t condgroup;
    if (is_identifier(condname)) {
      source_.checkgroupname(condname, 1);
      const int64_t* g = state_.group_of(condname);
      if (!g) throw source_.error("unknown group name " + repr(condname), len);
      condgroup = *g;
    } else {
      std::string shown;
      auto v = detail::int_of_name(condname, shown);
      if (!v) throw source_.error("bad character in group name " + repr(condname), len);
      if (*v == 0) throw source_.error("bad group number", len);
      if (*v >= kMaxGroups) throw source_.error("invalid group reference " + shown, len);
      condgroup = *v;
      bool known = false;
      for (const auto& [g, pos] : state_.grouprefpos) known = known || g == condgroup;
      if (!known) state_.grouprefpos.emplace_back(condgroup, source_.tell() - len);
    }
    checklookbehindgroup(condgroup);
    Seq yes = parse(verbose, nested + 1, false);
    Node n{NodeOp::kGroupRefExists};
    n.group = condgroup;
    n.subs.push_back(std::move(yes));
    if (source_.match('|')) {
      n.subs.push_back(parse(verbose, nested + 1, false));
      n.has_no = true;
      if (Source::is_char(source_.next(), '|')) throw source_.error("conditional backref with more than two branches");
    }
    if (!source_.match(')')) throw source_.error("missing ), unterminated subpattern", source_.tell() - start);
    subpattern.push_back(std::move(n));
  }

  // A group "(...)" of any kind; returns false when it added nothing (a comment, global flags).
  void parse_group(Seq& subpattern, bool& verbose, int nested, bool first) {
    int64_t start = source_.tell() - 1;
    bool capture = true, atomic = false;
    std::optional<std::u32string> name;
    uint32_t add_flags = 0, del_flags = 0;
    if (source_.match('?')) {
      Token ch = source_.get();
      if (ch == Source::kNone) throw source_.error("unexpected end of pattern");
      if (Source::is_char(ch, 'P')) {
        if (source_.match('<')) {
          name = source_.getuntil('>', "group name");
          source_.checkgroupname(*name, 1);
        } else if (source_.match('=')) {
          std::u32string ref = source_.getuntil(')', "group name");
          source_.checkgroupname(ref, 1);
          const int64_t* gid = state_.group_of(ref);
          int64_t len = static_cast<int64_t>(ref.size()) + 1;
          if (!gid) throw source_.error("unknown group name " + repr(ref), len);
          if (!state_.checkgroup(*gid)) throw source_.error("cannot refer to an open group", len);
          checklookbehindgroup(*gid);
          Node n{NodeOp::kGroupRef};
          n.value = static_cast<char32_t>(*gid);
          subpattern.push_back(std::move(n));
          return;
        } else {
          Token c = source_.get();
          if (c == Source::kNone) throw source_.error("unexpected end of pattern");
          throw source_.error("unknown extension ?P" + utf8(Source::text(c)), Source::token_length(c) + 2);
        }
      } else if (Source::is_char(ch, ':')) {
        capture = false;
      } else if (Source::is_char(ch, '#')) {
        while (true) {
          if (source_.next() == Source::kNone)
            throw source_.error("missing ), unterminated comment", source_.tell() - start);
          if (Source::is_char(source_.get(), ')')) break;
        }
        return;
      } else if (Source::in(ch, U"=!<")) {
        int dir = 1;
        std::optional<int64_t> saved_lookbehind;
        if (Source::is_char(ch, '<')) {
          ch = source_.get();
          if (ch == Source::kNone) throw source_.error("unexpected end of pattern");
          if (!Source::in(ch, U"=!"))
            throw source_.error("unknown extension ?<" + utf8(Source::text(ch)), Source::token_length(ch) + 2);
          dir = -1;
          saved_lookbehind = state_.lookbehindgroups;
          if (!saved_lookbehind) state_.lookbehindgroups = state_.groups();
        }
        Seq p = parse_sub(verbose, nested + 1);
        if (dir < 0 && !saved_lookbehind) state_.lookbehindgroups.reset();
        if (!source_.match(')')) throw source_.error("missing ), unterminated subpattern", source_.tell() - start);
        Node n{Source::is_char(ch, '=') ? NodeOp::kAssert : NodeOp::kAssertNot};
        n.dir = dir;
        n.subs.push_back(std::move(p));
        subpattern.push_back(std::move(n));
        return;
      } else if (Source::is_char(ch, '(')) {
        parse_conditional(subpattern, start, verbose, nested);
        return;
      } else if (Source::is_char(ch, '>')) {
        capture = false;
        atomic = true;
      } else if (detail::is_flag(ch) || Source::is_char(ch, '-')) {
        auto flags = parse_flags(ch);
        if (!flags) {
          if (!first || !subpattern.empty())
            throw source_.error("global flags not at the start of the expression", source_.tell() - start);
          verbose = state_.flags & kVerbose;
          return;
        }
        std::tie(add_flags, del_flags) = *flags;
        capture = false;
      } else {
        throw source_.error("unknown extension ?" + utf8(Source::text(ch)), Source::token_length(ch) + 1);
      }
    }
    int64_t group = -1;
    if (capture) {
      try {
        group = opengroup(name ? &*name : nullptr);
      } catch (const ParseError& e) {
        throw source_.error(e.message, static_cast<int64_t>(name ? name->size() : 0) + 1);
      }
    }
    bool sub_verbose = (verbose || (add_flags & kVerbose)) && !(del_flags & kVerbose);
    Seq p = parse_sub(sub_verbose, nested + 1);
    if (!source_.match(')')) throw source_.error("missing ), unterminated subpattern", source_.tell() - start);
    if (group >= 0) state_.groupwidths[group] = width(p);
    Node n{atomic ? NodeOp::kAtomicGroup : NodeOp::kSubpattern};
    n.group = group;
    n.add_flags = add_flags;
    n.del_flags = del_flags;
    n.subs.push_back(std::move(p));
    subpattern.push_back(std::move(n));
  }

  // _parse: a sequence of items up to '|', ')' or the end.
  Seq parse(bool verbose, int nested, bool first) {
    Seq subpattern;
    while (true) {
      Token t = source_.next();
      if (t == Source::kNone) break;
      if (Source::in(t, U"|)")) break;
      source_.get();
      if (verbose) {
        if (Source::in(t, detail::kWhitespace)) continue;
        if (Source::is_char(t, '#')) {
          while (true) {
            Token c = source_.get();
            if (c == Source::kNone || Source::is_char(c, '\n')) break;
          }
          continue;
        }
      }
      if (Source::is_escape(t)) {
        subpattern.push_back(escape_node(t));
      } else if (!Source::in(t, detail::kSpecialChars)) {
        subpattern.push_back(literal(static_cast<char32_t>(t)));
      } else if (Source::is_char(t, '[')) {
        parse_set(subpattern);
      } else if (Source::in(t, detail::kRepeatChars)) {
        parse_repeat(subpattern, t);
      } else if (Source::is_char(t, '.')) {
        subpattern.push_back(Node{NodeOp::kAny});
      } else if (Source::is_char(t, '(')) {
        parse_group(subpattern, verbose, nested, first);
      } else if (Source::is_char(t, '^')) {
        subpattern.push_back(at(At::kBeginning));
      } else if (Source::is_char(t, '$')) {
        subpattern.push_back(at(At::kEnd));
      }
    }
    // Unpack non-capturing groups without flags into this sequence.
    for (size_t i = subpattern.size(); i-- > 0;) {
      Node& n = subpattern[i];
      if (n.op == NodeOp::kSubpattern && n.group < 0 && !n.add_flags && !n.del_flags) {
        Seq inner = std::move(n.subs[0]);
        subpattern.erase(subpattern.begin() + i);
        subpattern.insert(subpattern.begin() + i, std::make_move_iterator(inner.begin()),
                          std::make_move_iterator(inner.end()));
      }
    }
    return subpattern;
  }

  Source source_;
  ParseState state_;
};

}  // namespace muna::text::regex
