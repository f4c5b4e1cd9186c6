// The value behind the C ABI's opaque muna_value handle.
#pragma once
#include <new>
#include <memory>
#include <string>
#include <vector>

#include <muna/abi.h>

struct muna_value {
  muna_kind kind = MUNA_NONE;
  bool boolean = false;  // also: a MUNA_BYTES value that is a bytearray
  int64_t integer = 0;
  double real = 0.0;
  int scalar_dtype = -1;  // a NumPy scalar's muna_dtype, or -1 for a Python number
  std::string type_name;  // the user's class (record, enum) a value is an instance of, or ""
  std::string text;       // str (UTF-8) or bytes
  // Tensors: C-contiguous `data`, kept alive by `owner` (null when borrowed or static).
  muna_dtype dtype = MUNA_DTYPE_FLOAT32;
  std::vector<int64_t> shape;
  void* data = nullptr;
  std::shared_ptr<void> owner;
  // Lists and tuples: items; dicts: keys and values at matching positions.
  std::vector<std::unique_ptr<muna_value>> items;
  std::vector<std::unique_ptr<muna_value>> values;
};

// A new value of `kind` (null when out of memory): here, beside muna_value, so that
// <muna/abi/convert.hpp> compiles on its own.
namespace muna::abi {
inline muna_value* make(muna_kind kind) {
  muna_value* v = new (std::nothrow) muna_value;
  if (v) v->kind = kind;
  return v;
}
}  // namespace muna::abi
