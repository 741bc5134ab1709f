#!/usr/bin/env bash
# A cache, outside the clone, for better-sqlite3's compiled addon (the sandbox's database driver).
#
# No prebuilt binary can be downloaded here, so every `npm ci` on a fresh clone compiles SQLite from source: ~55 s of
# one core on the 2-core machine, most of `npm ci`. better-sqlite3 installs with `prebuild-install || node-gyp
# rebuild`, and prebuild-install first looks for a "local prebuild": a tarball named as the release would be, in
# the folder `npm_config_better_sqlite3_local_prebuilds` names. It unpacks it and `require`s the addon before
# accepting it; anything wrong (another Node, a broken file) falls through to the compile, as without the cache.
#
#   env "$(bash scripts/native-build-cache.sh env)" npm ci   point prebuild-install at the cache for that command
#     (npm warns "Unknown env config" for it, once: the variable is prebuild-install's, read from the environment)
#   bash scripts/native-build-cache.sh save            after it: keep the addon just compiled, if not kept yet
#
# The key is the package's version, Node's ABI, the platform and the architecture (the release's own file name), so
# a new better-sqlite3 or a new Node compiles once and is kept again. IPE_NATIVE_CACHE moves the folder;
# `rm -rf ~/.cache/in-page-enrich/prebuilds` empties it.
set -euo pipefail
cd "$(dirname "$0")/.."
dir="${IPE_NATIVE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/in-page-enrich/prebuilds}"

case "${1:-}" in
  env)
    echo "npm_config_better_sqlite3_local_prebuilds=$dir"
    ;;
  save)
    pkg=node_modules/better-sqlite3
    addon="$pkg/build/Release/better_sqlite3.node"
    [ -f "$addon" ] || { echo "native build cache: no $addon to keep" >&2; exit 0; }
    version=$(node -p "require('./$pkg/package.json').version")
    name="better-sqlite3-v$version-node-v$(node -p process.versions.modules)-$(node -p process.platform)-$(node -p process.arch).tar.gz"
    if [ -f "$dir/$name" ]; then echo "native build cache: $name already kept"; exit 0; fi
    mkdir -p "$dir"
    tmp=$(mktemp "$dir/.$name.XXXXXX")
    # The layout of a release tarball: the addon at build/Release/, unpacked into the package's folder.
    tar -czf "$tmp" -C "$pkg" build/Release/better_sqlite3.node
    chmod 644 "$tmp"
    mv "$tmp" "$dir/$name"
    echo "native build cache: kept $name"
    ;;
  *)
    echo "usage: native-build-cache.sh env|save" >&2
    exit 2
    ;;
esac
