#!/usr/bin/env python3
"""Writes a synthetic Courier spec: 60 resources x 5 operations (list/create/get/update/delete),
a third of them nested under a parent with two path parameters, ~200 models of ~10 fields each
(nested objects, arrays, enums, optionals, dates). Every sixth resource also carries the
constructs large public APIs need, so their cost is measured: a `Data` field, a recursive
`parent:`, `nullable` fields, page-number pagination with typed response headers, a fixed
header; resource 0 adds an endpoint answering two media types and a multi-segment `{+path}`
parameter, and with --unions a discriminated and an undiscriminated union.

Usage: make_synthetic_spec.py OUTPUT.courier.yaml [--extra-field] [--unions]
--extra-field adds one optional field to one model (the incremental-rebuild measurement).
--unions adds the two union models. They are off by default because ../shared/bench's
courier_to_openapi.py has no OpenAPI counterpart for them (it would emit a `$ref` to nothing and
swift-openapi-generator would stop), and compile_bench.py runs this script without flags.
"""
import sys

RESOURCES = 60


def camel(name):
    return name[0].upper() + name[1:]


def main():
    out = sys.argv[1]
    extra = "--extra-field" in sys.argv[2:]
    unions = "--unions" in sys.argv[2:]
    lines = [
        "courier: 1",
        "service: Synthetic",
        "baseURL: https://api.example.com/v1",
        "environments:",
        "  staging: https://staging.example.com/v1",
        "headers: { Accept: application/json }",
        "timeout: 30s",
        "auth: bearer",
        "models:",
    ]
    # One shared enum per 3 resources keeps enums present without dominating the model count.
    for e in range(20):
        lines += [f"  Status{e}:", f"    enum: [active, paused, archived, deleted, pending{e}]"]
    model_count = 20
    for r in range(RESOURCES):
        res = f"resource{r}"
        Res = camel(res)
        # Three models per resource: the resource, its create body, and a nested detail object.
        lines += [
            f"  {Res}Detail:",
            "    label: String",
            "    score: Double",
            "    tags: \"[String]\"",
            "    note: String?",
            "    count: Int = 0",
            "    flag: Bool = false",
            "    updatedAt: { type: Date, key: updated_at }",
            "    link: URL?",
            "    meta: \"[String: String]?\"",
            "    rank: Int64?",
        ]
        rich = r % 6 == 0
        if rich:
            lines.append("    blob: Data?")
        lines += [
            f"  {Res}:",
            "    id: Int64",
            "    name: String",
            f"    status: Status{r % 20} = active",
            f"    detail: {Res}Detail",
            f"    details: \"[{Res}Detail]\"",
            "    createdAt: { type: Date, format: iso8601, key: created_at }",
            "    ownerID: { type: Int, key: owner_id }",
            "    description: String?",
            "    uuid: UUID",
            "    weight: Double?",
        ]
        if rich:
            lines += [
                f"    parent: {Res}?",
                "    archivedAt: { type: \"Date?\", nullable: true }",
            ]
        if extra and r == 0:
            lines.append("    addedLater: String?")
        lines += [
            f"  New{Res}:",
            "    name: String",
            f"    status: Status{r % 20}?",
            f"    detail: {Res}Detail?",
            "    description: String?",
            "    weight: Double?",
            "    tags: \"[String]\"",
            "    startsAt: { type: \"Date?\", format: date }",
            "    priority: Int = 1",
            "    public: Bool = true",
            "    parentID: Int64?",
        ]
        if rich:
            lines.append("    note: { type: \"String?\", nullable: true }")
        model_count += 3
    # Block style with the resource in the name, so shrink_spec.py keeps them in the small API.
    lines += [
        "  Resource0UserActor:",
        "    type: String",
        "    login: String",
        "  Resource0BotActor:",
        "    type: String",
        "    slug: String",
    ]
    model_count += 2
    if unions:
        lines += [
            "  Resource0Actor:",
            "    union:",
            "      discriminator: type",
            "      cases: { user: Resource0UserActor, bot: Resource0BotActor }",
            "  Resource0Label:",
            "    union:",
            "      cases: { name: String, detail: Resource0Detail }",
        ]
        model_count += 2
    lines.append("endpoints:")
    for r in range(RESOURCES):
        Res = camel(f"resource{r}")
        nested = r % 3 == 0
        base = f"/parents/{{parentID}}/children{r}" if nested else f"/resources{r}"
        parent_param = ["      parentID: Int64"] if nested else []
        item = base + "/{id}"
        def path_block(extra_params):
            params = parent_param + extra_params
            return ["    path:"] + params if params else []
        rich = r % 6 == 0
        lines += [f"  list{Res}:", f"    get: {base}"] + path_block([]) + [
            "    query:",
            "      limit: Int?",
            "      offset: Int?",
            f"      status: Status{r % 20}?",
            f"    response: \"[{Res}]\"",
        ]
        if rich:
            lines += [
                "    pagination: { style: page, parameter: offset }",
                "    responseHeaders: { ETag: \"String?\", X-Total-Count: Int }",
            ]
        lines += [f"  create{Res}:", f"    post: {base}"] + path_block([]) + [
            f"    body: New{Res}",
            f"    response: {Res}",
        ]
        lines += [f"  get{Res}:", f"    get: {item}"] + path_block(["      id: Int64"]) + [
            f"    response: {Res}",
        ] + (["    fixedHeaders: { X-Api-Version: \"2\" }"] if rich else [])
        lines += [f"  update{Res}:", f"    put: {item}"] + path_block(["      id: Int64"]) + [
            f"    body: New{Res}",
            f"    response: {Res}",
        ]
        lines += [f"  delete{Res}:", f"    delete: {item}"] + path_block(["      id: Int64"]) + [
            "    response: Empty",
        ]
    lines += [
        "  getResource0File:",
        "    get: /resources0/files/{+path}",
        "    path: { path: String }",
        "    media:",
        "      json: { accept: application/json, response: Resource0Detail }",
        "      raw: { accept: application/octet-stream, response: Data }",
    ]
    with open(out, "w") as f:
        f.write("\n".join(lines) + "\n")
    print(f"wrote {out}: {RESOURCES * 5 + 1} endpoints, {model_count} models", file=sys.stderr)


if __name__ == "__main__":
    main()
