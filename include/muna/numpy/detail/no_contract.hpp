// NumPy computes `a * b + c` on arrays as two rounded operations (a temporary in between); g++
// (whose C++ default is -ffp-contract=fast) would fuse them into one FMA. Functions between
// MUNA_NO_FP_CONTRACT_BEGIN and _END round every product, as NumPy does.
#pragma once
#define MUNA_NO_FP_CONTRACT_BEGIN _Pragma("GCC push_options") _Pragma("GCC optimize(\"fp-contract=off\")")
#define MUNA_NO_FP_CONTRACT_END _Pragma("GCC pop_options")
