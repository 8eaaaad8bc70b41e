#!/usr/bin/env python3
"""A throwaway catalog server for FunServices' remote-catalog tests.

Usage: catalog_server.py CATALOG_FILE [LIFETIME_SECONDS]

Binds 127.0.0.1 on a free port and prints that port on stdout. Routes:
  /catalog.json  200 with the contents of CATALOG_FILE
  /malformed     200 with a body that is not JSON
  /hang          accepts the request and never answers
  /big           200 with 2 MiB of JSON-ish bytes and its Content-Length
  /big-unsized   the same without a Content-Length (the body ends when the connection closes)
  /slow          200 with the catalog after 1.5 s
  anything else  404

It exits when its stdin closes (the test process ended or let go of it) or after
LIFETIME_SECONDS (default 60), whichever comes first, so it never outlives a test run.
"""

import os
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

CATALOG_FILE = sys.argv[1]
LIFETIME = float(sys.argv[2]) if len(sys.argv) > 2 else 60.0


class Handler(BaseHTTPRequestHandler):
    def do_GET(self):
        if self.path == "/catalog.json":
            with open(CATALOG_FILE, "rb") as catalog:
                self.reply(200, catalog.read(), "application/json")
        elif self.path == "/malformed":
            self.reply(200, b"<html>this is not a catalog</html>", "text/html")
        elif self.path == "/hang":
            time.sleep(LIFETIME)
        elif self.path == "/big":
            self.reply(200, b" " * (2 << 20), "application/json")
        elif self.path == "/big-unsized":
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Connection", "close")
            self.end_headers()
            for _ in range(32):
                self.wfile.write(b" " * (64 << 10))
            self.close_connection = True
        elif self.path == "/slow":
            time.sleep(1.5)
            with open(CATALOG_FILE, "rb") as catalog:
                self.reply(200, catalog.read(), "application/json")
        else:
            self.reply(404, b"not found", "text/plain")

    def reply(self, status, body, content_type):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format, *args):
        pass


def exit_when_stdin_closes():
    sys.stdin.read()
    os._exit(0)


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
threading.Thread(target=exit_when_stdin_closes, daemon=True).start()
threading.Timer(LIFETIME, lambda: os._exit(0)).start()
print(server.server_address[1], flush=True)
server.serve_forever()
