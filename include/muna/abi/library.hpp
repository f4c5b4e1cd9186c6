// How a generated translation unit becomes a library's C ABI. One generated source serves
// three builds (codegen/muna/build.py picks them):
//   - plain (no macro): the whole library for one target; the TU defines every export.
//   - MUNA_VARIANT=<symbol>: one target's code in a dispatching library (`--target A,B`). The TU
//     defines only its entry-point table, named <symbol>. build.py then makes every other symbol
//     of the object local, so inline functions compiled for different targets never merge.
//   - MUNA_DISPATCHER: the dispatching library's own object, compiled for the baseline target:
//     the value functions, the weights and exports that forward to the best variant this CPU
//     runs (muna/abi/dispatch.hpp). The function bodies are left out of this build.
#pragma once
#include <muna/abi.h>

extern "C" {
// What one compiled target of a library offers; the exports forward to one of these.
typedef struct muna_entry_points {
  const char* target;  // "x86-64-v4", ...: the instruction-set level this code was built for
  const char* (*signature)(void);
  const char* (*functions)(void);
  muna_status (*call)(muna_value* const* args, size_t nargs, muna_value** result);
  muna_status (*call_function)(const char* name, muna_value* const* args, size_t nargs, muna_value** result);
  const char* (*profile)(void);  // NULL unless compiled with --profile
  const char* (*last_error)(void);
  void (*set_num_threads)(int threads);
} muna_entry_points;
}

// The target name build.py passes; a TU compiled by hand (--emit cpp) says so instead.
#ifndef MUNA_TARGET_NAME
#define MUNA_TARGET_NAME "as compiled"
#endif

#if defined(MUNA_VARIANT) && defined(MUNA_DISPATCHER)
#error "MUNA_VARIANT and MUNA_DISPATCHER are two different builds of a generated library"
#endif

#if !defined(MUNA_DISPATCHER)
#include <muna/abi/entry.hpp>

namespace muna::abi::detail {
inline const char* last_error_text() { return last_error().c_str(); }
// 0 (or less) restores the default: MUNA_NUM_THREADS, else the hardware's core count.
inline void set_num_threads_or_default(int threads) {
  muna::set_num_threads(threads > 0 ? threads : muna::detail::default_num_threads());
}
}  // namespace muna::abi::detail

#define MUNA_ENTRY_POINTS_INIT(signature, functions, call, call_function, profile)                \
  {MUNA_TARGET_NAME, signature, functions, call, call_function, profile,                          \
   muna::abi::detail::last_error_text, muna::abi::detail::set_num_threads_or_default}
#endif

#if defined(MUNA_VARIANT)
// This target's table; the dispatcher finds it by name.
#define MUNA_LIBRARY(signature, functions, call, call_function, profile)                          \
  extern "C" const muna_entry_points MUNA_VARIANT;                                                \
  const muna_entry_points MUNA_VARIANT = MUNA_ENTRY_POINTS_INIT(signature, functions, call,       \
                                                                call_function, profile);
#else
#include <muna/abi/c_api.hpp>

namespace muna::abi {
// The entry points the exports forward to: this TU's own, or the dispatcher's pick.
const muna_entry_points& library();
}  // namespace muna::abi

#if defined(MUNA_DISPATCHER)
#include <muna/abi/dispatch.hpp>
#else
#define MUNA_LIBRARY(signature, functions, call, call_function, profile)                          \
  const muna_entry_points& muna::abi::library() {                                                 \
    static const muna_entry_points entry = MUNA_ENTRY_POINTS_INIT(signature, functions, call,     \
                                                                  call_function, profile);        \
    return entry;                                                                                 \
  }
#endif

extern "C" {
MUNA_API const char* muna_target(void) { return muna::abi::library().target; }
MUNA_API const char* muna_signature(void) { return muna::abi::library().signature(); }
MUNA_API const char* muna_functions(void) { return muna::abi::library().functions(); }
MUNA_API muna_status muna_call(muna_value* const* args, size_t nargs, muna_value** result) {
  return muna::abi::library().call(args, nargs, result);
}
MUNA_API muna_status muna_call_function(const char* name, muna_value* const* args, size_t nargs,
                                        muna_value** result) {
  return muna::abi::library().call_function(name, args, nargs, result);
}
MUNA_API const char* muna_profile(void) {
  const muna_entry_points& entry = muna::abi::library();
  return entry.profile ? entry.profile() : nullptr;
}
MUNA_API const char* muna_last_error(void) { return muna::abi::library().last_error(); }
MUNA_API void muna_set_num_threads(int threads) { muna::abi::library().set_num_threads(threads); }
}  // extern "C"
#endif
