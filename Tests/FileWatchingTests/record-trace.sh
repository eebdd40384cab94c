#!/usr/bin/env bash
# Records what layout-watch prints while a command saves a file, for SaveTraces.swift.
#
#   Tests/FileWatchingTests/record-trace.sh [-s SETUP] 'COMMAND'
#
# Makes a temporary folder holding Scene.layout ("old"), runs SETUP there (e.g. "git init -q && git add . &&
# git commit -qm 1"), starts layout-watch --all-events on it, waits for `ready`, runs COMMAND there, waits a second
# and prints the lines that followed `ready`. Build layout-watch first (swift build --product layout-watch); set
# LAYOUT_WATCH to use another binary. The folder is made in $TRACE_BASE, else $HOME: not in /tmp, where vim's
# 'backupskip' makes no backup.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
setup=:
if [ "${1:-}" = -s ]; then setup=$2; shift 2; fi
[ $# -eq 1 ] || { echo "usage: $0 [-s SETUP] 'COMMAND'" >&2; exit 2; }
watch=${LAYOUT_WATCH:-$(cd "$here/../.." && swift build --product layout-watch --show-bin-path)/layout-watch}
folder=$(mktemp -d "${TRACE_BASE:-$HOME}/layout-trace.XXXXXX")
output=$(mktemp)
trap 'kill "$pid" 2>/dev/null || true; rm -rf "$folder" "$output"' EXIT
printf 'old\n' >"$folder/Scene.layout"
(cd "$folder" && eval "$setup") >/dev/null
"$watch" --all-events "$folder" >"$output" &
pid=$!
for _ in $(seq 100); do grep -qx ready "$output" && break; sleep 0.05; done
grep -qx ready "$output" || { echo "layout-watch did not say ready" >&2; exit 1; }
(cd "$folder" && eval "$1") </dev/null >/dev/null 2>&1
sleep 1
sed '1,/^ready$/d' "$output"
