#!/usr/bin/env bash
# Installs everything Voxlate needs on Debian 12 (as root): Debian packages, npm packages,
# then builds. Safe to run again: it only installs what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

wanted=$(grep -v '^\s*#' scripts/debian-packages.txt | grep -v '^\s*$')
missing=$(for pkg in $wanted; do dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || echo "$pkg"; done)
if [ -n "$missing" ]; then
  echo "Installing Debian packages: $(echo $missing | tr '\n' ' ')"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  # shellcheck disable=SC2086
  apt-get install -y -qq --no-install-recommends $missing
fi

# The better offline voices: from contrib and non-free (added when missing), each one tried on its
# own, so that a mirror without one leaves that language to eSpeak NG instead of failing setup.
voices=$(grep -v '^\s*#' scripts/debian-voices.txt | grep -v '^\s*$')
missing_voices=$(for pkg in $voices; do dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || echo "$pkg"; done)
if [ -n "$missing_voices" ]; then
  bash scripts/debian-components.sh
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq || true
  # shellcheck disable=SC2086
  if ! apt-get install -y -qq --no-install-recommends $missing_voices; then
    for pkg in $missing_voices; do
      apt-get install -y -qq --no-install-recommends "$pkg" || echo "Voice package $pkg could not be installed: eSpeak NG speaks its language instead." >&2
    done
  fi
fi

# Real videos from Debian packages (unpacked, not installed) for lip sync's tests and eval.
bash scripts/debian-media.sh

# onnxruntime-node (neural engines) would try to download CUDA parts at install time.
export ONNXRUNTIME_NODE_INSTALL=skip ONNXRUNTIME_NODE_INSTALL_CUDA=skip
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi
npm run build

# Optional neural models, for machines that can reach the hub (or VOXLATE_HF_MIRROR):
# VOXLATE_MODELS="small" make run installs the preset (or ids) once, before the service starts.
if [ -n "${VOXLATE_MODELS:-}" ]; then
  # shellcheck disable=SC2086
  npm run models -- add $VOXLATE_MODELS
fi
