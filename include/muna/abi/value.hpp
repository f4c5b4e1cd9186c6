// The value behind the C ABI's opaque muna_value handle.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include <muna/abi.h>

struct muna_value {
  muna_kind kind = MUNA_NONE;
  bool boolean = false;
  int64_t integer = 0;
  double real = 0.0;
  std::string text;
  // Tensors: C-contiguous `data`, kept alive by `owner` (null when borrowed or static).
  muna_dtype dtype = MUNA_DTYPE_FLOAT32;
  std::vector<int64_t> shape;
  void* data = nullptr;
  std::shared_ptr<void> owner;
  // Lists and tuples: items; dicts: keys and values at matching positions.
  std::vector<std::unique_ptr<muna_value>> items;
  std::vector<std::unique_ptr<muna_value>> values;
};
