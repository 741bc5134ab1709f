#!/usr/bin/env bash
# `npm run test:changed [-- REF]`: the tests a change touches, against REF (default: where this branch left main;
# without a main branch, the last commit). Unit: `vitest related`, which follows imports from the changed source
# files to the tests that use them (not `--changed`: a changed package.json or config reruns all 4,700 there). E2e: `playwright --only-changed`, the spec files changed or importing a changed file
# (fixtures, support); run only when one of them did, since a change to the product alone would pick all 100 specs
# (that is what `npm test` is for). Uncommitted and untracked files count as changed.
set -uo pipefail
cd "$(dirname "$0")/.."
ref="${1:-$(git merge-base HEAD main 2>/dev/null || git rev-parse HEAD)}"
echo "Changed since $(git rev-parse --short "$ref"):"
changed=$( (git diff --name-only "$ref"; git ls-files --others --exclude-standard) | sort -u)
echo "${changed:-  (nothing)}" | sed 's/^/  /'
[ -d .wxt ] || npx wxt prepare
status=0
sources=$(grep -E '\.(ts|tsx|json)$' <<<"$changed" | grep -vE '^(tests/e2e/|tests/e2e-firefox/|package(-lock)?\.json$|[^/]+\.config\.ts$)' | while read -r f; do [ -f "$f" ] && echo "$f"; done)
if [ -n "$sources" ]; then
  # shellcheck disable=SC2086 # one argument per file
  npx vitest related --run --passWithNoTests $sources || status=1
else
  echo "No source or unit test changed: no unit run."
fi
if grep -qE '^(tests/e2e/|playwright\.config\.ts$)' <<<"$changed"; then
  if bash scripts/ensure-chromium.sh; then
    npx playwright test --only-changed="$ref" || status=1
  else
    status=1
  fi
else
  echo "No e2e spec, fixture or Playwright config changed: no e2e run (one spec: npx playwright test tests/e2e/<file>.spec.ts)."
fi
exit $status
