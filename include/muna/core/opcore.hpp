// The op core: functions too costly to compile in every library that calls them (an SVD takes
// g++ 17 s and 0.9 GB per translation unit; the ABI's argument conversions, error messages and
// shape helpers are a third of a small library's code) are compiled once per target into an
// archive that `muna compile` links (codegen/muna/opcore.py builds and caches it; its sources
// are opcore/). A header declares such a function with MUNA_OPCORE_FN and keeps its definition
// where MUNA_OPCORE_DEFINE is set (a section at its end, or a header included there):
//   - generated code (-DMUNA_OPCORE_LINKED): declarations only, the archive defines them;
//   - the archive's own sources (-DMUNA_OPCORE_BUILDING): the definitions, emitted even where
//     the source does not call them (`used`); inline, so that two sources including the same
//     header give the linker two copies of one definition, not a clash;
//   - everyone else (`#include <muna/ops.hpp>`, the tests): inline definitions, header-only.
// MUNA_OPCORE_INSTANCE does the same for an instantiation of a template: the archive holds it,
// generated code declares it extern and so does not instantiate it again.
#pragma once

#if defined(MUNA_OPCORE_BUILDING)
#define MUNA_OPCORE_FN inline __attribute__((used))
#define MUNA_OPCORE_DEFINE 1
#define MUNA_OPCORE_INSTANCE(...) template __VA_ARGS__;
#elif defined(MUNA_OPCORE_LINKED)
#define MUNA_OPCORE_FN
#define MUNA_OPCORE_DEFINE 0
#define MUNA_OPCORE_INSTANCE(...) extern template __VA_ARGS__;
#else
#define MUNA_OPCORE_FN inline
#define MUNA_OPCORE_DEFINE 1
#define MUNA_OPCORE_INSTANCE(...)
#endif
