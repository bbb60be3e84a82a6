#!/usr/bin/env bash
# `npm test`: the whole suite in a temp folder of its own, removed afterwards. Vitest makes a
# folder of its own in the system temp folder when it starts (its module runner's, named at
# random) and never removes it; the suite's temp guard (vitest.temp-guard.ts) starts later, so
# only this can keep that folder out of the machine's temp folder.
set -euo pipefail
cd "$(dirname "$0")/.."
own=$(mktemp -d "${TMPDIR:-/tmp}/voxlate-vitest.XXXXXX")
trap 'rm -rf "$own"' EXIT
TMPDIR="$own" npx vitest run "$@"
