#!/usr/bin/env bash
# Makes sure a real Firefox is available for the Firefox e2e suite (tests/e2e-firefox), the way
# ensure-chromium.sh does for Chromium: Debian's `firefox-esr` package (no browser download).
# Exit 0 when Firefox is there (or was installed); exit 1 with a one-line hint otherwise — the suite's first
# global setup (tests/e2e-firefox/ensure-firefox.ts) runs this and fails the run with that hint.
set -euo pipefail
if [ -n "${FIREFOX_PATH:-}" ]; then
  [ -x "$FIREFOX_PATH" ] && exit 0
  echo "FIREFOX_PATH=$FIREFOX_PATH is not an executable. Point it at a Firefox binary or unset it." >&2
  exit 1
fi
[ -x /usr/bin/firefox-esr ] && exit 0
[ -x /usr/bin/firefox ] && exit 0
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Firefox not found: installing Debian's firefox-esr package (about 30 s)…" >&2
  apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq firefox-esr >/dev/null
  [ -x /usr/bin/firefox-esr ] && exit 0
fi
echo "Firefox not found. Install it (Debian/Ubuntu: sudo apt-get install -y firefox-esr) or set FIREFOX_PATH." >&2
exit 1
