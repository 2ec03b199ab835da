"""Provokes a crash report while a keyed request is in flight, for the secrets scan.

    python -m reliability.secrets_crash DATA REF

Runs `mira models test REF` through the real entry point with the HTTP transport made to fail with
an unexpected exception (one that, like a careless library's, shows the request's headers): the
command ends with an internal error and writes ``logs/crash-*.txt``.
"""

from __future__ import annotations

import sys
from typing import Any

import httpx


def main(argv: list[str]) -> int:
    data_dir, ref = argv

    def broken_send(self: httpx.Client, request: httpx.Request, **_: Any) -> httpx.Response:
        raise RuntimeError(f"simulated transport bug while sending {request.url} with {request.headers!r}")

    httpx.Client.send = broken_send  # type: ignore[method-assign]
    from mira_desktop.app import main as mira

    return mira(["--data-dir", data_dir, "models", "test", ref])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
