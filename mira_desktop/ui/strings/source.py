"""One English source string of the window, written so that ``pyside6-lupdate`` extracts it.

Each catalog entry is a literal call ``translate(context, source, key)``: lupdate's Python parser
reads it as ``QCoreApplication.translate`` and files the message under ``context`` with ``key`` as
its disambiguation, so the same English in two places can get two translations. A fourth argument
that is an integer literal (write ``1``) makes the message numerus ("%Ln file(s)"): lupdate only
recognises a literal there, so which keyword of ``tr(key, ...)`` carries the count is chained on
afterwards with :meth:`Source.counted_by` (the default is ``count``). A message that holds several
counts names, with :meth:`Source.with_counts`, the numerus fragments that fill its placeholders.

Nothing here touches Qt: the catalog is plain data, read by ``ui.language.i18n.tr`` and by the tests.
"""

from __future__ import annotations

from dataclasses import dataclass, replace


@dataclass(frozen=True)
class Source:
    """A message as ``QCoreApplication.translate`` looks it up.

    Attributes:
        context: the key's prefix (``kb`` for ``kb.queued``).
        source: the English text: ``{name}`` placeholders for ``str.format``, ``%Ln`` for the count
            of a numerus message (Qt writes the number in the window's locale).
        disambiguation: the catalog key itself.
        plural: whether the message is numerus.
        count: for a numerus message, the keyword of ``tr()`` whose value is the count.
        counts: placeholders filled by numerus fragments, as (placeholder, fragment key) pairs; the
            value given for the placeholder is the fragment's count.
    """

    context: str
    source: str
    disambiguation: str
    plural: bool = False
    count: str = "count"
    counts: tuple[tuple[str, str], ...] = ()

    def counted_by(self, keyword: str) -> Source:
        """The same numerus message, counted by ``tr(key, keyword=n)``."""
        return replace(self, count=keyword)

    def with_counts(self, **fragments: str) -> Source:
        """The same message, its ``{placeholder}`` values written by numerus fragment keys."""
        return replace(self, counts=tuple(fragments.items()))


def translate(context: str, source: str, disambiguation: str, n: int | None = None) -> Source:
    """Mark ``source`` for lupdate; ``n`` (an integer literal) only says the message is numerus."""
    return Source(context, source, disambiguation, plural=n is not None)
