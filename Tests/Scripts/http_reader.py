#!/usr/bin/env python3
"""Serves a site folder on 127.0.0.1 and fetches its pages over HTTP until a stop file appears (or the process that
started it ends, or the stop file's folder is removed).

Used by the end-to-end tests of concurrent builds: the server resolves the folder by path on every request, so it
serves whichever site is live at that moment. Prints one JSON line: how many fetches, and every bad one (not 200,
or a page that does not end with </html>).

usage: http_reader.py SITE_FOLDER PAGES_FILE STOP_FILE READY_FILE
"""
import functools
import http.client
import http.server
import json
import os
import random
import sys
import threading


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def main():
    folder, pages_file, stop_file, ready_file = sys.argv[1:5]
    handler = functools.partial(Quiet, directory=folder)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    port = server.server_address[1]
    pages = [line for line in open(pages_file, encoding="utf-8").read().splitlines() if line]
    with open(ready_file, "w") as ready:
        ready.write(str(port))
    fetched, bad = 0, []
    parent = os.getppid()
    # Also stops when the test that started it is gone (a crashed run, its folder removed): an orphan would fetch
    # at full speed for ever and slow whatever runs next on the machine.
    while not os.path.exists(stop_file) and os.getppid() == parent and os.path.isdir(os.path.dirname(stop_file)):
        page = random.choice(pages)
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        connection.request("GET", "/" + page)
        response = connection.getresponse()
        body = response.read()
        connection.close()
        fetched += 1
        if response.status != 200 or not body.endswith(b"</html>\n"):
            bad.append(f"{page}: {response.status}, {len(body)} bytes")
    server.shutdown()
    print(json.dumps({"fetched": fetched, "bad": bad[:20], "badCount": len(bad)}))


if __name__ == "__main__":
    main()
