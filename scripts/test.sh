#!/usr/bin/env bash
# `npm test`: unit tests, e2e tests in real Chromium and the Firefox suite in real Firefox ESR, all against the
# real sandbox; then each suite's own count and one summary line. Every suite runs even when an earlier one
# failed, so one red suite does not hide the others' results; the exit code is non-zero if any test failed.
#
# The three suites run at the same time (docs/testing.md, "npm test as one run"): the browser suites mostly wait
# (on browsers, sandboxes, rate windows: about a third of two cores), the unit suite is CPU-bound, so the unit suite
# fills what the e2e leaves idle. The unit suite starts at once, beside the extension builds (scripts/test-builds.sh,
# skipped when current); the e2e and the Firefox suite start when the builds are done. The outputs of the unit and
# Firefox suites are kept and printed after the e2e's. TEST_SERIAL=1 runs them one after another (unit, builds, e2e,
# Firefox), for a clean picture of one suite's timing. Each suite's wall time is printed.
set -uo pipefail
cd "$(dirname "$0")/.."
[ -d .wxt ] || npx wxt prepare
mkdir -p test-results
rm -f test-results/unit.json test-results/unit.log test-results/e2e.json test-results/firefox.json test-results/firefox.log
status=0
t0=$(date +%s)
since() { echo "$(( $(date +%s) - $1 )) s"; }

# Both browsers are checked (and installed) before any suite starts: two apt-get at once would fight over dpkg's
# lock. Without Firefox (and not root to install it) its suite still runs: it builds nothing and reports every
# test as skipped, with the reason, so the summary never hides that Firefox was not tested.
bash scripts/ensure-firefox.sh || true
chromium_ok=0
bash scripts/ensure-chromium.sh || chromium_ok=1

# The e2e is the longest suite and the one the run waits for; the unit and Firefox suites fill the time it leaves
# idle. Run together, they run at a lower priority (FILL_NICE, default 3: about half a core's share against the e2e's
# processes when both want the CPU, all of it when the e2e waits) unless run one after another. At 5, the unit suite
# beside another busy process (`yes`) got so little that it, not the e2e, became the longest (docs/testing.md).
fill_nice=0
[ "${TEST_SERIAL:-0}" = 1 ] || fill_nice="${FILL_NICE:-3}"
unit_suite() { nice -n "$fill_nice" npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/unit.json; }
firefox_suite() {
  nice -n "$fill_nice" npx vitest run -c vitest.firefox.config.ts --reporter=default --reporter=json --outputFile.json=test-results/firefox.json
}
e2e_suite() {
  if [ "$chromium_ok" = 0 ]; then
    PLAYWRIGHT_JSON_OUTPUT_NAME=test-results/e2e.json npx playwright test --reporter=list,json
  else
    return 1
  fi
}
builds() {
  bash scripts/test-builds.sh || return 1
  # shellcheck disable=SC1091
  . .output/test/env
}

if [ "${TEST_SERIAL:-0}" = 1 ]; then
  unit_suite || status=1
  echo "unit suite: $(since "$t0")"
  t1=$(date +%s)
  builds || status=1
  echo "builds: $(since "$t1")"
  t2=$(date +%s)
  e2e_suite || status=1
  echo "e2e suite: $(since "$t2")"
  t3=$(date +%s)
  firefox_suite || status=1
  echo "firefox suite: $(since "$t3")"
else
  (unit_suite >test-results/unit.log 2>&1; rc=$?; echo "unit suite: $(since "$t0") (beside the builds and the e2e)" >>test-results/unit.log; exit $rc) &
  unit_pid=$!
  builds || status=1
  echo "builds: $(since "$t0") (beside the unit suite)"
  t1=$(date +%s)
  (firefox_suite >test-results/firefox.log 2>&1; rc=$?; echo "firefox suite: $(since "$t1") (beside the e2e)" >>test-results/firefox.log; exit $rc) &
  ff_pid=$!
  e2e_suite || status=1
  echo "e2e suite: $(since "$t1")"
  wait "$unit_pid" || status=1
  echo; echo "=== unit suite (ran beside the e2e)"; cat test-results/unit.log
  wait "$ff_pid" || status=1
  echo; echo "=== Firefox suite (ran beside the e2e)"; cat test-results/firefox.log
fi
echo "npm test: $(since "$t0")"
# Each failure again with the first lines of its error, then the counts (scripts/test-summary.ts): a CI log kept only
# in part keeps its end.
npx tsx scripts/test-summary.ts || status=1
exit $status
