#!/usr/bin/env bash
# The whole test suite: C++ (meson test) and Python (pytest), ending with one line
# "N passed, M failed" that sums every suite. Exit status 0 only when nothing failed.
set -uo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh || exit 1

passed=0
failed=0
log_dir=build/test-logs
mkdir -p "$log_dir"

echo "== C++ tests (meson)"
if [ ! -f build/meson/build.ninja ]; then
  meson setup build/meson --buildtype=release >"$log_dir/meson-setup.log" 2>&1 || { cat "$log_dir/meson-setup.log"; echo "0 passed, 1 failed"; exit 1; }
fi
if ninja -C build/meson -j2 >"$log_dir/ninja.log" 2>&1; then
  meson test -C build/meson --num-processes 2 --print-errorlogs 2>&1 | tee "$log_dir/meson-test.log"
  ok=$(sed -n 's/^Ok: *\([0-9]*\).*/\1/p' "$log_dir/meson-test.log" | tail -1)
  bad=$(sed -n 's/^\(Fail\|Timeout\|Unexpected Pass\): *\([0-9]*\).*/\2/p' "$log_dir/meson-test.log" | awk '{s+=$1} END {print s+0}')
  passed=$((passed + ${ok:-0}))
  failed=$((failed + ${bad:-0}))
else
  tail -50 "$log_dir/ninja.log"
  echo "C++ build failed"
  failed=$((failed + 1))
fi

echo "== Python tests (pytest)"
# Two workers (most of the time is C++ compiles, one core each). Tests run in groups
# (tests/conftest.py): the tests of one file together, so each library is built once, except
# where a file groups them by library (NumPy conformance modules, realistic-corpus modules).
parallel=()
/usr/bin/python3 -c "import xdist" 2>/dev/null && parallel=(-n 2 --dist loadgroup)
/usr/bin/python3 -m pytest tests -q -p no:cacheprovider --durations=25 "${parallel[@]}" 2>&1 | tee "$log_dir/pytest.log"
if [ -f "$log_dir/file-durations.tsv" ]; then
  echo "== slowest test files (seconds, summed over the workers; $log_dir/file-durations.tsv)"
  head -12 "$log_dir/file-durations.tsv"
fi
summary=$(grep -E "^[=]* ?[0-9]+ (passed|failed)|^[=]* ?(no tests ran)" "$log_dir/pytest.log" | tail -1)
p=$(echo "$summary" | grep -oE "[0-9]+ passed" | grep -oE "[0-9]+")
f=$(echo "$summary" | grep -oE "[0-9]+ (failed|error|errors)" | grep -oE "[0-9]+" | awk '{s+=$1} END {print s+0}')
passed=$((passed + ${p:-0}))
failed=$((failed + ${f:-0}))
[ -n "$summary" ] || failed=$((failed + 1))

echo "${passed} passed, ${failed} failed"
[ "$failed" -eq 0 ]
