#!/usr/bin/env bash
# `npm test`: unit tests, then e2e tests in real Chromium against the real sandbox.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -d .wxt ] || npx wxt prepare
npx vitest run
bash scripts/ensure-chromium.sh
npx playwright test
