"""Tests that read the shared test data skip on a checkout without it, and fail under CI."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import REPO_ROOT, needs_shared_corpus


@pytest.mark.parametrize("ci", [None, "", "0", "false"])
def test_a_missing_corpus_skips_the_tests_on_a_checkout(
    ci: str | None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    if ci is None:
        monkeypatch.delenv("CI", raising=False)
    else:
        monkeypatch.setenv("CI", ci)
    [mark] = needs_shared_corpus(tmp_path / "absent")
    assert mark.name == "skip"


@pytest.mark.parametrize("ci", ["true", "1", "True", "yes"])
def test_a_missing_corpus_fails_the_tests_under_ci(
    ci: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CI", ci)
    [mark] = needs_shared_corpus(tmp_path / "absent")
    assert (mark.name, mark.args) == ("usefixtures", ("shared_corpus_missing",))


def test_a_present_corpus_runs_the_tests(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CI", "true")
    assert needs_shared_corpus(tmp_path) == []


def test_the_fixture_a_missing_corpus_uses_fails_the_test(request: pytest.FixtureRequest) -> None:
    with pytest.raises(pytest.fail.Exception, match="is missing under CI"):
        request.getfixturevalue("shared_corpus_missing")


def test_the_ci_script_runs_the_suite_as_ci() -> None:
    script = (REPO_ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert script.index("export CI=true") < script.index("make test")
