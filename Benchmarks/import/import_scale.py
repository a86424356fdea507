#!/usr/bin/env python3
"""Times courier-import on a synthetic OpenAPI 3.0 document of N operations (default 1,000), so that
the issue's "about 1,000 operations import in a few seconds" is measured rather than extrapolated
from the real documents (the largest, DigitalOcean's, has 408).

The document is shaped like a real REST API: N/4 resources under 25 tags, each with list (paged,
filtered by query parameters), get, create (JSON body) and delete; every resource has its own model
of twelve fields (strings, formats, an enum, a nested object, an array of a shared model), an error
model shared by 4xx answers, and bearer security. Written to a temporary folder, imported with the
release tool (built if missing), median of --runs runs, with the tool's peak memory (/usr/bin/time -v).

Usage (from the repository root):
  python3 Benchmarks/import/import_scale.py [--operations 1000] [--runs 5]
"""
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
OPERATIONS = int(sys.argv[sys.argv.index("--operations") + 1]) if "--operations" in sys.argv else 1000
RUNS = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 5


def resource_model(index):
    return {
        "type": "object",
        "required": ["id", "name", "created_at"],
        "properties": {
            "id": {"type": "integer", "format": "int64"},
            "name": {"type": "string", "description": f"The name of resource {index}."},
            "slug": {"type": "string"},
            "created_at": {"type": "string", "format": "date-time"},
            "owner_id": {"type": "string", "format": "uuid"},
            "homepage": {"type": "string", "format": "uri", "nullable": True},
            "size": {"type": "integer"},
            "ratio": {"type": "number", "format": "double"},
            "active": {"type": "boolean", "default": True},
            "status": {"type": "string", "enum": ["active", "paused", "deleted"]},
            "settings": {"type": "object", "properties": {
                "region": {"type": "string"}, "replicas": {"type": "integer"}}},
            "labels": {"type": "array", "items": {"$ref": "#/components/schemas/Label"}},
        },
    }


def document(operations):
    resources = max(1, operations // 4)
    paths, schemas = {}, {
        "Label": {"type": "object", "required": ["key"], "properties": {
            "key": {"type": "string"}, "value": {"type": "string"}}},
        "Problem": {"type": "object", "required": ["id", "message"], "properties": {
            "id": {"type": "string"}, "message": {"type": "string"}, "request_id": {"type": "string"}}},
    }
    errors = {status: {"description": "An error.", "content": {"application/json": {
        "schema": {"$ref": "#/components/schemas/Problem"}}}} for status in ("401", "404", "422")}
    for index in range(resources):
        name, tag = f"Resource{index}", f"group{index % 25}"
        collection, item = f"/v2/resources{index}", f"/v2/resources{index}/{{id}}"
        schemas[name] = resource_model(index)
        schemas[f"{name}Input"] = {"type": "object", "required": ["name"], "properties": {
            "name": {"type": "string"}, "size": {"type": "integer"}, "settings": {"type": "object",
            "properties": {"region": {"type": "string"}}}}}
        reference = {"$ref": f"#/components/schemas/{name}"}
        identifier = [{"name": "id", "in": "path", "required": True, "schema": {"type": "integer", "format": "int64"}}]
        paths[collection] = {
            "get": {"operationId": f"resources{index}_list", "tags": [tag], "summary": f"List resource {index}.",
                    "parameters": [
                        {"name": "page", "in": "query", "schema": {"type": "integer", "default": 1}},
                        {"name": "per_page", "in": "query", "schema": {"type": "integer", "default": 20}},
                        {"name": "status", "in": "query", "schema": {"type": "string", "enum": ["active", "paused"]}}],
                    "responses": {"200": {"description": "A page.", "content": {"application/json": {"schema": {
                        "type": "array", "items": reference}}}}, **errors}},
            "post": {"operationId": f"resources{index}_create", "tags": [tag], "summary": f"Create resource {index}.",
                     "requestBody": {"required": True, "content": {"application/json": {"schema": {
                         "$ref": f"#/components/schemas/{name}Input"}}}},
                     "responses": {"201": {"description": "Created.", "content": {"application/json": {
                         "schema": reference}}}, **errors}},
        }
        paths[item] = {
            "get": {"operationId": f"resources{index}_get", "tags": [tag], "parameters": identifier,
                    "responses": {"200": {"description": "One.", "content": {"application/json": {
                        "schema": reference}}}, **errors}},
            "delete": {"operationId": f"resources{index}_delete", "tags": [tag], "parameters": identifier,
                       "responses": {"204": {"description": "Deleted."}, **errors}},
        }
    return {
        "openapi": "3.0.3",
        "info": {"title": "Scale", "version": "1.0"},
        "servers": [{"url": "https://api.example.com"}],
        "security": [{"bearer": []}],
        "paths": paths,
        "components": {"schemas": schemas, "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}}},
    }


def release_importer():
    path = os.path.join(ROOT, ".build", "release", "courier-import")
    if not os.path.exists(path):
        subprocess.run(["swift", "build", "-c", "release", "--product", "courier-import"], cwd=ROOT, check=True)
    return path


def main():
    importer = release_importer()
    folder = tempfile.mkdtemp(prefix="courier-import-scale-")
    try:
        source = os.path.join(folder, "openapi.json")
        with open(source, "w") as f:
            json.dump(document(OPERATIONS), f)
        output = os.path.join(folder, "Specs")
        times, peaks, summary = [], [], ""
        for _ in range(RUNS):
            shutil.rmtree(output, ignore_errors=True)
            start = time.perf_counter()
            result = subprocess.run(["/usr/bin/time", "-v", importer, source, "--output", output],
                                    capture_output=True, text=True)
            times.append(time.perf_counter() - start)
            if result.returncode != 0:
                sys.exit(f"courier-import failed:\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}")
            peak = re.search(r"Maximum resident set size \(kbytes\): (\d+)", result.stderr)
            peaks.append(int(peak.group(1)) / 1024 if peak else float("nan"))
            summary = next((line for line in result.stdout.splitlines() if "operation" in line), "")
        size = os.path.getsize(source) / 1e6
        print(f"synthetic document: {OPERATIONS} operations, {size:.1f} MB of JSON")
        print(f"courier-import (release), {RUNS} runs: median {statistics.median(times):.2f} s "
              f"(min {min(times):.2f}, max {max(times):.2f}), peak memory {statistics.median(peaks):.0f} MB")
        if summary:
            print(f"tool: {summary.strip()}")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
