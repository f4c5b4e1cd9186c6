/* muna's C ABI: the one interface every compiled library exports and every client (the Python
 * loader, Node FFI, the HTTP server, C and C++ apps) sits on.
 *
 * Values cross it as opaque muna_value handles built and read with the functions below; a
 * handle returned to the caller is owned by the caller and released with muna_value_free.
 * No C++ exception crosses it: every call returns a status, and on error
 * muna_last_error() gives "ExceptionType: message" for the calling thread.
 * Calls are thread-safe: compiled functions keep no mutable global state. */
#ifndef MUNA_ABI_H
#define MUNA_ABI_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(_WIN32)
#define MUNA_API __declspec(dllexport)
#else
#define MUNA_API __attribute__((visibility("default")))
#endif

#define MUNA_ABI_VERSION 1

typedef enum muna_status {
  MUNA_OK = 0,
  MUNA_ERROR_ARGUMENT = 1, /* wrong argument count, type, dtype or rank */
  MUNA_ERROR_RAISED = 2,   /* the function raised a Python exception (ValueError, ...) */
  MUNA_ERROR_INTERNAL = 3  /* out of memory or another failure outside the function's logic */
} muna_status;

typedef enum muna_kind {
  MUNA_NONE = 0,
  MUNA_BOOL = 1,
  MUNA_INT = 2,
  MUNA_FLOAT = 3,
  MUNA_STR = 4,
  MUNA_TENSOR = 5,
  MUNA_LIST = 6,
  MUNA_TUPLE = 7,
  MUNA_DICT = 8,
  MUNA_BYTES = 9, /* bytes or bytearray: muna_value_bool() is 1 for a bytearray */
  MUNA_SET = 10   /* a set (or frozenset): its items, read with muna_len/muna_item */
} muna_kind;

typedef enum muna_dtype {
  MUNA_DTYPE_BOOL = 0,
  MUNA_DTYPE_UINT8 = 1,
  MUNA_DTYPE_INT8 = 2,
  MUNA_DTYPE_INT16 = 3,
  MUNA_DTYPE_INT32 = 4,
  MUNA_DTYPE_INT64 = 5,
  MUNA_DTYPE_FLOAT32 = 6,
  MUNA_DTYPE_FLOAT64 = 7,
  MUNA_DTYPE_BFLOAT16 = 8,
  MUNA_DTYPE_COMPLEX64 = 9, /* interleaved (real, imaginary) float32 pairs, as NumPy */
  MUNA_DTYPE_COMPLEX128 = 10 /* interleaved float64 pairs */
} muna_dtype;

typedef struct muna_value muna_value;

/* The compiled function. */
MUNA_API int muna_abi_version(void);
/* JSON: {"name", "source", "params": [{"name", "type", "default"?}], "returns"}. Static. */
MUNA_API const char* muna_signature(void);
/* args[i] may be NULL, and nargs may be short of the parameter count, where a parameter has a
 * default. On MUNA_OK *result receives a new value owned by the caller. */
MUNA_API muna_status muna_call(muna_value* const* args, size_t nargs, muna_value** result);
/* A library may export several functions: muna_functions() lists their signatures (a JSON
 * array, the first being muna_signature's), and muna_call_function calls one by name. */
MUNA_API const char* muna_functions(void);
MUNA_API muna_status muna_call_function(const char* name, muna_value* const* args, size_t nargs,
                                        muna_value** result);
/* The calling thread's last error, "TypeError: argument 'x': ..."; "" after a success. */
MUNA_API const char* muna_last_error(void);
/* Threads used by the library's parallel kernels; 0 restores the default. */
MUNA_API void muna_set_num_threads(int threads);
/* The instruction-set level of the code that runs ("x86-64-v4", ...). A library built for
 * several targets (the default) picks, at its first call, the best one the CPU runs, or the one
 * MUNA_TARGET names; "none" when none can run, and then every call fails with the reason. */
MUNA_API const char* muna_target(void);
/* JSON per-statement timings of a library compiled with --profile; NULL otherwise. */
MUNA_API const char* muna_profile(void);

/* Building values. Each returns a new value owned by the caller (NULL if out of memory). */
MUNA_API muna_value* muna_none(void);
MUNA_API muna_value* muna_bool(int value);
MUNA_API muna_value* muna_int(int64_t value);
MUNA_API muna_value* muna_float(double value);
/* UTF-8 bytes, copied; validity is checked where the function reads them as str. */
MUNA_API muna_value* muna_str(const char* data, size_t size);
/* Raw bytes, copied: a bytes value (a bytearray parameter takes one too). */
MUNA_API muna_value* muna_bytes(const void* data, size_t size);
/* C-contiguous data, copied. */
MUNA_API muna_value* muna_tensor(muna_dtype dtype, int ndim, const int64_t* shape, const void* data);
/* C-contiguous data, borrowed: it must outlive every use of the value (typically one call). */
MUNA_API muna_value* muna_tensor_view(muna_dtype dtype, int ndim, const int64_t* shape, void* data);
MUNA_API muna_value* muna_list(void);
MUNA_API muna_value* muna_tuple(void);
MUNA_API muna_value* muna_dict(void);
MUNA_API muna_value* muna_set(void);
/* Appends to a list or tuple, taking ownership of item. Returns 0 on success. */
MUNA_API int muna_append(muna_value* container, muna_value* item);
/* Adds a key/value pair to a dict, taking ownership of both. Returns 0 on success. */
MUNA_API int muna_dict_set(muna_value* dict, muna_value* key, muna_value* value);
MUNA_API void muna_value_free(muna_value* value);

/* Reading values. Pointers returned stay valid while the value lives. */
MUNA_API muna_kind muna_value_kind(const muna_value* value);
MUNA_API int muna_value_bool(const muna_value* value);
MUNA_API int64_t muna_value_int(const muna_value* value);
MUNA_API double muna_value_float(const muna_value* value);
/* The text of a str, or the bytes of a MUNA_BYTES value. */
MUNA_API const char* muna_value_str(const muna_value* value, size_t* size);
MUNA_API muna_dtype muna_tensor_dtype(const muna_value* value);
MUNA_API int muna_tensor_ndim(const muna_value* value);
MUNA_API const int64_t* muna_tensor_shape(const muna_value* value);
/* C-contiguous. */
MUNA_API const void* muna_tensor_data(const muna_value* value);
/* Items of a list or tuple; entries of a dict (keys and values by index). */
MUNA_API size_t muna_len(const muna_value* value);
MUNA_API const muna_value* muna_item(const muna_value* value, size_t index);
MUNA_API const muna_value* muna_dict_key(const muna_value* value, size_t index);
MUNA_API const muna_value* muna_dict_value(const muna_value* value, size_t index);
/* A bool, int or float result that is a NumPy scalar (np.float32(...), np.int64(...)): its
 * dtype; -1 for a plain Python number. */
MUNA_API int muna_value_scalar_dtype(const muna_value* value);
/* Marks a bool, int or float argument as a NumPy scalar of `dtype` (a caller passing
 * np.float32(...)): 0, or -1 for another kind of value or a dtype NumPy scalars do not have. */
MUNA_API int muna_value_set_scalar_dtype(muna_value* value, int dtype);
/* A tuple, dict, int or str that is an instance of one of the function's own classes (a
 * NamedTuple, a dataclass, an Enum member): the class's name, as the signature's "classes"
 * lists it; "" for plain values. */
MUNA_API const char* muna_value_type_name(const muna_value* value);
/* Names a value as an instance of the class `name` (a caller passing a dataclass). */
MUNA_API int muna_value_set_type_name(muna_value* value, const char* name);

#ifdef __cplusplus
}
#endif
#endif /* MUNA_ABI_H */
