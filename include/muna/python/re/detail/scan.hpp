// The operations of re.Pattern over a string, as CPython's _sre.c runs them: one match or
// search, and the scanning loops of findall, finditer, sub and split (each search after an empty
// match must advance, sre's must_advance).
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "muna/core/error.hpp"
#include "muna/python/list.hpp"
#include "muna/python/re/detail/match.hpp"
#include "muna/python/re/detail/pattern.hpp"
#include "muna/python/re/detail/positions.hpp"
#include "muna/python/re/detail/template.hpp"
#include "muna/text/regex/matcher.hpp"

namespace muna::python::re {

enum class Anchor { kMatch, kFullMatch, kSearch };

inline std::optional<MatchObject> find(const PatternObject& p, const std::string& s, int64_t pos, int64_t endpos,
                                       Anchor anchor) {
  Bounds b = bounds_of(s, pos, endpos);
  text::regex::Matcher m(p->program);
  text::regex::Captures c;
  bool found = anchor == Anchor::kSearch ? m.search(s, b.pos_byte, b.end_byte, c)
                                         : m.match(s, b.pos_byte, b.end_byte, anchor == Anchor::kFullMatch, c);
  if (!found) return std::nullopt;
  Cursor cursor(s);
  cursor.move_to(b.pos_byte);  // counted once more from the start: pos was clamped by bytes
  return MatchObject(p.ptr(), std::make_shared<const std::string>(s), c, cursor, b.pos_point, b.endpos_point);
}

// Successive non-overlapping matches from pos to endpos; an empty match is followed by a search
// that must move on (findall, finditer, sub, split). It reads the caller's string, and shares a
// copy of it only once a Match object is made (Match.string outlives the call).
class Scanner {
 public:
  Scanner(const PatternObject& p, const std::string& s, int64_t pos, int64_t endpos)
      : pattern_(p), text_(&s), matcher_(p->program), cursor_(s) {
    init(pos, endpos);
  }
  Scanner(const PatternObject& p, std::shared_ptr<const std::string> s, int64_t pos, int64_t endpos)
      : pattern_(p), string_(std::move(s)), text_(string_.get()), matcher_(p->program), cursor_(*text_) {
    init(pos, endpos);
  }

  void init(int64_t pos, int64_t endpos) {
    Bounds b = bounds_of(*text_, pos, endpos);
    start_ = b.pos_byte;
    end_ = b.end_byte;
    pos_point_ = b.pos_point;
    endpos_point_ = b.endpos_point;
    cursor_.move_to(start_);
  }

  // The next match, or false when there is none (then every later call is false too).
  bool next(text::regex::Captures& c) {
    if (done_ || start_ > end_) {
      done_ = true;
      return false;
    }
    if (!matcher_.search(*text_, start_, end_, c, must_advance_)) {
      done_ = true;
      return false;
    }
    must_advance_ = c.end == c.start;
    start_ = c.end;
    return true;
  }

  // The match just found as a Match object (code point spans counted from the last one).
  MatchObject match_object(const text::regex::Captures& c) {
    if (c.start >= cursor_.byte()) cursor_.move_to(c.start);
    if (!string_) string_ = std::make_shared<const std::string>(*text_);
    return MatchObject(pattern_.ptr(), string_, c, cursor_, pos_point_, endpos_point_);
  }

  const std::string& string() const { return *text_; }
  int64_t end_byte() const { return end_; }

 private:
  PatternObject pattern_;
  std::shared_ptr<const std::string> string_;
  const std::string* text_;
  text::regex::Matcher matcher_;
  Cursor cursor_;
  int64_t start_ = 0, end_ = 0, pos_point_ = 0, endpos_point_ = -1;
  bool must_advance_ = false, done_ = false;
};

inline std::string slice(const std::string& s, int64_t begin, int64_t end) {
  return s.substr(static_cast<size_t>(begin), static_cast<size_t>(end - begin));
}

inline std::string group_or_empty(const std::string& s, const text::regex::Captures& c, int64_t g) {
  if (g == 0) return slice(s, c.start, c.end);
  int64_t b = c.marks[2 * (g - 1)], e = c.marks[2 * (g - 1) + 1];
  return b < 0 ? std::string() : slice(s, b, e);
}

// findall for a pattern with at most one group: the match, or its group ('' when unmatched).
inline List<std::string> findall_strings(const PatternObject& p, const std::string& s, int64_t pos, int64_t endpos) {
  if (p->program.groups > 1)
    throw NotImplementedError("findall() of a pattern with " + std::to_string(p->program.groups) +
                              " groups gives tuples; muna types them only for a pattern known at compile time");
  Scanner scan(p, s, pos, endpos);
  List<std::string> out;
  text::regex::Captures c;
  const int64_t g = p->program.groups;
  while (scan.next(c)) out.push_back(group_or_empty(scan.string(), c, g));
  return out;
}

template <size_t N, size_t... I>
auto groups_tuple(const std::string& s, const text::regex::Captures& c, std::index_sequence<I...>) {
  return std::make_tuple(group_or_empty(s, c, static_cast<int64_t>(I) + 1)...);
}

// findall for a pattern with N > 1 groups: a tuple of the groups' texts per match.
template <size_t N>
auto findall_groups(const PatternObject& p, const std::string& s, int64_t pos, int64_t endpos) {
  if (p->program.groups != static_cast<int64_t>(N)) throw RuntimeError("regular expression has an unexpected number of groups");
  using Tuple = decltype(groups_tuple<N>(s, text::regex::Captures{}, std::make_index_sequence<N>{}));
  Scanner scan(p, s, pos, endpos);
  List<Tuple> out;
  text::regex::Captures c;
  while (scan.next(c)) out.push_back(groups_tuple<N>(scan.string(), c, std::make_index_sequence<N>{}));
  return out;
}

// finditer: Match objects, one per iteration of a for loop (lazily, as CPython's iterator).
class MatchIterator {
 public:
  MatchIterator(const PatternObject& p, const std::string& s, int64_t pos, int64_t endpos)
      : scan_(std::make_shared<Scanner>(p, std::make_shared<const std::string>(s), pos, endpos)) {}

  struct iterator {
    std::shared_ptr<Scanner> scan;
    std::optional<MatchObject> current;
    void step() {
      text::regex::Captures c;
      if (scan->next(c))
        current = scan->match_object(c);
      else
        current.reset();
    }
    const MatchObject& operator*() const { return *current; }
    iterator& operator++() {
      step();
      return *this;
    }
    bool operator!=(const iterator&) const { return current.has_value(); }
  };
  iterator begin() const {
    iterator it{scan_, std::nullopt};
    it.step();
    return it;
  }
  iterator end() const { return {nullptr, std::nullopt}; }

  List<MatchObject> list() const {
    List<MatchObject> out;
    for (const MatchObject& m : *this) out.push_back(m);
    return out;
  }

 private:
  std::shared_ptr<Scanner> scan_;
};

// A replacement: text with group references, or a function of the Match. The function may
// return None (std::nullopt), which sre treats as "".
inline void append_replacement(std::string& out, const Template& t, const text::regex::Captures& c,
                               const std::string& s) {
  for (const auto& piece : t.pieces) {
    if (piece.group < 0) {
      out += piece.text;
    } else {
      int64_t g = piece.group;
      int64_t b = g == 0 ? c.start : c.marks[2 * (g - 1)];
      int64_t e = g == 0 ? c.end : c.marks[2 * (g - 1) + 1];
      if (b >= 0) out.append(s, static_cast<size_t>(b), static_cast<size_t>(e - b));
    }
  }
}

inline void append_text(std::string& out, const std::string& text) { out += text; }
inline void append_text(std::string& out, const std::optional<std::string>& text) {
  if (text) out += *text;
}

// Pattern.subn: the new string and the number of replacements; `replace(scanner, captures, out)`
// appends one replacement.
template <class Replace>
std::tuple<std::string, int64_t> substitute(const PatternObject& p, const std::string& s, int64_t count, Replace&& replace) {
  Scanner scan(p, s, 0, INT64_MAX);
  std::string out;
  int64_t n = 0, i = 0;
  text::regex::Captures c;
  while (count == 0 || n < count) {
    if (count < 0 || !scan.next(c)) break;
    if (i < c.start) out.append(s, static_cast<size_t>(i), static_cast<size_t>(c.start - i));
    replace(scan, c, out);
    i = c.end;
    ++n;
  }
  if (i < scan.end_byte()) out.append(s, static_cast<size_t>(i), static_cast<size_t>(scan.end_byte() - i));
  return {std::move(out), n};
}

inline std::tuple<std::string, int64_t> subn_template(const PatternObject& p, const std::string& repl,
                                                      const std::string& s, int64_t count) {
  if (repl.find('\\') == std::string::npos)
    return substitute(p, s, count, [&](Scanner&, const text::regex::Captures&, std::string& out) { out += repl; });
  Template t = parse_template(repl, *p);
  return substitute(p, s, count, [&](Scanner& scan, const text::regex::Captures& c, std::string& out) {
    append_replacement(out, t, c, scan.string());
  });
}

template <class F>
std::tuple<std::string, int64_t> subn_function(const PatternObject& p, F&& repl, const std::string& s, int64_t count) {
  return substitute(p, s, count, [&](Scanner& scan, const text::regex::Captures& c, std::string& out) {
    append_text(out, repl(scan.match_object(c)));
  });
}

// Pattern.split: the pieces between matches, with every group's text (or None) between them.
// Item is std::optional<std::string>, or std::string when no group can be None (a None then
// means muna's analysis of the pattern was wrong, and is reported).
template <class Item>
List<Item> split_string(const PatternObject& p, const std::string& s, int64_t maxsplit) {
  Scanner scan(p, s, 0, INT64_MAX);
  List<Item> out;
  int64_t n = 0, last = 0;
  text::regex::Captures c;
  const int64_t groups = p->program.groups;
  while (maxsplit == 0 || n < maxsplit) {
    if (maxsplit < 0 || !scan.next(c)) break;
    out.push_back(Item(slice(s, last, c.start)));
    for (int64_t g = 1; g <= groups; ++g) {
      int64_t b = c.marks[2 * (g - 1)], e = c.marks[2 * (g - 1) + 1];
      if (b >= 0) {
        out.push_back(Item(slice(s, b, e)));
      } else if constexpr (std::is_same_v<Item, std::string>) {
        throw NotImplementedError("split() by a pattern whose group did not take part gives None; muna types "
                                  "that only for a pattern known at compile time");
      } else {
        out.push_back(Item());
      }
    }
    ++n;
    last = c.end;
  }
  out.push_back(Item(slice(s, last, scan.end_byte())));
  return out;
}

}  // namespace muna::python::re
