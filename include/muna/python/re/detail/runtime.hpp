// Patterns built at run time: compiled by the engine (CPython's parser and compiler ported,
// with their errors), through a cache of recent patterns as CPython's re._compile keeps one.
#pragma once
#include <cstddef>
#include <cstdint>
#include <list>
#include <memory>
#include <string>

#include "muna/core/error.hpp"
#include "muna/python/re/detail/pattern.hpp"
#include "muna/text/regex/compiler.hpp"

namespace muna::python::re {

inline PatternPtr compile_pattern(const std::string& pattern, int64_t flags) {
  // re.DEBUG prints the parse tree in CPython; a library has nowhere to print it.
  if (flags & text::regex::kDebug) throw NotImplementedError("re.DEBUG is not supported by muna");
  auto p = std::make_shared<CompiledPattern>();
  p->program = text::regex::compile_program(pattern, static_cast<uint32_t>(flags));
  p->pattern = pattern;
  p->flags = static_cast<int64_t>(p->program.flags);
  return p;
}

// A thread-local cache: calls stay free of shared mutable state.
inline PatternPtr cached_pattern(const std::string& pattern, int64_t flags) {
  struct Entry {
    std::string pattern;
    int64_t flags;
    PatternPtr compiled;
  };
  constexpr size_t kCapacity = 64;
  thread_local std::list<Entry> cache;
  for (auto it = cache.begin(); it != cache.end(); ++it) {
    if (it->flags == flags && it->pattern == pattern) {
      cache.splice(cache.begin(), cache, it);
      return cache.front().compiled;
    }
  }
  PatternPtr compiled = compile_pattern(pattern, flags);
  cache.push_front({pattern, flags, compiled});
  if (cache.size() > kCapacity) cache.pop_back();
  return compiled;
}

// Pattern text as the pattern argument of a module function (re.search(text, ...)).
inline PatternObject pattern_of(const std::string& p, int64_t flags) { return PatternObject(cached_pattern(p, flags)); }

}  // namespace muna::python::re
