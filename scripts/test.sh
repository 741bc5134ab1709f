#!/usr/bin/env bash
# `npm test`: unit tests, then e2e tests in real Chromium against the real sandbox, then one summary line.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -d .wxt ] || npx wxt prepare
mkdir -p test-results
npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/unit.json
bash scripts/ensure-chromium.sh
PLAYWRIGHT_JSON_OUTPUT_NAME=test-results/e2e.json npx playwright test --reporter=list,json
node -e '
  const fs = require("fs");
  const unit = JSON.parse(fs.readFileSync("test-results/unit.json", "utf8"));
  const e2e = JSON.parse(fs.readFileSync("test-results/e2e.json", "utf8")).stats;
  const passed = unit.numPassedTests + e2e.expected;
  const failed = unit.numFailedTests + e2e.unexpected + e2e.flaky;
  const skipped = unit.numPendingTests + unit.numTodoTests + e2e.skipped;
  console.log(`unit ${unit.numPassedTests}/${unit.numTotalTests}, e2e ${e2e.expected}/${e2e.expected + e2e.unexpected + e2e.flaky + e2e.skipped} in real Chromium`);
  console.log(`Tests: ${passed} passed, ${failed} failed` + (skipped ? `, ${skipped} skipped` : ""));
'
