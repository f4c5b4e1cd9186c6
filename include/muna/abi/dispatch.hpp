// The dispatcher of a library built for several targets (`muna compile --target A,B`): the
// first call picks, once, the best variant this CPU runs, and every export forwards to it.
// MUNA_TARGET=<name> in the environment picks a variant instead (tests, benchmarks, a user
// pinning results to one target); a name the library lacks or the CPU cannot run is an error
// status on every call, never an illegal instruction.
//
// Compiled for the baseline target, so this code itself runs on any x86-64 CPU. Each variant's
// table is a weak reference: a target the library was not built for reads as NULL.
#pragma once
#include <cstdlib>
#include <cstring>
#include <string>

#include <muna/abi/library.hpp>

extern "C" {
__attribute__((weak, visibility("hidden"))) extern const muna_entry_points muna_variant_x86_64_v4;
__attribute__((weak, visibility("hidden"))) extern const muna_entry_points muna_variant_x86_64_v3;
__attribute__((weak, visibility("hidden"))) extern const muna_entry_points muna_variant_x86_64_v2;
__attribute__((weak, visibility("hidden"))) extern const muna_entry_points muna_variant_generic;
}

namespace muna::abi::dispatch {

struct Variant {
  const muna_entry_points* entry;  // NULL when the library was not built for this target
  const char* target;
  bool (*runs_here)();
};

// The flags build.py compiles each target with (codegen/muna/build.py TARGETS), as CPU checks:
// the ISA level, and AES/CLMUL, which Highway needs enabled to use its AVX2/AVX-512 paths.
inline bool has_aes_clmul() { return __builtin_cpu_supports("aes") && __builtin_cpu_supports("pclmul"); }

// Best first; the end has no target.
inline const Variant* variants() {
  static const Variant all[] = {
      {&muna_variant_x86_64_v4, "x86-64-v4", [] { return __builtin_cpu_supports("x86-64-v4") && has_aes_clmul(); }},
      {&muna_variant_x86_64_v3, "x86-64-v3", [] { return __builtin_cpu_supports("x86-64-v3") && has_aes_clmul(); }},
      {&muna_variant_x86_64_v2, "x86-64-v2", [] { return bool(__builtin_cpu_supports("x86-64-v2")); }},
      {&muna_variant_generic, "generic", [] { return true; }},
      {nullptr, nullptr, nullptr},
  };
  return all;
}

// The variant of `target` the library holds, or NULL.
inline const Variant* built(const char* target) {
  for (const Variant* v = variants(); v->target; ++v)
    if (v->entry && std::strcmp(v->target, target) == 0) return v;
  return nullptr;
}

inline std::string built_targets() {
  std::string names;
  for (const Variant* v = variants(); v->target; ++v)
    if (v->entry) names += (names.empty() ? "" : ", ") + std::string(v->target);
  return names;
}

// Why no variant was picked ("" once one was): what every call reports then.
inline std::string& refusal() {
  static std::string message;
  return message;
}

// The library's answer when no variant can run: the signature still reads (from the lowest
// variant: a string constant, no target-specific code), every call fails with the refusal.
inline const muna_entry_points& refusing() {
  const Variant* lowest = nullptr;
  for (const Variant* v = variants(); v->target; ++v)
    if (v->entry) lowest = v;
  static const muna_entry_points entry = {
      "none",
      lowest->entry->signature,
      lowest->entry->functions,
      [](muna_value* const*, size_t, muna_value** result) {
        if (result) *result = nullptr;
        return MUNA_ERROR_INTERNAL;
      },
      [](const char*, muna_value* const*, size_t, muna_value** result) {
        if (result) *result = nullptr;
        return MUNA_ERROR_INTERNAL;
      },
      nullptr,
      [] { return refusal().c_str(); },
      [](int) {},
  };
  return entry;
}

inline const muna_entry_points& pick() {
  __builtin_cpu_init();  // the dispatcher may run before libgcc's own constructor
  const char* wanted = std::getenv("MUNA_TARGET");
  if (wanted && *wanted) {
    const Variant* v = built(wanted);
    if (v && v->runs_here()) return *v->entry;
    refusal() = std::string("RuntimeError: MUNA_TARGET=") + wanted +
                (v ? " asks for code this CPU cannot run"
                   : " names no target of this library (it has " + built_targets() + ")");
    return refusing();
  }
  for (const Variant* v = variants(); v->target; ++v)
    if (v->entry && v->runs_here()) return *v->entry;
  refusal() = "RuntimeError: this library was compiled for " + built_targets() + "; this CPU runs none of them";
  return refusing();
}

}  // namespace muna::abi::dispatch

const muna_entry_points& muna::abi::library() {
  static const muna_entry_points& entry = muna::abi::dispatch::pick();
  return entry;
}
