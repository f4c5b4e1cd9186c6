#!/usr/bin/env bash
# npm packages for the Node client (clients/node) and its tests: koffi (FFI into a compiled
# library) and the official `openai` client (the oracle `./muna serve` is tested against).
# Installed into the project-local, git-ignored .deps/; does nothing when both are present.
set -euo pipefail
cd "$(dirname "$0")/../.."

have() { [ -f ".deps/node_modules/$1/package.json" ]; }
if have koffi && have openai; then
  exit 0
fi
command -v npm >/dev/null 2>&1 || { echo "setup: npm is missing (scripts/setup.sh installs it)" >&2; exit 1; }
echo "setup: installing npm packages koffi, openai into .deps/"
mkdir -p .deps
# Major versions pinned: the client uses koffi 3's API and the tests rely on openai's
# error classes and embeddings/models calls as of its current major.
npm install --prefix .deps --no-audit --no-fund --loglevel=error koffi@3 openai@7 >/dev/null
