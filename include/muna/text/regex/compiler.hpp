// Syntax tree -> Program (program.hpp), as CPython 3.11's re._compiler lays sre code out, for
// patterns built at run time (a pattern known at compile time gets CPython's own compiled code).
#pragma once
#include <algorithm>
#include <bitset>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "muna/core/error.hpp"
#include "muna/text/regex/chars.hpp"
#include "muna/text/regex/parser.hpp"
#include "muna/text/regex/program.hpp"

namespace muna::text::regex {

namespace detail {

// The case handling one _compile level uses (re._compiler's iscased / tolower / fixes).
struct CaseRules {
  enum Kind { kNone, kAscii, kUnicode } kind = kNone;
  bool cased(char32_t c) const { return kind == kAscii ? ascii_iscased(c) : iscased(c); }
  char32_t fold(char32_t c) const { return kind == kAscii ? ascii_lower(c) : lower(c); }
};

inline CaseRules case_rules(uint32_t flags) {
  CaseRules r;
  if ((flags & kIgnoreCase) && !(flags & kLocale)) r.kind = (flags & kUnicode) ? CaseRules::kUnicode : CaseRules::kAscii;
  return r;
}

inline uint32_t combine_flags(uint32_t flags, uint32_t add, uint32_t del) {
  if (add & kTypeFlags) flags &= ~kTypeFlags;
  return (flags | add) & ~del;
}

inline bool is_simple(const Seq& p) {
  if (p.size() != 1) return false;
  const Node& n = p[0];
  if (n.op == NodeOp::kSubpattern) return n.group < 0 && is_simple(n.subs[0]);
  return n.op == NodeOp::kLiteral || n.op == NodeOp::kNotLiteral || n.op == NodeOp::kAny || n.op == NodeOp::kIn;
}

}  // namespace detail

class Compiler {
 public:
  Compiler(Program& program, const ParseState& state) : program_(program), state_(state) {}

  void compile_top(const Seq& seq, uint32_t flags) {
    compile(seq, flags);
    emit(kSuccess);
  }

 private:
  void emit(uint32_t v) { program_.code.push_back(v); }
  size_t here() const { return program_.code.size(); }
  uint32_t& at(size_t i) { return program_.code[i]; }

  CategoryCode compiled_category(CategoryCode c, uint32_t flags) const {
    if (c.kind > kNotWord) return c;  // \p{...}
    if (state_.options.unicode_properties && (flags & kUnicode)) return {c.kind + kPropDigit, 0};
    if (flags & kUnicode) return {c.kind + kUniDigit, 0};
    return c;
  }

  uint32_t add_charset(Charset set, uint32_t opcode) {
    finish_charset(set, opcode);
    program_.charsets.push_back(std::move(set));
    return static_cast<uint32_t>(program_.charsets.size() - 1);
  }

  // _optimize_charset: the set's literals and ranges as a character map (lowercased and with
  // sre's extra case equivalences when case is ignored), which items stay in the tail, and
  // whether any character is cased (else sre tests the input as it is).
  std::pair<Charset, bool> optimize_charset(const std::vector<SetItem>& items, const detail::CaseRules& rules,
                                            uint32_t flags) const {
    const bool fixup = rules.kind != detail::CaseRules::kNone;
    const bool fixes = rules.kind == detail::CaseRules::kUnicode;
    std::vector<bool> charmap(256, false);
    Charset out;
    bool hascased = false;
    struct Full {};  // the IndexError of a charmap too small for a character
    auto mark = [&](char32_t c) {
      if (c >= charmap.size()) throw Full{};
      charmap[c] = true;
    };
    auto mark_fixes = [&](char32_t lo) {
      size_t n = 0;
      if (const uint32_t* others = case_fixes(lo, n))
        for (size_t k = 0; k < n; ++k) mark(others[k]);
    };
    for (const SetItem& item : items) {
      while (true) {
        try {
          if (item.kind == SetItem::kLiteral) {
            if (fixup) {
              char32_t lo = rules.fold(item.lo);
              mark(lo);
              if (fixes) mark_fixes(lo);
              if (!hascased && rules.cased(item.lo)) hascased = true;
            } else {
              mark(item.lo);
            }
          } else if (item.kind == SetItem::kRange) {
            if (fixup) {
              for (char32_t c = item.lo; c <= item.hi; ++c) {
                char32_t lo = rules.fold(c);
                mark(lo);
                if (fixes) mark_fixes(lo);
              }
              if (!hascased)
                for (char32_t c = item.lo; c <= item.hi && !hascased; ++c) hascased = rules.cased(c);
            } else {
              for (char32_t c = item.lo; c <= item.hi; ++c) mark(c);
            }
          } else if (item.kind == SetItem::kNegate) {
            out.negate = true;
          } else {
            out.categories.push_back(compiled_category(item.category, flags));
          }
        } catch (Full) {
          if (charmap.size() == 256) {
            charmap.resize(65536, false);
            continue;
          }
          // Beyond the BMP: sre keeps the item as it is (a range then also admits characters
          // whose uppercase is inside, RANGE_UNI_IGNORE).
          if (fixup) hascased = true;
          if (item.kind == SetItem::kRange) {
            (fixup ? out.uni_ignore_ranges : out.ranges).emplace_back(item.lo, item.hi);
          } else {
            out.ranges.emplace_back(item.lo, item.lo);
          }
        }
        break;
      }
    }
    for (size_t c = 0; c < charmap.size(); ++c) {
      if (!charmap[c]) continue;
      size_t e = c;
      while (e + 1 < charmap.size() && charmap[e + 1]) ++e;
      out.ranges.emplace_back(static_cast<char32_t>(c), static_cast<char32_t>(e));
      c = e;
    }
    std::sort(out.ranges.begin(), out.ranges.end());
    std::vector<std::pair<char32_t, char32_t>> merged;
    for (const auto& r : out.ranges) {
      if (!merged.empty() && r.first <= merged.back().second + 1)
        merged.back().second = std::max(merged.back().second, r.second);
      else
        merged.push_back(r);
    }
    out.ranges = std::move(merged);
    return {std::move(out), hascased};
  }

  void compile_literal(const Node& n, uint32_t flags, const detail::CaseRules& rules) {
    const bool negated = n.op == NodeOp::kNotLiteral;
    if (!(flags & kIgnoreCase) || !rules.cased(n.value)) {
      emit(negated ? kNotLiteral : kLiteral);
      emit(n.value);
      return;
    }
    char32_t lo = rules.fold(n.value);
    size_t count = 0;
    const uint32_t* others = rules.kind == detail::CaseRules::kUnicode ? case_fixes(lo, count) : nullptr;
    if (rules.kind == detail::CaseRules::kAscii) {
      emit(negated ? kNotLiteralIgnore : kLiteralIgnore);
      emit(lo);
    } else if (!others) {
      emit(negated ? kNotLiteralUniIgnore : kLiteralUniIgnore);
      emit(lo);
    } else {
      Charset set;
      set.negate = negated;
      set.ranges.emplace_back(lo, lo);
      for (size_t k = 0; k < count; ++k) set.ranges.emplace_back(others[k], others[k]);
      std::sort(set.ranges.begin(), set.ranges.end());
      emit(kInUniIgnore);
      emit(2);
      emit(add_charset(std::move(set), kInUniIgnore));
    }
  }

  void compile(const Seq& seq, uint32_t flags) {
    const detail::CaseRules rules = detail::case_rules(flags);
    for (const Node& n : seq) {
      switch (n.op) {
        case NodeOp::kLiteral:
        case NodeOp::kNotLiteral:
          compile_literal(n, flags, rules);
          break;
        case NodeOp::kIn: {
          auto [set, hascased] = optimize_charset(n.set, rules, flags);
          uint32_t opcode = !hascased ? kIn : rules.kind == detail::CaseRules::kAscii ? kInIgnore : kInUniIgnore;
          emit(opcode);
          emit(2);
          emit(add_charset(std::move(set), opcode));
          break;
        }
        case NodeOp::kAny:
          emit((flags & kDotAll) ? kAnyAll : kAny);
          break;
        case NodeOp::kMaxRepeat:
        case NodeOp::kMinRepeat:
        case NodeOp::kPossessiveRepeat: {
          if (flags & kTemplate) {
            const char* name = n.op == NodeOp::kMaxRepeat ? "MAX_REPEAT" : n.op == NodeOp::kMinRepeat ? "MIN_REPEAT" : "POSSESSIVE_REPEAT";
            throw muna::error(std::string("internal: unsupported template operator ") + name);
          }
          const bool simple = detail::is_simple(n.subs[0]);
          uint32_t opcode;
          if (n.op == NodeOp::kMaxRepeat) opcode = simple ? kRepeatOne : kRepeat;
          else if (n.op == NodeOp::kMinRepeat) opcode = simple ? kMinRepeatOne : kRepeat;
          else opcode = simple ? kPossessiveRepeatOne : kPossessiveRepeat;
          emit(opcode);
          size_t skip = here();
          emit(0);
          emit(static_cast<uint32_t>(n.min));
          emit(static_cast<uint32_t>(n.max));
          compile(n.subs[0], flags);
          if (simple) {
            emit(kSuccess);
            at(skip) = static_cast<uint32_t>(here() - skip);
          } else {
            at(skip) = static_cast<uint32_t>(here() - skip);
            emit(n.op == NodeOp::kMaxRepeat ? kMaxUntil : n.op == NodeOp::kMinRepeat ? kMinUntil : kSuccess);
          }
          break;
        }
        case NodeOp::kSubpattern:
          if (n.group >= 0) {
            emit(kMark);
            emit(static_cast<uint32_t>((n.group - 1) * 2));
          }
          compile(n.subs[0], detail::combine_flags(flags, n.add_flags, n.del_flags));
          if (n.group >= 0) {
            emit(kMark);
            emit(static_cast<uint32_t>((n.group - 1) * 2 + 1));
          }
          break;
        case NodeOp::kAtomicGroup: {
          emit(kAtomicGroup);
          size_t skip = here();
          emit(0);
          compile(n.subs[0], flags);
          emit(kSuccess);
          at(skip) = static_cast<uint32_t>(here() - skip);
          break;
        }
        case NodeOp::kAssert:
        case NodeOp::kAssertNot: {
          emit(n.op == NodeOp::kAssert ? kAssert : kAssertNot);
          size_t skip = here();
          emit(0);
          if (n.dir >= 0) {
            emit(0);
          } else {
            Width w = Parser::width_of(n.subs[0], state_);
            if (w.first != w.second) throw muna::error("look-behind requires fixed-width pattern");
            emit(static_cast<uint32_t>(w.first));
          }
          compile(n.subs[0], flags);
          emit(kSuccess);
          at(skip) = static_cast<uint32_t>(here() - skip);
          break;
        }
        case NodeOp::kAt: {
          At code = n.at;
          if (flags & kMultiline) {
            if (code == At::kBeginning) code = At::kBeginningLine;
            if (code == At::kEnd) code = At::kEndLine;
          }
          if (flags & kUnicode) {
            const bool prop = state_.options.unicode_properties;
            if (code == At::kBoundary) code = prop ? At::kPropBoundary : At::kUniBoundary;
            if (code == At::kNonBoundary) code = prop ? At::kPropNonBoundary : At::kUniNonBoundary;
          }
          emit(kAt);
          emit(static_cast<uint32_t>(code));
          break;
        }
        case NodeOp::kBranch: {
          emit(kBranch);
          std::vector<size_t> tails;
          for (const Seq& alt : n.subs) {
            size_t skip = here();
            emit(0);
            compile(alt, flags);
            emit(kJump);
            tails.push_back(here());
            emit(0);
            at(skip) = static_cast<uint32_t>(here() - skip);
          }
          emit(kFailure);
          for (size_t t : tails) at(t) = static_cast<uint32_t>(here() - t);
          break;
        }
        case NodeOp::kGroupRef:
          emit(!(flags & kIgnoreCase) ? kGroupRef : rules.kind == detail::CaseRules::kAscii ? kGroupRefIgnore : kGroupRefUniIgnore);
          emit(n.value - 1);
          break;
        case NodeOp::kGroupRefExists: {
          emit(kGroupRefExists);
          emit(static_cast<uint32_t>(n.group - 1));
          size_t skipyes = here();
          emit(0);
          compile(n.subs[0], flags);
          if (n.has_no) {
            emit(kJump);
            size_t skipno = here();
            emit(0);
            at(skipyes) = static_cast<uint32_t>(here() - skipyes + 1);
            compile(n.subs[1], flags);
            at(skipno) = static_cast<uint32_t>(here() - skipno);
          } else {
            at(skipyes) = static_cast<uint32_t>(here() - skipyes + 1);
          }
          break;
        }
      }
    }
  }

  Program& program_;
  const ParseState& state_;
};

// Parses and compiles `pattern` (UTF-8). Raises re.error (muna::error) with CPython's
// message for a pattern CPython rejects, and CPython's ValueError / OverflowError where it
// raises those.
inline Program compile_program(const std::string& pattern, uint32_t flags, Options options = {}) {
  std::u32string cps = python::unicode::to_code_points(pattern);
  Program program;
  try {
    Parser parser(cps, flags, options);
    Parsed parsed = parser.parse();
    program.flags = flags | parsed.state.flags;
    program.groups = parsed.state.groups() - 1;
    program.group_names.assign(parsed.state.groups(), U"");
    for (const auto& [name, g] : parsed.state.groupdict) {
      program.groupindex.emplace_back(utf8(name), g);
      program.group_names[g] = name;
    }
    Compiler(program, parsed.state).compile_top(parsed.seq, program.flags);
  } catch (const ParseError& e) {
    throw muna::error(error_text(e.message, cps, e.pos));
  }
  find_first_tests(program);
  return program;
}

}  // namespace muna::text::regex
