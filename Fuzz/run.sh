#!/usr/bin/env bash
# Builds Courier's fuzz targets (libFuzzer + AddressSanitizer) and runs them: release builds
# for fuzzing runs, a debug build for the smoke (it builds in about a minute, a fifth of release).
#
#   Fuzz/run.sh TARGET SECONDS [RUNS]
#                                fuzz one target for SECONDS (or RUNS executions, if sooner) from
#                                its corpus; prints executions,
#                                executions per second and coverage; a crash, a leak, an input
#                                slower than 1 s or over 2 GB is a finding (saved under
#                                Fuzz/.build/artifacts/TARGET/ and printed)
#   Fuzz/run.sh --smoke [SECONDS] every target, debug build: each input of FailCases/TARGET once,
#                                then SECONDS (default 8) of fuzzing from Corpus/TARGET; non-zero on
#                                any finding
#   Fuzz/run.sh --seed           remake Corpus/ from make_seeds.py's seeds, minimised (-merge=1);
#                                with FUZZ_MERGE_RUNS=1 also from what runs found
#   Fuzz/run.sh --build          only build
#   Fuzz/run.sh --list           the targets
#
# FUZZ_CONFIGURATION=debug|release overrides the build configuration. FUZZ_NO_BUILD=1 skips the build (runs what Fuzz/.build/release holds), for long runs started
# while others change the sources. FUZZ_TIMEOUT (seconds, default 1) is libFuzzer's per-input
# limit, which counts wall time: a long run on a machine that is also building needs more, and
# what it reports as slow is then timed again alone.
#
# Leak detection is off: Foundation's Data(contentsOf:) leaks a 4 KB buffer when reading a file
# (seen from FileCredentialStore), which is not Courier's; memory growth still hits -rss_limit_mb.
# New inputs a run finds go to Fuzz/.build/corpus/TARGET, never into the tree; merge the useful
# ones with `-merge=1` (see Fuzz/README.md). Builds take /tmp/courier-build.lock when flock is
# there (several people share this machine); everything runs under `nice -n 19`.
set -euo pipefail
# Swift's own crash backtracer would hold a crashing target for minutes; libFuzzer and ASan report.
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"

FUZZ="$(cd "$(dirname "$0")" && pwd)"
SCRATCH="$FUZZ/.build"
[ "${1:-}" = --smoke ] && CONFIGURATION=${FUZZ_CONFIGURATION:-debug} || CONFIGURATION=${FUZZ_CONFIGURATION:-release}
export FUZZ_CONFIGURATION=$CONFIGURATION  # for --build-here under the lock
BIN="$SCRATCH/$CONFIGURATION"
TARGETS=(
    FuzzSpec FuzzCacheControl FuzzLinkHeader FuzzRetryAfter FuzzContentType FuzzETag FuzzVary
    FuzzPathQuery FuzzServerSentEvents FuzzJSONLines FuzzJSONSequence FuzzDiskCacheEntry FuzzCredentialFile
    FuzzModels FuzzMultipart
)

dictionary() {
    case "$1" in
        FuzzSpec) echo "$FUZZ/Dictionaries/yaml.dict" ;;
        FuzzServerSentEvents) echo "$FUZZ/Dictionaries/sse.dict" ;;
        FuzzJSONLines | FuzzJSONSequence | FuzzDiskCacheEntry | FuzzCredentialFile | FuzzModels) echo "$FUZZ/Dictionaries/json.dict" ;;
        FuzzPathQuery) echo "$FUZZ/Dictionaries/url.dict" ;;
        *) echo "$FUZZ/Dictionaries/headers.dict" ;;
    esac
}

build() {
    if [ -n "${FUZZ_NO_BUILD:-}" ]; then
        echo "== not building (FUZZ_NO_BUILD)"
        return 0
    fi
    echo "== building the fuzz targets ($CONFIGURATION, -sanitize=fuzzer,address)"
    local started=$SECONDS
    if command -v flock >/dev/null 2>&1 && [ -z "${FUZZ_LOCKED:-}" ]; then
        FUZZ_LOCKED=1 flock -o /tmp/courier-build.lock "$0" --build-here
    else
        build_here
    fi
    echo "== built in $((SECONDS - started)) s"
}

build_here() {
    mkdir -p "$SCRATCH"
    local log="$SCRATCH/build.log"
    # swiftc keeps only the last `-sanitize=` it is given, and SwiftPM passes `-sanitize=fuzzer`
    # then `-sanitize=address`, which leaves the code without coverage counters: hence the
    # combined flag after them. The linker's notes about ASan's local symbols are not problems.
    local status=0
    nice -n 19 swift build --package-path "$FUZZ" --scratch-path "$SCRATCH" -c "$CONFIGURATION" \
        --sanitize=fuzzer --sanitize=address -Xswiftc -sanitize=fuzzer,address -Xswiftc -enable-testing >"$log" 2>&1 || status=$?
    local problems
    problems=$(grep -E "(error|warning): " "$log" | grep -v -e "unhandled; explicitly declare" \
        -e "Cannot export local symbol '__asan" -e "format_file_lineno" || true)
    local missing=()
    for target in "${TARGETS[@]}"; do
        [ -x "$BIN/$target" ] || missing+=("$target")
    done
    if [ "$status" -ne 0 ] || [ -n "$problems" ] || [ ${#missing[@]} -gt 0 ]; then
        cat "$log"
        echo "!! the fuzz build failed${missing:+; not built: ${missing[*]}}"
        return 1
    fi
}

# Prints each finding's file and bytes, so that a CI log alone reproduces it.
report_findings() {
    local target=$1
    for artifact in "$SCRATCH/artifacts/$target"/*; do
        [ -f "$artifact" ] || continue
        echo "!! $target finding: $artifact ($(wc -c <"$artifact") bytes), reproduce with:"
        echo "   Fuzz/run.sh --build && $BIN/$target $artifact"
        echo "   base64: $(base64 -w0 "$artifact")"
        echo "   keep it: cp $artifact Fuzz/FailCases/$target/"
    done
}

fuzz() {
    local target=$1 seconds=$2 runs=${3:-}
    local work="$SCRATCH/corpus/$target" artifacts="$SCRATCH/artifacts/$target" log="$SCRATCH/logs/$target.log"
    mkdir -p "$work" "$artifacts" "$(dirname "$log")" "$FUZZ/Corpus/$target"
    rm -f "$artifacts"/*
    local status=0
    (cd "$SCRATCH" && nice -n 19 "$BIN/$target" -dict="$(dictionary "$target")" -rss_limit_mb=2048 -timeout="${FUZZ_TIMEOUT:-1}" -detect_leaks=0 \
        -max_total_time="$seconds" ${runs:+-runs="$runs"} -print_final_stats=1 -artifact_prefix="$artifacts/" \
        "$work" "$FUZZ/Corpus/$target") >"$log" 2>&1 || status=$?
    local executions speed coverage
    executions=$(grep -aEo 'stat::number_of_executed_units: +[0-9]+' "$log" | grep -Eo '[0-9]+$' || true)
    speed=$(grep -aEo 'stat::average_exec_per_sec: +[0-9]+' "$log" | grep -Eo '[0-9]+$' || true)
    coverage=$(grep -aEo '(DONE|pulse|NEW|REDUCE|INITED) +cov: [0-9]+ ft: [0-9]+ corp: [0-9]+/[0-9a-zA-Z]+' "$log" | tail -1 | sed -E 's/^[A-Z]+ +//' || true)
    printf '%-22s %5ss  executions %-10s exec/s %-7s %s\n' "$target" "$seconds" "${executions:-?}" "${speed:-?}" "${coverage:-?}"
    if [ "$status" -ne 0 ]; then
        echo "!! $target exited with $status; the end of its log ($log):"
        tail -40 "$log"
        report_findings "$target"
        return 1
    fi
}

replay() {
    local target=$1
    local cases=("$FUZZ/FailCases/$target"/*)
    [ -e "${cases[0]}" ] || return 0
    local log="$SCRATCH/logs/$target.replay.log"
    mkdir -p "$(dirname "$log")"
    if ! (cd "$SCRATCH" && nice -n 19 "$BIN/$target" -rss_limit_mb=2048 -timeout=1 -detect_leaks=0 "${cases[@]}") >"$log" 2>&1; then
        echo "!! $target fails on a kept fail case again:"
        tail -40 "$log"
        return 1
    fi
    echo "$target: ${#cases[@]} fail case(s) replayed"
}

case "${1:-}" in
    --list) printf '%s\n' "${TARGETS[@]}" ;;
    --build) build ;;
    --build-here) build_here ;;
    --seed)
        build
        python3 "$FUZZ/make_seeds.py" "$SCRATCH/seeds"
        for target in "${TARGETS[@]}"; do
            fresh="$SCRATCH/merged/$target"
            rm -rf "$fresh" && mkdir -p "$fresh" "$FUZZ/Corpus/$target" "$SCRATCH/logs"
            (cd "$SCRATCH" && nice -n 19 "$BIN/$target" -merge=1 -rss_limit_mb=2048 -timeout=1 \
                "$fresh" "$SCRATCH/seeds/$target" "$FUZZ/Corpus/$target" ${FUZZ_MERGE_RUNS:+"$SCRATCH/corpus/$target"}) >"$SCRATCH/logs/$target.merge.log" 2>&1
            rm -rf "$FUZZ/Corpus/$target" && mv "$fresh" "$FUZZ/Corpus/$target"
            echo "$target: $(ls "$FUZZ/Corpus/$target" | wc -l) inputs, $(du -sk "$FUZZ/Corpus/$target" | cut -f1) KB"
        done
        ;;
    --smoke)
        seconds=${2:-8}
        started=$SECONDS
        build
        failed=0
        for target in "${TARGETS[@]}"; do
            replay "$target" || failed=1
            fuzz "$target" "$seconds" || failed=1
        done
        echo "== fuzz smoke: $((SECONDS - started)) s in all"
        exit $failed
        ;;
    "" | -h | --help) sed -n '2,20p' "$0" ;;
    *)
        target=$1
        seconds=${2:?"usage: Fuzz/run.sh TARGET SECONDS [RUNS]"}
        printf '%s\n' "${TARGETS[@]}" | grep -qx "$target" || { echo "no target $target; Fuzz/run.sh --list" >&2; exit 2; }
        build
        fuzz "$target" "$seconds" "${3:-}"
        ;;
esac
