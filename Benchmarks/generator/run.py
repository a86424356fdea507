#!/usr/bin/env python3
"""Generator benchmark: `courier generate` wall time on a 300-endpoint / 200-model spec (debug and
release tool), the debug compile time and peak memory of the generated module, and the rebuild
after adding one optional field to one model. Prints medians over repeated runs.

Usage (from the repository root): python3 Benchmarks/generator/run.py [--runs N]
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
HERE = os.path.dirname(os.path.abspath(__file__))
RUNS = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 10
# Full compiles of the generated module; this machine's speed drifts, so more than the rebuilds.
COMPILES = 9


def sh(args, cwd=ROOT, capture=True):
    result = subprocess.run(args, cwd=cwd, capture_output=capture, text=True)
    if result.returncode != 0:
        sys.exit(f"command failed: {' '.join(args)}\n{result.stdout}\n{result.stderr}")
    return result.stdout.strip() if capture else ""


def tool(configuration):
    sh(["swift", "build", "-c", configuration, "--product", "courier"])
    return os.path.join(sh(["swift", "build", "-c", configuration, "--show-bin-path"]), "courier")


def time_generate(courier, spec, out):
    samples = []
    for _ in range(RUNS):
        shutil.rmtree(out, ignore_errors=True)
        start = time.perf_counter()
        subprocess.run([courier, "generate", spec, "--output", out, "--templates", os.path.join(ROOT, "templates")],
                       check=True, capture_output=True)
        samples.append(time.perf_counter() - start)
    return statistics.median(samples), min(samples), max(samples)


def timed_build(package, target):
    """Wall time, peak RSS (MB) and CPU time (user + system, all processes) of `swift build --target`;
    peak is the largest child process. CPU time shows how much of a slow wall time was the machine."""
    start = time.perf_counter()
    result = subprocess.run(["/usr/bin/time", "-v", "swift", "build", "--target", target],
                            cwd=package, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if result.returncode != 0:
        sys.exit(f"build failed:\n{result.stdout[-4000:]}\n{result.stderr[-4000:]}")
    peak = re.search(r"Maximum resident set size \(kbytes\): (\d+)", result.stderr)
    cpu = sum(float(m) for m in re.findall(r"(?:User|System) time \(seconds\): ([\d.]+)", result.stderr))
    return elapsed, int(peak.group(1)) / 1024 if peak else float("nan"), cpu


def main():
    work = tempfile.mkdtemp(prefix="courier-generator-bench-")
    spec = os.path.join(work, "synthetic.courier.yaml")
    sh([sys.executable, os.path.join(HERE, "make_synthetic_spec.py"), spec, "--unions"])

    debug, release = tool("debug"), tool("release")
    out = os.path.join(work, "out")
    gen_debug = time_generate(debug, spec, out)
    gen_release = time_generate(release, spec, out)

    # A package holding the generated sources, depending on this checkout of Courier.
    package = os.path.join(work, "SyntheticPackage")
    sources = os.path.join(package, "Sources", "SyntheticAPI")
    os.makedirs(sources)
    with open(os.path.join(package, "Package.swift"), "w") as f:
        f.write(f"""// swift-tools-version: 6.0
import PackageDescription
let package = Package(
    name: "SyntheticPackage",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "Courier", path: "{ROOT}")],
    targets: [.target(name: "SyntheticAPI", dependencies: [.product(name: "Courier", package: "Courier")])]
)
""")
    def generate(spec_path):
        subprocess.run([debug, "generate", spec_path, "--output", sources, "--templates", os.path.join(ROOT, "templates")],
                       check=True, capture_output=True)
    generate(spec)
    sh(["swift", "build", "--target", "Courier"], cwd=package)  # dependencies, not measured

    compiles = []
    for _ in range(COMPILES):
        # Touching every generated file makes the next build compile the whole module again
        # (deleting build products instead confuses SwiftPM's build plan).
        for name in os.listdir(sources):
            os.utime(os.path.join(sources, name))
        compiles.append(timed_build(package, "SyntheticAPI"))
    compile_time = statistics.median(c[0] for c in compiles)
    compile_peak = max(c[1] for c in compiles)
    compile_cpu = statistics.median(c[2] for c in compiles)

    rebuilds = []
    for i in range(5):
        # Alternate between the spec with and without the extra field: each build sees one change.
        variant = os.path.join(work, f"variant{i}.courier.yaml")
        args = [sys.executable, os.path.join(HERE, "make_synthetic_spec.py"), variant, "--unions"]
        if i % 2 == 0:
            args.append("--extra-field")
        sh(args)
        os.replace(variant, spec)
        generate(spec)
        rebuilds.append(timed_build(package, "SyntheticAPI"))
    rebuild_time = statistics.median(r[0] for r in rebuilds)

    lines = sum(1 for name in os.listdir(sources) for _ in open(os.path.join(sources, name)))
    print(f"synthetic spec: 300 endpoints, 200 models; generated {len(os.listdir(sources))} files, {lines} lines")
    print(f"{'measure':<44}{'median':>10}{'min':>10}{'max':>10}   target")
    print(f"{'courier generate, debug tool (s)':<44}{gen_debug[0]:>10.3f}{gen_debug[1]:>10.3f}{gen_debug[2]:>10.3f}   < 0.5")
    print(f"{'courier generate, release tool (s)':<44}{gen_release[0]:>10.3f}{gen_release[1]:>10.3f}{gen_release[2]:>10.3f}")
    print(f"{'debug compile of generated module (s)':<44}{compile_time:>10.2f}{min(c[0] for c in compiles):>10.2f}{max(c[0] for c in compiles):>10.2f}   <= 10")
    print(f"{'CPU time of that compile (s)':<44}{compile_cpu:>10.2f}{min(c[2] for c in compiles):>10.2f}{max(c[2] for c in compiles):>10.2f}")
    print(f"{'peak memory of that compile (MB)':<44}{compile_peak:>10.0f}{'':>10}{'':>10}   <= 500")
    print(f"{'  each compile (s)':<44}" + " ".join(f"{c[0]:.2f}" for c in compiles))
    print(f"{'rebuild after one added field (s)':<44}{rebuild_time:>10.2f}{min(r[0] for r in rebuilds):>10.2f}{max(r[0] for r in rebuilds):>10.2f}   < 5")
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
