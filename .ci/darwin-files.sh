#!/usr/bin/env bash
# Lists the files that hold Darwin-only code, and fails when Darwin-only code appears anywhere else
# (issue #29). Nothing here can compile for Apple platforms, so such code is kept small and visible:
# a reviewer reads the files this prints as "never compiled, written against Apple's documentation".
#
# The rule, for every *.swift file git knows (Sources, Tests, Plugins, Fuzz, Benchmarks, fixtures):
# - A Darwin-only branch is the body of `#if`/`#elseif` whose condition names an Apple-only module
#   or platform without `!` (canImport(Darwin|Security|UIKit|AppKit|WatchKit|Network|ObjectiveC|
#   XcodeProjectPlugin|…), os(macOS|iOS|tvOS|watchOS|visionOS), _runtime(_ObjC),
#   targetEnvironment(macCatalyst)), or that negates a Linux-only one (!os(Linux),
#   !canImport(FoundationNetworking|Glibc|Musl)); and the `#else` of a chain whose every condition
#   is Linux-only (canImport(FoundationNetworking|Glibc|Musl|Android), os(Linux|Android)) or
#   excludes Darwin (!canImport(Darwin), !os(macOS), …): that `#else` is what Apple platforms build.
# - Such a branch may only hold code in a file named `*+Darwin.swift` (or `*+Xcode.swift`, for the
#   plugins' XcodeProjectPlugin glue), whose header comment names the documentation each call follows.
# - Allowed everywhere: a branch holding only `import` lines, such as the block at the top of a
#   file choosing `import Glibc` / `import Musl` / `import Darwin` for POSIX calls spelled the same
#   on both; Linux-only branches without an `#else` (a Linux exception to code both compile).
# - Lines inside multi-line string literals (templates, golden files) are not directives.
# - Glibc-only spellings (SOCK_STREAM.rawValue, RUSAGE_SELF.rawValue, __rusage_who_t, st_mtim,
#   MSG_NOSIGNAL, SOCK_CLOEXEC, `Glibc.`) stay in those files too: unbranched, Darwin fails to
#   compile them, so they only ever appear beside their Darwin spelling.
# Prints the Darwin-only files, then each violation as `path:line: …`; exits 1 on any violation.
set -euo pipefail
cd "$(dirname "$0")/.."

files=$(git ls-files --cached --others --exclude-standard -- '*.swift' | grep -v '^\.build/' | sort -u)

echo "== Darwin-only files (named +Darwin / +Xcode; never compiled on Linux)"
printf '%s\n' $files | grep -E '\+(Darwin|Xcode)\.swift$' | sed 's/^/  /' || true

# shellcheck disable=SC2086
violations=$(printf '%s\n' $files | while read -r f; do [ -f "$f" ] && printf '%s\n' "$f"; done | xargs awk '
function stripped(c) {
    gsub(/\/\/.*$/, "", c)
    return c
}
function negatedOnly(c,   rest) {
    rest = c
    gsub(/![ \t]*(canImport|os|_runtime|targetEnvironment)\([A-Za-z_]+\)/, "", rest)
    return rest
}
function darwinCondition(c,   positive) {
    c = stripped(c)
    positive = negatedOnly(c)
    if (positive ~ /canImport\((Darwin|Security|UIKit|AppKit|WatchKit|Network|ObjectiveC|os|OSLog|CryptoKit|Combine|SwiftUI|XcodeProjectPlugin|LocalAuthentication|SystemConfiguration|CFNetwork|MobileCoreServices|UniformTypeIdentifiers|BackgroundTasks)\)/) return 1
    if (positive ~ /os\((macOS|iOS|tvOS|watchOS|visionOS|xrOS)\)/) return 1
    if (positive ~ /_runtime\(_ObjC\)/ || positive ~ /targetEnvironment\(macCatalyst\)/) return 1
    if (c ~ /![ \t]*(os\(Linux\)|canImport\((FoundationNetworking|Glibc|Musl)\))/) return 1
    return 0
}
function nonDarwinCondition(c,   positive) {
    c = stripped(c)
    positive = negatedOnly(c)
    if (positive ~ /canImport\((FoundationNetworking|Glibc|Musl|Android|Bionic)\)/) return 1
    if (positive ~ /os\((Linux|Android)\)/) return 1
    if (c ~ /![ \t]*(canImport\((Darwin|ObjectiveC)\)|os\((macOS|iOS|tvOS|watchOS|visionOS)\))/) return 1
    return 0
}
function closeBranch() {
    if (depth > 0 && isDarwin[depth] && hasCode[depth] && !allowed)
        printf "%s:%d: Darwin-only code outside a +Darwin.swift file (branch `%s`)\n", FILENAME, start[depth], what[depth]
}
FNR == 1 { depth = 0; inString = 0; allowed = (FILENAME ~ /\+(Darwin|Xcode)\.swift$/) }
{
    line = $0
    sub(/^[ \t]+/, "", line)
    quotes = gsub(/"""/, "&", line)
    if (inString) { if (quotes % 2 == 1) inString = 0; next }
    if (quotes % 2 == 1) { inString = 1 }
}
line ~ /^#if([ \t(!]|$)/ {
    depth++; cond = substr(line, 4)
    isDarwin[depth] = darwinCondition(cond); chainNonDarwin[depth] = nonDarwinCondition(cond)
    hasCode[depth] = 0; start[depth] = FNR; what[depth] = line
    next
}
line ~ /^#elseif/ {
    closeBranch(); cond = substr(line, 8)
    isDarwin[depth] = darwinCondition(cond)
    chainNonDarwin[depth] = chainNonDarwin[depth] && nonDarwinCondition(cond)
    hasCode[depth] = 0; start[depth] = FNR; what[depth] = line
    next
}
line ~ /^#else/ {
    closeBranch()
    isDarwin[depth] = chainNonDarwin[depth]
    hasCode[depth] = 0; start[depth] = FNR; what[depth] = "#else of " what[depth]
    next
}
line ~ /^#endif/ { closeBranch(); if (depth > 0) depth--; next }
line ~ /^$/ || line ~ /^\/\// { next }
line ~ /^(@[A-Za-z_]+[ \t]+)*import[ \t]/ { next }
{ for (i = 1; i <= depth; i++) hasCode[i] = 1 }
')

# Glibc-only spellings that fail to compile on Darwin unless a branch keeps them from it (the
# mirror image: Linux code outside a branch is Darwin code too). They may only appear in the
# +Darwin files, beside their Darwin spelling.
linuxOnly='SOCK_[A-Z]+\.rawValue|RUSAGE_SELF\.rawValue|__rusage_who_t|\.st_(a|m|c)tim\b|MSG_NOSIGNAL|SOCK_CLOEXEC|\bGlibc\.'
# shellcheck disable=SC2086
spelled=$(printf '%s\n' $files | grep -vE '\+(Darwin|Xcode)\.swift$' | while read -r f; do [ -f "$f" ] && printf '%s\n' "$f"; done \
    | xargs grep -nE "$linuxOnly" /dev/null | grep -vE '^[^:]+:[0-9]+:[[:space:]]*//' || true)
if [ -n "$spelled" ]; then
    violations="$violations${violations:+
}$(printf '%s\n' "$spelled" | sed 's/$/  (a Glibc-only spelling: Darwin does not compile it)/')"
fi

if [ -n "$violations" ]; then
    echo "== Darwin-only code outside the files above (move it into a +Darwin.swift file, or use what"
    echo "   Foundation or POSIX offers on both platforms):"
    printf '%s\n' "$violations" | sed 's/^/  /'
    exit 1
fi
echo "== no Darwin-only code elsewhere"
