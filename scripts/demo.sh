#!/usr/bin/env bash
# The main job: compile a plain Python function from examples/ into a native library, call it,
# and print its result beside the Python original's.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
exec /usr/bin/python3 examples/demo.py "$@"
