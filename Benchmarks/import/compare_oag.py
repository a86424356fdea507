"""The swift-openapi-generator side of `import_real.py --compare-oag PATH`: for each document, bundle
it into one file (bundle_openapi.py), generate types and client with the given
swift-openapi-generator, and compile the result in a scratch package that depends on
swift-openapi-runtime, measured the way import_real.py measures Courier's client: the dependencies
are built first (not measured), then `swift build --target <module>` under /usr/bin/time -v (debug).

A document the generator cannot build is reported with its error. With --oag-clamp-integers, a
document whose generation fails is tried again with every integer beyond Int64 in the bundle (which
the generator's parser rejects) replaced by Int64's bounds, and both outcomes are reported.
"""
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time

import bundle_openapi

RUNTIME_URL = "https://github.com/apple/swift-openapi-runtime"
RUNTIME_VERSION = "1.13.4"
INT64_MAX = 2**63 - 1
INT64_MIN = -(2**63)


def run_bounded(args, cwd, timeout):
    """Runs `args` in a session of its own, killed with its children after `timeout` seconds;
    returns (exit status or None on timeout, output, seconds)."""
    start = time.perf_counter()
    process = subprocess.Popen(args, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                               start_new_session=True)
    try:
        output, _ = process.communicate(timeout=timeout)
        status = process.returncode
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        output, _ = process.communicate()
        status = None
    return status, output, time.perf_counter() - start


def first_errors(output, limit=3):
    """The generator's `Error:` line, else the first `error:` lines of a tool's output (else its last
    lines), shortened."""
    lines = [line.strip() for line in output.splitlines()]
    chosen = [line for line in lines if line.startswith("Error:")]
    chosen = chosen or [line for line in lines if re.search(r"(^|: )error:", line)]
    chosen = chosen or [line for line in lines if line][-limit:]
    return " | ".join(line[:300] for line in chosen[:limit])


def clamp_integers(value):
    """The value with integers beyond Int64 replaced by Int64's bounds; and how many there were."""
    count = 0

    def walk(node):
        nonlocal count
        if isinstance(node, bool):
            return node
        if isinstance(node, int) and not INT64_MIN <= node <= INT64_MAX:
            count += 1
            return INT64_MAX if node > 0 else INT64_MIN
        if isinstance(node, dict):
            return {key: walk(item) for key, item in node.items()}
        if isinstance(node, list):
            return [walk(item) for item in node]
        return node

    return walk(value), count


class Comparison:
    """Builds each document with swift-openapi-generator beside Courier's figures."""

    def __init__(self, generator, work, names, timeout, clamp=False):
        self.generator = os.path.abspath(generator)
        self.timeout = timeout
        self.clamp = clamp
        self.work = os.path.join(work, "oag")
        self.rows = []
        if not os.access(self.generator, os.X_OK):
            sys.exit(f"--compare-oag: {generator} is not an executable")
        # The generator has no --version; a build inside a git checkout is named by the checkout's tag or commit.
        checkout = subprocess.run(["git", "describe", "--tags", "--always"], cwd=os.path.dirname(self.generator),
                                  capture_output=True, text=True)
        self.version = generator + (f" ({checkout.stdout.strip()})" if checkout.returncode == 0 else "")
        self.modules = {name: re.sub(r"[^A-Za-z0-9]", "", name.title()) + "OAG" for name in names}
        self.package = self.scratch_package()

    def scratch_package(self):
        """A package with one target per document, depending on swift-openapi-runtime; builds the
        runtime and its dependencies (not measured)."""
        package = os.path.join(self.work, "OAGClients")
        targets = ",\n        ".join(
            f'.target(name: "{module}", dependencies: [.product(name: "OpenAPIRuntime", package: "swift-openapi-runtime")])'
            for module in self.modules.values())
        os.makedirs(package, exist_ok=True)
        with open(os.path.join(package, "Package.swift"), "w") as f:
            f.write(f"""// swift-tools-version: 6.0
import PackageDescription
let package = Package(
    name: "OAGClients",
    platforms: [.macOS(.v14)],
    dependencies: [.package(url: "{RUNTIME_URL}", from: "{RUNTIME_VERSION}")],
    targets: [
        {targets},
    ]
)
""")
        for module in self.modules.values():
            os.makedirs(os.path.join(package, "Sources", module), exist_ok=True)
            with open(os.path.join(package, "Sources", module, "Placeholder.swift"), "w") as f:
                f.write("// Replaced by the generated code.\n")
        status, output, _ = run_bounded(["swift", "build", "--target", "OpenAPIRuntime"], package, self.timeout)
        if status != 0:
            sys.exit(f"--compare-oag: the scratch package does not build swift-openapi-runtime:\n{output[-6000:]}")
        return package

    def generate(self, bundled, output):
        """Runs the generator (types + client); returns (error or None, seconds)."""
        shutil.rmtree(output, ignore_errors=True)
        os.makedirs(output)
        status, text, seconds = run_bounded(
            [self.generator, "generate", bundled, "--mode", "types", "--mode", "client", "--output-directory", output],
            self.work, self.timeout)
        if status is None:
            return f"generation timed out after {self.timeout:.0f} s", seconds
        if status != 0:
            return "generation failed: " + first_errors(text), seconds
        return None, seconds

    def compile(self, module, generated):
        """Moves the generated files into the module's target and measures its debug build."""
        sources = os.path.join(self.package, "Sources", module)
        shutil.rmtree(sources, ignore_errors=True)
        shutil.copytree(generated, sources)
        files = [name for name in os.listdir(sources) if name.endswith(".swift")]
        lines = sum(1 for name in files for _ in open(os.path.join(sources, name)))
        status, output, seconds = run_bounded(["/usr/bin/time", "-v", "swift", "build", "--target", module],
                                              self.package, self.timeout)
        result = {"lines": lines, "files": len(files), "seconds": seconds}
        if status is None:
            result["error"] = f"compile timed out after {self.timeout:.0f} s ({lines} lines)"
            return result
        if status != 0:
            result["error"] = "compile failed: " + first_errors(output)
            return result
        peak = re.search(r"Maximum resident set size \(kbytes\): (\d+)", output)
        result["cpu"] = sum(float(m) for m in re.findall(r"(?:User|System) time \(seconds\): ([\d.]+)", output))
        result["peak_mb"] = int(peak.group(1)) / 1024 if peak else float("nan")
        result["warnings"] = len({line for line in output.splitlines() if "warning:" in line and sources in line})
        return result

    def measure(self, name, document, courier):
        """Bundles, generates and compiles one document; `courier` is Courier's compile figures."""
        directory = os.path.join(self.work, name)
        os.makedirs(directory, exist_ok=True)
        bundled = os.path.join(directory, "openapi.json")
        row = {"name": name, "courier": courier, "notes": []}
        self.rows.append(row)
        try:
            row["moved"] = bundle_openapi.bundle(document, bundled)
        except (Exception, SystemExit) as error:  # a bundling failure is a result to report, not a crash
            row["error"] = f"bundling failed: {error}"
            print(f"{name}: swift-openapi-generator: {row['error']}", flush=True)
            return
        generated = os.path.join(directory, "generated")
        error, row["generate_seconds"] = self.generate(bundled, generated)
        if error and self.clamp:
            with open(bundled) as f:
                clamped, count = clamp_integers(json.load(f))
            if count:
                row["notes"].append(f"as bundled: {error}; tried again with {count} integers beyond Int64 clamped")
                with open(bundled, "w") as f:
                    json.dump(clamped, f, indent=1)
                error, row["generate_seconds"] = self.generate(bundled, generated)
        if error:
            row["error"] = error
        else:
            compiled = self.compile(self.modules[name], generated)
            row["oag"] = compiled
            if "error" in compiled:
                row["error"] = compiled["error"]
        outcome = row.get("error") or "compiled"
        print(f"{name}: swift-openapi-generator: {outcome}", flush=True)

    def print_table(self):
        print(f"\nswift-openapi-generator {self.version}, types + client of the bundled document, beside Courier: "
              "debug compile of the generated module alone, dependencies built before")
        print(f"{'document':<14}{'Courier lines':>14}{'compile s':>11}{'CPU s':>8}{'peak MB':>9}"
              f"{'OAG generate s':>16}{'OAG lines':>11}{'compile s':>11}{'CPU s':>8}{'peak MB':>9}{'warnings':>10}")

        def figure(figures, key, form):
            return format(figures[key], form) if figures and key in figures else "-"

        for row in self.rows:
            courier, oag = row["courier"], row.get("oag")
            generate = format(row["generate_seconds"], ".1f") if "generate_seconds" in row else "-"
            print(f"{row['name']:<14}{figure(courier, 'lines', 'd'):>14}{figure(courier, 'seconds', '.1f'):>11}"
                  f"{figure(courier, 'cpu', '.1f'):>8}{figure(courier, 'peak_mb', '.0f'):>9}{generate:>16}"
                  f"{figure(oag, 'lines', 'd'):>11}{figure(oag, 'seconds', '.1f'):>11}{figure(oag, 'cpu', '.1f'):>8}"
                  f"{figure(oag, 'peak_mb', '.0f'):>9}{figure(oag, 'warnings', 'd'):>10}")
        for row in self.rows:
            for note in row["notes"]:
                print(f"{row['name']}: {note}")
            if "error" in row:
                print(f"{row['name']}: swift-openapi-generator could not build it: {row['error']}")
        print("compile s, CPU s, peak MB: `swift build --target <module>` under /usr/bin/time -v (peak: the largest "
              "process); OAG generate s: the generator's own run on the bundled document.")
