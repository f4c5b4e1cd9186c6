// Per-statement profile of a compiled function (./muna compile --profile): each Python statement
// records its calls, inclusive time and self time (excluding the statements it runs, such as the
// body of a called layer), so the report shows where a forward pass spends its time.
#pragma once
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string>

namespace muna::profile {

struct Site {
  const char* where;  // "model.py:90"
  const char* code;   // the Python statement
  std::atomic<int64_t> calls{0}, total_ns{0}, self_ns{0};
};

class Scope {
 public:
  explicit Scope(Site& site) : site_(site), parent_(current()), start_(now()) { current() = this; }
  Scope(const Scope&) = delete;
  Scope& operator=(const Scope&) = delete;
  ~Scope() {
    const int64_t elapsed = now() - start_;
    site_.calls.fetch_add(1, std::memory_order_relaxed);
    site_.total_ns.fetch_add(elapsed, std::memory_order_relaxed);
    site_.self_ns.fetch_add(elapsed - children_ns_, std::memory_order_relaxed);
    if (parent_) parent_->children_ns_ += elapsed;
    current() = parent_;
  }

 private:
  static int64_t now() {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
               std::chrono::steady_clock::now().time_since_epoch()).count();
  }
  static Scope*& current() {
    thread_local Scope* scope = nullptr;
    return scope;
  }
  Site& site_;
  Scope* parent_;
  int64_t start_;
  int64_t children_ns_ = 0;
};

// JSON: [{"where", "code", "calls", "total_ms", "self_ms"}, ...] in statement order.
template <size_t N>
std::string report(Site (&sites)[N]) {
  auto quote = [](const char* s) {
    std::string out = "\"";
    for (; *s; ++s) {
      if (*s == '"' || *s == '\\') out += '\\';
      if (static_cast<unsigned char>(*s) < 0x20) out += ' ';
      else out += *s;
    }
    return out + "\"";
  };
  std::string out = "[";
  for (size_t i = 0; i < N; ++i) {
    char numbers[160];
    std::snprintf(numbers, sizeof numbers, ", \"calls\": %lld, \"total_ms\": %.3f, \"self_ms\": %.3f}",
                  static_cast<long long>(sites[i].calls.load()), sites[i].total_ns.load() / 1e6,
                  sites[i].self_ns.load() / 1e6);
    out += std::string(i ? ", " : "") + "{\"where\": " + quote(sites[i].where) + ", \"code\": " +
           quote(sites[i].code) + numbers;
  }
  return out + "]";
}

}  // namespace muna::profile
