#!/usr/bin/env python3
"""Imports the real OpenAPI documents of ../shared/fixtures/openapi with courier-import, lints the
result with `courier lint`, generates the clients and compiles them in a scratch package that
depends on this checkout of Courier by path, and reports for each document: operations and models
imported, approximations by kind, import time, the generated module's debug compile time and peak
memory (/usr/bin/time -v).

The three clients are targets of one scratch package, so Courier and its dependencies are built
once (not measured); each target's build is then measured on its own.

Usage (from the repository root):
  python3 Benchmarks/import/import_real.py              # what .ci/run runs: import, lint, compile all three
  python3 Benchmarks/import/import_real.py --no-compile # import and lint only
  python3 Benchmarks/import/import_real.py --release    # also time a release build of courier-import (median of --runs)
  python3 Benchmarks/import/import_real.py --documents petstore,github   # only these documents
  python3 Benchmarks/import/import_real.py --compare-oag PATH [--oag-timeout 1200] [--oag-clamp-integers]
                                                        # also build each document with swift-openapi-generator

--compare-oag (see compare_oag.py) bundles each document into one file (bundle_openapi.py; YAML needs
PyYAML), generates types and client with the given swift-openapi-generator, and compiles them in a
second scratch package that depends on swift-openapi-runtime, measured exactly as Courier's client is:
dependencies built first, then only the generated module, debug, under /usr/bin/time -v. A document
that the generator cannot build is reported with its error. --oag-timeout bounds each generation and
each compile (seconds, default 1200). With --oag-clamp-integers, a document the generator rejects is
tried again with integers beyond Int64 clamped (its parser rejects them; DigitalOcean has 30), and
both outcomes are printed. .ci/run does not run the comparison (it takes long).

Exits 0 with a message when ../shared/fixtures/openapi is not beside the checkout; non-zero when an
import fails, the specs do not lint clean, or a generated client does not compile without warnings.
"""
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
COMPILE = "--no-compile" not in sys.argv
RELEASE = "--release" in sys.argv
RUNS = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 3
OAG = sys.argv[sys.argv.index("--compare-oag") + 1] if "--compare-oag" in sys.argv else None
OAG_TIMEOUT = float(sys.argv[sys.argv.index("--oag-timeout") + 1]) if "--oag-timeout" in sys.argv else 1200.0
SELECTED = sys.argv[sys.argv.index("--documents") + 1].split(",") if "--documents" in sys.argv else None

# (name, path under shared/fixtures/openapi, module)
DOCUMENTS = [
    ("petstore", "petstore-swift-openapi/openapi.yaml", "PetstoreImported"),
    ("github", "github-ghes-3.6/openapi.json", "GitHubImported"),
    ("digitalocean", "digitalocean/DigitalOcean-public.v2.yaml", "DigitalOceanImported"),
]
if SELECTED is not None:
    unknown = sorted(set(SELECTED) - {name for name, _, _ in DOCUMENTS})
    if unknown:
        sys.exit(f"unknown document(s) {', '.join(unknown)}; known: {', '.join(name for name, _, _ in DOCUMENTS)}")
    DOCUMENTS = [document for document in DOCUMENTS if document[0] in SELECTED]


def find_fixtures():
    """shared/fixtures/openapi in the checkout's parent folders (CI: X/main and X/shared)."""
    directory = ROOT
    while True:
        candidate = os.path.join(directory, "shared", "fixtures", "openapi")
        if os.path.isdir(candidate):
            return candidate
        parent = os.path.dirname(directory)
        if parent == directory:
            return None
        directory = parent


def run(args, cwd=ROOT, check=True):
    result = subprocess.run(args, cwd=cwd, capture_output=True, text=True)
    if check and result.returncode != 0:
        sys.exit(f"command failed ({result.returncode}): {' '.join(args)}\n{result.stdout[-6000:]}\n{result.stderr[-6000:]}")
    return result


def tool(product, configuration="debug"):
    run(["swift", "build", "-c", configuration, "--product", product])
    return os.path.join(run(["swift", "build", "-c", configuration, "--show-bin-path"]).stdout.strip(), product)


def import_document(importer, document, output):
    """Imports into a fresh directory; returns the wall time, the tool's own phase times (converting,
    writing, checking) and its output."""
    shutil.rmtree(output, ignore_errors=True)
    start = time.perf_counter()
    result = run([importer, document, "--output", output], check=False)
    elapsed = time.perf_counter() - start
    if result.returncode != 0:
        sys.exit(f"courier-import failed on {document}:\n{result.stderr[-6000:]}")
    phases = re.search(r"converted in ([\d.]+) s, written in ([\d.]+) s, checked in ([\d.]+) s", result.stdout)
    if not phases:
        sys.exit(f"unexpected courier-import output:\n{result.stdout}")
    return elapsed, tuple(float(value) for value in phases.groups()), result.stdout


def approximations_by_kind(report):
    counts = {}
    unchecked = 0
    with open(report) as f:
        for line in f:
            match = re.search(r": (approximation|unchecked): \[([^\]]+)\]", line)
            if not match:
                continue
            if match.group(1) == "unchecked":
                unchecked += 1
            else:
                counts[match.group(2)] = counts.get(match.group(2), 0) + 1
    return counts, unchecked


def scratch_package(work, modules):
    """A package with one target per module, depending on this checkout of Courier by path."""
    package = os.path.join(work, "ImportedClients")
    os.makedirs(package, exist_ok=True)
    targets = ",\n        ".join(
        f'.target(name: "{module}", dependencies: [.product(name: "Courier", package: "Courier")])' for module in modules)
    with open(os.path.join(package, "Package.swift"), "w") as f:
        f.write(f"""// swift-tools-version: 6.0
import PackageDescription
let package = Package(
    name: "ImportedClients",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "Courier", path: "{ROOT}")],
    targets: [
        {targets},
    ]
)
""")
    for module in modules:
        os.makedirs(os.path.join(package, "Sources", module), exist_ok=True)
        with open(os.path.join(package, "Sources", module, "Placeholder.swift"), "w") as f:
            f.write("// Replaced by the generated client.\n")
    run(["swift", "build", "--target", "Courier"], cwd=package)  # dependencies, not measured
    return package


def compile_client(courier, specs, module, package):
    """Generates the client into its target and measures the target's debug compile."""
    sources = os.path.join(package, "Sources", module)
    shutil.rmtree(sources, ignore_errors=True)
    os.makedirs(sources)
    run([courier, "generate"] + specs + ["--output", sources, "--templates", os.path.join(ROOT, "templates")])
    files = os.listdir(sources)
    lines = sum(1 for name in files for _ in open(os.path.join(sources, name)))
    for attempt in (1, 2):
        start = time.perf_counter()
        result = subprocess.run(["/usr/bin/time", "-v", "swift", "build", "--target", module],
                                cwd=package, capture_output=True, text=True)
        elapsed = time.perf_counter() - start
        output = result.stdout + result.stderr
        # SwiftPM itself killed by a signal (seen once: SIGSEGV in libdispatch's event loop after
        # half a second) says nothing of the generated code, whose compile errors end swift-build
        # with a status: build once more, and say so.
        crashed = re.search(r"Command terminated by signal (\d+)", output)
        if result.returncode != 0 and crashed and attempt == 1:
            print(f"{module}: swift build was killed by signal {crashed.group(1)}, not a compile error; building again")
            continue
        break
    if result.returncode != 0:
        sys.exit(f"the generated {module} does not compile:\n{output[-8000:]}")
    warnings = sorted({line for line in output.splitlines() if "warning:" in line and sources in line})
    if warnings:
        sys.exit(f"the generated {module} compiles with warnings:\n" + "\n".join(warnings[:20]))
    peak = re.search(r"Maximum resident set size \(kbytes\): (\d+)", output)
    cpu = sum(float(m) for m in re.findall(r"(?:User|System) time \(seconds\): ([\d.]+)", output))
    return {"seconds": elapsed, "cpu": cpu, "peak_mb": int(peak.group(1)) / 1024 if peak else float("nan"),
            "files": len(files), "lines": lines}


def main():
    fixtures = find_fixtures()
    if fixtures is None:
        print("import_real.py: skipped: shared/fixtures/openapi is not beside the checkout (../shared)")
        return
    importer, courier = tool("courier-import"), tool("courier")
    release_importer = tool("courier-import", "release") if RELEASE else None
    work = tempfile.mkdtemp(prefix="courier-import-real-")
    package = scratch_package(work, [module for _, _, module in DOCUMENTS]) if COMPILE or OAG else None
    comparison = None
    if OAG:
        import compare_oag
        comparison = compare_oag.Comparison(OAG, work, [name for name, _, _ in DOCUMENTS], timeout=OAG_TIMEOUT,
                                            clamp="--oag-clamp-integers" in sys.argv)
    rows = []
    for name, path, module in DOCUMENTS:
        document = os.path.join(fixtures, path)
        output = os.path.join(work, name, "specs")
        seconds, phases, stdout = import_document(importer, document, output)
        imported = re.search(r"imported (\d+) operations and (\d+) models from (\d+) files? into (\d+) spec files? "
                             r"and (\d+) samples", stdout)
        if not imported:
            sys.exit(f"unexpected courier-import output:\n{stdout}")
        release = None
        if release_importer:
            runs = [import_document(release_importer, document, output) for _ in range(RUNS)]
            release = (statistics.median(run[0] for run in runs),
                       tuple(statistics.median(run[1][index] for run in runs) for index in range(3)))
        specs = sorted(os.path.join(output, f) for f in os.listdir(output) if f.endswith(".courier.yaml"))
        lint = run([courier, "lint"] + specs, check=False)
        if lint.returncode != 0 or lint.stderr.strip():
            sys.exit(f"courier lint is not clean on the import of {name}:\n{lint.stderr[-6000:]}")
        counts, unchecked = approximations_by_kind(os.path.join(output, "courier-import-report.txt"))
        compiled = compile_client(courier, specs, module, package) if package else None
        rows.append((name, imported.groups(), (seconds, phases), release, counts, unchecked, compiled))
        print(f"{name}: imported, lint clean" + (", compiled without warnings" if compiled else ""), flush=True)
        if comparison:
            comparison.measure(name, document, compiled)

    print()
    print(f"{'document':<14}{'ops':>6}{'models':>8}{'files':>7}{'specs':>7}{'samples':>9}"
          f"{'import s (conv+write+check)':>30}{'release s (conv+write+check)':>31}"
          f"{'compile s':>11}{'CPU s':>8}{'peak MB':>9}{'Swift lines':>13}")

    def timing(measured):
        if measured is None:
            return "-"
        wall, (convert, write, check) = measured
        return f"{wall:.2f} ({convert:.2f}+{write:.2f}+{check:.2f})"

    for name, (ops, models, files, specs, samples), debug, release, counts, unchecked, compiled in rows:
        def value(key, form):
            return format(compiled[key], form) if compiled else "-"
        print(f"{name:<14}{ops:>6}{models:>8}{files:>7}{specs:>7}{samples:>9}{timing(debug):>30}{timing(release):>31}"
              f"{value('seconds', '.1f'):>11}{value('cpu', '.1f'):>8}{value('peak_mb', '.0f'):>9}{value('lines', 'd'):>13}")
    print()
    for name, _, _, _, counts, unchecked, _ in rows:
        kinds = ", ".join(f"{kind} {count}" for kind, count in sorted(counts.items(), key=lambda item: (-item[1], item[0])))
        print(f"{name}: {sum(counts.values())} approximations ({kinds or 'none'}); {unchecked} unchecked validation keywords")
    print("\nimport s: the debug courier-import's wall time, one run, and the phases it reports: reading and converting, "
          "writing the files, checking them as courier lint does; release s: medians of --runs runs of the release "
          "tool (--release). compile s, CPU s, peak MB: `swift build --target <client>` under /usr/bin/time -v.")
    if comparison:
        comparison.print_table()
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
