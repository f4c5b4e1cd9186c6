// re.Pattern: a compiled program shared by every match it makes. A pattern known at compile
// time is baked into the library as CPython compiled it (read back here, no parsing); one built
// at run time is compiled by the engine (runtime.hpp).
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>

#include "muna/core/error.hpp"
#include "muna/text/regex/program.hpp"

namespace muna::python::re {

struct CompiledPattern {
  text::regex::Program program;
  std::string pattern;  // Pattern.pattern, as written
  int64_t flags = 0;    // Pattern.flags: the flags given, inline global flags and re.UNICODE
};

using PatternPtr = std::shared_ptr<const CompiledPattern>;

class PatternObject {
 public:
  PatternObject() = default;  // a variable not yet assigned
  explicit PatternObject(PatternPtr p) : p_(std::move(p)) {}

  const CompiledPattern& operator*() const { return *p_; }
  const CompiledPattern* operator->() const { return p_.get(); }
  const PatternPtr& ptr() const { return p_; }

  // A pattern baked at compile time: its text, then its program (text::regex::ProgramReader).
  static PatternObject from_blob(const unsigned char* data, size_t size) {
    text::regex::ProgramReader reader(data, size);
    auto p = std::make_shared<CompiledPattern>();
    p->pattern = reader.text();
    p->program = reader.program();
    p->flags = p->program.flags;
    return PatternObject(std::move(p));
  }

  friend bool operator==(const PatternObject& a, const PatternObject& b) {
    return a->flags == b->flags && a->pattern == b->pattern;
  }

 private:
  PatternPtr p_;
};

// A compiled Pattern as the pattern argument of a module function: CPython refuses flags
// together with one.
inline PatternObject pattern_of(const PatternObject& p, int64_t flags) {
  if (flags) throw ValueError("cannot process flags argument with a compiled pattern");
  return p;
}

}  // namespace muna::python::re
