#!/usr/bin/env python3
"""Generated-code comparison: Courier versus swift-openapi-generator 1.14.3 on the same API, and
optionally an earlier Courier commit (--before) against its own twin, all in one interleaved run.

The shared ../shared/bench/compile_bench.py with one more pair of sides; its converter and
shrink_spec.py are used from there.

Run from a Courier checkout (the current directory):

    compile_bench.py --scratch DIR --courier BIN --oag BIN [--sizes big,small] [--runs 3]
                     [--rebuilds 3] [--oag-runs N] [--oag-rebuilds N]
                     [--generate-runs 5 --courier-release BIN --oag-debug BIN]

For each size (big: the checkout's Benchmarks/generator/make_synthetic_spec.py, 300 endpoints /
200 models; small: its first two resources, 10 endpoints / 8 models) it writes the Courier spec,
converts it with courier_to_openapi.py into the equivalent OpenAPI 3.0 document, generates
Swift with both tools into two scratch packages (Courier's depends on the checkout by path;
openapi's on swift-openapi-runtime 1.13.4), builds their dependencies (not measured), then:

- clean debug compiles of the generated module, the two packages interleaved (A B, B A, ...):
  before each, everything compiling the module produced (objects, swiftdeps, priors, module) is
  deleted, so the compiler starts from nothing (dependencies stay built);
- rebuilds after adding one optional property to one model (make_synthetic_spec.py
  --extra-field) and after removing it again, interleaved the same way;
- with --generate-runs: `courier generate` and `swift-openapi-generator generate` wall times
  on the spec (each tool given as a debug and a release build).

Every build is timed with /usr/bin/time -v: wall, CPU (user+sys of all processes), peak RSS
of the largest process. Prints one table per size and, last, a line starting with RESULT.
The openapi output is cached in the scratch folder, keyed by the document and generator binary.
"""
import argparse
import hashlib
import os
import re
import shutil
import statistics
import subprocess
import sys
import time

HERE = os.path.abspath(os.path.join(os.getcwd(), "..", "shared", "bench"))


# The shared script's pieces, used as they are: only the variants and the table differ here.
sys.path.insert(0, HERE)
from compile_bench import Side, count_lines, fmt, sh, write_if_changed  # noqa: E402


def make_sides(args, size, work, suffix, checkout, courier_bin, oag_digest, oag_config, scratch):
    """The Courier side and the openapi-generator side for one Courier checkout: each with the
    spec pair (without, with the extra field) made by that checkout's make_synthetic_spec.py."""
    templates = os.path.join(checkout, "templates")
    make_spec = os.path.join(checkout, "Benchmarks", "generator", "make_synthetic_spec.py")
    work = os.path.join(work, "variant" + suffix) if suffix else work
    os.makedirs(work, exist_ok=True)
    specs = {}
    for extra in (False, True):
        # Both variants keep the same file name (Courier names its output files after it).
        folder = os.path.join(work, "spec-extra" if extra else "spec")
        os.makedirs(folder, exist_ok=True)
        full = os.path.join(folder, "full.courier.yaml")
        sh([sys.executable, make_spec, full] + (["--extra-field"] if extra else []))
        spec = os.path.join(folder, "synthetic.courier.yaml")
        if size == "small":
            sh([sys.executable, os.path.join(HERE, "shrink_spec.py"), full, spec, "--resources", "2"])
        else:
            shutil.copy(full, spec)
        openapi = spec.replace(".courier.yaml", ".openapi.yaml")
        sh([sys.executable, os.path.join(HERE, "courier_to_openapi.py"), spec, openapi])
        specs[extra] = (spec, openapi)

    courier_pkg = os.path.join(work, "courier-pkg")
    oag_pkg = os.path.join(work, "openapi-pkg")

    def courier_generate(spec_pair):
        sh([courier_bin, "generate", spec_pair[0], "--output", os.path.join(courier_pkg, "Sources", "SyntheticAPI"),
            "--templates", templates])

    def oag_generate(spec_pair):
        # Cached by document and generator binary; copied in only when different, so an
        # unchanged file keeps its timestamp.
        doc = open(spec_pair[1], "rb").read()
        key = hashlib.sha256(doc + oag_digest.encode()).hexdigest()[:16]
        cache = os.path.join(scratch, "openapi-cache", key)
        if not os.path.isdir(cache):
            tmp = cache + ".tmp"
            shutil.rmtree(tmp, ignore_errors=True)
            os.makedirs(tmp)
            sh([args.oag, "generate", spec_pair[1], "--config", oag_config, "--output-directory", tmp])
            os.replace(tmp, cache)
        target = os.path.join(oag_pkg, "Sources", "SyntheticAPI")
        for name in os.listdir(cache):
            write_if_changed(os.path.join(target, name), open(os.path.join(cache, name)).read())

    courier_side = Side("courier" + suffix, courier_pkg, courier_generate, f"""// swift-tools-version: 6.0
import PackageDescription
let package = Package(
    name: "CourierSynthetic",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "Courier", path: "{checkout}")],
    targets: [.target(name: "SyntheticAPI", dependencies: [.product(name: "Courier", package: "Courier")])]
)
""", "Courier")
    oag_side = Side("openapi" + suffix, oag_pkg, oag_generate, """// swift-tools-version: 6.0
import PackageDescription
let package = Package(
    name: "OpenAPISynthetic",
    platforms: [.macOS(.v14)],
    dependencies: [
    .package(url: "https://github.com/apple/swift-openapi-runtime", exact: "1.13.4"),
    .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    ],
    targets: [.target(name: "SyntheticAPI", dependencies: [
    .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
    .product(name: "HTTPTypes", package: "swift-http-types"),
    ])]
)
""", "OpenAPIRuntime")
    return [(courier_side, specs), (oag_side, specs)]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--scratch", required=True)
    parser.add_argument("--courier", required=True, help="the checkout's courier CLI (debug build)")
    parser.add_argument("--courier-release")
    parser.add_argument("--oag", required=True, help="swift-openapi-generator CLI (release build)")
    parser.add_argument("--oag-debug")
    parser.add_argument("--sizes", default="big")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--rebuilds", type=int, default=3)
    parser.add_argument("--oag-runs", type=int)
    parser.add_argument("--oag-rebuilds", type=int)
    parser.add_argument("--generate-runs", type=int, default=0)
    parser.add_argument("--before", help="a checkout of an earlier Courier commit, measured in the same run "
                        "(its own synthetic spec, templates and runtime) beside its own openapi-generator twin")
    parser.add_argument("--before-courier", help="that checkout's courier CLI (debug build)")
    args = parser.parse_args()
    if bool(args.before) != bool(args.before_courier):
        sys.exit("--before and --before-courier go together")
    checkout = os.getcwd()
    scratch = os.path.abspath(args.scratch)
    os.makedirs(scratch, exist_ok=True)
    oag_runs = args.oag_runs if args.oag_runs is not None else args.runs
    oag_rebuilds = args.oag_rebuilds if args.oag_rebuilds is not None else args.rebuilds
    templates = os.path.join(checkout, "templates")
    make_spec = os.path.join(checkout, "Benchmarks", "generator", "make_synthetic_spec.py")
    oag_config = os.path.join(scratch, "openapi-generator-config.yaml")
    write_if_changed(oag_config, "generate:\n  - types\n  - client\naccessModifier: public\n")
    oag_digest = hashlib.sha256(open(args.oag, "rb").read()).hexdigest()[:16]
    results = {}

    for size in args.sizes.split(","):
        work = os.path.join(scratch, size)
        os.makedirs(work, exist_ok=True)
        variants = [("", checkout, args.courier)]
        if args.before:
            variants.append(("-before", os.path.abspath(args.before), os.path.abspath(args.before_courier)))
        sides = []
        specs_of = {}
        for suffix, source, courier_bin in variants:
            for side, spec_pair in make_sides(args, size, work, suffix, source, courier_bin, oag_digest, oag_config, scratch):
                sides.append(side)
                specs_of[side.name] = spec_pair
        for side in sides:
            side.prepare(specs_of[side.name][False])
        files = {side.name: count_lines(side.sources) for side in sides}

        load = os.getloadavg()
        print(f"== {size}: load {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}", file=sys.stderr, flush=True)
        clean = {side.name: [] for side in sides}
        wanted = {side.name: args.runs if side.name.startswith("courier") else oag_runs for side in sides}
        for run in range(max(wanted.values())):
            for side in (sides if run % 2 == 0 else sides[::-1]):
                if len(clean[side.name]) >= wanted[side.name]:
                    continue
                side.clean_module()
                clean[side.name].append(side.build())
                print(f"   clean {side.name}: {clean[side.name][-1]}", file=sys.stderr, flush=True)

        rebuild = {side.name: [] for side in sides}
        wanted = {side.name: args.rebuilds if side.name.startswith("courier") else oag_rebuilds for side in sides}
        # Each side alternates adding and removing the field; builds interleave across sides.
        state = {side.name: False for side in sides}
        for run in range(max(wanted.values())):
            for side in (sides if run % 2 == 0 else sides[::-1]):
                if len(rebuild[side.name]) >= wanted[side.name]:
                    continue
                state[side.name] = not state[side.name]
                side.generate(specs_of[side.name][state[side.name]])
                rebuild[side.name].append(side.build())
                print(f"   rebuild {side.name}: {rebuild[side.name][-1]}", file=sys.stderr, flush=True)
        for side in sides:  # leave both at the spec without the extra field
            if state[side.name]:
                side.generate(specs_of[side.name][False])

        # What SwiftPM costs before it compiles anything: loading the package graph (every
        # manifest the dependency declares) and checking what is up to date.
        noop = {side.name: [] for side in sides}
        for run in range(3):
            for side in (sides if run % 2 == 0 else sides[::-1]):
                side.build()  # after a generate, the first build may rebuild
                noop[side.name].append(side.build()[0])

        generate = {}
        specs = specs_of["courier"]
        if args.generate_runs:
            tools = [("courier (debug tool)", lambda out: [args.courier, "generate", specs[False][0], "--output", out, "--templates", templates])]
            if args.courier_release:
                tools.append(("courier (release tool)", lambda out: [args.courier_release, "generate", specs[False][0], "--output", out, "--templates", templates]))
            if args.oag_debug:
                tools.append(("openapi (debug tool)", lambda out: [args.oag_debug, "generate", specs[False][1], "--config", oag_config, "--output-directory", out]))
            tools.append(("openapi (release tool)", lambda out: [args.oag, "generate", specs[False][1], "--config", oag_config, "--output-directory", out]))
            for _ in range(args.generate_runs):
                for name, command in tools:
                    out = os.path.join(work, "generate-out")
                    shutil.rmtree(out, ignore_errors=True)
                    os.makedirs(out)
                    start = time.perf_counter()
                    result = subprocess.run(["/usr/bin/time", "-v"] + command(out), capture_output=True, text=True)
                    wall = time.perf_counter() - start
                    if result.returncode != 0:
                        sys.exit(f"{name} generate failed: {result.stderr[-2000:]}")
                    cpu = sum(float(m) for m in re.findall(r"(?:User|System) time \(seconds\): ([\d.]+)", result.stderr))
                    peak = re.search(r"Maximum resident set size \(kbytes\): (\d+)", result.stderr)
                    generate.setdefault(name, []).append((wall, cpu, int(peak.group(1)) / 1024))

        load = os.getloadavg()
        print(f"\n{size}: generated module SyntheticAPI, debug build (load after: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f})")
        for suffix, _, _ in variants:
            cn, on = "courier" + suffix, "openapi" + suffix
            title = "this checkout" if not suffix else f"before ({variants[1][1]})"
            print(f"-- {title}")
            print(f"{'':36}{cn:>34}{on:>38}")
            print(f"{'generated files / lines':36}{'%d / %d' % files[cn]:>34}{'%d / %d' % files[on]:>38}")
            for label, data in (("clean compile", clean), ("rebuild, one optional field", rebuild)):
                c, o = data[cn], data[on]
                print(f"{label + ', wall':36}{fmt([x[0] for x in c], 's', 2):>34}{fmt([x[0] for x in o], 's', 1):>38}   ratio {statistics.median(x[0] for x in o) / statistics.median(x[0] for x in c):.1f}×")
                print(f"{label + ', CPU':36}{fmt([x[1] for x in c], 's', 2):>34}{fmt([x[1] for x in o], 's', 1):>38}   ratio {statistics.median(x[1] for x in o) / statistics.median(x[1] for x in c):.1f}×")
                print(f"{label + ', peak RSS':36}{fmt([x[2] for x in c], 'MB', 0):>34}{fmt([x[2] for x in o], 'MB', 0):>38}")
                print(f"{'  each (wall/cpu)':36}{cn} " + ", ".join(f"{x[0]:.1f}/{x[1]:.1f}" for x in c)
                      + f"; {on} " + ", ".join(f"{x[0]:.1f}/{x[1]:.1f}" for x in o))
            print(f"{'no-op build (package graph), wall':36}{fmt(noop[cn], 's', 2):>34}{fmt(noop[on], 's', 2):>38}")
        for name, samples in generate.items():
            print(f"{'generate: ' + name:36}{fmt([x[0] for x in samples], 's', 3):>34}   cpu {statistics.median(x[1] for x in samples):.3f} s, peak {max(x[2] for x in samples):.0f} MB")
        results[size] = (clean, rebuild)

    size = "big" if "big" in results else next(iter(results))
    clean, rebuild = results[size]
    med = lambda rows, i: statistics.median(x[i] for x in rows)
    print(f"RESULT {size} clean {med(clean['courier'], 0):.2f} {med(clean['openapi'], 0):.2f} "
          f"rebuild {med(rebuild['courier'], 0):.2f} {med(rebuild['openapi'], 0):.2f} "
          f"cpu {med(clean['courier'], 1):.2f} {med(clean['openapi'], 1):.2f} "
          f"rebuildcpu {med(rebuild['courier'], 1):.2f} {med(rebuild['openapi'], 1):.2f}")


if __name__ == "__main__":
    main()
