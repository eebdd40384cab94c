#!/usr/bin/env bash
# Runs `swift test` with the arguments given, then lists every test and suite
# that Swift Testing skipped, with its reason. With --no-skips, or when CI is
# set, it fails if any was skipped other than the opt-ins below, so that a
# missing Python module (say) cannot pass as a green run.
#
#   Tools/test.sh                       # all the tests
#   Tools/test.sh --filter SolverTests  # arguments go to swift test
#   Tools/test.sh --no-skips            # as CI: a skip is a failure
set -euo pipefail
cd "$(dirname "$0")/.."

# Skipped on purpose: tests that run only when asked for. Each entry is the
# skipped line's subject as Swift Testing prints it, then why it may skip.
allowed=(
    "Suite SamplePlots|an opt-in, run when FRAMEPLOT_SAMPLES is set"
    'Test "Sample plots are written for a look"|in the SamplePlots suite'
)

strict=false
[ -n "${CI:-}" ] && strict=true
arguments=()
for argument in "$@"; do
    if [ "$argument" = --no-skips ]; then strict=true; else arguments+=("$argument"); fi
done

log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
swift test ${arguments[@]+"${arguments[@]}"} 2>&1 | tee "$log" || status=$?

# `➜ Test "name" skipped: "reason"`, `➜ Suite Name skipped.`: the subject and
# the reason, once each.
skips=$(sed -e 's/\x1b\[[0-9;]*m//g' "$log" |
    sed -n -E 's/^[^ ]+ ((Test|Suite) .*) skipped(: "(.*)")?\.?$/\1|\4/p' | awk '!seen[$0]++')

unexpected=0
if [ -n "$skips" ]; then
    echo
    echo "Skipped:"
    while IFS='|' read -r subject reason; do
        why=""
        for entry in "${allowed[@]}"; do
            [ "${entry%%|*}" = "$subject" ] && why="${entry#*|}"
        done
        if [ -n "$why" ]; then
            echo "  $subject: ${reason:-no reason given} (allowed: $why)"
        else
            echo "  $subject: ${reason:-no reason given}"
            unexpected=$((unexpected + 1))
        fi
    done <<<"$skips"
fi

if [ "$status" -ne 0 ]; then exit "$status"; fi
if [ "$strict" = true ] && [ "$unexpected" -gt 0 ]; then
    echo "test.sh: $unexpected skipped that must run here (CI or --no-skips); Tools/setup.sh says what is missing" >&2
    exit 1
fi
