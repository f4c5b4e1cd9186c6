/* A C11 client of a compiled library (examples/basics.py:normalize), through dlopen: checks the
 * signature, argument errors, results against a direct double-precision computation, and
 * concurrent calls from several threads. Prints TAP-like lines; exits non-zero on failure. */
#include <dlfcn.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <muna/abi.h>

static int failures = 0;
#define CHECK(cond, what)                                    \
  do {                                                       \
    if (cond) printf("ok - %s\n", what);                     \
    else { printf("not ok - %s\n", what); ++failures; }      \
  } while (0)

typedef muna_status (*call_fn)(muna_value* const*, size_t, muna_value**);
static call_fn call;
static const char* (*last_error)(void);
static muna_value* (*tensor)(muna_dtype, int, const int64_t*, const void*);
static muna_value* (*make_int)(int64_t);
static const void* (*tensor_data)(const muna_value*);
static void (*value_free)(muna_value*);
static muna_dtype (*tensor_dtype)(const muna_value*);
static muna_value* (*make_str)(const char*, size_t);

enum { ROWS = 3, COLS = 19 };

/* normalize() computed directly in double: the oracle for float32 results. */
static void expected(const float* x, double* out) {
  for (int r = 0; r < ROWS; ++r) {
    double mean = 0, var = 0;
    for (int c = 0; c < COLS; ++c) mean += x[r * COLS + c];
    mean /= COLS;
    for (int c = 0; c < COLS; ++c) var += (x[r * COLS + c] - mean) * (x[r * COLS + c] - mean);
    var /= COLS;
    for (int c = 0; c < COLS; ++c) out[r * COLS + c] = (x[r * COLS + c] - mean) / sqrt(var + 1e-5);
  }
}

static int run_once(int seed) {
  float x[ROWS * COLS];
  double want[ROWS * COLS];
  for (int i = 0; i < ROWS * COLS; ++i) x[i] = (float)((i * 37 + seed * 11) % 23) - 11.5f;
  expected(x, want);
  int64_t shape[2] = {ROWS, COLS};
  muna_value* arg = tensor(MUNA_DTYPE_FLOAT32, 2, shape, x);
  muna_value* result = NULL;
  int ok = call(&arg, 1, &result) == MUNA_OK;
  if (ok) {
    const float* y = (const float*)tensor_data(result);
    for (int i = 0; i < ROWS * COLS; ++i)
      if (fabs(y[i] - want[i]) > 1e-4) ok = 0;
    value_free(result);
  }
  value_free(arg);
  return ok;
}

static void* worker(void* seed) {
  int good = 1;
  for (int i = 0; i < 200; ++i) good &= run_once((int)(size_t)seed + i);
  return (void*)(size_t)good;
}

int main(int argc, char** argv) {
  if (argc < 2) return 2;
  void* lib = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
  if (!lib) { printf("not ok - dlopen: %s\n", dlerror()); return 1; }
  const char* (*signature)(void) = (const char* (*)(void))dlsym(lib, "muna_signature");
  call = (call_fn)dlsym(lib, "muna_call");
  last_error = (const char* (*)(void))dlsym(lib, "muna_last_error");
  tensor = (muna_value * (*)(muna_dtype, int, const int64_t*, const void*)) dlsym(lib, "muna_tensor");
  make_int = (muna_value * (*)(int64_t)) dlsym(lib, "muna_int");
  tensor_data = (const void* (*)(const muna_value*))dlsym(lib, "muna_tensor_data");
  value_free = (void (*)(muna_value*))dlsym(lib, "muna_value_free");
  tensor_dtype = (muna_dtype(*)(const muna_value*))dlsym(lib, "muna_tensor_dtype");
  make_str = (muna_value * (*)(const char*, size_t)) dlsym(lib, "muna_str");

  CHECK(strstr(signature(), "\"name\": \"normalize\"") != NULL, "signature names the function");
  CHECK(dlsym(lib, "_ZN4muna5numpy3sumE") == NULL, "C++ internals are not exported");

  CHECK(run_once(0), "result matches the double-precision oracle");

  muna_value* wrong = make_int(3);
  muna_value* result = NULL;
  CHECK(call(&wrong, 1, &result) == MUNA_ERROR_ARGUMENT && result == NULL, "an int for an array is an argument error");
  CHECK(strstr(last_error(), "argument 'x'") != NULL, "the message names the argument");
  value_free(wrong);

  /* A bare np.ndarray parameter is generic, as in Python: float64 in, float64 out. */
  double d[2] = {1, 2};
  int64_t shape[1] = {2};
  muna_value* f64 = tensor(MUNA_DTYPE_FLOAT64, 1, shape, d);
  CHECK(call(&f64, 1, &result) == MUNA_OK && tensor_dtype(result) == MUNA_DTYPE_FLOAT64,
        "a float64 array gives a float64 result");
  value_free(result);
  result = NULL;
  value_free(f64);
  muna_value* text = make_str("ab", 2);
  CHECK(call(&text, 1, &result) == MUNA_ERROR_ARGUMENT && strstr(last_error(), "ndarray[float32]") != NULL,
        "a str for an array names the accepted types");
  value_free(text);
  CHECK(call(NULL, 0, &result) == MUNA_ERROR_ARGUMENT && strstr(last_error(), "missing") != NULL,
        "a missing argument is an argument error");

  pthread_t threads[4];
  for (size_t t = 0; t < 4; ++t) pthread_create(&threads[t], NULL, worker, (void*)t);
  int all = 1;
  for (int t = 0; t < 4; ++t) {
    void* good;
    pthread_join(threads[t], &good);
    all &= (int)(size_t)good;
  }
  CHECK(all, "800 concurrent calls from 4 threads all match the oracle");
  return failures ? 1 : 0;
}
