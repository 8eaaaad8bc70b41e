#!/usr/bin/env python3
"""A throwaway catalog server for FunServices' remote-catalog tests.

Usage: catalog_server.py CATALOG_FILE [LIFETIME_SECONDS]

Binds 127.0.0.1 on a free port and prints that port on stdout. Routes:
  /catalog.json  200 with the contents of CATALOG_FILE (read at each request), its ETag (a hash
                 of the contents) and Last-Modified (the file's time); 304 with no body when the
                 request's If-None-Match names that ETag, or, without If-None-Match, when its
                 If-Modified-Since is not older than the file
  /moved         302 to /missing
  /to-file, /to-ftp  302 to file:///tmp/catalog.json, ftp://127.0.0.1/catalog.json: schemes
                 a catalog client does not fetch
  /malformed     200 with a body that is not JSON
  /hang          accepts the request and never answers, until the client goes
  /big           200 with 2 MiB of JSON-ish bytes and its Content-Length
  /big-unsized   the same without a Content-Length (the body ends when the connection closes)
  /endless       200 without a Content-Length and a body that never ends, 16 KiB a millisecond
                 (about 15 MB/s, a fast real network): only a client that stops reading and
                 closes the connection ends it
  /huge-announced  200 with a Content-Length of 10 GiB and no body, until the client goes: a
                 client that refuses it at the headers closes the connection at once
  /gzip-bomb     200 with `Content-Encoding: gzip` and its Content-Length: 16 KiB that unpack
                 to 16 MiB of spaces (made at the first request, then kept)
  anything else  404

It speaks HTTP/1.1, so a connection stays open after a complete response until the client
closes it. It prints a line `request PATH IF-NONE-MATCH IF-MODIFIED-SINCE` when a request
arrives (the two headers percent-encoded, `-` when absent), `replied PATH STATUS BYTES` when it
has answered one of /catalog.json's requests and, when a connection ends for whatever reason,
`closed PATH BYTES`: the path of its last request and the body bytes it wrote. The tests read these lines to see that a request was really abandoned, and how much
of a body went out.

It exits when its stdin closes (the test process ended or let go of it) or after
LIFETIME_SECONDS (default 60), whichever comes first, so it never outlives a test run.
"""

import email.utils
import hashlib
import zlib
import os
import sys
import urllib.parse
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

CATALOG_FILE = sys.argv[1]
LIFETIME = float(sys.argv[2]) if len(sys.argv) > 2 else 60.0
CHUNK = b" " * (64 << 10)
PACED_CHUNK = b" " * (16 << 10)
PRINT_LOCK = threading.Lock()
GZIP_BOMB = []
GZIP_BOMB_LOCK = threading.Lock()
REDIRECTS_ELSEWHERE = {"/to-file": "file:///tmp/catalog.json", "/to-ftp": "ftp://127.0.0.1/catalog.json"}


def report(line):
    with PRINT_LOCK:
        print(line, flush=True)


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def handle(self):
        self.path = "-"
        self.body_bytes = 0
        try:
            super().handle()
        except OSError:
            pass
        report(f"closed {self.path} {self.body_bytes}")

    def do_GET(self):
        if_none_match = self.headers.get("If-None-Match")
        if_modified_since = self.headers.get("If-Modified-Since")
        report(f"request {self.path} {encoded(if_none_match)} {encoded(if_modified_since)}")
        if self.path == "/catalog.json":
            self.reply_catalog(if_none_match, if_modified_since)
        elif self.path == "/moved":
            self.send_response(302)
            self.send_header("Location", "/missing")
            self.send_header("Content-Length", "0")
            self.end_headers()
        elif self.path in REDIRECTS_ELSEWHERE:
            self.send_response(302)
            self.send_header("Location", REDIRECTS_ELSEWHERE[self.path])
            self.send_header("Content-Length", "0")
            self.end_headers()
        elif self.path == "/malformed":
            self.reply(200, b"<html>this is not a catalog</html>", "text/html")
        elif self.path == "/hang":
            # The client sends nothing after its request, so this returns only when it closes.
            self.connection.recv(1)
            self.close_connection = True
        elif self.path == "/big":
            self.reply(200, b" " * (2 << 20), "application/json")
        elif self.path == "/big-unsized":
            self.start_unsized_body()
            for _ in range(32):
                self.write_body(CHUNK)
        elif self.path == "/endless":
            # Paced, not flooding: over loopback an unpaced sender can keep URLSession's work
            # queue on Linux so busy that the client's cancellation waits behind it for seconds.
            self.start_unsized_body()
            self.write_paced_body()
        elif self.path == "/gzip-bomb":
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Encoding", "gzip")
            body = gzip_bomb()
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.write_body(body)
        elif self.path == "/huge-announced":
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(10 << 30))
            self.end_headers()
            self.close_connection = True
            # No body: a client that refuses it at the headers closes the connection at once,
            # one that waits for the body closes it only at its timeout.
            self.connection.recv(1)
        else:
            self.reply(404, b"not found", "text/plain")

    def reply_catalog(self, if_none_match, if_modified_since):
        with open(CATALOG_FILE, "rb") as catalog:
            body = catalog.read()
        modified = int(os.path.getmtime(CATALOG_FILE))
        etag = '"' + hashlib.sha256(body).hexdigest()[:16] + '"'
        validators = {"ETag": etag, "Last-Modified": email.utils.formatdate(modified, usegmt=True)}
        if if_none_match is not None:
            unchanged = etag in [tag.strip() for tag in if_none_match.split(",")]
        elif if_modified_since is not None:
            since = email.utils.parsedate_to_datetime(if_modified_since)
            unchanged = since is not None and since.timestamp() >= modified
        else:
            unchanged = False
        if unchanged:
            self.send_response(304)
            for name, value in validators.items():
                self.send_header(name, value)
            self.end_headers()
            report(f"replied {self.path} 304 0")
        else:
            self.reply(200, body, "application/json", validators)
            report(f"replied {self.path} 200 {len(body)}")

    def start_unsized_body(self):
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Connection", "close")
        self.end_headers()
        self.close_connection = True

    def write_paced_body(self):
        while True:
            self.write_body(PACED_CHUNK)
            time.sleep(0.001)

    def write_body(self, data):
        self.wfile.write(data)
        self.body_bytes += len(data)

    def reply(self, status, body, content_type, headers=None):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        self.write_body(body)

    def log_message(self, format, *args):
        pass


def gzip_bomb():
    # Streamed through the compressor a MiB at a time, so the 16 MiB are never in memory at once.
    with GZIP_BOMB_LOCK:
        if not GZIP_BOMB:
            compressor = zlib.compressobj(9, zlib.DEFLATED, 31)
            spaces = b" " * (1 << 20)
            parts = [compressor.compress(spaces) for _ in range(16)]
            parts.append(compressor.flush())
            GZIP_BOMB.append(b"".join(parts))
        return GZIP_BOMB[0]


def encoded(header):
    return "-" if header is None else urllib.parse.quote(header, safe="")


def exit_when_stdin_closes():
    sys.stdin.read()
    os._exit(0)


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
threading.Thread(target=exit_when_stdin_closes, daemon=True).start()
threading.Timer(LIFETIME, lambda: os._exit(0)).start()
report(server.server_address[1])
server.serve_forever()
