"""Serve the built site over http (``make serve``): browsers run WebAssembly only over http.

The same as ``python -m http.server --directory _build/html``, with the types the live pages need
set explicitly (``.mjs`` as JavaScript, ``.wasm`` as WebAssembly), whatever the machine's
/etc/mime.types says, and text and WebAssembly sent gzipped to a browser that accepts it (as most
static hosts do): the engine's 9.6 MB ``pyodide.asm.wasm`` crosses the network as 3.5 MB.
Usage: python tools/serve.py [port] (default 8000), then open the address.
"""

from __future__ import annotations

import contextlib
import email.utils
import gzip
import io
import os
import sys
import threading
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import ClassVar

SITE = Path(__file__).resolve().parent.parent / "_build" / "html"
COMPRESSED = {".html", ".js", ".mjs", ".css", ".json", ".svg", ".wasm", ".txt", ".md", ".ipynb", ".py"}
"""What is worth compressing; archives (``.zip``, ``.whl``, ``.gz``), images and PDFs are not."""


class Handler(SimpleHTTPRequestHandler):
    extensions_map: ClassVar[dict[str, str]] = {
        **SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
        ".svg": "image/svg+xml",
        ".webmanifest": "application/manifest+json",
        ".whl": "application/zip",
    }
    _gzipped: ClassVar[dict[tuple[str, int, int], bytes]] = {}
    _lock: ClassVar[threading.Lock] = threading.Lock()

    def handle(self) -> None:
        with contextlib.suppress(ConnectionError):  # a reader left while a file was on its way
            super().handle()

    @classmethod
    def gzipped(cls, path: str) -> bytes:
        """The file gzipped, compressed once per version of the file (kept in memory)."""
        stat = os.stat(path)
        key = (path, stat.st_mtime_ns, stat.st_size)
        with cls._lock:
            if key not in cls._gzipped:
                with open(path, "rb") as source:
                    cls._gzipped[key] = gzip.compress(source.read(), compresslevel=6, mtime=0)
            return cls._gzipped[key]

    def send_head(self):  # type: ignore[no-untyped-def]
        path = self.translate_path(self.path)
        if os.path.isdir(path) and self.path.split("?")[0].endswith("/"):
            path = os.path.join(path, "index.html")
        accepts = "gzip" in self.headers.get("Accept-Encoding", "")
        if not (accepts and os.path.isfile(path) and Path(path).suffix in COMPRESSED):
            return super().send_head()
        stat = os.stat(path)
        since = self.headers.get("If-Modified-Since")
        if since:
            with contextlib.suppress(TypeError, ValueError, IndexError, OverflowError):
                if int(stat.st_mtime) <= email.utils.parsedate_to_datetime(since).timestamp():
                    self.send_response(304)
                    self.send_header("Vary", "Accept-Encoding")
                    self.end_headers()
                    return None
        body = self.gzipped(path)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(int(stat.st_mtime)))
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return io.BytesIO(body)


def warm(site: Path) -> None:
    """Compress the live engine's files now, so that the first visitor does not wait for it."""
    for path in sorted((site / "live").rglob("*")):
        if path.is_file() and path.suffix in COMPRESSED:
            Handler.gzipped(str(path))


def main(argv: list[str]) -> int:
    port = int(argv[1]) if len(argv) > 1 else 8000
    if not (SITE / "index.html").exists():
        print(f"serve: {SITE} is not built: run `make book` first")
        return 1
    warm(SITE)
    server = ThreadingHTTPServer(("127.0.0.1", port), partial(Handler, directory=str(SITE)))
    print(f"serve: the book is at http://127.0.0.1:{port}/ (Ctrl-C stops)")
    with contextlib.suppress(KeyboardInterrupt):
        server.serve_forever()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
