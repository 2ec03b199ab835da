"""Storage: the notes live in one JSON file."""

import json
from pathlib import Path

from lumen.notes import Note

DEFAULT_PATH = Path.home() / ".lumen.json"


def load(path=DEFAULT_PATH):
    if not path.exists():
        return []
    return [Note(**item) for item in json.loads(path.read_text(encoding="utf-8"))]


def save(notes, path=DEFAULT_PATH):
    data = [{"text": note.text, "tags": note.tags} for note in notes]
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")
