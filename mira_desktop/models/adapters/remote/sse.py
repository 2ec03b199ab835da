"""A strict decoder for server-sent events (the ``text/event-stream`` format of streamed answers).

It follows the WHATWG rules (``data:`` lines joined with newlines, ``:`` comments, a blank line ends an
event) with two deliberate differences: a line that cannot be a field at all (an HTML tag, a JSON
object, a sentence) raises :class:`SSEFormatError` instead of being ignored, so a body that is not an
event stream fails at once; and an event still open when the stream ends is delivered, because some
servers end with ``data: [DONE]`` and no blank line.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

# Field names real servers send are plain words; anything else means the body is not an event stream.
_FIELD_NAME = re.compile(r"[A-Za-z_-]*")


@dataclass(frozen=True)
class ServerSentEvent:
    data: str
    event: str = "message"
    id: str | None = None


class SSEFormatError(ValueError):
    """The body is not a stream of server-sent events; ``line`` is the offending line, shortened."""

    def __init__(self, line_number: int, line: str) -> None:
        self.line_number = line_number
        self.line = line[:120]
        super().__init__(f"line {line_number} is not a server-sent event field: {self.line!r}")


class SSEDecoder:
    """Turns lines (line endings removed) into events; :meth:`feed` returns one when a blank line ends it."""

    def __init__(self) -> None:
        self._data: list[str] = []
        self._event = ""
        self._id: str | None = None
        self._line_number = 0

    def feed(self, line: str) -> ServerSentEvent | None:
        self._line_number += 1
        line = line.removesuffix("\r")  # a CRLF stream split on "\n" only
        if not line:
            return self._dispatch()
        if line.startswith(":"):
            return None
        name, _, value = line.partition(":")
        value = value.removeprefix(" ")
        if name == "data":
            self._data.append(value)
        elif name == "event":
            self._event = value
        elif name == "id":
            if "\0" not in value:
                self._id = value
        elif name.strip() and not _FIELD_NAME.fullmatch(name):
            raise SSEFormatError(self._line_number, line)
        return None

    def flush(self) -> ServerSentEvent | None:
        """The event still open at the end of the stream, if any."""
        return self._dispatch()

    def _dispatch(self) -> ServerSentEvent | None:
        data, self._data = self._data, []
        event, self._event = self._event, ""
        if not data:
            return None
        return ServerSentEvent(data="\n".join(data), event=event or "message", id=self._id)


def iter_events(lines: Iterable[str]) -> Iterator[ServerSentEvent]:
    """The events of a stream given line by line (as ``httpx.Response.iter_lines`` yields them)."""
    decoder = SSEDecoder()
    for line in lines:
        event = decoder.feed(line)
        if event is not None:
            yield event
    last = decoder.flush()
    if last is not None:
        yield last
