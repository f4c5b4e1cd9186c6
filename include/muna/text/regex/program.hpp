// What a compiled regular expression is: sre's code (re._compiler's layout and opcodes) with
// its character sets, the groups, and the flags; and how a library stores one. Both the engine's
// own compiler (compiler.hpp, for patterns built at run time) and the compile-time path (CPython's
// compiled code translated by codegen/muna/re_support.py) produce a Program; matcher.hpp runs it.
#pragma once
#include <algorithm>
#include <bitset>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "muna/core/error.hpp"
#include "muna/python/unicode/utf8.hpp"
#include "muna/text/regex/chars.hpp"

namespace muna::text::regex {

// re's flags (re.I is kIgnoreCase, ...), with CPython's values.
enum Flag : uint32_t {
  kTemplate = 1,
  kIgnoreCase = 2,
  kLocale = 4,
  kMultiline = 8,
  kDotAll = 16,
  kUnicode = 32,
  kVerbose = 64,
  kDebug = 128,
  kAscii = 256,
};
constexpr uint32_t kTypeFlags = kAscii | kLocale | kUnicode;
constexpr uint32_t kGlobalFlags = kDebug | kTemplate;
constexpr uint64_t kMaxRepeat = 4294967295u;   // _sre.MAXREPEAT: "unbounded" in {m,} and *

enum class At : uint8_t {
  kBeginning, kBeginningLine, kBeginningString, kBoundary, kNonBoundary, kEnd, kEndLine, kEndString,
  kUniBoundary, kUniNonBoundary, kPropBoundary, kPropNonBoundary,  // chosen when compiled
};

enum Opcode : uint32_t {
  kFailure, kSuccess, kAny, kAnyAll, kAssert, kAssertNot, kAt, kBranch, kGroupRef, kGroupRefExists,
  kIn, kJump, kLiteral, kMark, kMaxUntil, kMinUntil, kNotLiteral, kRepeat, kRepeatOne,
  kMinRepeatOne, kAtomicGroup, kPossessiveRepeat, kPossessiveRepeatOne, kGroupRefIgnore,
  kInIgnore, kLiteralIgnore, kNotLiteralIgnore, kGroupRefUniIgnore, kInUniIgnore,
  kLiteralUniIgnore, kNotLiteralUniIgnore,
};

// A compiled character set (sre's charset subprogram): the characters of its literals and
// ranges (lowercased when the set ignores case), and the items sre keeps beside its bitmap:
// categories, characters beyond the BMP, and RANGE_UNI_IGNORE ranges (which also admit a
// character whose uppercase is inside). `ascii` holds the answer for every ASCII input, with
// the opcode's lowercasing applied, so the common case is one bit test.
struct Charset {
  bool negate = false;
  std::vector<std::pair<char32_t, char32_t>> ranges;  // sorted, disjoint
  std::vector<CategoryCode> categories;
  std::vector<std::pair<char32_t, char32_t>> uni_ignore_ranges;
  std::bitset<128> ascii;

  // Membership of an already-lowercased (for the IGNORE opcodes) character.
  bool contains(char32_t c) const {
    bool in = false;
    auto it = std::upper_bound(ranges.begin(), ranges.end(), c,
                               [](char32_t v, const std::pair<char32_t, char32_t>& r) { return v < r.first; });
    if (it != ranges.begin() && c <= std::prev(it)->second) in = true;
    for (size_t i = 0; !in && i < categories.size(); ++i) in = in_category(categories[i], c);
    for (size_t i = 0; !in && i < uni_ignore_ranges.size(); ++i) {
      const auto& r = uni_ignore_ranges[i];
      char32_t u = upper(c);
      in = (r.first <= c && c <= r.second) || (r.first <= u && u <= r.second);
    }
    return in != negate;
  }
};

// sre's compiled code with its sets. `first`: the one-character tests a match must begin with,
// one of which must accept the first character (empty when the start is not that simple; see
// first_tests), and their answers for ASCII, so search can skip the positions no match starts at.
struct Program {
  std::vector<uint32_t> code;
  std::vector<Charset> charsets;
  uint32_t flags = 0;     // the pattern's flags, global inline flags and re.UNICODE included
  int64_t groups = 0;     // capturing groups, not counting group 0
  std::vector<std::pair<std::string, int64_t>> groupindex;  // name -> group, in definition order
  std::vector<std::u32string> group_names;                  // [group] -> name ("" if none)
  std::vector<uint32_t> first;  // code offsets of one-character tests
  std::bitset<128> first_ascii;
  bool first_has_non_ascii = true;  // whether a non-ASCII character can pass one of them
};

inline bool in_set(const Program& p, uint32_t index, char32_t c) {
  const Charset& set = p.charsets[index];
  return c < 128 ? set.ascii[c] : set.contains(c);
}

// Whether the one-character operation at `pc` accepts c (what sre's SRE(match) and SRE(count)
// do for LITERAL, IN, ANY and their IGNORE forms).
inline bool accepts(const Program& p, uint32_t pc, char32_t c) {
  const uint32_t* code = p.code.data();
  switch (code[pc]) {
    case kAny: return c != '\n';
    case kAnyAll: return true;
    case kLiteral: return c == code[pc + 1];
    case kNotLiteral: return c != code[pc + 1];
    case kLiteralIgnore: return ascii_lower(c) == code[pc + 1];
    case kNotLiteralIgnore: return ascii_lower(c) != code[pc + 1];
    case kLiteralUniIgnore: return lower(c) == code[pc + 1];
    case kNotLiteralUniIgnore: return lower(c) != code[pc + 1];
    case kIn: return in_set(p, code[pc + 2], c);
    case kInIgnore: return c < 128 ? p.charsets[code[pc + 2]].ascii[c] : p.charsets[code[pc + 2]].contains(ascii_lower(c));
    case kInUniIgnore: return c < 128 ? p.charsets[code[pc + 2]].ascii[c] : p.charsets[code[pc + 2]].contains(lower(c));
    default: return false;
  }
}

// The one-character tests a match starting at `pc` must pass first (after group marks): the
// test itself, a repeat's item (and what follows the repeat when it may repeat 0 times), each
// alternative's first test; false when the start is anything else (an anchor, a lookaround, a
// back reference, the end: a match that can be empty).
inline bool first_tests(const Program& p, uint32_t pc, std::vector<uint32_t>& out, int depth = 0) {
  const std::vector<uint32_t>& code = p.code;
  if (depth > 16) return false;
  while (pc < code.size() && code[pc] == kMark) pc += 2;
  if (pc >= code.size()) return false;
  switch (code[pc]) {
    case kLiteral: case kNotLiteral: case kIn: case kLiteralIgnore: case kNotLiteralIgnore: case kInIgnore:
    case kLiteralUniIgnore: case kNotLiteralUniIgnore: case kInUniIgnore:
      out.push_back(pc);
      return true;
    case kRepeatOne: case kMinRepeatOne: case kPossessiveRepeatOne:
      // <op> <skip> <min> <max> item <SUCCESS> tail: the item, or (min 0) the tail
      out.push_back(pc + 4);
      return code[pc + 2] >= 1 || first_tests(p, pc + 1 + code[pc + 1], out, depth + 1);
    case kRepeat:
      // <REPEAT> <skip> <min> <max> item <UNTIL> tail
      return first_tests(p, pc + 4, out, depth + 1) &&
             (code[pc + 2] >= 1 || first_tests(p, pc + 2 + code[pc + 1], out, depth + 1));
    case kPossessiveRepeat:
      // <POSSESSIVE_REPEAT> <skip> <min> <max> item <SUCCESS> tail
      return first_tests(p, pc + 4, out, depth + 1) &&
             (code[pc + 2] >= 1 || first_tests(p, pc + 2 + code[pc + 1], out, depth + 1));
    case kAtomicGroup:
      return first_tests(p, pc + 2, out, depth + 1);
    case kBranch:
      for (uint32_t q = pc + 1; code[q]; q += code[q])
        if (!first_tests(p, q + 1, out, depth + 1)) return false;
      return true;
    default:
      return false;
  }
}

inline void find_first_tests(Program& p) {
  p.first.clear();
  if (!first_tests(p, 0, p.first)) {
    p.first.clear();
    return;
  }
  for (char32_t c = 0; c < 128; ++c)
    for (uint32_t pc : p.first) p.first_ascii[c] = p.first_ascii[c] || accepts(p, pc, c);
  // Only literals of ASCII characters (exact or ASCII-caseless): no other character passes.
  p.first_has_non_ascii = false;
  for (uint32_t pc : p.first) {
    uint32_t op = p.code[pc];
    if (!((op == kLiteral || op == kLiteralIgnore) && p.code[pc + 1] < 128)) p.first_has_non_ascii = true;
  }
}

// Sets each character set's ASCII answers for the opcode that tests it (IN_IGNORE and
// IN_UNI_IGNORE lowercase the input first).
inline void finish_charset(Charset& set, uint32_t opcode) {
  for (char32_t c = 0; c < 128; ++c) {
    char32_t probe = opcode == kInIgnore ? ascii_lower(c) : opcode == kInUniIgnore ? lower(c) : c;
    set.ascii[c] = set.contains(probe);
  }
}

// A Program as a library stores it (little-endian u32 words; text as a length and UTF-8):
//   flags, groups, named groups {name, group}..., code words, character sets {the opcode testing
//   it, negate, ranges, categories {kind, mask}, RANGE_UNI_IGNORE ranges}..., a count before
//   each list.
// codegen/muna/re_support.py writes it.
class ProgramReader {
 public:
  ProgramReader(const unsigned char* data, size_t size) : data_(data), size_(size) {}
  uint32_t u32() {
    if (at_ + 4 > size_) throw RuntimeError("corrupt regular expression constant");
    uint32_t v;
    std::memcpy(&v, data_ + at_, 4);
    at_ += 4;
    return v;
  }
  std::string text() {
    uint32_t n = u32();
    if (at_ + n > size_) throw RuntimeError("corrupt regular expression constant");
    std::string s(reinterpret_cast<const char*>(data_ + at_), n);
    at_ += n;
    return s;
  }
  std::vector<std::pair<char32_t, char32_t>> ranges() {
    std::vector<std::pair<char32_t, char32_t>> out(u32());
    for (auto& r : out) {
      r.first = u32();
      r.second = u32();
    }
    return out;
  }

  Program program() {
    Program p;
    p.flags = u32();
    p.groups = u32();
    p.group_names.assign(static_cast<size_t>(p.groups) + 1, U"");
    for (uint32_t n = u32(); n > 0; --n) {
      std::string name = text();
      int64_t g = u32();
      if (g > p.groups) throw RuntimeError("corrupt regular expression constant");
      p.group_names[g] = python::unicode::to_code_points(name);
      p.groupindex.emplace_back(std::move(name), g);
    }
    p.code.resize(u32());
    for (uint32_t& w : p.code) w = u32();
    p.charsets.resize(u32());
    for (Charset& set : p.charsets) {
      uint32_t opcode = u32();
      set.negate = u32() != 0;
      set.ranges = ranges();
      set.categories.resize(u32());
      for (CategoryCode& c : set.categories) {
        c.kind = u32();
        c.mask = u32();
      }
      set.uni_ignore_ranges = ranges();
      finish_charset(set, opcode);
    }
    find_first_tests(p);
    return p;
  }

 private:
  const unsigned char* data_;
  size_t size_;
  size_t at_ = 0;
};

}  // namespace muna::text::regex
