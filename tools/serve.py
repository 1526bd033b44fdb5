"""Serve the built site over http (``make serve``): browsers run WebAssembly only over http.

The same as ``python -m http.server --directory _build/html``, with the types the live pages need
set explicitly (``.mjs`` as JavaScript, ``.wasm`` as WebAssembly), whatever the machine's
/etc/mime.types says. Usage: python tools/serve.py [port] (default 8000), then open the address.
"""

from __future__ import annotations

import contextlib
import sys
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import ClassVar

SITE = Path(__file__).resolve().parent.parent / "_build" / "html"


class Handler(SimpleHTTPRequestHandler):
    extensions_map: ClassVar[dict[str, str]] = {
        **SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
        ".svg": "image/svg+xml",
    }


def main(argv: list[str]) -> int:
    port = int(argv[1]) if len(argv) > 1 else 8000
    if not (SITE / "index.html").exists():
        print(f"serve: {SITE} is not built: run `make book` first")
        return 1
    server = ThreadingHTTPServer(("127.0.0.1", port), partial(Handler, directory=str(SITE)))
    print(f"serve: the book is at http://127.0.0.1:{port}/ (Ctrl-C stops)")
    with contextlib.suppress(KeyboardInterrupt):
        server.serve_forever()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
