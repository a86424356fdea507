#!/usr/bin/env python3
"""App size (issue #29): what the generated client adds to an app, in release, Courier against
swift-openapi-generator on the same API.

Run from a Courier checkout (the current directory), with the pieces compile_compare.py uses
(../shared/bench beside the checkout, swift-openapi-generator 1.14.3 built in release):

    python3 Benchmarks/generator/size_compare.py --scratch DIR --courier BIN --oag BIN [--size big|small]

It writes the synthetic spec (big: 300 endpoints / 200 models; small: 10 / 8) and its OpenAPI
twin, generates both clients into two scratch packages (compile_compare.py's), builds both in
release in this one run (`swift build -c release --target SyntheticAPI`), and sums `size` (text,
data, bss) over the objects of the generated module; the runtime libraries each side links
(Courier, HTTPTypes, Logging; OpenAPIRuntime, HTTPTypes) are reported apart, per module. Then it
lists the generated module's objects by size (models, endpoints, client facade, samples…), and
breaks the generated module's code down by kind of function (accessors, coding, value witnesses…)
with its unwind table (`.eh_frame`), and prints a last line starting with RESULT. A benchmark:
nothing here is a timed test.
"""
import argparse
import hashlib
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from compile_compare import make_sides  # noqa: E402
from compile_bench import sh, write_if_changed  # noqa: E402  (compile_compare put its folder on the path)


def object_sizes(folder):
    """{object file name: (text, data, bss)} for the objects directly in `folder`."""
    objects = sorted(os.path.join(folder, name) for name in os.listdir(folder) if name.endswith(".o"))
    if not objects:
        return {}
    out = subprocess.run(["size"] + objects, capture_output=True, text=True, check=True).stdout.splitlines()
    sizes = {}
    for line in out[1:]:
        parts = line.split()
        if len(parts) >= 6:
            sizes[os.path.basename(parts[5])] = (int(parts[0]), int(parts[1]), int(parts[2]))
    return sizes


def total(sizes):
    return tuple(sum(values[i] for values in sizes.values()) for i in range(3))


def mb(n):
    return f"{n / 1e6:.2f} MB"


# What a function is, from its demangled name, in the order the rules are tried.
KINDS = [
    ("accessors of stored properties (get, set, modify)", (".getter", ".setter", ".modify")),
    ("init(from:)", ("init(from:)",)),
    ("encode(to:)", ("encode(to:)",)),
    ("value witnesses (copy, assign, destroy, enum tags)",
     ("assignWith", "initializeWith", "destroy for ", "EnumTagSinglePayload", "initializeBuffer")),
    ("protocol witnesses and witness-table accessors", ("protocol witness",)),
    ("outlined copies and destroys", ("outlined ",)),
]


def by_kind(objects):
    """Code bytes and function counts by kind of function over `objects`, from `nm` and
    `swift demangle`, and the `.eh_frame` bytes (one unwind entry a function)."""
    out = subprocess.run(["nm", "-S", "--defined-only"] + objects, capture_output=True, text=True).stdout
    functions = []
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 4 and parts[2] in "tTwW":
            functions.append((int(parts[1], 16), parts[3]))
    names = subprocess.run(["swift", "demangle", "--simplified"], input="\n".join(name for _, name in functions),
                           capture_output=True, text=True).stdout.splitlines()
    kinds = {}
    for (size, _), name in zip(functions, names):
        kind = next((label for label, keys in KINDS if any(key in name for key in keys)), "everything else")
        total, count = kinds.get(kind, (0, 0))
        kinds[kind] = (total + size, count + 1)
    eh_frame = 0
    for obj in objects:
        sections = subprocess.run(["size", "-A", obj], capture_output=True, text=True).stdout
        eh_frame += sum(int(parts[1]) for parts in (line.split() for line in sections.splitlines())
                        if len(parts) >= 2 and parts[0] == ".eh_frame")
    return kinds, eh_frame


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--scratch", required=True)
    parser.add_argument("--courier", required=True, help="the checkout's courier CLI")
    parser.add_argument("--oag", required=True, help="swift-openapi-generator CLI (release build)")
    parser.add_argument("--size", default="big", choices=["big", "small"])
    args = parser.parse_args()
    checkout = os.getcwd()
    scratch = os.path.abspath(args.scratch)
    work = os.path.join(scratch, "size-" + args.size)
    os.makedirs(work, exist_ok=True)
    oag_config = os.path.join(scratch, "openapi-generator-config.yaml")
    write_if_changed(oag_config, "generate:\n  - types\n  - client\naccessModifier: public\n")
    oag_digest = hashlib.sha256(open(args.oag, "rb").read()).hexdigest()[:16]

    results, breakdowns = {}, {}
    for side, specs in make_sides(args, args.size, work, "", checkout, os.path.abspath(args.courier),
                                  oag_digest, oag_config, scratch):
        shutil.rmtree(side.sources, ignore_errors=True)
        os.makedirs(side.sources)
        write_if_changed(os.path.join(side.package, "Package.swift"), side.manifest)
        side.generate(specs[False])
        print(f"== {side.name}: swift build -c release --target SyntheticAPI", file=sys.stderr, flush=True)
        sh(["swift", "build", "-c", "release", "--target", "SyntheticAPI"], cwd=side.package)
        root = os.path.realpath(os.path.join(side.package, ".build", "release"))
        modules = {}
        for entry in sorted(os.listdir(root)):
            # `-tool` modules are built for the host (the courier tool SwiftPM builds for the
            # plugins); an app never links them.
            if entry.endswith(".build") and not entry.endswith("-tool.build") and os.path.isdir(os.path.join(root, entry)):
                sizes = object_sizes(os.path.join(root, entry))
                if entry == "SyntheticAPI.build":
                    # Only the objects of the files generated this time: a build folder keeps the
                    # objects of files an earlier generator named otherwise.
                    current = set(name + ".o" for name in os.listdir(side.sources))
                    sizes = {name: size for name, size in sizes.items() if name in current}
                    breakdowns[side.name] = by_kind([os.path.join(root, entry, name) for name in sorted(sizes)])
                if sizes:
                    modules[entry[: -len(".build")]] = sizes
        results[side.name] = modules

    print(f"\n{args.size}: code and data in release (`size` over each module's objects)")
    print(f"{'side':10} {'module':22} {'text':>10} {'data':>10} {'bss':>8} {'text+data':>10}")
    generated, with_bss = {}, {}
    for name, modules in results.items():
        for module, sizes in sorted(modules.items(), key=lambda item: item[0] != "SyntheticAPI"):
            text, data, bss = total(sizes)
            label = "generated" if module == "SyntheticAPI" else "runtime"
            print(f"{name:10} {module + ' (' + label + ')':22} {mb(text):>10} {mb(data):>10} {bss:>8} {mb(text + data):>10}")
            if module == "SyntheticAPI":
                generated[name] = text + data
                with_bss[name] = text + data + bss
    for name, modules in results.items():
        # By kind of file: Courier's `<stem>[.<shard>].<Kind>[.<first model>].swift`, openapi's
        # file names.
        kinds = {}
        for obj, (text, data, _) in modules.get("SyntheticAPI", {}).items():
            parts = [part for part in obj[: -len(".swift.o")].split(".") if not part.isdigit()]
            kind = parts[1] if name == "courier" else ".".join(parts)
            kinds[kind] = kinds.get(kind, 0) + text + data
        print(f"\n{name}: the generated module's code and data by kind of file")
        for kind, size in sorted(kinds.items(), key=lambda item: -item[1]):
            print(f"  {kind:40} {mb(size):>10}")
    for name, (functions, eh_frame) in breakdowns.items():
        count = sum(number for _, number in functions.values())
        code = sum(size for size, _ in functions.values())
        print(f"\n{name}: the generated module's functions by kind ({count} functions, {mb(code)} of code; "
              f".eh_frame {mb(eh_frame)}, about {eh_frame / max(count, 1):.0f} bytes a function)")
        for kind, (size, number) in sorted(functions.items(), key=lambda item: -item[1][0]):
            print(f"  {kind:52} {mb(size):>10} {number:>7}")
    courier, oag = generated.get("courier"), generated.get("openapi")
    if courier and oag:
        print(f"\nRESULT {args.size}: generated module text+data courier {mb(courier)}, openapi {mb(oag)}, "
              f"ratio {courier / oag:.2f}; with bss {mb(with_bss['courier'])} / {mb(with_bss['openapi'])}, "
              f"ratio {with_bss['courier'] / with_bss['openapi']:.2f}")


if __name__ == "__main__":
    main()
