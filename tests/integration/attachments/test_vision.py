"""An image attached to a message reaches a remote model that can see as an OpenAI image_url part,
through the real adapter to a server on loopback; a provider marked otherwise gets the text alone."""

from __future__ import annotations

import base64
from collections.abc import Callable
from pathlib import Path

from mira_desktop.services.app.bundle import AppServices
from mira_desktop.services.chat.service import SendOptions
from tests.integration.attachments.support import make_png
from tests.integration.cli.conftest import Mira
from tests.integration.models.test_remote_adapter import Reply, ScriptedServer, chunk, scripted_server, sse

__all__ = ["scripted_server"]  # the fixture, used by name below


def _answering(start: Callable[..., ScriptedServer]) -> ScriptedServer:
    return start(lambda _: Reply(body=sse(chunk({"content": "A red square."}, "stop"))))


def test_an_image_goes_to_a_seeing_remote_model_as_an_image_url_part(
    services: AppServices, tmp_path: Path, scripted_server: Callable[..., ScriptedServer]
) -> None:
    server = _answering(scripted_server)
    services.models.add_remote("eyes", server.base_url, model="llava", vision=True)
    png = make_png(tmp_path / "chart.png")
    view = services.attachments.add_to_draft(None, png)
    options = SendOptions(model_ref="remote:eyes/llava", attachment=view.draft_key)
    handle = services.chat.send(None, "What does the chart show?", options)
    assert handle.wait(30).value == "completed"
    (posted,) = [r for r in server.received if r.method == "POST"]
    final = posted.body["messages"][-1]
    assert final["role"] == "user"
    text, image = final["content"]
    assert text == {"type": "text", "text": "What does the chart show?"}
    assert image["type"] == "image_url"
    prefix = "data:image/png;base64,"
    assert image["image_url"]["url"].startswith(prefix)
    assert base64.b64decode(image["image_url"]["url"].removeprefix(prefix)) == png.read_bytes()
    question = services.chat._messages.get(handle.user_message_id)
    assert question is not None
    assert question.parts[0]["mode"] == "image"


def test_a_provider_not_marked_as_seeing_gets_the_text_alone_and_the_flag_can_be_turned_on(
    mira: Mira, tmp_path: Path, scripted_server: Callable[..., ScriptedServer]
) -> None:
    server = _answering(scripted_server)
    assert mira("models", "add-remote", "plain", "--base-url", server.base_url, "--model", "m").code == 0
    png = make_png(tmp_path / "chart.png")
    sent = mira("chat", "send", "--model", "remote:plain/m", "--attach", str(png), "What is it?")
    assert sent.code == 0
    assert "cannot see images" in sent.err
    assert server.received[-1].body["messages"][-1]["content"] == "What is it?"
    assert mira("models", "vision", "plain", "on").code == 0
    again = mira("chat", "send", "--model", "remote:plain/m", "--attach", str(png), "And now?")
    assert again.code == 0
    assert server.received[-1].body["messages"][-1]["content"][1]["type"] == "image_url"
    unknown = mira("models", "vision", "nobody", "on")
    assert (unknown.code, unknown.err.count("\n")) == (3, 1)
