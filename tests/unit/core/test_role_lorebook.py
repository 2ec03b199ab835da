"""Lorebook entries: keyword triggering over recent messages, switches, and the token budget."""

from __future__ import annotations

from typing import Any

from mira_desktop.core.roles.compiler import compile_role
from mira_desktop.core.roles.lorebook import select_lore, strip_decorators
from tests.unit.core.role_factory import make_role


def words(text: str) -> int:
    return len(text.split())


def lore(entries: list[dict[str, Any]], recent: list[str], budget: int = 1000) -> list[str]:
    return [e.content for e in select_lore(entries, recent, count_tokens=words, budget=budget).inserted]


def test_entry_is_inserted_when_a_key_appears_in_the_recent_messages() -> None:
    role = make_role(lorebook=[{"keys": ["Eldoria"], "content": "Eldoria is a forest guarded by {{char}}."}])
    hit = compile_role(role, user_name="Lin", recent_messages=["Tell me about eldoria please"])
    miss = compile_role(role, user_name="Lin", recent_messages=["Tell me about the sea"])
    assert ("Lore", "Eldoria is a forest guarded by Aria.") in hit.sections
    assert hit.lore.inserted[0].trigger == "Eldoria"
    assert all(title != "Lore" for title, _ in miss.sections)


def test_lore_section_sits_after_world_and_before_scenario() -> None:
    role = make_role(
        prompt={"worldview": "W", "scenario": "S"},
        lorebook=[{"keys": ["x"], "content": "L", "constant": True}],
    )
    titles = [t for t, _ in compile_role(role, user_name="Lin").sections]
    assert titles == ["World", "Lore", "Scenario"]


def test_only_the_messages_passed_as_recent_are_scanned() -> None:
    entries = [{"keys": ["dragon"], "content": "Dragons sleep."}]
    assert lore(entries, ["a dragon appeared"]) == ["Dragons sleep."]
    assert lore(entries, []) == []


def test_case_sensitive_entries_need_the_exact_case() -> None:
    entries = [{"keys": ["Rust"], "content": "The language.", "case_sensitive": True}]
    assert lore(entries, ["I like rust"]) == []
    assert lore(entries, ["I like Rust"]) == ["The language."]


def test_chinese_keys_match_chinese_messages() -> None:
    assert lore([{"keys": ["修为"], "content": "修为分九层。"}], ["我的修为是多少？"]) == ["修为分九层。"]


def test_disabled_and_empty_entries_are_never_inserted() -> None:
    entries = [
        {"keys": ["tea"], "content": "Green tea.", "enabled": False},
        {"keys": ["tea"], "content": "   "},
        {"keys": ["tea"], "content": "Black tea."},
    ]
    assert lore(entries, ["tea time"]) == ["Black tea."]


def test_constant_entries_need_no_key() -> None:
    assert lore([{"keys": [], "content": "Always.", "constant": True}], ["anything"]) == ["Always."]


def test_selective_entries_also_need_a_secondary_key() -> None:
    entries = [
        {"keys": ["sword"], "secondary_keys": ["fire", "ice"], "selective": True, "content": "Flame sword."}
    ]
    assert lore(entries, ["a sword"]) == []
    assert lore(entries, ["a sword of ICE"]) == ["Flame sword."]


def test_regex_keys_match_as_patterns_and_invalid_ones_never_match() -> None:
    entries = [
        {"keys": [r"/\bcat(s)?\b/i"], "content": "Cats.", "use_regex": True},
        {"keys": ["(unclosed"], "content": "Broken.", "use_regex": True},
    ]
    assert lore(entries, ["Two CATS here"]) == ["Cats."]
    assert lore(entries, ["concatenate (unclosed"]) == []


def test_catastrophic_regex_keys_are_matched_as_plain_text() -> None:
    # As a pattern, "(a+)+$" against 5,000 a's and a "!" would backtrack for longer than the test
    # timeout; as plain text it is a quick miss.
    entries = [{"keys": ["(a+)+$"], "content": "Evil.", "use_regex": True}]
    assert lore(entries, ["a" * 5000 + "!"]) == []
    assert lore(entries, ["literally (a+)+$"]) == ["Evil."]


def test_budget_keeps_the_most_important_entries_and_inserts_in_order() -> None:
    entries = [
        {"keys": ["k"], "content": "low one two three", "insertion_order": 1, "priority": 1},
        {"keys": ["k"], "content": "high one two", "insertion_order": 3, "priority": 9},
        {"keys": ["k"], "content": "mid one", "insertion_order": 2, "priority": 5},
    ]
    selection = select_lore(entries, ["k"], count_tokens=words, budget=6)
    assert [e.content for e in selection.inserted] == ["mid one", "high one two"]
    assert [e.index for e in selection.over_budget] == [0]
    assert selection.tokens == 5


def test_an_entry_too_big_for_what_is_left_does_not_stop_smaller_ones() -> None:
    entries = [
        {"keys": ["k"], "content": "a b c d e f", "priority": 9},
        {"keys": ["k"], "content": "small", "priority": 1},
    ]
    assert lore(entries, ["k"], budget=3) == ["small"]


def test_compile_role_passes_its_budget_and_counter() -> None:
    role = make_role(lorebook=[{"keys": ["k"], "content": "x " * 50}])
    assert (
        compile_role(role, user_name="L", recent_messages=["k"], lorebook_budget_tokens=10).lore.inserted
        == ()
    )
    assert (
        compile_role(role, user_name="L", recent_messages=["k"], lorebook_budget_tokens=50).lore.tokens == 50
    )
    # The model's counter decides: the same entry is one token to one model, too big for another.
    one_token = compile_role(
        role, user_name="L", recent_messages=["k"], lorebook_budget_tokens=10, count_tokens=lambda _: 1
    )
    assert one_token.lore.tokens == 1
    huge = compile_role(
        role, user_name="L", recent_messages=["k"], lorebook_budget_tokens=50, count_tokens=lambda _: 51
    )
    assert huge.lore.inserted == ()


def test_decorator_lines_are_removed_from_content() -> None:
    assert strip_decorators("@@depth 4\n@@@instruct_depth 4\nThe content\n@@not leading") == (
        "The content\n@@not leading"
    )
    assert lore([{"keys": ["k"], "content": "@@depth 4\nBody"}], ["k"]) == ["Body"]
