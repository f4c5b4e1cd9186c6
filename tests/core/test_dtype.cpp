// dtype conversions: bfloat16 rounding as torch does it, and float->int without C++'s UB.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include <muna/core/dtype.hpp>

TEST_CASE("bfloat16 rounds to nearest even and keeps NaN") {
  CHECK(static_cast<float>(muna::bfloat16(1.0f)) == 1.0f);
  // 1 + 2^-8 lies halfway between bfloat16 neighbours 1 and 1 + 2^-7: ties go to even (1).
  CHECK(static_cast<float>(muna::bfloat16(1.0f + std::ldexp(1.0f, -8))) == 1.0f);
  CHECK(static_cast<float>(muna::bfloat16(1.0f + 3 * std::ldexp(1.0f, -8))) == 1.0f + std::ldexp(1.0f, -6));
  CHECK(std::isnan(static_cast<float>(muna::bfloat16(std::nanf("")))));
  CHECK(static_cast<float>(muna::bfloat16(std::numeric_limits<float>::infinity())) ==
        std::numeric_limits<float>::infinity());
}

TEST_CASE("float to int conversion is defined for NaN and out-of-range values") {
  CHECK(muna::convert_element<int64_t>(2.9) == 2);
  CHECK(muna::convert_element<int64_t>(-2.9) == -2);
  CHECK(muna::convert_element<int64_t>(std::nan("")) == std::numeric_limits<int64_t>::min());
  CHECK(muna::convert_element<int64_t>(1e300) == std::numeric_limits<int64_t>::min());
  CHECK(muna::convert_element<uint8_t>(-1.0f) == 255);  // through int32, then wrapping
  // NaN and out-of-range floats: INT_MIN in int32, 0 in narrower types (NumPy and torch on x86).
  CHECK(muna::convert_element<int32_t>(std::nanf("")) == std::numeric_limits<int32_t>::min());
  CHECK(muna::convert_element<int32_t>(3e9f) == std::numeric_limits<int32_t>::min());
  CHECK(muna::convert_element<int16_t>(std::nanf("")) == 0);
  CHECK(muna::convert_element<uint8_t>(300.0f) == 44);
  CHECK(muna::convert_element<bool>(0.5f) == true);
  CHECK(muna::convert_element<bool>(int64_t{0}) == false);
}
