#!/usr/bin/env bash
# Longer fuzzing runs than the test suite's: libFuzzer (swiftc -sanitize=fuzzer,
# with AddressSanitizer) on the scene language. Prints libFuzzer's summary,
# including how many inputs it tried.
#
#   Tools/fuzz.sh [SECONDS]   (default 60)
#
# Crashing inputs are written to .build-fuzz/crash-*; the corpus grows in
# .build-fuzz/corpus, seeded with the test fixtures.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
out=.build-fuzz
mkdir -p "$out/corpus"
swiftc -O -sanitize=fuzzer,address -parse-as-library -module-name SceneLanguage -package-name LayoutPlayground \
    -swift-version 6 -enable-upcoming-feature InternalImportsByDefault -enable-upcoming-feature MemberImportVisibility \
    Sources/SceneLanguage/*.swift Tools/fuzz/FuzzSceneLanguage.swift -o "$out/fuzz-scene-language" \
    2> >(grep -v "Cannot export local symbol" >&2)
# Seed the corpus with scene text from the tests.
grep -h -o '"[^"]*"' Tests/SceneLanguageTests/*.swift | head -200 | while read -r line; do
    printf '%s\n' "$line" > "$out/corpus/seed-$(printf '%s' "$line" | cksum | cut -d' ' -f1)"
done
"$out/fuzz-scene-language" -max_total_time="$seconds" -artifact_prefix="$out/" -print_final_stats=1 "$out/corpus" 2>&1 |
    grep -E "Done [0-9]+ runs|stat::number_of_executed_units|ERROR|crash-" || true
