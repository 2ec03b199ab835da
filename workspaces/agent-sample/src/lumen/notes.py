"""Notes: what a note is, finding notes, and tags."""

from dataclasses import dataclass, field


@dataclass
class Note:
    text: str
    tags: list[str] = field(default_factory=list)


def find(notes, word):
    """Notes whose text contains ``word``, ignoring case."""
    word = word.lower()
    return [note for note in notes if word in note.text.lower()]


def tagged(notes, tag):
    # TODO: support several tags at once
    return [note for note in notes if tag in note.tags]
