// Tensor views, strides and broadcasting: facts of NumPy's documented semantics.
#include <catch2/catch.hpp>

#include <muna/core/tensor.hpp>

using muna::Shape;
using muna::Tensor;

TEST_CASE("broadcast_shapes follows NumPy's trailing-dimension rule") {
  CHECK(muna::broadcast_shapes({3, 1}, {1, 4}) == Shape{3, 4});
  CHECK(muna::broadcast_shapes({5}, {2, 1, 5}) == Shape{2, 1, 5});
  CHECK(muna::broadcast_shapes({}, {2, 3}) == Shape{2, 3});
  CHECK(muna::broadcast_shapes({0, 1}, {1, 3}) == Shape{0, 3});
  CHECK_THROWS_WITH(muna::broadcast_shapes({2, 3}, {4}),
                    "operands could not be broadcast together with shapes (2, 3) (4,)");
}

TEST_CASE("broadcast strides are zero on stretched dimensions") {
  CHECK(muna::broadcast_strides({3, 1}, {1, 1}, {2, 3, 4}) == Shape{0, 1, 0});
}

TEST_CASE("normalize_axis raises NumPy's AxisError") {
  CHECK(muna::normalize_axis(-1, 3) == 2);
  CHECK_THROWS_AS(muna::normalize_axis(3, 3), muna::AxisError);
  CHECK_THROWS_WITH(muna::normalize_axis(-4, 3), "axis -4 is out of bounds for array of dimension 3");
}

TEST_CASE("tensors share storage like ndarrays and copy views only") {
  Tensor<float> a({2, 3});
  for (int i = 0; i < 6; ++i) a.data()[i] = static_cast<float>(i);
  Tensor<float> b = a;  // same storage, as `b = a` in Python
  b.data()[0] = 42.0f;
  CHECK(a.data()[0] == 42.0f);
  CHECK(a.is_contiguous());
  CHECK(reinterpret_cast<uintptr_t>(a.data()) % 64 == 0);

  // The transpose is a strided view; contiguous() packs it in row-major order.
  Tensor<float> t = a.with_layout({3, 2}, {1, 3});
  CHECK_FALSE(t.is_contiguous());
  Tensor<float> packed = muna::contiguous(t);
  const float expected[] = {42, 3, 1, 4, 2, 5};
  for (int i = 0; i < 6; ++i) CHECK(packed.data()[i] == expected[i]);
}

TEST_CASE("constants are read-only views with NumPy's error on write") {
  static const float weights[] = {1, 2, 3};
  auto w = Tensor<float>::constant(weights, {3});
  CHECK_FALSE(w.writable());
  CHECK_THROWS_WITH(w.require_writable(), "assignment destination is read-only");
}

TEST_CASE("for_each_run visits broadcast operands in row-major order") {
  Shape shape{2, 3};
  Shape sa{3, 1}, sb{0, 1};
  const Shape* strides[2] = {&sa, &sb};
  std::vector<std::pair<int64_t, int64_t>> seen;
  muna::for_each_run(shape, strides, [&](int64_t n, const int64_t* off) {
    for (int64_t i = 0; i < n; ++i) seen.emplace_back(off[0] + i, off[1] + i);
  });
  REQUIRE(seen.size() == 6);
  CHECK(seen[3] == std::make_pair<int64_t, int64_t>(3, 0));
  CHECK(seen[5] == std::make_pair<int64_t, int64_t>(5, 2));
}
