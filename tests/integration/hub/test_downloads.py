"""Downloads through every fault the stand-in Hub can make: each leaves a reason and no half file in place."""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

import pytest

from mira_desktop.core.cancel import CancelToken
from mira_desktop.core.errors import ConflictError
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.services.hub.client import HubUnavailableError
from mira_desktop.services.hub.transfer import ChecksumMismatch, NotEnoughSpace
from mira_desktop.store.downloads import DownloadState
from tests.integration.hub.conftest import TINY, partials
from tests.support.hub_server import StandInHub
from tests.support.waiting import wait_for

FILE = "tiny-chat-Q4_K_M.gguf"


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _reason_key(services: AppServices, download_id: str) -> str | None:
    phrase = services.hub.downloads.reason(services.hub.downloads.get(download_id))
    return None if phrase is None else phrase.key


def test_a_download_is_checked_moved_into_place_and_added_as_a_local_model(
    hub_services: AppServices, stand_in: StandInHub
) -> None:
    download = hub_services.hub.download(TINY, quant="Q4_K_M")
    ended = hub_services.hub.downloads.run(download.id, CancelToken())
    final = hub_services.folder.models_dir / "mira-tests" / "tiny-chat-GGUF" / FILE
    assert ended.state is DownloadState.COMPLETED
    assert _sha(final) == stand_in.file(TINY, FILE).sha256
    assert ended.model_ref == f"local:{final}"
    assert ended.done_bytes == ended.size_bytes == final.stat().st_size
    assert partials(hub_services.folder.models_dir) == []
    assert ended.model_ref in [e.ref for e in hub_services.models.entries()]
    # The redirect was followed to the CDN, which served the bytes.
    assert [s.path.split("?")[0] for s in stand_in.byte_requests()] == [
        f"/blobs/{stand_in.file(TINY, FILE).sha256}"
    ]
    # Asking again finds it downloaded.
    assert hub_services.hub.download(TINY, FILE).id == download.id


def test_a_connection_cut_mid_body_is_resumed_with_range_from_the_bytes_on_disk(
    hub_services: AppServices, stand_in: StandInHub
) -> None:
    stand_in.faults.cut_after = 1_000_000
    download = hub_services.hub.download(TINY, FILE)
    ended = hub_services.hub.downloads.run(download.id, CancelToken())
    assert ended.state is DownloadState.COMPLETED
    ranges = [s.headers.get("range") for s in stand_in.byte_requests()]
    assert ranges == [None, "bytes=1000000-"]
    assert _sha(Path(ended.model_ref.removeprefix("local:"))) == stand_in.file(TINY, FILE).sha256  # type: ignore[union-attr]


def test_a_503_is_retried_and_then_succeeds(hub_services: AppServices, stand_in: StandInHub) -> None:
    stand_in.faults.unavailable = 2
    download = hub_services.hub.download(TINY, FILE)
    assert hub_services.hub.downloads.run(download.id, CancelToken()).state is DownloadState.COMPLETED
    assert len(stand_in.byte_requests()) == 3


def test_after_the_retries_the_job_is_paused_with_the_reason_and_the_partial_kept(
    hub_services: AppServices, stand_in: StandInHub
) -> None:
    stand_in.faults.cut_after = 500_000
    stand_in.faults.down_after_cut = 100  # after the cut, the server stays down
    download = hub_services.hub.download(TINY, FILE)
    with pytest.raises(HubUnavailableError, match="answered 503"):
        hub_services.hub.downloads.run(download.id, CancelToken())
    paused = hub_services.hub.downloads.get(download.id)
    assert paused.state is DownloadState.PAUSED
    assert _reason_key(hub_services, download.id) == "hub.answered"  # the Hub's own sentence, said as a phrase
    assert "answered 503" in str(hub_services.hub.downloads.reason(paused))
    [partial] = partials(hub_services.folder.models_dir)
    assert partial.stat().st_size == 500_000
    stand_in.faults.unavailable = 0
    assert hub_services.hub.downloads.run(download.id, CancelToken()).state is DownloadState.COMPLETED
    assert stand_in.byte_requests()[-1].headers.get("range") == "bytes=500000-"


def test_wrong_bytes_under_the_right_checksum_delete_the_partial_and_say_so(
    hub_services: AppServices, stand_in: StandInHub
) -> None:
    stand_in.faults.wrong_bytes.add(FILE)
    download = hub_services.hub.download(TINY, FILE)
    with pytest.raises(ChecksumMismatch, match="do not match the sha256"):
        hub_services.hub.downloads.run(download.id, CancelToken())
    failed = hub_services.hub.downloads.get(download.id)
    assert failed.state is DownloadState.FAILED
    assert _reason_key(hub_services, download.id) == "download.bad_checksum"
    assert list(hub_services.folder.models_dir.rglob("*.gguf*")) == []  # no half file, no bad file
    assert all(not e.ref.endswith(FILE) for e in hub_services.models.entries())


def test_a_file_larger_than_the_free_space_is_refused_before_the_first_byte(
    hub_services: AppServices, stand_in: StandInHub
) -> None:
    hub_services.folder.models_dir.mkdir(parents=True, exist_ok=True)
    free = shutil.disk_usage(hub_services.folder.models_dir).free
    stand_in.faults.announced_size[FILE] = free + (1 << 40)  # a terabyte more than this disk has
    download = hub_services.hub.download(TINY, FILE)
    with pytest.raises(NotEnoughSpace, match="Not enough free space"):
        hub_services.hub.downloads.run(download.id, CancelToken())
    assert stand_in.byte_requests() == []  # not one byte was asked for
    assert hub_services.hub.downloads.get(download.id).state is DownloadState.PAUSED
    assert _reason_key(hub_services, download.id) == "download.no_space"


def test_pause_keeps_the_partial_resume_goes_on_and_cancel_deletes_it(
    hub_services: AppServices, stand_in: StandInHub
) -> None:
    stand_in.hold(after=500_000)  # it cannot finish before the pause, however loaded the machine
    downloads = hub_services.hub.downloads
    download = hub_services.hub.download(TINY, FILE)
    task = downloads.start(download.id)
    wait_for(lambda: downloads.get(download.id).done_bytes > 300_000)
    paused = downloads.pause(download.id)
    assert task.done
    assert paused.state is DownloadState.PAUSED
    assert _reason_key(hub_services, download.id) == "download.paused_by_you"
    [partial] = partials(hub_services.folder.models_dir)
    kept = partial.stat().st_size
    assert kept >= 300_000
    stand_in.hold(after=300_000)  # nor the resumed one before the cancel
    downloads.resume(download.id)
    wait_for(lambda: downloads.get(download.id).done_bytes > kept + 200_000)
    assert stand_in.byte_requests()[-1].headers.get("range") == f"bytes={kept}-"
    cancelled = downloads.cancel(download.id)
    assert cancelled.state is DownloadState.CANCELLED
    assert partials(hub_services.folder.models_dir) == []
    with pytest.raises(ConflictError, match="is cancelled"):
        downloads.resume(download.id)


def test_two_downloads_of_the_same_file_never_run_at_once(
    hub_services: AppServices, stand_in: StandInHub
) -> None:
    stand_in.hold(after=200_000)  # the first cannot finish before the second is tried
    downloads = hub_services.hub.downloads
    first = hub_services.hub.download(TINY, FILE)
    assert hub_services.hub.download(TINY, FILE).id == first.id  # one job per file
    task = downloads.start(first.id)
    assert downloads.start(first.id) is task
    wait_for(lambda: downloads.get(first.id).done_bytes > 0)
    with pytest.raises(ConflictError, match="being downloaded by another"):
        downloads.run(first.id, CancelToken())
    stand_in.release()
    assert task.result(30).state is DownloadState.COMPLETED
    assert len(stand_in.byte_requests()) == 1


def test_a_download_touches_no_chat_index_or_other_model(
    hub_services: AppServices, stand_in: StandInHub, script: object
) -> None:
    before = {e.ref for e in hub_services.models.entries()}
    default = hub_services.models.default_ref()
    download = hub_services.hub.download(TINY, FILE)
    ended = hub_services.hub.downloads.run(download.id, CancelToken())
    assert {e.ref for e in hub_services.models.entries()} == before | {ended.model_ref}
    assert hub_services.models.default_ref() == default
    assert hub_services.threads.list() == []
    assert hub_services.knowledge_bases.list() == []


def test_a_download_running_when_mira_closes_resumes_at_the_next_start_of_the_window(
    open_services: object, stand_in: StandInHub, data_dir: Path
) -> None:
    from mira_desktop.app import open_window_services

    stand_in.hold(after=500_000)  # it cannot finish before Mira closes
    with open_services() as services:  # type: ignore[operator]
        services.hub.settings.set_endpoint(stand_in.url)
        download = services.hub.download(TINY, FILE)
        services.hub.downloads.start(download.id)
        wait_for(lambda: services.hub.downloads.get(download.id).done_bytes > 300_000)
    # Closed mid-transfer: waiting to go on, its partial kept, no error.
    with open_services() as services:  # type: ignore[operator]
        left = services.hub.downloads.get(download.id)
        assert (left.state, left.reason) == (DownloadState.QUEUED, None)
    [partial] = partials(data_dir / "models")
    kept = partial.stat().st_size
    stand_in.release()
    services = open_window_services(data_dir)  # as the window opens them: unfinished downloads resume
    try:
        wait_for(lambda: services.hub.downloads.get(download.id).state is DownloadState.COMPLETED)
    finally:
        services.close()
    assert stand_in.byte_requests()[-1].headers.get("range") == f"bytes={kept}-"


def test_a_download_asks_the_socket_for_a_megabyte_per_read(stand_in: StandInHub) -> None:
    """httpcore asks for 64 KiB per ``recv`` unless Mira's client raises it (services/hub/read_size.py).
    Each read of a real response from the stand-in is recorded at the socket: once a Hub client exists,
    httpcore asks for 1 MiB. (How much a ``recv`` then returns is the kernel's business: a test of that
    raced the loopback window and failed in CI.) Fails if httpcore changes so that the raise no longer takes."""
    import httpcore

    from mira_desktop.services.hub.client import HubClient
    from mira_desktop.services.hub.endpoint import HubEndpoint
    from mira_desktop.services.hub.read_size import READ_BYTES

    asked: list[int] = []

    class Recording(httpcore.NetworkStream):
        def __init__(self, inner: httpcore.NetworkStream) -> None:
            self.inner = inner

        def read(self, max_bytes: int, timeout: float | None = None) -> bytes:
            asked.append(max_bytes)
            return self.inner.read(max_bytes, timeout)

        def write(self, buffer: bytes, timeout: float | None = None) -> None:
            self.inner.write(buffer, timeout)

        def close(self) -> None:
            self.inner.close()

    class Backend(httpcore.SyncBackend):
        def connect_tcp(self, *args: object, **kwargs: object) -> httpcore.NetworkStream:
            return Recording(super().connect_tcp(*args, **kwargs))  # type: ignore[arg-type]

    stand_in.file(TINY, FILE)
    HubClient(HubEndpoint(stand_in.url, "setting", None, "none")).close()
    with httpcore.ConnectionPool(network_backend=Backend()) as pool:
        response = pool.request("GET", f"{stand_in.url}/{TINY}/resolve/main/{FILE}")
    assert response.status in (200, 302)
    assert asked
    assert min(asked) >= READ_BYTES
