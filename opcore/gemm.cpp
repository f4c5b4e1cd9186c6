// The op core's GEMM (muna/core/opcore.hpp): linear, matmul and bmm through oneDNN or Eigen,
// whose templates cost a library that calls a GEMM a third of its compile.
#include <muna/kernels/gemm.hpp>
