#!/usr/bin/env bash
# `npm test`: the whole suite in a temp folder of its own, removed afterwards. Vitest makes a
# folder of its own in the system temp folder when it starts (its module runner's, named at
# random) and never removes it; the suite's temp guard (vitest.temp-guard.ts) starts later, so
# only this can keep that folder out of the machine's temp folder.
set -euo pipefail
cd "$(dirname "$0")/.."
system="${TMPDIR:-/tmp}"
own=$(mktemp -d "$system/voxlate-vitest.XXXXXX")
trap 'rm -rf "$own"' EXIT
# The suite's own temp folder is still made in the system's (VOXLATE_SYSTEM_TMPDIR): under this
# one, Chromium's socket path (105 characters from /tmp) passes the 107 a Unix socket may have.
VOXLATE_SYSTEM_TMPDIR="$system" TMPDIR="$own" npx vitest run "$@"
