"""Card macros in role text."""

from __future__ import annotations

import pytest

from mira_desktop.core.roles.compiler import expand_macros


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("{{char}} and {{user}}", "Aria and Lin"),
        ("{{Char}} and {{USER}}", "Aria and Lin"),
        ("<BOT> and <USER> and <char>", "Aria and Lin and Aria"),
        ("a{{// a note }}b", "ab"),
        ("a{{comment: shown to users}}b", "ab"),
        ("a{{hidden_key: dragon}}b", "ab"),
        ("{{original}}Be brief.", "Be brief."),
        ("{{reverse:abc}}", "cba"),
        ("{{unknown}} stays", "{{unknown}} stays"),
        ("no macros <START> here", "no macros <START> here"),
    ],
)
def test_macros_expand(text: str, expected: str) -> None:
    assert expand_macros(text, char="Aria", user="Lin") == expected


def test_random_macros_draw_from_their_options_and_repeat_for_the_same_seed() -> None:
    text = "{{random:red,green,blue}} {{pick:a\\,b,c}} {{roll:d6}}"
    first = expand_macros(text, char="A", user="U", seed="rol_x:1")
    colour, pick, roll = first.split(" ")
    assert colour in {"red", "green", "blue"}
    assert pick in {"a,b", "c"}
    assert 1 <= int(roll) <= 6
    assert expand_macros(text, char="A", user="U", seed="rol_x:1") == first


def test_a_malformed_roll_is_left_as_written() -> None:
    assert expand_macros("{{roll:many}}", char="A", user="U") == "{{roll:many}}"
