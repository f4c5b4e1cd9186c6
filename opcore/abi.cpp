// The op core's common part (muna/core/opcore.hpp): what nearly every library calls — reading
// and checking its arguments, tensor storage, shapes and broadcasting, exception and float
// formatting, index helpers — compiled once per target instead of in each library.
//
// The archive's members are in file-name order and the linker takes a symbol from the first
// member that defines it; this one comes first, so a library that needs only these never pulls
// in a later member (numpy_linalg's SVD) for its copies of them.
#include <muna/abi/array_like.hpp>
#include <muna/abi/entry.hpp>
#include <muna/numpy/detail/index.hpp>
#include <muna/python/format/float_to_string.hpp>
#include <muna/python/format/str_repr.hpp>
