"""Tests that read the shared test data skip on a checkout without it, and fail under CI."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import needs_shared_corpus


def test_a_missing_corpus_skips_the_tests_on_a_checkout(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("CI", raising=False)
    [mark] = needs_shared_corpus(tmp_path / "absent")
    assert mark.name == "skip"


def test_a_missing_corpus_fails_the_tests_under_ci(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CI", "true")
    [mark] = needs_shared_corpus(tmp_path / "absent")
    assert (mark.name, mark.args) == ("usefixtures", ("shared_corpus_missing",))


def test_a_present_corpus_runs_the_tests(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CI", "true")
    assert needs_shared_corpus(tmp_path) == []


def test_the_fixture_a_missing_corpus_uses_fails_the_test(request: pytest.FixtureRequest) -> None:
    with pytest.raises(pytest.fail.Exception, match="is missing under CI"):
        request.getfixturevalue("shared_corpus_missing")
