// Definitions of the value-building and value-reading functions declared in <muna/abi.h>.
// Included exactly once per library, through muna/abi/library.hpp: by the generated translation
// unit, or by a dispatching library's dispatcher object alone.
#pragma once
#include <cstring>
#include <new>

#include <muna/abi/value.hpp>
#include <muna/core/dtype.hpp>
#include <muna/core/tensor.hpp>

extern "C" {

MUNA_API int muna_abi_version(void) { return MUNA_ABI_VERSION; }

MUNA_API muna_value* muna_none(void) { return muna::abi::make(MUNA_NONE); }
MUNA_API muna_value* muna_bool(int value) {
  muna_value* v = muna::abi::make(MUNA_BOOL);
  if (v) v->boolean = value != 0;
  return v;
}
MUNA_API muna_value* muna_int(int64_t value) {
  muna_value* v = muna::abi::make(MUNA_INT);
  if (v) v->integer = value;
  return v;
}
MUNA_API muna_value* muna_float(double value) {
  muna_value* v = muna::abi::make(MUNA_FLOAT);
  if (v) v->real = value;
  return v;
}
MUNA_API muna_value* muna_str(const char* data, size_t size) {
  try {
    muna_value* v = muna::abi::make(MUNA_STR);
    if (v) v->text.assign(data, size);
    return v;
  } catch (...) {
    return nullptr;
  }
}
MUNA_API muna_value* muna_bytes(const void* data, size_t size) {
  std::unique_ptr<muna_value> v(muna::abi::make(MUNA_BYTES));
  try {
    if (v && size) v->text.assign(static_cast<const char*>(data), size);
  } catch (...) {
    return nullptr;
  }
  return v.release();
}
MUNA_API muna_value* muna_tensor_view(muna_dtype dtype, int ndim, const int64_t* shape,
                                      void* data) {
  if (ndim < 0 || static_cast<int>(dtype) < 0 || dtype > MUNA_DTYPE_COMPLEX128) return nullptr;
  try {
    muna_value* v = muna::abi::make(MUNA_TENSOR);
    if (!v) return nullptr;
    v->dtype = dtype;
    v->shape.assign(shape, shape + ndim);
    for (int64_t d : v->shape)
      if (d < 0) {
        delete v;
        return nullptr;
      }
    v->data = data;
    return v;
  } catch (...) {
    return nullptr;
  }
}
MUNA_API muna_value* muna_tensor(muna_dtype dtype, int ndim, const int64_t* shape,
                                 const void* data) {
  muna_value* v = muna_tensor_view(dtype, ndim, shape, nullptr);
  if (!v) return nullptr;
  try {
    const size_t bytes = static_cast<size_t>(muna::shape_size(v->shape)) *
                         muna::dtype_size(static_cast<muna::DType>(dtype));
    v->owner = muna::allocate_storage(bytes);
    v->data = v->owner.get();
    if (bytes) std::memcpy(v->data, data, bytes);
    return v;
  } catch (...) {
    delete v;
    return nullptr;
  }
}
MUNA_API muna_value* muna_list(void) { return muna::abi::make(MUNA_LIST); }
MUNA_API muna_value* muna_tuple(void) { return muna::abi::make(MUNA_TUPLE); }
MUNA_API muna_value* muna_dict(void) { return muna::abi::make(MUNA_DICT); }
MUNA_API muna_value* muna_set(void) { return muna::abi::make(MUNA_SET); }
MUNA_API int muna_append(muna_value* container, muna_value* item) {
  if (!container || !item || (container->kind != MUNA_LIST && container->kind != MUNA_TUPLE && container->kind != MUNA_SET))
    return -1;
  try {
    container->items.emplace_back(item);
    return 0;
  } catch (...) {
    return -1;
  }
}
MUNA_API int muna_dict_set(muna_value* dict, muna_value* key, muna_value* value) {
  if (!dict || !key || !value || dict->kind != MUNA_DICT) return -1;
  try {
    dict->items.emplace_back(key);
    dict->values.emplace_back(value);
    return 0;
  } catch (...) {
    return -1;
  }
}
MUNA_API void muna_value_free(muna_value* value) { delete value; }

MUNA_API muna_kind muna_value_kind(const muna_value* v) { return v ? v->kind : MUNA_NONE; }
MUNA_API int muna_value_bool(const muna_value* v) { return v && v->boolean; }
MUNA_API int64_t muna_value_int(const muna_value* v) { return v ? v->integer : 0; }
MUNA_API double muna_value_float(const muna_value* v) { return v ? v->real : 0.0; }
MUNA_API const char* muna_value_str(const muna_value* v, size_t* size) {
  if (!v) return nullptr;
  if (size) *size = v->text.size();
  return v->text.c_str();
}
MUNA_API int muna_value_scalar_dtype(const muna_value* v) { return v ? v->scalar_dtype : -1; }
MUNA_API int muna_value_set_scalar_dtype(muna_value* v, int dtype) {
  if (!v || (v->kind != MUNA_BOOL && v->kind != MUNA_INT && v->kind != MUNA_FLOAT)) return -1;
  if (dtype < static_cast<int>(muna::DType::Bool) || dtype > static_cast<int>(muna::DType::Float64)) return -1;
  v->scalar_dtype = dtype;
  return 0;
}
MUNA_API const char* muna_value_type_name(const muna_value* v) { return v ? v->type_name.c_str() : ""; }
MUNA_API int muna_value_set_type_name(muna_value* v, const char* name) {
  if (!v || !name) return -1;
  try {
    v->type_name = name;
  } catch (...) {
    return -1;
  }
  return 0;
}
MUNA_API muna_dtype muna_tensor_dtype(const muna_value* v) { return v ? v->dtype : MUNA_DTYPE_FLOAT32; }
MUNA_API int muna_tensor_ndim(const muna_value* v) { return v ? static_cast<int>(v->shape.size()) : 0; }
MUNA_API const int64_t* muna_tensor_shape(const muna_value* v) { return v ? v->shape.data() : nullptr; }
MUNA_API const void* muna_tensor_data(const muna_value* v) { return v ? v->data : nullptr; }
MUNA_API size_t muna_len(const muna_value* v) { return v ? v->items.size() : 0; }
MUNA_API const muna_value* muna_item(const muna_value* v, size_t i) {
  return v && i < v->items.size() ? v->items[i].get() : nullptr;
}
MUNA_API const muna_value* muna_dict_key(const muna_value* v, size_t i) {
  return v && v->kind == MUNA_DICT && i < v->items.size() ? v->items[i].get() : nullptr;
}
MUNA_API const muna_value* muna_dict_value(const muna_value* v, size_t i) {
  return v && v->kind == MUNA_DICT && i < v->values.size() ? v->values[i].get() : nullptr;
}

}  // extern "C"
