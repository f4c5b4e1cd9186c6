// Code between MUNA_FP_EXACT_BEGIN and MUNA_FP_EXACT_END is compiled without floating-point
// contraction: each * and + rounds on its own, as in CPython (built for the x86-64 baseline,
// which has no FMA). g++ fuses a * b + c into one FMA on x86-64-v3 and above, even in
// -std=c++17, which changes the last bit of CPython's own algorithms (gamma, hypot, fsum, ...).
// g++ then calls these functions instead of inlining them; they are scalar and cheap.
#pragma once

#if defined(__clang__)
#define MUNA_FP_EXACT_BEGIN _Pragma("clang fp contract(off)")
#define MUNA_FP_EXACT_END _Pragma("clang fp contract(on)")
#elif defined(__GNUC__)
#define MUNA_FP_EXACT_BEGIN _Pragma("GCC push_options") _Pragma("GCC optimize(\"fp-contract=off\")")
#define MUNA_FP_EXACT_END _Pragma("GCC pop_options")
#else
#define MUNA_FP_EXACT_BEGIN
#define MUNA_FP_EXACT_END
#endif
