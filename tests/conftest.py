"""Shared fixtures, one per kind of setup. With MIRA_BLOCK_QT=1 (make test-core) Qt cannot be imported.

- ``data_dir``: a data folder that does not exist yet (the first start creates it).
- ``services``: the app's services on ``data_dir``, built by the composition root and closed after.
- ``open_services``: for tests of what a restart keeps, or of a second folder: a context manager
  that builds the services on ``data_dir`` (or the folder given) and closes them on leaving.
- ``project``: a small project folder (a README), for a workspace; the ``workspace`` fixture of
  tests/integration and tests/gui adds it to the test's services.
- ``keyring_backend``: an in-memory keyring installed for the test, so no key reaches the OS one.
- ``smollm2_in_parts``: the embedded SmolLM2 written as two real shards (``…-00001-of-00002.gguf``),
  as a large model comes split; llama.cpp loads it from the first part.
- ``script``: writes a scripted model file and returns its ``scripted:`` reference;
  ``tests.support.scripted.requests_sent`` gives what that model received.
- ``failures`` (autouse): an ERROR notification or a crash report during a test fails it, unless the
  test takes it with ``failures.expect(pattern)`` (tests/support/failures.py).
"""

from __future__ import annotations

import importlib.abc
import json
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from tests.support.cli import mira  # noqa: F401 (the `mira` fixture, for every test)

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices
    from tests.support.failures import Failures
    from tests.support.fixtures import OpenServices, Script
    from tests.support.memory_keyring import MemoryKeyring

BLOCKED_WITHOUT_QT = ("PySide6", "shiboken6")


class _BlockQt(importlib.abc.MetaPathFinder):
    def find_spec(self, fullname: str, path: object, target: object = None) -> None:
        if fullname.split(".", maxsplit=1)[0] in BLOCKED_WITHOUT_QT:
            raise ImportError(f"{fullname} is blocked: tests outside tests/gui must not need Qt")


if os.environ.get("MIRA_BLOCK_QT") == "1":
    sys.meta_path.insert(0, _BlockQt())

REPO_ROOT = Path(__file__).resolve().parent.parent
# The shared test data beside the checkout (`../shared/data`), or beside a folder above it (a git
# worktree under work/wt/NAME reads work/shared/data). A test that needs it fails when it is missing.
SHARED_DATA = next(
    (p / "shared" / "data" for p in REPO_ROOT.parents if (p / "shared" / "data").is_dir()),
    REPO_ROOT.parent / "shared" / "data",
)


def under_ci() -> bool:
    """Whether the tests run under CI: ``CI`` set to a true value, as CI services set it (``true``
    on GitHub and GitLab, ``1`` elsewhere) and as ``.ci/run`` exports it."""
    return os.environ.get("CI", "").strip().lower() in {"1", "true", "yes", "on"}


def needs_shared_corpus(folder: Path) -> list[pytest.MarkDecorator]:
    """The marks of a test module that reads ``folder`` of the shared test data (``pytestmark =
    [*needs_shared_corpus(DOCS), …]``): none where it is, a skip on a checkout without it, but a
    failure under CI (``under_ci``), where a missing corpus is a broken set-up and a skip would let
    the tests pass unseen."""
    if folder.is_dir():
        return []
    if under_ci():
        return [pytest.mark.usefixtures("shared_corpus_missing")]
    return [pytest.mark.skip(reason=f"the shared document corpus is not here ({folder})")]


@pytest.fixture
def shared_corpus_missing(request: pytest.FixtureRequest) -> None:
    pytest.fail(
        f"the shared test data ({SHARED_DATA}) is missing under CI: {request.node.nodeid} needs it",
        pytrace=False,
    )


@pytest.fixture(autouse=True)
def failures(monkeypatch: pytest.MonkeyPatch) -> Iterator[Failures]:
    """Every ERROR notification (on any bus) and every crash report of the test, which fail it unless
    the test expects them: a swallowed error cannot pass unseen."""
    from mira_desktop.core.notifications import Level, NotificationBus
    from mira_desktop.services.app import crash_reports
    from tests.support.failures import Failures, failure_report

    seen = Failures()
    post, write = NotificationBus.post, crash_reports.write_crash_report

    def recording_post(bus: NotificationBus, level: Level, message: str, *args: Any, **kwargs: Any) -> None:
        if level is Level.ERROR:
            details = args[0] if args else kwargs.get("details", "")
            seen.notified(message, str(details))
        post(bus, level, message, *args, **kwargs)

    def recording_write(logs_dir: Path, exc: BaseException) -> Path:
        seen.crashed(exc)
        return write(logs_dir, exc)

    monkeypatch.setattr(NotificationBus, "post", recording_post)
    monkeypatch.setattr(crash_reports, "write_crash_report", recording_write)
    yield seen
    unexpected = seen.unexpected()
    if unexpected:
        pytest.fail(failure_report(unexpected), pytrace=False)


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    return tmp_path / "mira-data"


@pytest.fixture
def open_services(data_dir: Path) -> OpenServices:
    """``with open_services() as services:`` — built on ``data_dir`` (or the folder given), closed on leaving."""
    from mira_desktop.app import build_services

    @contextmanager
    def open_(folder: Path | None = None, **options: Any) -> Iterator[AppServices]:
        built = build_services(data_dir if folder is None else folder, **options)
        try:
            yield built
        finally:
            built.close()

    return open_


@pytest.fixture
def services(open_services: OpenServices) -> Iterator[AppServices]:
    with open_services() as built:
        yield built


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "project"
    root.mkdir()
    (root / "README.md").write_text("# Project\n", encoding="utf-8")
    return root


@pytest.fixture
def keyring_backend() -> Iterator[MemoryKeyring]:
    from tests.support.memory_keyring import MemoryKeyring, use_keyring

    memory = MemoryKeyring()
    with use_keyring(memory):
        yield memory


@pytest.fixture(scope="session")
def smollm2_in_parts(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """The parts, first part first (written once per session with the ``gguf`` package's split writer)."""
    from tests.support.gguf_files import smollm2, split_gguf

    return split_gguf(smollm2(), tmp_path_factory.mktemp("split"), "smollm2-135m-instruct-q4_1", parts=2)


@pytest.fixture
def script(tmp_path: Path) -> Script:
    """``script(*replies, **settings)`` writes a model script and returns its ``scripted:`` reference.

    ``settings`` go beside the replies: ``profile={"supports_json_schema": False}``,
    ``pick="by_turn"``, ``record_to="requests.jsonl"`` (see mira_desktop/models/adapters/scripted.py).
    """
    folder = tmp_path / "scripts"
    counter = iter(range(1_000_000))

    def make(*replies: dict[str, Any], **settings: Any) -> str:
        folder.mkdir(exist_ok=True)
        path = folder / f"script-{next(counter)}.json"
        path.write_text(json.dumps({"replies": list(replies), **settings}), encoding="utf-8")
        return f"scripted:{path}"

    return make
