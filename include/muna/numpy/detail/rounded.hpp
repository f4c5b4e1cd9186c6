// rounded(x): x materialised in its own type before it takes part in another operation. g++
// fuses a * b + c into one FMA by default (-ffp-contract=fast), which rounds once where NumPy
// rounds twice; ops that must match NumPy bit for bit pass products through this.
#pragma once
#include <type_traits>

namespace muna::numpy::detail {
template <class T>
inline T rounded(T x) {
  if constexpr (std::is_floating_point_v<T>) asm("" : "+m"(x));  // opaque: no fusing across it
  return x;
}
}  // namespace muna::numpy::detail
