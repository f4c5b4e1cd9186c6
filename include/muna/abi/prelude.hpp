// What nearly every generated translation unit includes, precompiled once per target and set of
// flags (codegen/muna/opcore.py: a GCC precompiled header, cached like the op core) and given to
// each compile first (-include), so that g++ loads it instead of parsing it again: a third of
// the compile of a small function. Generated sources still include what they use themselves,
// and build without it.
#pragma once
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <tuple>

#include <muna/abi/library.hpp>
#include <muna/core/slice.hpp>
#include <muna/kernels/arith.hpp>
#include <muna/numpy/detail/ufunc.hpp>
#include <muna/python/finally.hpp>
#include <muna/python/iterate.hpp>
#include <muna/python/list/set_slice.hpp>
#include <muna/python/truth.hpp>
#include <muna/python/unwrap.hpp>
