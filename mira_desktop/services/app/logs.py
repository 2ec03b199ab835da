"""Mira's log file: ``logs/mira.log`` in the data folder (rotated), where library chatter goes.

The terminal and the window show only what a person must read; everything libraries print for
developers (llama.cpp's decode messages, HTTP retries) lands here.
"""

from __future__ import annotations

import logging
import logging.handlers
from pathlib import Path

_HANDLER_NAME = "mira-log-file"
MAX_BYTES = 2_000_000
BACKUPS = 3


def log_to_file(logs_dir: Path) -> Path:
    """Send Mira's and its libraries' logging to ``logs_dir/mira.log`` (replacing an earlier folder)."""
    logs_dir.mkdir(parents=True, exist_ok=True)
    path = logs_dir / "mira.log"
    root = logging.getLogger()
    for handler in list(root.handlers):
        if handler.get_name() == _HANDLER_NAME:
            root.removeHandler(handler)
            handler.close()
    handler = logging.handlers.RotatingFileHandler(
        path, maxBytes=MAX_BYTES, backupCount=BACKUPS, encoding="utf-8", delay=True
    )
    handler.set_name(_HANDLER_NAME)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root.addHandler(handler)
    if root.level > logging.INFO or root.level == logging.NOTSET:
        root.setLevel(logging.INFO)
    return path
