// Replacement templates of re.sub and Match.expand (\1, \g<name>, \g<0>, \n, ...), parsed as
// CPython 3.11's re._parser.parse_template, with its errors.
#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "muna/core/error.hpp"
#include "muna/python/re/detail/match.hpp"
#include "muna/python/re/detail/pattern.hpp"
#include "muna/python/unicode/utf8.hpp"
#include "muna/text/regex/source.hpp"

namespace muna::python::re {

// Literal text with group references between: pieces[i] is text, or a group when group >= 0.
struct Template {
  struct Piece {
    std::string text;
    int64_t group = -1;
  };
  std::vector<Piece> pieces;
  bool literal() const { return pieces.size() <= 1 && (pieces.empty() || pieces[0].group < 0); }
};

inline Template parse_template(const std::string& repl, const CompiledPattern& pattern) {
  namespace rx = text::regex;
  const std::u32string source = unicode::to_code_points(repl);
  Template out;
  std::u32string literal;
  auto flush = [&] {
    if (!literal.empty()) out.pieces.push_back({rx::utf8(literal), -1});
    literal.clear();
  };
  try {
    rx::Source s(source);
    auto addgroup = [&](int64_t index, int64_t pos) {
      if (index > pattern.program.groups) throw s.error("invalid group reference " + std::to_string(index), pos);
      flush();
      out.pieces.push_back({"", index});
    };
    while (true) {
      int64_t t = s.get();
      if (t == rx::Source::kNone) break;
      if (!rx::Source::is_escape(t)) {
        literal += static_cast<char32_t>(t);
        continue;
      }
      char32_t c = rx::Source::escaped(t);
      std::u32string text = rx::Source::text(t);
      if (c == 'g') {
        if (!s.match('<')) throw s.error("missing <");
        std::u32string name = s.getuntil('>', "group name");
        int64_t len = static_cast<int64_t>(name.size()) + 1;
        int64_t index = -1;
        if (rx::is_identifier(name)) {
          const std::string key = rx::utf8(name);
          for (const auto& [n, g] : pattern.program.groupindex)
            if (n == key) index = g;
          if (index < 0) throw IndexError("unknown group name " + rx::repr(name));
        } else {
          std::string shown;
          auto v = rx::detail::int_of_name(name, shown);
          if (!v) throw s.error("bad character in group name " + rx::repr(name), len);
          if (*v >= rx::kMaxGroups) throw s.error("invalid group reference " + shown, len);
          index = *v;
        }
        addgroup(index, len);
      } else if (c == '0') {
        if (rx::Source::in(s.next(), rx::detail::kOctDigits)) {
          text += static_cast<char32_t>(s.get());
          if (rx::Source::in(s.next(), rx::detail::kOctDigits)) text += static_cast<char32_t>(s.get());
        }
        literal += static_cast<char32_t>(rx::detail::parse_number(text.substr(1), 8) & 0xFF);
      } else if (c >= '1' && c <= '9') {
        bool isoctal = false;
        if (rx::Source::in(s.next(), rx::detail::kDigits)) {
          text += static_cast<char32_t>(s.get());
          if (rx::detail::is_oct(c) && rx::detail::is_oct(text[2]) && rx::Source::in(s.next(), rx::detail::kOctDigits)) {
            text += static_cast<char32_t>(s.get());
            isoctal = true;
            uint64_t v = rx::detail::parse_number(text.substr(1), 8);
            if (v > 0377)
              throw s.error("octal escape value " + rx::utf8(text) + " outside of range 0-0o377",
                            static_cast<int64_t>(text.size()));
            literal += static_cast<char32_t>(v);
          }
        }
        if (!isoctal)
          addgroup(static_cast<int64_t>(rx::detail::parse_number(text.substr(1), 10)), static_cast<int64_t>(text.size()) - 1);
      } else {
        switch (c) {
          case 'a': literal += char32_t{0x07}; break;
          case 'b': literal += char32_t{0x08}; break;
          case 'f': literal += char32_t{0x0C}; break;
          case 'n': literal += char32_t{0x0A}; break;
          case 'r': literal += char32_t{0x0D}; break;
          case 't': literal += char32_t{0x09}; break;
          case 'v': literal += char32_t{0x0B}; break;
          case '\\': literal += char32_t{0x5C}; break;
          default:
            if (rx::detail::is_ascii_letter(c))
              throw s.error("bad escape " + rx::utf8(text), static_cast<int64_t>(text.size()));
            literal += text;  // an unknown escape of a non-letter stays as written
        }
      }
    }
  } catch (const rx::ParseError& e) {
    throw muna::error(rx::error_text(e.message, source, e.pos));
  }
  flush();
  return out;
}

// expand_template: each group's text, or "" for a group that did not match.
inline void expand(const Template& t, const MatchObject& m, std::string& out) {
  for (const auto& piece : t.pieces) {
    if (piece.group < 0) {
      out += piece.text;
    } else if (m.matched(piece.group)) {
      out.append(m.string(), static_cast<size_t>(m.start_byte(piece.group)),
                 static_cast<size_t>(m.end_byte(piece.group) - m.start_byte(piece.group)));
    }
  }
}

}  // namespace muna::python::re
