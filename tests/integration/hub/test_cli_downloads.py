"""`mira models search|files|download|downloads|hub` against the stand-in Hub, in-process and as a
process that is interrupted, killed, or runs out of disk — and then resumes and chats."""

from __future__ import annotations

import hashlib
import json
import os
import resource
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from mira_desktop.services.hub.catalogue import load_catalogue
from tests.integration.hub.conftest import SMOL, SMOL_FILE, SPLIT, SPLIT_PARTS, SPLIT_STEM, TINY, partials
from tests.support.cli import Mira
from tests.support.hub_server import StandInHub
from tests.support.waiting import wait_for

FILE = "tiny-chat-Q4_K_M.gguf"


@pytest.fixture
def cli(mira: Mira, stand_in: StandInHub) -> Mira:
    assert mira("models", "hub", "--endpoint", stand_in.url).code == 0
    return mira


def _mira_process(data_dir: Path, *args: str, **options: object) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "mira_desktop.app", "--data-dir", str(data_dir), *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        **options,  # type: ignore[call-overload]
    )


def _partial_size(data_dir: Path) -> int:
    found = partials(data_dir / "models")
    return found[0].stat().st_size if found else 0


def test_search_files_and_download_from_the_command(cli: Mira, stand_in: StandInHub, data_dir: Path) -> None:
    assert [r["id"] for r in cli("--json", "models", "search", "tiny").json()] == [TINY]
    recommended = cli("--json", "models", "search").json()
    assert [r["repo"] for r in recommended] == [r.repo for r in load_catalogue()]
    shown = cli("models", "files", TINY)
    assert shown.code == 0
    assert "★ tiny-chat-Q8_0.gguf" in shown.out
    assert "llama, context 2048 tokens, chat template: chatml" in shown.out
    assert "fits" in shown.out
    done = cli("models", "download", TINY, FILE)
    assert done.code == 0, done.err
    ref = f"local:{data_dir / 'models' / 'mira-tests' / 'tiny-chat-GGUF' / FILE}"
    assert f"(sha256 checked): {ref}" in done.out
    listed = cli("--json", "models", "downloads").json()
    assert [(d["state"], d["model_ref"]) for d in listed] == [("completed", ref)]
    again = cli("models", "download", TINY, FILE)
    assert f"Already downloaded: {ref}" in again.out


def test_json_lines_end_with_the_completed_event(cli: Mira) -> None:
    done = cli("--json", "models", "download", TINY, "--quant", "q8_0")
    events = [json.loads(line) for line in done.out.splitlines()]
    assert events[-1]["event"] == "completed"
    assert events[-1]["done_bytes"] == events[-1]["size_bytes"]
    assert all(e["event"] == "progress" for e in events[:-1])


def test_each_failure_is_one_line_with_its_exit_status_and_changes_nothing(
    cli: Mira, stand_in: StandInHub, data_dir: Path
) -> None:
    missing_repo = cli("models", "download", "nobody/nothing-GGUF", "--quant", "Q4_K_M")
    assert (missing_repo.code, missing_repo.err.count("\n")) == (3, 1)
    assert "does not exist on the Hub" in missing_repo.err
    missing_file = cli("models", "download", TINY, "nope.gguf")
    assert missing_file.code == 3
    assert "has no file nope.gguf" in missing_file.err
    stand_in.faults.wrong_bytes.add(FILE)
    bad = cli("models", "download", TINY, FILE)
    assert (bad.code, bad.err.count("\n")) == (5, 1)
    assert "do not match the sha256" in bad.err
    stand_in.faults.wrong_bytes.clear()
    (data_dir / "models").mkdir(exist_ok=True)
    stand_in.faults.announced_size[FILE] = shutil.disk_usage(data_dir).free + (1 << 40)
    full = cli("models", "download", TINY, FILE)
    assert (full.code, full.err.count("\n")) == (1, 1)
    assert "Not enough free space" in full.err
    assert "Traceback" not in missing_repo.err + missing_file.err + bad.err + full.err
    assert list((data_dir / "models").rglob("*.gguf*")) == []
    assert cli("models", "downloads", "pause", "dl_nothing").code == 3


def test_ctrl_c_pauses_keeps_the_partial_and_exits_130_then_running_again_resumes(
    cli: Mira, stand_in: StandInHub, data_dir: Path
) -> None:
    stand_in.hold(after=600_000)  # the download cannot finish before the signal, however loaded the machine
    process = _mira_process(data_dir, "models", "download", TINY, FILE)
    wait_for(lambda: stand_in.holding.is_set() and _partial_size(data_dir) > 200_000)
    process.send_signal(signal.SIGINT)
    _out, err = process.communicate(timeout=60)
    assert process.returncode == 130, err
    assert "paused at" in err
    kept = _partial_size(data_dir)
    assert kept > 200_000
    [paused] = cli("--json", "models", "downloads").json()
    assert paused["state"] == "paused"
    stand_in.release()
    resumed = cli("models", "download", TINY, FILE)
    assert resumed.code == 0, resumed.err
    assert stand_in.byte_requests()[-1].headers.get("range") == f"bytes={kept}-"


def test_kill_9_mid_download_then_the_next_run_resumes_with_range_and_the_sha256_matches(
    cli: Mira, stand_in: StandInHub, data_dir: Path
) -> None:
    stand_in.hold(after=800_000)  # the download cannot finish before the kill
    process = _mira_process(data_dir, "models", "download", TINY, FILE)
    wait_for(lambda: stand_in.holding.is_set() and _partial_size(data_dir) > 600_000)
    process.kill()  # SIGKILL: no handler runs, the lock goes with the process
    process.communicate(timeout=30)
    assert process.returncode == -signal.SIGKILL
    kept = _partial_size(data_dir)
    [left] = cli("--json", "models", "downloads").json()
    assert left["state"] == "running"  # as the killed process left it
    stand_in.release()
    again = _mira_process(data_dir, "models", "download", TINY, FILE)
    _out, err = again.communicate(timeout=120)
    assert again.returncode == 0, err
    assert stand_in.byte_requests()[-1].headers.get("range") == f"bytes={kept}-"
    final = data_dir / "models" / "mira-tests" / "tiny-chat-GGUF" / FILE
    assert hashlib.sha256(final.read_bytes()).hexdigest() == stand_in.file(TINY, FILE).sha256
    assert partials(data_dir / "models") == []


@pytest.mark.slow
def test_a_full_disk_pauses_keeping_the_partial_then_resume_and_chat_with_the_model(
    cli: Mira, stand_in: StandInHub, data_dir: Path
) -> None:
    limit = 40 << 20  # files this process writes cannot grow past 40 MB: the disk is "full" there

    def small_disk() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    process = _mira_process(data_dir, "models", "download", SMOL, SMOL_FILE, preexec_fn=small_disk)
    _out, err = process.communicate(timeout=120)
    assert process.returncode == 1
    assert "is full: the part downloaded is kept" in err
    assert _partial_size(data_dir) == limit
    [paused] = cli("--json", "models", "downloads").json()
    assert paused["state"] == "paused"
    done = cli("--json", "models", "downloads", "resume", paused["id"])
    assert done.code == 0, done.err
    assert stand_in.byte_requests()[-1].headers.get("range") == f"bytes={limit}-"
    ref = json.loads(done.out.splitlines()[-1])["model_ref"]
    answer = cli("--json", "chat", "send", "--model", ref, "Say hello in three words.")
    assert answer.code == 0, answer.err
    terminal = json.loads(answer.out.strip().splitlines()[-1])
    assert terminal["status"] == "completed"
    assert os.path.getsize(ref.removeprefix("local:")) == len(stand_in.file(SMOL, SMOL_FILE).data)


def test_a_two_part_model_is_one_row_and_a_kill_9_in_its_second_part_resumes_there(
    cli: Mira, stand_in: StandInHub, data_dir: Path
) -> None:
    shown = cli("models", "files", SPLIT)
    assert shown.code == 0, shown.err
    assert f"★ {SPLIT_STEM}.gguf (2 parts)" in shown.out  # the model's name, without a part suffix
    assert "-of-00002" not in shown.out  # one row, not one per part
    first = len(stand_in.file(SPLIT, SPLIT_PARTS[0]).data)
    folder = data_dir / "models" / "mira-tests" / "SmolLM2-split-GGUF"
    stand_in.faults.bytes_per_second = 20_000_000  # the first part takes a few seconds…
    process = _mira_process(data_dir, "models", "download", SPLIT, f"{SPLIT_STEM}.gguf")  # the name shown
    wait_for((folder / SPLIT_PARTS[0]).exists, what="the first part in place")
    stand_in.hold(after=1_000_000)  # …and the second is held a megabyte in, however loaded the machine
    wait_for(lambda: stand_in.holding.is_set() and _partial_size(data_dir) > 0, what="the second part held")
    process.kill()  # in the second part: the first is in place, the second partial
    process.communicate(timeout=30)
    kept = _partial_size(data_dir)
    stand_in.release()
    stand_in.faults.bytes_per_second = None
    before = len(stand_in.byte_requests())
    again = cli("--json", "models", "download", SPLIT, "--quant", "Q4_1")
    assert again.code == 0, again.err
    resumed = stand_in.byte_requests()[before:]
    second = stand_in.file(SPLIT, SPLIT_PARTS[1]).sha256
    assert [(s.path.split("?")[0], s.headers.get("range")) for s in resumed] == [
        (f"/blobs/{second}", f"bytes={kept}-")
    ]  # the first part, in place, was not fetched again
    ref = json.loads(again.out.splitlines()[-1])["model_ref"]
    said = cli("models", "download", SPLIT, "--quant", "Q4_1")
    assert f"Already downloaded: {ref}" in said.out
    assert ref == f"local:{folder / SPLIT_PARTS[0]}"
    assert (folder / SPLIT_PARTS[0]).stat().st_size == first
    answer = cli("--json", "chat", "send", "--model", ref, "Say hello in three words.")
    assert answer.code == 0, answer.err
    assert json.loads(answer.out.strip().splitlines()[-1])["status"] == "completed"
