#!/usr/bin/env python3
"""A loopback server that parses multipart/form-data with Python's own MIME parser, for Courier's
tests: it answers every POST or PUT with JSON describing the request body and each part.

Started by the tests (CourierTestServer's MultipartServer); prints its port on the first line of
stdout and serves until its stdin closes.

  POST /upload            -> 200 {"length", "sha256", "contentLength", "chunked",
                                  "contentType", "idempotencyKey", "parts": [
                                  {"name", "filename", "contentType" (as sent), "length", "sha256"}]}
  POST /flaky/<n>         -> the same, but answers 503 to the first <n> requests to that path
  GET  /requests          -> [{"path", "length", "sha256", "idempotencyKey"}] of every request so far

A body that is not multipart/form-data, or that the parser finds defects in, is answered with
"parts": null and "defects": [...], so that a test sees the parser refused it.
"""
import hashlib
import json
import sys
import threading
from email import policy
from email.parser import BytesParser
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

LOCK = threading.Lock()
REQUESTS = []
FAILURES = {}


def read_body(handler):
    if "chunked" in (handler.headers.get("Transfer-Encoding") or "").lower():
        chunks = []
        while True:
            size_line = handler.rfile.readline().strip()
            size = int(size_line.split(b";")[0], 16)
            if size == 0:
                while handler.rfile.readline() not in (b"\r\n", b"\n", b""):
                    pass
                return b"".join(chunks), True
            chunks.append(handler.rfile.read(size))
            handler.rfile.readline()
    length = int(handler.headers.get("Content-Length") or 0)
    return handler.rfile.read(length), False


def describe(content_type, body):
    if not content_type or not content_type.lower().startswith("multipart/form-data"):
        return None, ["not multipart/form-data: %r" % content_type]
    message = BytesParser(policy=policy.HTTP).parsebytes(
        b"Content-Type: " + content_type.encode("latin-1") + b"\r\n\r\n" + body)
    defects = [str(d) for d in message.defects]
    if not message.is_multipart():
        return None, defects + ["not parsed as multipart"]
    parts = []
    for part in message.iter_parts():
        defects += [str(d) for d in part.defects]
        payload = part.get_payload(decode=True) or b""
        raw_type = next((value for name, value in part.raw_items() if name.lower() == "content-type"), None)
        parts.append({
            "name": part.get_param("name", header="content-disposition"),
            "filename": part.get_filename(),
            "contentType": raw_type,
            "length": len(payload),
            "sha256": hashlib.sha256(payload).hexdigest(),
        })
    return parts, defects


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def answer(self, status, value):
        data = json.dumps(value).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        if self.path == "/requests":
            with LOCK:
                self.answer(200, list(REQUESTS))
        else:
            self.answer(404, {"error": "no such path"})

    def do_POST(self):
        body, chunked = read_body(self)
        digest = hashlib.sha256(body).hexdigest()
        key = self.headers.get("Idempotency-Key")
        with LOCK:
            REQUESTS.append({"path": self.path, "length": len(body), "sha256": digest, "idempotencyKey": key})
            failing = 0
            if self.path.startswith("/flaky/"):
                seen = FAILURES.get(self.path, 0)
                FAILURES[self.path] = seen + 1
                failing = int(self.path.rsplit("/", 1)[1]) > seen
        if failing:
            self.answer(503, {"error": "try again"})
            return
        content_type = self.headers.get("Content-Type")
        parts, defects = describe(content_type, body)
        self.answer(200, {
            "length": len(body),
            "sha256": digest,
            "contentLength": self.headers.get("Content-Length"),
            "chunked": chunked,
            "contentType": content_type,
            "idempotencyKey": key,
            "parts": parts,
            "defects": defects,
        })

    do_PUT = do_POST


def main():
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    print(server.server_address[1], flush=True)
    sys.stdin.read()
    server.shutdown()


if __name__ == "__main__":
    main()
