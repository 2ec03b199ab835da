"""The sentences services say to a person, by key, so the window can say them in its language.

Every sentence lives in one place: its area's module of ``core/phrasebook/`` (``BOOK``, read here as
:data:`ENGLISH`). Make one with :func:`said` (or ``SomeError.said(key, **values)``, which calls it):
the key and its placeholders are checked where the phrase is made. A :class:`Phrase` carries the key
and the values of its ``{placeholders}``; ``str()`` of it (and of an error that carries it) is the
English sentence, as the ``mira`` command prints it. The window says it in its language with
``ui.language.i18n.say``, by ``phrase.<key>`` in the context ``phrase.<area>`` of the translations, which
``tools/i18n_sync.py`` writes from the phrasebook; a sentence without a key is shown as written.

A value may itself be a :class:`Phrase` (a reason inside a sentence): the window says it in its
language too. ``{name!r}`` quotes a value as the English always did; a number is formatted where the
phrase is made (``size=f"{n:,}"``), never by a format spec.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from mira_desktop.core.phrasebook import BOOK

ENGLISH: dict[str, str] = BOOK  # every phrase, by key (core/phrasebook)


@dataclass(frozen=True)
class Phrase:
    key: str
    values: Mapping[str, Any] = field(default_factory=dict)

    @property
    def english(self) -> str:
        return ENGLISH[self.key].format(**self.values)

    def __str__(self) -> str:
        return self.english

    def to_dict(self) -> dict[str, Any]:
        """For keeping with a saved error (a failed answer's message); a phrase inside stays one."""
        return {"key": self.key, "values": {k: _plain(v) for k, v in self.values.items()}}


def from_dict(data: object) -> Phrase | None:
    """The phrase kept by :meth:`Phrase.to_dict`, or None (an older record, or no phrase)."""
    if not isinstance(data, dict) or data.get("key") not in ENGLISH:
        return None
    values = data.get("values")
    kept = dict(values) if isinstance(values, dict) else {}
    return Phrase(str(data["key"]), {k: _inner(v) for k, v in kept.items()})


def said(key: str, /, **values: Any) -> Phrase:
    """The phrase ``key`` with ``values``, checked now (a typo in a key or a name fails where it is made)."""
    phrase = Phrase(key, values)
    phrase.english  # noqa: B018 (formats it: a missing key or placeholder raises here, not in the window)
    return phrase


def joined(parts: list[Phrase | str], key: str = "join.semicolon") -> Phrase | str:
    """``parts`` as one phrase, each after the one before with the separator of ``key`` ("a; b; c")."""
    if not parts:
        return ""
    whole = parts[0]
    for part in parts[1:]:
        whole = Phrase(key, {"first": whole, "rest": part})
    return whole


def of(error: BaseException) -> Phrase | str:
    """What ``error`` says, to put inside another sentence: its phrase, else its text as written."""
    phrase = getattr(error, "phrase", None)
    return phrase if isinstance(phrase, Phrase) else str(error)


def _plain(value: object) -> object:
    if isinstance(value, Phrase):
        return {"phrase": value.to_dict()}
    return value if isinstance(value, int | float | str) and not isinstance(value, bool) else str(value)


def _inner(value: object) -> object:
    if isinstance(value, dict) and "phrase" in value:
        inner = from_dict(value["phrase"])
        return inner if inner is not None else str(value)
    return value
