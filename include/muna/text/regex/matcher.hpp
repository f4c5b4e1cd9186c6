// Running a Program over UTF-8 text: CPython's sre matching loop (Modules/_sre/sre_lib.h,
// SRE(match) and SRE(search)) followed operation for operation, so that every quirk of sre's
// backtracking (which alternative wins, what a group holds after a repeat, lastindex) is
// reproduced. Positions are byte offsets into the text; one "character" is one code point.
//
// Like sre, backtracking points live on heap stacks, not the C++ stack, so deep patterns never
// overflow it. Unlike sre, a match gives up after a budget of steps or of stack memory (a
// catastrophic pattern such as (a+)+b on a long run of a's would otherwise run for ages): it then
// raises muna::RuntimeError, never hangs.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "muna/core/error.hpp"
#include "muna/text/regex/chars.hpp"
#include "muna/text/regex/program.hpp"

namespace muna::text::regex {

// Where a match is: [start, end) and each group's span (-1 when the group did not take part).
struct Captures {
  int64_t start = -1, end = -1;
  std::vector<int64_t> marks;  // 2 * groups: start, end per group 1..groups
  int64_t lastindex = -1;      // the last group closed (sre's lastindex), -1 for none
};

// The backtracking budget of one match or search call.
struct Limits {
  uint64_t steps = 0;       // 0: the default, kDefaultSteps + kStepsPerByte per byte searched
  uint64_t stack_bytes = uint64_t{1} << 30;
  static constexpr uint64_t kDefaultSteps = uint64_t{1} << 25;
  static constexpr uint64_t kStepsPerByte = 256;
};

class Matcher {
 public:
  explicit Matcher(const Program& program) : p_(program) {}

  // pattern.match / fullmatch at `start`, seeing text[0, end) (bytes; `end` is endpos).
  bool match(std::string_view text, int64_t start, int64_t end, bool fullmatch, Captures& out,
             bool must_advance = false) {
    reset(text, start, end, must_advance);
    match_all_ = fullmatch;
    budget(end - start);
    bool ok = run(0, true);
    if (ok) capture(out);
    return ok;
  }

  // pattern.search from `start`: the leftmost match. `must_advance`: an empty match at `start`
  // does not count (findall, sub and split after an empty match, as sre's state->must_advance).
  bool search(std::string_view text, int64_t start, int64_t end, Captures& out, bool must_advance = false) {
    reset(text, start, end, must_advance);
    match_all_ = false;
    if (start > end) return false;
    budget(end - start);
    int64_t ptr = start;
    const uint32_t* code = p_.code.data();
    if (!p_.first.empty()) {
      // A match begins with one of a few one-character tests: skip the positions none passes.
      while (true) {
        ptr = next_candidate(ptr, end);
        if (ptr >= end) return false;
        start_ = ptr_ = ptr;
        must_advance_ = false;
        if (run(0, false)) {
          capture(out);
          return true;
        }
        ptr = next(ptr);
        lastmark_ = lastindex_ = -1;
      }
    }
    start_ = ptr_ = ptr;
    bool ok = run(0, true);
    must_advance_ = false;
    if (!ok && code[0] == kAt &&
        (code[1] == static_cast<uint32_t>(At::kBeginning) || code[1] == static_cast<uint32_t>(At::kBeginningString)))
      return false;
    while (!ok && ptr < end) {
      ptr = next(ptr);
      lastmark_ = lastindex_ = -1;
      start_ = ptr_ = ptr;
      ok = run(0, false);
    }
    if (ok) capture(out);
    return ok;
  }

  void set_limits(Limits limits) { limits_ = limits; }

 private:
  static constexpr int64_t kNull = -1;

  struct Repeat {
    int64_t count;
    uint32_t pattern;   // code offset of the REPEAT's operands (skip)
    int64_t prev;       // enclosing repeat, -1 for none
    int64_t last_ptr;   // zero-width iteration protection
  };

  // SRE(match_context): one frame of the matching loop.
  struct Context {
    int64_t count;
    uint32_t chr;
    int32_t rep;
    int64_t ptr;
    int32_t lastmark, lastindex;
    uint32_t pattern;
    bool toplevel;
    uint8_t jump;
  };

  enum Jump : uint8_t {
    kJumpNone, kJumpMaxUntil1, kJumpMaxUntil2, kJumpMaxUntil3, kJumpMinUntil1, kJumpMinUntil2,
    kJumpMinUntil3, kJumpRepeat, kJumpRepeatOne1, kJumpRepeatOne2, kJumpMinRepeatOne, kJumpBranch,
    kJumpAssert, kJumpAssertNot, kJumpPossRepeat1, kJumpPossRepeat2, kJumpAtomicGroup,
  };

  void reset(std::string_view text, int64_t start, int64_t end, bool must_advance) {
    s_ = reinterpret_cast<const unsigned char*>(text.data());
    beginning_ = 0;
    start_ = ptr_ = start;
    end_ = end;
    must_advance_ = must_advance;
    lastmark_ = lastindex_ = -1;
    repeat_ = -1;
    if (p_.groups) mark_.assign(2 * p_.groups, kNull);
    depth_ = 0;
    if (contexts_.size() < 64) contexts_.resize(64);
    data_.clear();
    repeats_.clear();
    steps_ = 0;
  }

  void budget(int64_t bytes) {
    step_limit_ = limits_.steps ? limits_.steps : Limits::kDefaultSteps + Limits::kStepsPerByte * static_cast<uint64_t>(bytes < 0 ? 0 : bytes);
  }

  void capture(Captures& out) const {
    out.start = start_;
    out.end = ptr_;
    out.marks.assign(2 * p_.groups, -1);
    for (int64_t j = 0; j < 2 * p_.groups; j += 2) {
      if (j + 1 <= lastmark_ && mark_[j] != kNull && mark_[j + 1] != kNull) {
        out.marks[j] = mark_[j];
        out.marks[j + 1] = mark_[j + 1];
      }
    }
    out.lastindex = lastindex_;
  }

  // --- UTF-8 -----------------------------------------------------------------------------------
  char32_t char_at(int64_t i) const {
    const unsigned char* p = s_ + i;
    uint32_t c = p[0];
    if (c < 0x80) return c;
    if (c < 0xE0) return ((c & 0x1F) << 6) | (p[1] & 0x3F);
    if (c < 0xF0) return ((c & 0x0F) << 12) | ((p[1] & 0x3F) << 6) | (p[2] & 0x3F);
    return ((c & 0x07) << 18) | ((p[1] & 0x3F) << 12) | ((p[2] & 0x3F) << 6) | (p[3] & 0x3F);
  }
  int64_t next(int64_t i) const {
    unsigned char c = s_[i];
    return i + (c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4);
  }
  int64_t prev(int64_t i) const {
    if (i <= 0) return i - 1;
    --i;
    while (i > 0 && (s_[i] & 0xC0) == 0x80) --i;
    return i;
  }
  // `count` characters back from i, or kNull when the text begins first.
  int64_t back(int64_t i, uint32_t count) const {
    for (uint32_t k = 0; k < count; ++k) {
      if (i <= beginning_) return kNull;
      i = prev(i);
    }
    return i;
  }

  // --- single-character tests ------------------------------------------------------------------
  bool in_set(uint32_t index, char32_t c) const { return regex::in_set(p_, index, c); }
  bool single(uint32_t pc, char32_t c) const { return accepts(p_, pc, c); }

  // The first position from `ptr` where one of the program's first tests passes, or `end`.
  int64_t next_candidate(int64_t ptr, int64_t end) const {
    if (!p_.first_has_non_ascii && p_.first.size() == 1 && p_.code[p_.first[0]] == kLiteral) {
      const void* hit = std::memchr(s_ + ptr, static_cast<int>(p_.code[p_.first[0] + 1]), static_cast<size_t>(end - ptr));
      return hit ? static_cast<const unsigned char*>(hit) - s_ : end;
    }
    while (ptr < end) {
      unsigned char b = s_[ptr];
      if (b < 0x80) {
        if (p_.first_ascii[b]) return ptr;
        ++ptr;
        continue;
      }
      if (p_.first_has_non_ascii) {
        char32_t c = char_at(ptr);
        for (uint32_t pc : p_.first)
          if (single(pc, c)) return ptr;
      }
      ptr = next(ptr);
    }
    return end;
  }

  // SRE(count): how many characters from ptr_ the one-character item at `pc` matches, at most
  // maxcount; `stop` receives where it stopped (the caller moves there itself, as in sre).
  int64_t count(uint32_t pc, uint64_t maxcount, int64_t& stop) const {
    int64_t ptr = ptr_;
    int64_t n = 0;
    const uint64_t limit = maxcount == kMaxRepeat ? UINT64_MAX : maxcount;
    const uint32_t op = p_.code[pc];
    if (op == kAnyAll) {
      while (ptr < end_ && static_cast<uint64_t>(n) < limit) {
        ptr = next(ptr);
        ++n;
      }
    } else if (op == kIn || op == kInIgnore || op == kInUniIgnore) {
      // A set: ASCII characters by one bit test each.
      const Charset& set = p_.charsets[p_.code[pc + 2]];
      while (ptr < end_ && static_cast<uint64_t>(n) < limit) {
        unsigned char b = s_[ptr];
        if (b < 0x80) {
          if (!set.ascii[b]) break;
          ++ptr;
        } else {
          if (!single(pc, char_at(ptr))) break;
          ptr = next(ptr);
        }
        ++n;
      }
    } else {
      while (ptr < end_ && static_cast<uint64_t>(n) < limit && single(pc, char_at(ptr))) {
        ptr = next(ptr);
        ++n;
      }
    }
    stop = ptr;
    return n;
  }

  bool at(int64_t ptr, At code) const {
    switch (code) {
      case At::kBeginning:
      case At::kBeginningString:
        return ptr == beginning_;
      case At::kBeginningLine:
        return ptr == beginning_ || s_[ptr - 1] == '\n';
      case At::kEnd:
        return (end_ - ptr == 1 && s_[ptr] == '\n') || ptr == end_;
      case At::kEndLine:
        return ptr == end_ || s_[ptr] == '\n';
      case At::kEndString:
        return ptr == end_;
      default: {
        if (beginning_ == end_) return false;
        WordKind kind = (code == At::kBoundary || code == At::kNonBoundary) ? WordKind::kAscii
                        : (code == At::kUniBoundary || code == At::kUniNonBoundary) ? WordKind::kUnicode
                                                                                     : WordKind::kProperty;
        bool that = ptr > beginning_ && is_word(kind, char_at(prev(ptr)));
        bool thisp = ptr < end_ && is_word(kind, char_at(ptr));
        bool boundary = code == At::kBoundary || code == At::kUniBoundary || code == At::kPropBoundary;
        return boundary ? thisp != that : thisp == that;
      }
    }
  }

  // --- the data stack: saved marks and repeat positions ----------------------------------------
  void mark_push(int64_t lastmark) {
    if (lastmark >= 0) data_.insert(data_.end(), mark_.begin(), mark_.begin() + lastmark + 1);
    check_stack();
  }
  void mark_pop(int64_t lastmark) {
    if (lastmark >= 0) {
      std::copy(data_.end() - (lastmark + 1), data_.end(), mark_.begin());
      data_.resize(data_.size() - (lastmark + 1));
    }
  }
  void mark_pop_keep(int64_t lastmark) {
    if (lastmark >= 0) std::copy(data_.end() - (lastmark + 1), data_.end(), mark_.begin());
  }
  void mark_pop_discard(int64_t lastmark) {
    if (lastmark >= 0) data_.resize(data_.size() - (lastmark + 1));
  }
  // Called as the data stack grows; measures only when it is about to reallocate.
  void check_stack() const {
    if (data_.size() < data_.capacity()) return;
    check_stack_bytes(data_.capacity() * sizeof(int64_t) + contexts_.size() * sizeof(Context) +
                      repeats_.capacity() * sizeof(Repeat));
  }
  void check_stack_bytes(uint64_t bytes) const {
    if (bytes > limits_.stack_bytes)
      throw RuntimeError("regular expression matching needed more than " + std::to_string(limits_.stack_bytes >> 20) +
                         " MiB of backtracking state; simplify the pattern or match a shorter text");
  }
  void step() {
    if (++steps_ > step_limit_)
      throw RuntimeError("regular expression matching exceeded " + std::to_string(step_limit_) +
                         " backtracking steps (catastrophic backtracking?); simplify the pattern");
  }

  bool group_span(uint32_t group, int64_t& p, int64_t& e) const {
    int64_t ref = static_cast<int64_t>(group) * 2;
    if (ref >= lastmark_) return false;
    p = mark_[ref];
    e = mark_[ref + 1];
    return !(p == kNull || e == kNull || e < p);
  }

  // SRE(match): runs the code from `start_pc` at ptr_; true on a match, with ptr_ at its end.
  bool run(uint32_t start_pc, bool toplevel);

  const Program& p_;
  Limits limits_;
  const unsigned char* s_ = nullptr;
  int64_t beginning_ = 0, start_ = 0, end_ = 0, ptr_ = 0;
  bool match_all_ = false, must_advance_ = false;
  int64_t lastmark_ = -1, lastindex_ = -1, repeat_ = -1;
  std::vector<int64_t> mark_;
  std::vector<Context> contexts_;  // frames [0, depth_) are live; grown by doubling
  size_t depth_ = 0;

  // A new frame on top (a "recursive call" of SRE(match)); returns its index.
  size_t push_frame(const Context& c) {
    if (depth_ == contexts_.size()) {
      contexts_.resize(contexts_.size() * 2);
      uint64_t bytes = contexts_.size() * sizeof(Context) + data_.capacity() * sizeof(int64_t);
      if (bytes > limits_.stack_bytes) check_stack_bytes(bytes);
    }
    contexts_[depth_] = c;
    return depth_++;
  }
  std::vector<int64_t> data_;
  std::vector<Repeat> repeats_;
  uint64_t steps_ = 0, step_limit_ = 0;
};

// The body follows sre_lib.h's SRE(match): a frame per "recursive" call on an explicit stack;
// DO_JUMP pushes a frame and restarts the dispatch, and a finished frame resumes its parent at
// the label its `jump` names. Names in comments are sre's.
inline bool Matcher::run(uint32_t start_pc, bool toplevel) {
  const uint32_t* code = p_.code.data();
  uint32_t pattern = start_pc;
  int64_t ptr = 0;
  int64_t ret = 0;
  size_t ctx = 0;  // index of the current frame in contexts_
  uint32_t jump_to;
  int64_t stop, n, from;  // scratch (declared here: the resumption labels sit inside the cases)

  auto C = [&]() -> Context& { return contexts_[ctx]; };
  auto lastmark_save = [&] {
    C().lastmark = lastmark_;
    C().lastindex = lastindex_;
  };
  auto lastmark_restore = [&] {
    lastmark_ = C().lastmark;
    lastindex_ = C().lastindex;
  };

  ctx = push_frame(Context{0, 0, -1, 0, -1, -1, pattern, toplevel, kJumpNone});

#define MUNA_RE_JUMP(jump_value, label, next_pattern, next_toplevel)                       \
  do {                                                                                      \
    C().pattern = pattern;                                                                  \
    C().ptr = ptr;                                                                          \
    jump_to = (next_pattern);                                                               \
    ctx = push_frame(Context{0, 0, -1, 0, -1, -1, jump_to, (next_toplevel), (jump_value)}); \
    pattern = jump_to;                                                                      \
    goto entrance;                                                                          \
  label:                                                                                    \
    pattern = C().pattern;                                                                  \
    ptr = C().ptr;                                                                          \
  } while (0)
#define DO_JUMP(jump_value, label, next_pattern) MUNA_RE_JUMP(jump_value, label, next_pattern, C().toplevel)
#define DO_JUMP0(jump_value, label, next_pattern) MUNA_RE_JUMP(jump_value, label, next_pattern, false)
#define RETURN_FAILURE \
  do {                 \
    ret = 0;           \
    goto exit;         \
  } while (0)
#define RETURN_SUCCESS \
  do {                 \
    ret = 1;           \
    goto exit;         \
  } while (0)

entrance:
  ptr = ptr_;

dispatch:
  step();
  switch (code[pattern++]) {
    case kMark: {
      int64_t i = code[pattern];
      if (i & 1) lastindex_ = i / 2 + 1;
      if (i > lastmark_) {
        for (int64_t j = lastmark_ + 1; j < i; ++j) mark_[j] = kNull;
        lastmark_ = i;
      }
      mark_[i] = ptr;
      ++pattern;
      goto dispatch;
    }

    case kLiteral:
    case kNotLiteral:
    case kLiteralIgnore:
    case kNotLiteralIgnore:
    case kLiteralUniIgnore:
    case kNotLiteralUniIgnore:
      if (ptr >= end_ || !single(pattern - 1, char_at(ptr))) RETURN_FAILURE;
      ++pattern;
      ptr = next(ptr);
      goto dispatch;

    case kSuccess:
      if (C().toplevel && ((match_all_ && ptr != end_) || (must_advance_ && ptr == start_))) RETURN_FAILURE;
      ptr_ = ptr;
      RETURN_SUCCESS;

    case kAt:
      if (!at(ptr, static_cast<At>(code[pattern]))) RETURN_FAILURE;
      ++pattern;
      goto dispatch;

    case kAny:
    case kAnyAll:
      if (ptr >= end_ || !single(pattern - 1, char_at(ptr))) RETURN_FAILURE;
      ptr = next(ptr);
      goto dispatch;

    case kIn:
    case kInIgnore:
    case kInUniIgnore:
      if (ptr >= end_ || !single(pattern - 1, char_at(ptr))) RETURN_FAILURE;
      pattern += code[pattern];
      ptr = next(ptr);
      goto dispatch;

    case kJump:
      pattern += code[pattern];
      goto dispatch;

    case kBranch:
      // <BRANCH> <0=skip> code <JUMP> ... <NULL>
      lastmark_save();
      if (repeat_ >= 0) mark_push(C().lastmark);
      for (; code[pattern]; pattern += code[pattern]) {
        if (code[pattern + 1] == kLiteral && (ptr >= end_ || char_at(ptr) != code[pattern + 2])) continue;
        if (code[pattern + 1] == kIn && (ptr >= end_ || !in_set(code[pattern + 3], char_at(ptr)))) continue;
        ptr_ = ptr;
        DO_JUMP(kJumpBranch, jump_branch, pattern + 1);
        if (ret) {
          if (repeat_ >= 0) mark_pop_discard(C().lastmark);
          RETURN_SUCCESS;
        }
        if (repeat_ >= 0) mark_pop_keep(C().lastmark);
        lastmark_restore();
      }
      if (repeat_ >= 0) mark_pop_discard(C().lastmark);
      RETURN_FAILURE;

    case kRepeatOne:
      // <REPEAT_ONE> <skip> <1=min> <2=max> item <SUCCESS> tail
      if (static_cast<int64_t>(code[pattern + 1]) > end_ - ptr) RETURN_FAILURE;  // bytes >= characters left
      ptr_ = ptr;
      C().count = count(pattern + 3, code[pattern + 2], stop);
      ptr = stop;
      if (C().count < static_cast<int64_t>(code[pattern + 1])) RETURN_FAILURE;
      if (code[pattern + code[pattern]] == kSuccess && ptr == end_ &&
          !(C().toplevel && must_advance_ && ptr == start_)) {
        ptr_ = ptr;
        RETURN_SUCCESS;
      }
      lastmark_save();
      if (repeat_ >= 0) mark_push(C().lastmark);
      if (code[pattern + code[pattern]] == kLiteral) {
        // The tail starts with a literal: skip the positions where it cannot match.
        C().chr = code[pattern + code[pattern] + 1];
        while (true) {
          while (C().count >= static_cast<int64_t>(code[pattern + 1]) && (ptr >= end_ || char_at(ptr) != C().chr)) {
            ptr = prev(ptr);
            --C().count;
          }
          if (C().count < static_cast<int64_t>(code[pattern + 1])) break;
          ptr_ = ptr;
          DO_JUMP(kJumpRepeatOne1, jump_repeat_one_1, pattern + code[pattern]);
          if (ret) {
            if (repeat_ >= 0) mark_pop_discard(C().lastmark);
            RETURN_SUCCESS;
          }
          if (repeat_ >= 0) mark_pop_keep(C().lastmark);
          lastmark_restore();
          ptr = prev(ptr);
          --C().count;
        }
        if (repeat_ >= 0) mark_pop_discard(C().lastmark);
      } else {
        while (C().count >= static_cast<int64_t>(code[pattern + 1])) {
          ptr_ = ptr;
          DO_JUMP(kJumpRepeatOne2, jump_repeat_one_2, pattern + code[pattern]);
          if (ret) {
            if (repeat_ >= 0) mark_pop_discard(C().lastmark);
            RETURN_SUCCESS;
          }
          if (repeat_ >= 0) mark_pop_keep(C().lastmark);
          lastmark_restore();
          ptr = prev(ptr);
          --C().count;
        }
        if (repeat_ >= 0) mark_pop_discard(C().lastmark);
      }
      RETURN_FAILURE;

    case kMinRepeatOne:
      // <MIN_REPEAT_ONE> <skip> <1=min> <2=max> item <SUCCESS> tail
      if (static_cast<int64_t>(code[pattern + 1]) > end_ - ptr) RETURN_FAILURE;
      ptr_ = ptr;
      if (code[pattern + 1] == 0) {
        C().count = 0;
      } else {
        n = count(pattern + 3, code[pattern + 1], stop);
        if (n < static_cast<int64_t>(code[pattern + 1])) RETURN_FAILURE;
        C().count = n;
        ptr = stop;
      }
      if (code[pattern + code[pattern]] == kSuccess &&
          !(C().toplevel && ((match_all_ && ptr != end_) || (must_advance_ && ptr == start_)))) {
        ptr_ = ptr;
        RETURN_SUCCESS;
      }
      lastmark_save();
      if (repeat_ >= 0) mark_push(C().lastmark);
      while (code[pattern + 2] == kMaxRepeat || C().count <= static_cast<int64_t>(code[pattern + 2])) {
        ptr_ = ptr;
        DO_JUMP(kJumpMinRepeatOne, jump_min_repeat_one, pattern + code[pattern]);
        if (ret) {
          if (repeat_ >= 0) mark_pop_discard(C().lastmark);
          RETURN_SUCCESS;
        }
        if (repeat_ >= 0) mark_pop_keep(C().lastmark);
        lastmark_restore();
        ptr_ = ptr;
        if (count(pattern + 3, 1, stop) == 0) break;
        ptr = stop;
        ++C().count;
      }
      if (repeat_ >= 0) mark_pop_discard(C().lastmark);
      RETURN_FAILURE;

    case kPossessiveRepeatOne:
      // <POSSESSIVE_REPEAT_ONE> <skip> <1=min> <2=max> item <SUCCESS> tail
      if (static_cast<int64_t>(code[pattern + 1]) > end_ - ptr) RETURN_FAILURE;
      ptr_ = ptr;
      C().count = count(pattern + 3, code[pattern + 2], stop);
      ptr = stop;
      if (C().count < static_cast<int64_t>(code[pattern + 1])) RETURN_FAILURE;
      pattern += code[pattern];
      if (code[pattern] == kSuccess && ptr == end_ && !(C().toplevel && must_advance_ && ptr == start_)) {
        ptr_ = ptr;
        RETURN_SUCCESS;
      }
      goto dispatch;

    case kRepeat:
      // <REPEAT> <skip> <1=min> <2=max> item <UNTIL> tail
      repeats_.push_back(Repeat{-1, pattern, repeat_, kNull});
      check_stack();
      C().rep = static_cast<int64_t>(repeats_.size() - 1);
      repeat_ = C().rep;
      ptr_ = ptr;
      DO_JUMP(kJumpRepeat, jump_repeat, pattern + code[pattern]);
      repeat_ = repeats_[C().rep].prev;
      repeats_.pop_back();
      if (ret) RETURN_SUCCESS;
      RETURN_FAILURE;

    case kMaxUntil:
      // maximizing repeat: <REPEAT> <skip> <1=min> <2=max> item <MAX_UNTIL> tail
      C().rep = repeat_;
      if (C().rep < 0) RETURN_FAILURE;  // sre: SRE_ERROR_STATE, unreachable for compiled code
      ptr_ = ptr;
      C().count = repeats_[C().rep].count + 1;
      {
        if (C().count < static_cast<int64_t>(code[repeats_[C().rep].pattern + 1])) {
          repeats_[C().rep].count = C().count;
          DO_JUMP(kJumpMaxUntil1, jump_max_until_1, repeats_[C().rep].pattern + 3);
          if (ret) RETURN_SUCCESS;
          repeats_[C().rep].count = C().count - 1;
          ptr_ = ptr;
          RETURN_FAILURE;
        }
        if ((C().count < static_cast<int64_t>(code[repeats_[C().rep].pattern + 2]) ||
             code[repeats_[C().rep].pattern + 2] == kMaxRepeat) &&
            ptr_ != repeats_[C().rep].last_ptr) {
          repeats_[C().rep].count = C().count;
          lastmark_save();
          mark_push(C().lastmark);
          data_.push_back(repeats_[C().rep].last_ptr);
          repeats_[C().rep].last_ptr = ptr_;
          DO_JUMP(kJumpMaxUntil2, jump_max_until_2, repeats_[C().rep].pattern + 3);
          repeats_[C().rep].last_ptr = data_.back();
          data_.pop_back();
          if (ret) {
            mark_pop_discard(C().lastmark);
            RETURN_SUCCESS;
          }
          mark_pop(C().lastmark);
          lastmark_restore();
          repeats_[C().rep].count = C().count - 1;
          ptr_ = ptr;
        }
      }
      // Cannot match more repeated items here: make sure the tail matches.
      repeat_ = repeats_[C().rep].prev;
      DO_JUMP(kJumpMaxUntil3, jump_max_until_3, pattern);
      repeat_ = C().rep;
      if (ret) RETURN_SUCCESS;
      ptr_ = ptr;
      RETURN_FAILURE;

    case kMinUntil:
      // minimizing repeat: <REPEAT> <skip> <1=min> <2=max> item <MIN_UNTIL> tail
      C().rep = repeat_;
      if (C().rep < 0) RETURN_FAILURE;
      ptr_ = ptr;
      C().count = repeats_[C().rep].count + 1;
      if (C().count < static_cast<int64_t>(code[repeats_[C().rep].pattern + 1])) {
        repeats_[C().rep].count = C().count;
        DO_JUMP(kJumpMinUntil1, jump_min_until_1, repeats_[C().rep].pattern + 3);
        if (ret) RETURN_SUCCESS;
        repeats_[C().rep].count = C().count - 1;
        ptr_ = ptr;
        RETURN_FAILURE;
      }
      // See if the tail matches.
      repeat_ = repeats_[C().rep].prev;
      lastmark_save();
      if (repeat_ >= 0) mark_push(C().lastmark);
      DO_JUMP(kJumpMinUntil2, jump_min_until_2, pattern);
      {
        const int64_t repeat_of_tail = repeat_;
        repeat_ = C().rep;
        if (ret) {
          if (repeat_of_tail >= 0) mark_pop_discard(C().lastmark);
          RETURN_SUCCESS;
        }
        if (repeat_of_tail >= 0) mark_pop(C().lastmark);
      }
      lastmark_restore();
      ptr_ = ptr;
      if ((C().count >= static_cast<int64_t>(code[repeats_[C().rep].pattern + 2]) &&
           code[repeats_[C().rep].pattern + 2] != kMaxRepeat) ||
          ptr_ == repeats_[C().rep].last_ptr)
        RETURN_FAILURE;
      repeats_[C().rep].count = C().count;
      data_.push_back(repeats_[C().rep].last_ptr);
      repeats_[C().rep].last_ptr = ptr_;
      DO_JUMP(kJumpMinUntil3, jump_min_until_3, repeats_[C().rep].pattern + 3);
      repeats_[C().rep].last_ptr = data_.back();
      data_.pop_back();
      if (ret) RETURN_SUCCESS;
      repeats_[C().rep].count = C().count - 1;
      ptr_ = ptr;
      RETURN_FAILURE;

    case kPossessiveRepeat:
      // <POSSESSIVE_REPEAT> <skip> <1=min> <2=max> pattern <SUCCESS> tail
      ptr_ = ptr;
      C().count = 0;
      while (C().count < static_cast<int64_t>(code[pattern + 1])) {
        DO_JUMP0(kJumpPossRepeat1, jump_poss_repeat_1, pattern + 3);
        if (ret) {
          ++C().count;
        } else {
          ptr_ = ptr;
          RETURN_FAILURE;
        }
      }
      ptr = kNull;  // differs from ptr_, so the loop is entered
      while ((C().count < static_cast<int64_t>(code[pattern + 2]) || code[pattern + 2] == kMaxRepeat) && ptr_ != ptr) {
        lastmark_save();
        mark_push(C().lastmark);
        ptr = ptr_;
        DO_JUMP0(kJumpPossRepeat2, jump_poss_repeat_2, pattern + 3);
        if (ret) {
          mark_pop_discard(C().lastmark);
          ++C().count;
        } else {
          mark_pop(C().lastmark);
          lastmark_restore();
          ptr_ = ptr;
          break;
        }
      }
      pattern += code[pattern] + 1;
      ptr = ptr_;
      goto dispatch;

    case kAtomicGroup:
      // <ATOMIC_GROUP> <skip> pattern <SUCCESS> tail
      ptr_ = ptr;
      DO_JUMP0(kJumpAtomicGroup, jump_atomic_group, pattern + 1);
      if (!ret) {
        ptr_ = ptr;
        RETURN_FAILURE;
      }
      pattern += code[pattern];
      ptr = ptr_;
      goto dispatch;

    case kGroupRef:
    case kGroupRefIgnore:
    case kGroupRefUniIgnore: {
      const uint32_t op = code[pattern - 1];
      int64_t p, e;
      if (!group_span(code[pattern], p, e)) RETURN_FAILURE;
      if (op == kGroupRef) {
        int64_t len = e - p;
        if (end_ - ptr < len || std::memcmp(s_ + ptr, s_ + p, static_cast<size_t>(len)) != 0) RETURN_FAILURE;
        ptr += len;
      } else {
        while (p < e) {
          if (ptr >= end_) RETURN_FAILURE;
          char32_t a = char_at(ptr), b = char_at(p);
          bool same = op == kGroupRefIgnore ? ascii_lower(a) == ascii_lower(b) : lower(a) == lower(b);
          if (!same) RETURN_FAILURE;
          p = next(p);
          ptr = next(ptr);
        }
      }
      ++pattern;
      goto dispatch;
    }

    case kGroupRefExists: {
      // <GROUPREF_EXISTS> <group> <skip> codeyes <JUMP> codeno ...
      int64_t p, e;
      if (!group_span(code[pattern], p, e)) {
        pattern += code[pattern + 1];
        goto dispatch;
      }
      pattern += 2;
      goto dispatch;
    }

    case kAssert:
      // <ASSERT> <skip> <back> <pattern>
      from = back(ptr, code[pattern + 1]);
      if (from == kNull) RETURN_FAILURE;
      ptr_ = from;
      DO_JUMP0(kJumpAssert, jump_assert, pattern + 2);
      if (!ret) RETURN_FAILURE;
      pattern += code[pattern];
      goto dispatch;

    case kAssertNot:
      // <ASSERT_NOT> <skip> <back> <pattern>
      from = back(ptr, code[pattern + 1]);
      if (from != kNull) {
        ptr_ = from;
        lastmark_save();
        if (repeat_ >= 0) mark_push(C().lastmark);
        DO_JUMP0(kJumpAssertNot, jump_assert_not, pattern + 2);
        if (ret) {
          if (repeat_ >= 0) mark_pop_discard(C().lastmark);
          RETURN_FAILURE;
        }
        if (repeat_ >= 0) mark_pop(C().lastmark);
        lastmark_restore();
      }
      pattern += code[pattern];
      goto dispatch;

    case kFailure:
    default:
      RETURN_FAILURE;
  }

exit : {
  uint8_t jump = C().jump;
  if (--depth_ == 0) return ret != 0;
  ctx = depth_ - 1;
  switch (jump) {
    case kJumpMaxUntil2: goto jump_max_until_2;
    case kJumpMaxUntil3: goto jump_max_until_3;
    case kJumpMinUntil2: goto jump_min_until_2;
    case kJumpMinUntil3: goto jump_min_until_3;
    case kJumpBranch: goto jump_branch;
    case kJumpMaxUntil1: goto jump_max_until_1;
    case kJumpMinUntil1: goto jump_min_until_1;
    case kJumpPossRepeat1: goto jump_poss_repeat_1;
    case kJumpPossRepeat2: goto jump_poss_repeat_2;
    case kJumpRepeat: goto jump_repeat;
    case kJumpRepeatOne1: goto jump_repeat_one_1;
    case kJumpRepeatOne2: goto jump_repeat_one_2;
    case kJumpMinRepeatOne: goto jump_min_repeat_one;
    case kJumpAtomicGroup: goto jump_atomic_group;
    case kJumpAssert: goto jump_assert;
    case kJumpAssertNot: goto jump_assert_not;
    default: return ret != 0;
  }
}

#undef MUNA_RE_JUMP
#undef DO_JUMP
#undef DO_JUMP0
#undef RETURN_FAILURE
#undef RETURN_SUCCESS
}

}  // namespace muna::text::regex
