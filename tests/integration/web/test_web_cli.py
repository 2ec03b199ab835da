"""`mira web`: a provider set (SearXNG, or the Brave API with its key from standard input into the
keyring, never printed), budgets, status, off; bad values refused in one line with nothing changed;
and `mira chat send --agent` and `mira threads show` printing the answer's web sources after it."""

from __future__ import annotations

import io

import pytest

from tests.integration.agent.runs import call, final
from tests.support.cli import Mira
from tests.support.fixtures import Script
from tests.support.memory_keyring import MemoryKeyring
from tests.support.web_stand_in import WebStandIn

KEY = "BSA-test-7f3a9c2e41d0"


def test_a_searxng_provider_and_budgets_are_set_shown_and_turned_off(mira: Mira) -> None:
    assert mira("--json", "web", "status").json()["on"] is False
    set_ = mira("web", "provider", "searxng", "http://127.0.0.1:8888/")
    assert set_.code == 0, set_.err
    assert "searches SearXNG at http://127.0.0.1:8888/" in set_.out
    assert mira("web", "budget", "--searches", "3", "--fetches", "12").code == 0
    status = mira("--json", "web", "status").json()
    assert (status["provider"], status["url"], status["ready"]) == ("searxng", "http://127.0.0.1:8888/", True)
    assert (status["searches_per_run"], status["fetches_per_run"]) == (3, 12)
    off = mira("web", "provider", "off")
    assert off.code == 0
    assert "Web research is off." in off.out
    assert mira("--json", "web", "status").json()["on"] is False


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("provider", "searxng", "file:///etc/passwd"), "is not a SearXNG address"),
        (("provider", "searxng", "https://searx.example.org/?q=1"), "is not a SearXNG address"),
        (("budget", "--searches", "0"), "Searches per run must be 1 to 50"),
        (("budget", "--fetches", "1000"), "fetches per run 1 to 100"),
        (("provider", "api", "brave"), "needs its key"),
    ],
)
def test_bad_values_are_refused_in_one_line_and_change_nothing(
    mira: Mira, keyring_backend: MemoryKeyring, args: tuple[str, ...], said: str
) -> None:
    before = mira("--json", "web", "status").json()
    refused = mira("web", *args)
    assert refused.code != 0
    assert said in refused.err
    assert len(refused.err.strip().splitlines()) == 1
    assert mira("--json", "web", "status").json() == before


def test_the_api_key_goes_from_standard_input_to_the_keyring_and_is_never_printed(
    mira: Mira, keyring_backend: MemoryKeyring, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(KEY + "\n"))
    set_ = mira("web", "provider", "api", "brave", "--key-stdin")
    assert set_.code == 0, set_.err
    assert keyring_backend.get_password("mira-desktop", "web:brave") == KEY
    status = mira("--json", "web", "status")
    assert status.json()["provider"] == "brave"
    assert status.json()["key_stored"] is True
    assert KEY not in set_.out + status.out


@pytest.mark.usefixtures("keyring_backend")
def test_chat_send_prints_the_web_sources_after_the_answer(
    mira: Mira, workspace: str, script: Script, web_stand_in: WebStandIn
) -> None:
    assert mira("web", "provider", "searxng", web_stand_in.base).code == 0
    ref = script(
        call("web_search", query="Mira Falls"),
        call("web_fetch", source_id="S1", query="height"),
        final("It drops 142 metres [S1]."),
        pick="by_turn",
    )
    sent = mira(
        "chat", "send", "--agent", "--workspace", workspace, "--model", ref, "How tall is Mira Falls?"
    )
    assert sent.code == 0, sent.err
    assert "It drops 142 metres [S1]." in sent.out
    source = f"[S1] Mira Falls facts  {web_stand_in.url('pages/en.html')}"
    assert f"Sources:\n{source}" in sent.out
    thread = mira("--json", "threads", "list").json()[0]["id"]
    shown = mira("threads", "show", thread)
    assert shown.code == 0, shown.err
    assert f"It drops 142 metres [S1].\nSources:\n{source}" in shown.out
