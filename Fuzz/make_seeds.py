#!/usr/bin/env python3
"""Writes raw seed inputs for every fuzz target into a folder (default Fuzz/.build/seeds), from the
repository's specs, the YAML and event streams quoted in its tests, and hand-picked header values.

run.sh --seed minimises them (libFuzzer -merge=1) into Fuzz/Corpus/<target>, which is committed.
"""
import hashlib, json, os, re, struct, sys

FUZZ = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(FUZZ)
OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(FUZZ, ".build", "seeds")


def put(target, data):
    if isinstance(data, str):
        data = data.encode()
    folder = os.path.join(OUT, target)
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, hashlib.sha1(data).hexdigest()), "wb") as f:
        f.write(data)


def unescape(swift):
    """The value of a Swift string literal's body (the escapes tests use)."""
    out = swift.replace("\\\\", "\x00BS\x00")
    out = re.sub(r"\\u\{([0-9A-Fa-f]+)\}", lambda m: chr(int(m.group(1), 16)), out)
    for a, b in (("\\n", "\n"), ("\\r", "\r"), ("\\t", "\t"), ('\\"', '"'), ("\\0", "\0")):
        out = out.replace(a, b)
    return out.replace("\x00BS\x00", "\\")


def swift_files(folder):
    for base, _, names in os.walk(os.path.join(ROOT, folder)):
        for name in names:
            if name.endswith(".swift"):
                with open(os.path.join(base, name), encoding="utf-8") as f:
                    yield f.read()


# Specs: the repository's spec files and every multi-line string in the tests that is a spec.
for base, _, names in os.walk(ROOT):
    if "/.build" in base or "/Fuzz" in base or "/.git" in base:
        continue
    for name in names:
        if name.endswith((".courier.yaml", ".courier.yml")):
            with open(os.path.join(base, name), "rb") as f:
                put("FuzzSpec", f.read())
for text in list(swift_files("Tests/CourierSpecTests")) + list(swift_files("Tests/CourierGeneratorTests")):
    for block in re.findall(r'"""\n(.*?)\n\s*"""', text, re.S):
        if "courier:" in block and "\\(" not in block and len(block) < 4000:
            lines = block.split("\n")
            indent = min((len(l) - len(l.lstrip()) for l in lines if l.strip()), default=0)
            put("FuzzSpec", unescape("\n".join(l[indent:] for l in lines) + "\n"))

# Event streams quoted in the tests, and JSON Lines / sequences.
for text in swift_files("Tests"):
    for literal in re.findall(r'"((?:[^"\\\n]|\\.)*)"', text):
        value = unescape(literal)
        if re.match(r"^(\ufeff)?(data|event|id|retry|:)", value) and "\n" in value or "\r" in value and "data" in value:
            put("FuzzServerSentEvents", b"\x00\x03\x01\x05\x11" + value.encode())
put("FuzzServerSentEvents", b"\x00\x00" + b"event: update\nid: 7\nretry: 1500\ndata: {\"a\":1}\ndata: b\n\n: ping\n\ndata: [DONE]\n\n")
put("FuzzServerSentEvents", b"\x21\x02\x00\x03" + b"\xef\xbb\xbfdata: x\r\n\r\nid\x00\ndata\n\n")
for body in [b'{"a":1}\n{"a":2}\n', b'{"a":1}\r\n\r\n  \t\n[1,2]', b'"x"\n{"n":null,"b":true}\n{']:
    put("FuzzJSONLines", b"\x00\x02\x03\x07" + body)
    put("FuzzJSONLines", b"\x11\x00" + body)
for body in [b'\x1e{"a":1}\n\x1e[1,2]\n', b'\x1e\x1e {"s":"a\\n\\"}"}\n\x1e{"a":\n1}\n', b'x\x1e{"a":1\x1e2\n\x1e']:
    put("FuzzJSONSequence", b"\x00\x02\x03\x07" + body)
    put("FuzzJSONSequence", b"\x11\x00" + body)

# Header values, as servers send them (and as the tests quote them).
headers = {
    "FuzzCacheControl": ["max-age=60", "no-cache, must-revalidate", "private, max-age=\"3600\"", "no-store",
                         "max-age=1e309, proxy-revalidate\x00Wed, 21 Oct 2015 07:28:00 GMT\x00Wed, 21 Oct 2015 07:27:00 GMT\x0012",
                         "public\x00Sun, 06 Nov 1994 08:49:37 GMT\x00Sunday, 06-Nov-94 08:49:37 GMT\x00-5"],
    "FuzzLinkHeader": ["next\x00<https://api.example.com/items?page=2>; rel=\"next\", <https://api.example.com/items?page=9>; rel=\"last\"",
                       "prev\x00</items?page=1>; rel=\"prev first\"; title=\"a, b\", <items?page=3>; REL=next",
                       "next\x00<>; rel=next, <a>; rel=\"\", <b;c>; x=\"<,>\"; rel=next"],
    "FuzzRetryAfter": ["120", " 0 ", "-1", "Wed, 21 Oct 2015 07:28:00 GMT", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994", "99999999999999999999"],
    "FuzzContentType": ["application/json; charset=utf-8\x00{\"token\":\"s3cr3t\",\"a\":[1,{\"password\":\"p\"}]}",
                        "application/x-www-form-urlencoded\x00password=p&user=u%20v&x",
                        "text/event-stream\x00data: x\n\n", "text/html\x00<html>\x1b[31m\r\n", "\x00\xff\xfe\x00binary"],
    "FuzzETag": ["\"abc\"\x00Wed, 21 Oct 2015 07:28:00 GMT\x00bytes 0-99/1000\x00100",
                 "W/\"weak\"\x00\x00bytes 5-4/*\x00 12 ", "\x00Sun, 06 Nov 1994 08:49:37 GMT\x00bytes */100\x00-1"],
    "FuzzVary": ["Accept, Authorization\x00Bearer s3cr3t", "*\x00x", "accept-encoding, , X-Custom\x00Basic dTpw", "Cookie\x00"],
    "FuzzPathQuery": ["\x00/pets/{id}/toys/{+path}\x00id\x0042\x00+path\x00a/b c/%2F", "\x00/{a}/{a}{a}\x00a\x00\xc3\xa9/..",
                      "\x01caf\xc3\xa9 /?#[]@!$&'()*+,;=%\x00q\x00a b&c=d\x00\x00empty",
                      "\x01..\x00..\x00.\x00+\x00%2B"],
}
for target, values in headers.items():
    for value in values:
        put(target, value.encode("latin-1") if any(ord(c) > 0x7F and ord(c) < 0x100 for c in value) else value.encode())

# A disk-cache entry's metadata and body (mode 0: the target frames and checksums them), and one
# whole file as the store writes it (mode 1).
metadata = {"key": {"partition": "shared", "method": "GET", "url": "https://example.com/items?page=1"}, "status": 200,
            "headers": [{"name": "Content-Type", "value": "application/json"}, {"name": "ETag", "value": "\"v1\""}],
            "storedAt": 800000000.5, "initialAge": 3, "freshnessLifetime": 60, "vary": {"accept": "application/json", "x": None},
            "mustRevalidate": True, "bodyLength": 9}
meta = json.dumps(metadata, separators=(",", ":")).encode()
put("FuzzDiskCacheEntry", b"\x00" + meta + b"\x00" + b'{"a":[1]}')


def fnv1a(data, seed=0xCBF29CE484222325):
    h = seed
    for b in data:
        h = ((h ^ b) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h


body = b'{"a":[1]}'
put("FuzzDiskCacheEntry", b"\x01CCE1" + struct.pack(">I", len(meta)) + meta + body + struct.pack(">Q", fnv1a(body, fnv1a(meta))))

for credentials in [{"bearer": {"token": "t0k3n", "refreshToken": "r", "expiresAt": "2026-01-01T00:00:00Z", "identity": "me"}},
                    {"bearer": {"username": "u", "password": "p"}, "other": {"token": "k"}}, {}]:
    put("FuzzCredentialFile", json.dumps(credentials))
put("FuzzCredentialFile", '{"bearer": {"token": "truncat')

# Generated models: every JSON sample of the Petstore spec and every JSON object or list quoted in
# the generated clients' tests, once per model byte (the target picks the model by its first byte).
documents = []
samples = os.path.join(ROOT, "Sources", "PetstoreAPI", "samples")
for name in sorted(os.listdir(samples)):
    if name.endswith(".json"):
        with open(os.path.join(samples, name), "rb") as f:
            documents.append(f.read())
for folder in ("Tests/RealAPITests", "Tests/PetstoreAPITests", "Tests/CourierGeneratorTests"):
    for text in swift_files(folder):
        for literal in re.findall(r'#"((?:[^"\n]|"(?!#))*)"#', text) + re.findall(r'"""\n(.*?)\n\s*"""', text, re.S):
            value = literal.strip()
            if value[:1] in "{[" and "\\(" not in value and len(value) < 4000:
                try:
                    json.loads(value)
                except ValueError:
                    continue
                documents.append(value.encode())
MODEL_COUNT = 31  # the length of FuzzModels' list; a larger byte wraps around
for document in documents:
    for model in range(MODEL_COUNT):
        put("FuzzModels", bytes([model]) + document)
# Multipart forms: a random boundary, a fixed one, one that a part holds, a malformed one; parts
# with and without file names and content types, empty and binary contents.
put("FuzzMultipart", b"\x00\x02\x00name\x00hello\xff\x03avatar\x00a.png\x00image/png\x00\x89PNG\r\n\x1a\n\xff")
put("FuzzMultipart", b"\x01xYz-42\x00\x01\x02meta\x00application/json\x00{\"a\":1}\xff")
put("FuzzMultipart", b"\x01b\x00\x01\x00f\x00x\r\n--b\r\n\xff")
put("FuzzMultipart", b"\x01bad boundary \x00\x01\x00q\"uo\r\nte\x00\xff")
put("FuzzMultipart", b"\x00\x03\x00\x00\xff\x01\x00\x00\x00\xff\x02n\x00text/plain; charset=utf-8\x00--\r\n\xff")
print(OUT)
