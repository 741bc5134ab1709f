#!/usr/bin/env bash
# The four extension packages the test suites load, built before the suites start instead of inside them:
#   chrome         test build (WXT_LOCAL_SANDBOX: 127.0.0.1 stays a required host)  E2E_EXTENSION_DIR
#   store          `wxt zip`, production, nothing from this shell baked in             E2E_STORE_EXTENSION_DIR, E2E_STORE_ZIP
#   firefox        test build and its zip                                             E2E_FIREFOX_EXTENSION_DIR, E2E_FIREFOX_ZIP
#   firefox-store  production Firefox build (also what CI runs web-ext lint on)        E2E_FIREFOX_STORE_DIR
# Built inside the suites, the store package was made three times (demo, onboarding, store zip) and every build
# landed in the middle of a test run; here each is made once, two at a time (a build keeps one core busy for
# ~10 s), into .output/test/, and one whose sources have not changed since its last build is kept as it is.
# A variable already set by the caller (pointing at an existing build) skips that build.
# Writes the variables to .output/test/env (sourced by scripts/test.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD/.output/test"
mkdir -p "$root"
# Everything a build reads; hub/, tests/ and scripts/ are not bundled into the extension.
SOURCES=(lib entrypoints components locales public assets sandbox wxt.config.ts tsconfig.json package.json package-lock.json)
STORE_UNSET=(-u WXT_API_BASE_URL -u WXT_DEMO -u WXT_LOCAL_SANDBOX -u WXT_PROVIDER_PROFILE)

# What a build was made with: its command and the WXT_* settings of this shell (a test build keeps them).
recipe() { echo "$*"; env | grep '^WXT_' | sort || true; }

current() { # name, command: built with the same recipe, and no source newer than its marker
  local marker="$root/$1/built"; shift
  [ -f "$marker" ] && [ "$(cat "$marker")" = "$(recipe "$@")" ] &&
    [ -z "$(find "${SOURCES[@]}" -newer "$marker" -print -quit 2>/dev/null)" ]
}

build() { # name, then the command (env … npx wxt …)
  local name=$1; shift
  if current "$name" "$@"; then echo "  $name: current, kept"; return 0; fi
  rm -rf "${root:?}/$name"
  local t; t=$(date +%s)
  if "$@" WXT_OUT_DIR="$root/$name" >"$root/$name.log" 2>&1 </dev/null; then
    recipe "$@" >"$root/$name/built"
    echo "  $name: built in $(( $(date +%s) - t )) s"
  else
    echo "  $name: build FAILED; its output:" >&2
    cat "$root/$name.log" >&2
    return 1
  fi
}

# `wxt [env -u …] VAR=value …`: a wxt command whose settings are all environment assignments, so build() can add the
# output folder (WXT_OUT_DIR=…) as the last one; WXT_CMD is build or zip, WXT_BROWSER firefox or empty.
wxt() { env "$@" sh -c 'exec npx wxt "$WXT_CMD" ${WXT_BROWSER:+-b "$WXT_BROWSER"}'; }

pids=()
status=0
run() { "$@" & pids+=($!); }
finish() { for pid in "${pids[@]}"; do wait "$pid" || status=1; done; pids=(); }

echo "extension builds for the suites (.output/test/; two at a time):"
[ -n "${E2E_EXTENSION_DIR:-}" ] || run build chrome wxt WXT_LOCAL_SANDBOX=true WXT_CMD=build
[ -n "${E2E_STORE_EXTENSION_DIR:-}" ] || run build store wxt "${STORE_UNSET[@]}" WXT_CMD=zip
finish
[ -n "${E2E_FIREFOX_EXTENSION_DIR:-}" ] || run build firefox wxt WXT_LOCAL_SANDBOX=true WXT_CMD=zip WXT_BROWSER=firefox
[ -n "${E2E_FIREFOX_STORE_DIR:-}" ] || run build firefox-store wxt "${STORE_UNSET[@]}" WXT_CMD=build WXT_BROWSER=firefox
finish
[ "$status" = 0 ] || exit 1

zip_in() { find "$root/$1" -maxdepth 1 -name "*-$2.zip" -print -quit; }
{
  echo "export E2E_EXTENSION_DIR='${E2E_EXTENSION_DIR:-$root/chrome/chrome-mv3}'"
  echo "export E2E_STORE_EXTENSION_DIR='${E2E_STORE_EXTENSION_DIR:-$root/store/chrome-mv3}'"
  echo "export E2E_STORE_ZIP='${E2E_STORE_ZIP:-$(zip_in store chrome)}'"
  echo "export E2E_FIREFOX_EXTENSION_DIR='${E2E_FIREFOX_EXTENSION_DIR:-$root/firefox/firefox-mv2}'"
  echo "export E2E_FIREFOX_ZIP='${E2E_FIREFOX_ZIP:-$(zip_in firefox firefox)}'"
  echo "export E2E_FIREFOX_STORE_DIR='${E2E_FIREFOX_STORE_DIR:-$root/firefox-store/firefox-mv2}'"
} >"$root/env"
