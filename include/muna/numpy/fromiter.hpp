// numpy.fromiter's count: the first `count` items of the iterable, made a list by the caller
// (all of them for a negative count), with NumPy's ValueError when it holds fewer.
#pragma once
#include <cstdint>
#include <string>

#include <muna/core/error.hpp>
#include <muna/python/list.hpp>

namespace muna::numpy {

template <class T>
python::List<T> fromiter(const python::List<T>& items, int64_t count) {
  if (count < 0) return items;
  if (count > items.size())
    throw ValueError("iterator too short: Expected " + std::to_string(count) + " but iterator had only " +
                     std::to_string(items.size()) + " items.");
  python::List<T> out;
  for (int64_t i = 0; i < count; ++i) out.push_back(items.items()[i]);
  return out;
}

}  // namespace muna::numpy
