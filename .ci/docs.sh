#!/usr/bin/env bash
# Builds the DocC catalogs (issue #25) with the toolchain's `docc`, no plugin: the symbol graphs come
# from `swift package dump-symbol-graph` (a debug build, reused from `swift test` in CI), then each
# catalog is converted with --warnings-as-errors, so a link that does not resolve, a directive DocC
# does not know or a parameter a comment misnames fails the run. Last, every public symbol of the
# documented modules must carry a documentation comment (.ci/doc_coverage.py).
#
#   bash .ci/docs.sh            build the catalogs into .build/docs/<Module>.doccarchive
#   DOCS_NO_DUMP=1 bash .ci/docs.sh   reuse the symbol graphs already dumped (faster while writing)
set -euo pipefail
cd "$(dirname "$0")/.."

LOCK=()
command -v flock >/dev/null 2>&1 && LOCK=(flock -o /tmp/courier-build.lock)
GRAPHS=.build/x86_64-unknown-linux-gnu/symbolgraph
if [ -z "${DOCS_NO_DUMP:-}" ] || [ ! -d "$GRAPHS" ]; then
    echo "== swift package dump-symbol-graph"
    "${LOCK[@]}" swift package --enable-all-traits dump-symbol-graph --skip-synthesized-members >/tmp/courier-docs-dump.log 2>&1 \
        || { tail -40 /tmp/courier-docs-dump.log; exit 1; }
    GRAPHS=$(sed -n 's/^Files written to //p' /tmp/courier-docs-dump.log | tail -1)
fi
DOCC=$(command -v docc || echo "$(dirname "$(readlink -f "$(command -v swift)")")/docc")

# The documented modules: each has a catalog Sources/<Module>/<Module>.docc.
MODULES=(Courier CourierTesting CourierTelemetry CourierAsyncHTTPClient)
status=0
for module in "${MODULES[@]}"; do
    catalog="Sources/$module/$module.docc"
    graphs=".build/docs/symbolgraphs/$module"
    rm -rf "$graphs" && mkdir -p "$graphs"
    cp "$GRAPHS/$module.symbols.json" "$graphs/"
    # Extensions this module makes to other modules' types (Courier@Swift.symbols.json…).
    for extension in "$GRAPHS/$module@"*.symbols.json; do [ -e "$extension" ] && cp "$extension" "$graphs/"; done
    if [ ! -d "$catalog" ]; then
        echo "== $module: no catalog at $catalog" >&2
        status=1
        continue
    fi
    echo "== docc convert $catalog"
    if ! "$DOCC" convert "$catalog" \
        --additional-symbol-graph-dir "$graphs" \
        --fallback-display-name "$module" --fallback-bundle-identifier "dev.courier.$module" \
        --output-path ".build/docs/$module.doccarchive" --warnings-as-errors 2>&1 | tee /tmp/courier-docc-$module.log; then
        status=1
    fi
    grep -q "warning:\|error:" /tmp/courier-docc-$module.log && status=1
done
echo "== public symbols without a documentation comment"
python3 .ci/doc_coverage.py .build/docs/symbolgraphs "${MODULES[@]}" || status=1
exit $status
