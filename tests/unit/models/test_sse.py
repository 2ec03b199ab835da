from __future__ import annotations

import pytest

from mira_desktop.models.adapters.remote.sse import ServerSentEvent, SSEDecoder, SSEFormatError, iter_events


def _events(text: str) -> list[ServerSentEvent]:
    return list(iter_events(text.split("\n")))


def test_blank_line_ends_each_event() -> None:
    assert _events('data: {"a": 1}\n\ndata: [DONE]\n\n') == [
        ServerSentEvent('{"a": 1}'),
        ServerSentEvent("[DONE]"),
    ]


def test_data_lines_of_one_event_are_joined_with_newlines() -> None:
    assert _events("data: first\ndata: second\ndata\n\n") == [ServerSentEvent("first\nsecond\n")]


def test_comments_and_keepalive_lines_produce_no_event() -> None:
    assert _events(": ping\n\n:\n\ndata: x\n\n") == [ServerSentEvent("x")]


def test_crlf_line_endings_are_accepted() -> None:
    assert _events("data: x\r\n\r\ndata: y\r\n\r\n") == [ServerSentEvent("x"), ServerSentEvent("y")]


def test_event_name_and_id_are_kept_and_the_name_resets_after_each_event() -> None:
    events = _events("event: error\nid: 7\ndata: boom\n\ndata: next\n\n")
    assert events == [ServerSentEvent("boom", "error", "7"), ServerSentEvent("next", "message", "7")]


def test_only_one_space_after_the_colon_is_removed() -> None:
    assert _events("data:  two spaces\ndata:none\n\n") == [ServerSentEvent(" two spaces\nnone")]


def test_unknown_plain_fields_are_ignored() -> None:
    assert _events("retry: 1000\nx-custom: 1\ndata: x\n\n") == [ServerSentEvent("x")]


def test_event_still_open_at_the_end_of_the_stream_is_delivered() -> None:
    assert _events("data: [DONE]") == [ServerSentEvent("[DONE]")]


@pytest.mark.parametrize(
    "body",
    ["<!DOCTYPE html>\n<html><body>Welcome</body></html>", '{"error": "nope"}', "Internal Server Error"],
)
def test_a_body_that_is_not_an_event_stream_fails_on_its_first_line(body: str) -> None:
    with pytest.raises(SSEFormatError) as raised:
        _events(body)
    assert raised.value.line_number == 1


def test_decoder_reports_an_event_only_when_it_is_complete() -> None:
    decoder = SSEDecoder()
    assert decoder.feed("data: x") is None
    assert decoder.feed("") == ServerSentEvent("x")
    assert decoder.feed("") is None
    assert decoder.flush() is None
