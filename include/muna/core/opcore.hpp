// The op core: functions too costly to compile in every library that calls them (an SVD takes
// g++ 17 s and 0.9 GB per translation unit) are compiled once per target into an archive that
// `muna compile` links (codegen/muna/opcore.py builds and caches it; its sources are opcore/).
// A header declares such a function with MUNA_OPCORE_FN and keeps its definition in a header
// included only where MUNA_OPCORE_DEFINE is set:
//   - generated code (-DMUNA_OPCORE_LINKED): declarations only, the archive defines them;
//   - the archive's own sources (-DMUNA_OPCORE_BUILDING): the definitions, external;
//   - everyone else (`#include <muna/ops.hpp>`, the tests): inline definitions, header-only.
#pragma once

#if defined(MUNA_OPCORE_BUILDING)
#define MUNA_OPCORE_FN
#define MUNA_OPCORE_DEFINE 1
#elif defined(MUNA_OPCORE_LINKED)
#define MUNA_OPCORE_FN
#define MUNA_OPCORE_DEFINE 0
#else
#define MUNA_OPCORE_FN inline
#define MUNA_OPCORE_DEFINE 1
#endif
