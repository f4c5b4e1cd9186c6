// The Catch2 v2 test runner, in its own translation unit because it takes ~20 s to compile:
// built once, linked into every kernel test.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
