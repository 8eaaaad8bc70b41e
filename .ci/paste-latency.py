#!/usr/bin/env python3
# How long 200 typed characters take to reach the screen in interactive mode: runs FUN in a
# pseudo-terminal, focuses Search, writes "typed " x 34 in one write and reports when the last
# frame holding the text came. Not a CI gate (a timing, not a test); a review asked for
# <= 100 ms in a debug build.
#   python3 .ci/paste-latency.py "$(swift build --show-bin-path)/fun" debug
import os, pty, select, sys, tempfile, time
fun = sys.argv[1]
pid, fd = pty.fork()
if pid == 0:
    os.execve(fun, [fun, "--state-dir", tempfile.mkdtemp(prefix="fun-paste-")], {"TERM": "xterm-256color", "HOME": "/tmp"})
def read_for(seconds):
    out = b""; end = time.time() + seconds
    while time.time() < end:
        r, _, _ = select.select([fd], [], [], 0.01)
        if r:
            try: out += os.read(fd, 65536)
            except OSError: break
    return out
read_for(1.5)
os.write(fd, b"/"); read_for(0.5)
text = b"typed " * 34
start = time.time(); os.write(fd, text)
last = start; buf = b""
while time.time() - start < 5:
    r, _, _ = select.select([fd], [], [], 0.01)
    if r:
        chunk = os.read(fd, 65536); buf += chunk
        if b"typed typed" in buf: last = time.time()
    if time.time() - last > 0.3 and last > start: break
print("%s: last frame with the typed text %.0f ms after the write" % (sys.argv[2], (last - start) * 1000))
os.write(fd, b"\x03"); time.sleep(0.3)
