"""Every `mira` failure ends with one line and the exit status the README documents."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from tests.integration.cli.conftest import Mira

ENV = {**os.environ, "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1"}


def _mira_process(data_dir: Path, *args: str) -> list[str]:
    return [sys.executable, "-m", "mira_desktop.app", "--data-dir", str(data_dir), *args]


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_success_is_zero(mira: Mira) -> None:
    assert mira("info").code == 0


def test_an_unusable_data_folder_is_one(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from mira_desktop.app import main

    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert main(["--data-dir", str(blocker), "info"]) == 1
    assert capsys.readouterr().err.count("\n") == 1


def test_bad_input_is_two(mira: Mira) -> None:
    result = mira("models", "add-remote", "lab", "--base-url", "not a url")
    assert result.code == 2
    assert result.err.startswith("mira: error: ")
    assert result.err.count("\n") == 1


def test_a_model_file_that_is_not_a_model_is_two_and_a_missing_one_three(mira: Mira, tmp_path: Path) -> None:
    fake = tmp_path / "model.gguf"
    fake.write_text("not a model")
    assert mira("models", "add-local", str(fake)).code == 2
    missing = mira("models", "add-local", str(tmp_path / "nope.gguf"))
    assert missing.code == 3
    assert "does not exist" in missing.err


def test_a_partly_failed_add_is_two_and_names_the_document_not_the_stored_copy(
    mira: Mira, tmp_path: Path
) -> None:
    fake = tmp_path / "fake.pdf"
    fake.write_text("this is no PDF")
    good = tmp_path / "good.txt"
    good.write_text("A good note about lighthouses.")
    mira("kb", "create", "Papers")
    result = mira("kb", "add", "Papers", str(fake), str(good))
    assert result.code == 2
    assert "Indexed 1 of 2" in result.out
    assert "fake.pdf" in result.out
    assert "sources" not in result.out + result.err  # the stored copy's folder never shows


def test_not_found_is_three(mira: Mira) -> None:
    assert mira("threads", "show", "thr_nope").code == 3


def test_not_allowed_in_this_state_is_four(mira: Mira) -> None:
    default = mira("--json", "workspaces", "list").json()[0]["id"]
    assert mira("workspaces", "delete", default).code == 4


def test_a_model_server_that_cannot_be_reached_is_five(mira: Mira) -> None:
    mira("models", "add-remote", "lab", "--base-url", f"http://127.0.0.1:{_closed_port()}/v1", "--model", "m")
    result = mira("models", "test", "remote:lab/m")
    assert result.code == 5
    assert result.err.count("\n") == 1


@pytest.mark.slow
def test_a_closed_pipe_ends_quietly_without_a_crash_report(tmp_path: Path) -> None:
    data = tmp_path / "data"
    subprocess.run(_mira_process(data, "kb", "create", "Papers"), check=True, capture_output=True, env=ENV)
    notes = tmp_path / "cells.md"
    notes.write_text("\n\n".join(f"## Cell {n}\n\nCells divide; cell {n} divides too." for n in range(60)))
    subprocess.run(
        _mira_process(data, "kb", "add", "Papers", str(notes)), capture_output=True, env=ENV, check=True
    )
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader is gone before the first line, as with `| head -0`
    with subprocess.Popen(
        _mira_process(data, "kb", "search", "Papers", "cells", "--k", "50"),
        stdout=write_end,
        stderr=subprocess.PIPE,
        env=ENV,
    ) as search:
        os.close(write_end)
        _out, err = search.communicate(timeout=120)
    stderr = err.decode()
    assert search.returncode == 141
    assert "Traceback" not in stderr
    assert "crash" not in stderr
    assert not list((data / "logs").glob("crash-*"))


@pytest.mark.slow
def test_llama_cpp_logging_goes_to_the_log_file_not_the_terminal(tmp_path: Path) -> None:
    data = tmp_path / "data"
    first = subprocess.run(
        _mira_process(data, "chat", "send", "Say hello"), capture_output=True, text=True, env=ENV, timeout=300
    )
    assert first.returncode == 0, first.stderr
    # Only Mira's own lines (the model loading, with its window); none of llama.cpp's.
    loading, loaded = first.stderr.splitlines()
    assert loading == "mira: loading local:smollm2…"
    assert loaded.startswith("mira: local:smollm2 loaded (")
    assert " tokens — what " in loaded
    log = (data / "logs" / "mira.log").read_text("utf-8")
    assert "mira.llama_cpp" in log
