#!/usr/bin/env python3
"""Bundles an OpenAPI description split over several files into one JSON file, for tools that read
one file only (swift-openapi-generator rejects external `$ref`s).

Every relative external `$ref` (`models/droplet.yml`, `../shared/responses.yml#/unauthorized`) is
replaced: a schema is moved under `components/schemas` once (named after its pointer's last token or
its file, with a number on a clash) and referred to there, which keeps recursive schemas recursive;
anything else (path items, parameters, responses, request bodies, headers, examples) is inlined
where it is used. `$ref`s inside the root file stay as they are. Discriminator mappings that name
files are rewritten the same way. URLs are left alone.

YAML is read with PyYAML (`pip install pyyaml`) with YAML 1.2's booleans and no timestamps, so
`2024-01-01` stays text; JSON needs nothing else.

Usage: python3 Benchmarks/import/bundle_openapi.py ROOT.yaml OUTPUT.json
"""
import json
import os
import re
import sys

# Keys of a schema whose value is a schema, or a list of them.
SCHEMA_KEYS = {"items", "additionalProperties", "not", "contains", "if", "then", "else", "propertyNames",
               "unevaluatedItems", "unevaluatedProperties", "additionalItems", "contentSchema"}
SCHEMA_LIST_KEYS = {"allOf", "anyOf", "oneOf", "prefixItems"}
# Keys of a schema whose value is a mapping of names to schemas.
SCHEMA_MAP_KEYS = {"properties", "patternProperties", "dependentSchemas", "$defs", "definitions"}
# Keys of a schema whose value is data, never a schema.
DATA_KEYS = {"example", "examples", "default", "enum", "const", "xml", "externalDocs"}


def load_file(path):
    """A YAML or JSON file's value."""
    with open(path, "rb") as f:
        data = f.read()
    if path.endswith(".json"):
        return json.loads(data)
    try:
        import yaml
    except ImportError:
        sys.exit("bundle_openapi.py: PyYAML is needed to read YAML (pip install pyyaml), or give a JSON document")
    base = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

    class Loader(base):
        """PyYAML's safe loader with YAML 1.2 core booleans and dates kept as text."""

    Loader.yaml_implicit_resolvers = {
        first: [(tag, regexp) for tag, regexp in resolvers
                if tag not in ("tag:yaml.org,2002:timestamp", "tag:yaml.org,2002:bool")]
        for first, resolvers in base.yaml_implicit_resolvers.items()
    }
    Loader.add_implicit_resolver(
        "tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF"))
    return yaml.load(data, Loader=Loader)


def pointer_tokens(fragment):
    """RFC 6901 tokens of a `$ref` fragment (`/components/schemas/Pet`)."""
    if not fragment:
        return []
    from urllib.parse import unquote
    return [unquote(token).replace("~1", "/").replace("~0", "~") for token in fragment.lstrip("/").split("/")]


def escape(token):
    return token.replace("~", "~0").replace("/", "~1")


class Bundler:
    """Walks the root document, replacing external references."""

    def __init__(self, root_path):
        self.root_path = os.path.abspath(root_path)
        self.files = {}
        self.root = self.file(self.root_path)
        components = self.root.setdefault("components", {}) if isinstance(self.root, dict) else {}
        self.schemas = components.setdefault("schemas", {})
        self.taken = set(self.schemas)
        self.hoisted = {}  # (file, fragment) -> name under components/schemas
        self.inlining = []  # (file, fragment) being inlined, to catch cycles through non-schemas

    def file(self, path):
        if path not in self.files:
            self.files[path] = load_file(path)
        return self.files[path]

    def target(self, reference, base):
        """The file and fragment a `$ref` written in `base` names."""
        file_part, _, fragment = reference.partition("#")
        path = os.path.normpath(os.path.join(os.path.dirname(base), file_part)) if file_part else base
        return path, fragment

    def resolve(self, path, fragment):
        value = self.file(path)
        for token in pointer_tokens(fragment):
            if isinstance(value, list):
                value = value[int(token)]
            else:
                value = value[token]
        return value

    def local_form(self, reference, base):
        """The `$ref` as the bundle writes it when it stays a reference into the root file (a URL
        stays as written); `None` when it names another file."""
        if "://" in reference:
            return reference
        path, fragment = self.target(reference, base)
        return "#" + fragment if path == self.root_path else None

    def schema_reference(self, reference, base):
        """`#/components/schemas/<name>` for the schema a `$ref` names, moving it there once."""
        path, fragment = self.target(reference, base)
        key = (path, fragment)
        if key not in self.hoisted:
            tokens = pointer_tokens(fragment)
            stem = tokens[-1] if tokens and not tokens[-1].isdigit() else os.path.splitext(os.path.basename(path))[0]
            name = re.sub(r"[^A-Za-z0-9_.-]", "_", stem) or "Schema"
            candidate, number = name, 2
            while candidate in self.taken:
                candidate, number = f"{name}_{number}", number + 1
            self.taken.add(candidate)
            self.hoisted[key] = candidate
            self.schemas[candidate] = None  # placeholder: recursion finds the name
            self.schemas[candidate] = self.schema(self.resolve(path, fragment), path)
        return "#/components/schemas/" + escape(self.hoisted[key])

    def inline(self, reference, base, walk):
        path, fragment = self.target(reference, base)
        key = (path, fragment)
        if key in self.inlining:
            sys.exit(f"bundle_openapi.py: a `$ref` cycle outside schemas: {reference} in {base}")
        self.inlining.append(key)
        value = walk(self.resolve(path, fragment), path)
        self.inlining.pop()
        return value

    def schema(self, node, base):
        """A schema with its external references replaced."""
        if not isinstance(node, dict):
            return node
        reference = node.get("$ref")
        if isinstance(reference, str):
            local = self.local_form(reference, base)
            return dict(node, **{"$ref": local if local is not None else self.schema_reference(reference, base)})
        result = {}
        for key, value in node.items():
            if key in SCHEMA_KEYS:
                result[key] = self.schema(value, base)
            elif key in SCHEMA_LIST_KEYS and isinstance(value, list):
                result[key] = [self.schema(item, base) for item in value]
            elif key in SCHEMA_MAP_KEYS and isinstance(value, dict):
                members = value
                if isinstance(value.get("$ref"), str) and "://" not in value["$ref"]:
                    members = self.inline(value["$ref"], base, lambda found, _: found)
                    path, _ = self.target(value["$ref"], base)
                    result[key] = {name: self.schema(item, path) for name, item in members.items()}
                    continue
                result[key] = {name: self.schema(item, base) for name, item in members.items()}
            elif key == "discriminator" and isinstance(value, dict) and isinstance(value.get("mapping"), dict):
                mapping = {}
                for name, target in value["mapping"].items():
                    external = isinstance(target, str) and ("/" in target or "#" in target or "." in target) \
                        and not target.startswith("#") and "://" not in target
                    mapping[name] = self.schema_reference(target, base) if external else target
                result[key] = dict(value, mapping=mapping)
            elif key in DATA_KEYS:
                result[key] = self.data(value, base)
            else:
                result[key] = value
        return result

    def data(self, node, base):
        """Examples and other data: only `$ref`s to example objects are followed (`examples`)."""
        return self.other(node, base) if isinstance(node, dict) and "$ref" in node else node

    def other(self, node, base):
        """Anything that is not a schema: external `$ref`s are inlined; `schema` keys hold schemas."""
        if isinstance(node, list):
            return [self.other(item, base) for item in node]
        if not isinstance(node, dict):
            return node
        reference = node.get("$ref")
        if isinstance(reference, str):
            local = self.local_form(reference, base)
            if local is not None:
                return dict(node, **{"$ref": local})
            return self.inline(reference, base, self.other)
        result = {}
        for key, value in node.items():
            if key == "schema":
                result[key] = self.schema(value, base)
            elif key in ("example", "value"):
                result[key] = value
            else:
                result[key] = self.other(value, base)
        return result

    def bundle(self):
        root = self.root
        result = {}
        for key, value in root.items():
            if key != "components":
                result[key] = self.other(value, self.root_path)
        components = {}
        for section, entries in root.get("components", {}).items():
            if section == "schemas":
                continue
            components[section] = self.other(entries, self.root_path)
        # Named schemas of the root first, then those moved in (they may grow while converting).
        for name in list(self.schemas):
            if name not in self.hoisted.values():
                self.schemas[name] = self.schema(self.schemas[name], self.root_path)
        components["schemas"] = self.schemas
        result["components"] = components
        return result


def bundle(root_path, output_path):
    """Writes the bundled description of `root_path` to `output_path` as JSON; returns how many
    schemas were moved under components/schemas."""
    bundler = Bundler(root_path)
    document = bundler.bundle()
    with open(output_path, "w") as f:
        json.dump(document, f, indent=1, default=str)
    return len(bundler.hoisted)


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    moved = bundle(sys.argv[1], sys.argv[2])
    print(f"bundled {sys.argv[1]} into {sys.argv[2]} ({moved} schemas moved under components/schemas)")


if __name__ == "__main__":
    main()
