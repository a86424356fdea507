#!/usr/bin/env python3
"""Every public symbol of the documented modules carries a documentation comment (issue #25).

Reads the symbol graphs .ci/docs.sh copied to DIR/<Module>/ and lists each public or open symbol
declared in the module without a `///` comment of its own. A member that implements a requirement
of another module's protocol (`description`, `init(from:)`, `hash(into:)`, `==`…) inherits that
protocol's comment, which the symbol graph carries, so it passes; enum cases need their own.

    python3 .ci/doc_coverage.py DIR MODULE...
"""
import glob
import json
import os
import sys


def undocumented(directory, module):
    missing = []
    for path in sorted(glob.glob(os.path.join(directory, module, "*.symbols.json"))):
        with open(path, encoding="utf-8") as handle:
            graph = json.load(handle)
        for symbol in graph.get("symbols", []):
            if symbol.get("accessLevel") not in ("public", "open"):
                continue
            if symbol["kind"]["identifier"] == "swift.extension":
                continue  # an extension block: its members carry the comments
            comment = symbol.get("docComment", {}).get("lines", [])
            if any(line.get("text", "").strip() for line in comment):
                continue
            location = symbol.get("location", {})
            where = location.get("uri", "?").replace("file://", "")
            line = location.get("position", {}).get("line", -1) + 1
            title = ".".join(symbol.get("pathComponents", [])) or symbol.get("names", {}).get("title", "?")
            missing.append(f"{os.path.relpath(where)}:{line}: {symbol['kind']['displayName'].lower()} {title}")
    return sorted(set(missing))


def main():
    directory, modules = sys.argv[1], sys.argv[2:]
    total = 0
    for module in modules:
        missing = undocumented(directory, module)
        total += len(missing)
        for entry in missing:
            print(f"{entry}: public symbol of {module} without a documentation comment")
    if total:
        print(f"{total} public symbols without a documentation comment")
        return 1
    print("every public symbol of " + ", ".join(modules) + " is documented")
    return 0


if __name__ == "__main__":
    sys.exit(main())
