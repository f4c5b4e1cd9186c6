// np.asarray at the way in, for an array parameter the function reads only through np.asarray
// and its kin (`x = np.asarray(x, dtype=np.float64)`, codegen/muna/array_like.py): a caller may
// pass it a list, a tuple (nested, rectangular) or a number, as Python callers of such
// functions do, and it becomes the array NumPy 1.24 makes of it — the dtype the items promote
// to (bools bool, ints int64, any float float64; a NumPy scalar item its own dtype), the shape
// of the nesting. Seen only through np.asarray, the array and the list are the same value to
// the function, so converting here changes nothing it can observe. What NumPy would make an
// array of str or of objects is refused with a TypeError, a ragged list with NumPy's ValueError.
#pragma once
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <string>
#include <vector>

#include <muna/abi.h>
#include <muna/abi/convert.hpp>
#include <muna/abi/value.hpp>
#include <muna/core/dtype.hpp>
#include <muna/core/error.hpp>
#include <muna/core/memory.hpp>
#include <muna/core/opcore.hpp>
#include <muna/core/shape.hpp>
#include <muna/python/list_of_arrays.hpp>

namespace muna::abi {

// The array NumPy makes of a list, tuple or number `v` (a new tensor value); `name` for messages.
MUNA_OPCORE_FN std::unique_ptr<muna_value> asarray(const muna_value* v, const char* name);

// The arguments with those at `params` that are lists, tuples or numbers made arrays (asarray);
// an array, None or a missing argument stays as it is.
class ArrayLikeArguments {
 public:
  ArrayLikeArguments(muna_value* const* args, size_t nargs, std::initializer_list<size_t> params,
                     std::initializer_list<const char*> names)
      : args_(args, args + nargs) {
    auto name = names.begin();
    for (size_t i : params) {
      const char* n = *name++;
      if (i >= nargs || !args[i]) continue;
      const muna_kind k = args[i]->kind;
      if (k == MUNA_LIST || k == MUNA_TUPLE || k == MUNA_BOOL || k == MUNA_INT || k == MUNA_FLOAT) {
        made_.push_back(asarray(args[i], n));
        args_[i] = made_.back().get();
      }
    }
  }
  muna_value* const* args() const { return args_.data(); }

 private:
  std::vector<muna_value*> args_;
  std::vector<std::unique_ptr<muna_value>> made_;
};

#if MUNA_OPCORE_DEFINE
namespace array_like_detail {
inline bool is_sequence(const muna_value* v) { return v->kind == MUNA_LIST || v->kind == MUNA_TUPLE; }

// Checks the nesting against `shape`, the one its first items lead to: `depth` becomes the
// dimensions past which it is inconsistent (NumPy's "inhomogeneous shape after N dimensions");
// it stays kConsistent where the nesting is rectangular.
inline constexpr size_t kConsistent = static_cast<size_t>(-1);
inline void check(const muna_value* v, size_t d, const std::vector<int64_t>& shape, size_t& depth) {
  if (d >= depth) return;
  if (d == shape.size()) {
    if (is_sequence(v)) depth = d;
    return;
  }
  if (!is_sequence(v) || static_cast<int64_t>(v->items.size()) != shape[d]) {
    depth = d;
    return;
  }
  for (const auto& item : v->items) check(item.get(), d + 1, shape, depth);
}

inline DType dtype_of_item(const muna_value* v, const char* name) {
  if (v->scalar_dtype >= 0) return static_cast<DType>(v->scalar_dtype);
  switch (v->kind) {
    case MUNA_BOOL: return DType::Bool;
    case MUNA_INT: return DType::Int64;
    case MUNA_FLOAT: return DType::Float64;
    default:
      throw ArgumentError(std::string("argument '") + name + "': expected an array, or a list of numbers NumPy makes "
                          "one of; got a list holding " + describe(v));
  }
}

template <class T>
void fill(const muna_value* v, T*& out) {
  if (is_sequence(v)) {
    for (const auto& item : v->items) fill(item.get(), out);
    return;
  }
  if (v->kind == MUNA_FLOAT) *out++ = static_cast<T>(v->real);
  else if (v->kind == MUNA_BOOL) *out++ = static_cast<T>(v->boolean);
  else *out++ = static_cast<T>(v->integer);
}

template <class T>
void fill_as(const muna_value* v, void* data) {
  T* out = static_cast<T*>(data);
  fill(v, out);
}

inline void leaves(const muna_value* v, std::vector<const muna_value*>& out) {
  if (is_sequence(v))
    for (const auto& item : v->items) leaves(item.get(), out);
  else
    out.push_back(v);
}
}  // namespace array_like_detail

MUNA_OPCORE_FN std::unique_ptr<muna_value> asarray(const muna_value* v, const char* name) {
  using namespace array_like_detail;
  std::vector<int64_t> shape;
  for (const muna_value* x = v; is_sequence(x); x = x->items.front().get()) {
    shape.push_back(static_cast<int64_t>(x->items.size()));
    if (x->items.empty()) break;
  }
  size_t depth = kConsistent;
  check(v, 0, shape, depth);
  if (depth != kConsistent) {
    std::string detected;
    for (size_t d = 0; d < depth; ++d) detected += (d ? ", " : "") + std::to_string(shape[d]);
    throw ValueError("setting an array element with a sequence. The requested array has an inhomogeneous shape after " +
                     std::to_string(depth) + " dimensions. The detected shape was (" + detected +
                     (depth == 1 ? ",)" : ")") + " + inhomogeneous part.");
  }
  std::vector<const muna_value*> items;
  leaves(v, items);
  DType dtype = DType::Float64;  // (of an empty list, as NumPy's)
  for (size_t i = 0; i < items.size(); ++i) {
    const DType d = dtype_of_item(items[i], name);
    dtype = i == 0 ? d : promote_dtypes(dtype, d, false);
  }
  std::unique_ptr<muna_value> out(make(MUNA_TENSOR));
  if (!out) throw std::bad_alloc();
  out->dtype = static_cast<muna_dtype>(dtype);
  out->shape = shape;
  out->owner = allocate_storage(static_cast<size_t>(shape_size(shape)) * dtype_size(dtype));
  out->data = out->owner.get();
  switch (dtype) {
    case DType::Bool: fill_as<bool>(v, out->data); break;
    case DType::UInt8: fill_as<uint8_t>(v, out->data); break;
    case DType::Int8: fill_as<int8_t>(v, out->data); break;
    case DType::Int16: fill_as<int16_t>(v, out->data); break;
    case DType::Int32: fill_as<int32_t>(v, out->data); break;
    case DType::Int64: fill_as<int64_t>(v, out->data); break;
    case DType::Float32: fill_as<float>(v, out->data); break;
    default: fill_as<double>(v, out->data); break;
  }
  return out;
}
#endif

}  // namespace muna::abi
