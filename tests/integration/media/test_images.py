"""Pictures of answers from a remote provider's OpenAI-compatible images API (a server this test runs on
loopback): made with the image flag on, a role bound and no knowledge base; without a provider the
flag is refused with the reason; a failure marks only the picture, and the answer stays."""

from __future__ import annotations

from pathlib import Path

import pytest

from mira_desktop.core.conversation.threads import MessageStatus
from mira_desktop.core.errors import ConflictError
from mira_desktop.core.phrases import Phrase
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.services.chat.service import RunHandle, SendOptions
from tests.integration.attachments.support import settled
from tests.integration.media.conftest import ImageServer
from tests.support.cli import Mira
from tests.support.fixtures import Script
from tests.support.waiting import wait_for

ANSWER = "A lighthouse on a cliff at dusk, its beam sweeping over a calm violet sea."


def _provider(services: AppServices, server: ImageServer) -> None:
    services.models.add_remote("pictures", server.url)
    services.media.set_image_model("remote:pictures/test-image-1")


def _role_thread(services: AppServices, script: Script) -> str:
    role = services.roles.list()[0]
    first = services.chat.send(
        None, "Hello", SendOptions(model_ref=script({"text": "Hi."}, {"text": ANSWER}), role_id=role.id)
    )
    assert first.wait(30).value == "completed"
    settled(services)
    return first.thread_id


def _drawn(services: AppServices, handle: RunHandle) -> object:
    wait_for(
        lambda: [
            m
            for m in services.media.for_message(handle.assistant_message_id)
            if m.status in ("ready", "failed")
        ],
        what="the picture drawn",
    )
    [picture] = services.media.for_message(handle.assistant_message_id)
    return picture


def test_an_answer_becomes_a_picture_from_the_images_api(
    services: AppServices, script: Script, image_server: ImageServer
) -> None:
    _provider(services, image_server)
    thread_id = _role_thread(services, script)
    services.media.set_flags(thread_id, image=True)
    handle = services.chat.send(thread_id, "Describe a scene.")
    assert handle.wait(30).value == "completed"
    picture = _drawn(services, handle)
    assert (picture.kind, picture.status, picture.mime) == ("image", "ready", "image/png")  # type: ignore[attr-defined]
    assert Path(picture.path).read_bytes().startswith(b"\x89PNG")  # type: ignore[attr-defined]
    assert image_server.requests == [
        {"model": "test-image-1", "prompt": ANSWER, "n": 1, "size": "512x512", "response_format": "b64_json"}
    ]
    assert picture.detail["provider"] == "pictures"  # type: ignore[attr-defined]


def test_a_failing_images_api_marks_only_the_picture_failed(
    services: AppServices, script: Script, image_server: ImageServer
) -> None:
    _provider(services, image_server)
    image_server.status, image_server.body = 500, {"error": {"message": "the GPU caught fire"}}
    thread_id = _role_thread(services, script)
    services.media.set_flags(thread_id, image=True)
    handle = services.chat.send(thread_id, "Describe a scene.")
    assert handle.wait(30).value == "completed"
    picture = _drawn(services, handle)
    assert picture.status == "failed"
    assert picture.path is None
    assert "the GPU caught fire" in picture.error or "HTTP 500" in picture.error  # type: ignore[attr-defined]
    answer = services.chat._messages.get(handle.assistant_message_id)
    assert answer is not None
    assert (answer.content, answer.status) == (ANSWER, MessageStatus.COMPLETE)


def test_an_images_api_that_answers_without_a_picture_is_a_failure_with_a_reason(
    services: AppServices, script: Script, image_server: ImageServer
) -> None:
    _provider(services, image_server)
    image_server.body = {"data": [{"b64_json": "bm90IGFuIGltYWdl"}]}  # "not an image"
    thread_id = _role_thread(services, script)
    services.media.set_flags(thread_id, image=True)
    handle = services.chat.send(thread_id, "Describe a scene.")
    assert handle.wait(30).value == "completed"
    picture = _drawn(services, handle)
    assert picture.status == "failed"
    assert "not a PNG, JPEG or WebP image" in picture.error


def test_without_an_image_provider_the_flag_is_refused_with_the_reason(
    services: AppServices, script: Script
) -> None:
    thread_id = _role_thread(services, script)
    availability = services.media.image_availability(thread_id)
    assert not availability.available
    assert "mira media image-model" in str(availability.reason)
    assert availability.reason == Phrase("media.no_image_provider")  # the window says it in its language
    with pytest.raises(ConflictError, match="No image provider is set") as refused:
        services.media.set_flags(thread_id, image=True)
    assert refused.value.phrase == Phrase("media.no_image_provider")
    assert not services.threads.get(thread_id).image_enabled


def test_pictures_need_a_role_and_no_knowledge_base(
    services: AppServices, script: Script, image_server: ImageServer
) -> None:
    _provider(services, image_server)
    plain = services.chat.send(None, "Hello", SendOptions(model_ref=script({"text": "Hi."})))
    assert plain.wait(30).value == "completed"
    assert "with a role" in str(services.media.image_availability(plain.thread_id).reason)
    thread_id = _role_thread(services, script)
    assert services.media.image_availability(thread_id).available
    assert not services.threads.get(thread_id).image_enabled  # choosing a role never turns pictures on
    kb = services.knowledge_bases.create("Notes")
    services.threads.bind(thread_id, knowledge_base_id=kb.id)
    assert "without a knowledge base" in str(services.media.image_availability(thread_id).reason)


def test_cli_image_model_and_threads_set_image(mira: Mira, image_server: ImageServer, script: Script) -> None:
    assert "No image provider is set" in mira("media", "image-model").out
    assert mira("models", "add-remote", "pictures", "--base-url", image_server.url).code == 0
    assert mira("media", "image-model", "remote:pictures/test-image-1").code == 0
    role = mira("--json", "roles", "list").json()[0]
    assert (
        mira(
            "chat", "send", "--model", script({"text": ANSWER}), "--role", role["id"], "--greeting", "0", "Hi"
        ).code
        == 0
    )
    [thread] = mira("--json", "threads", "list").json()
    switched = mira("threads", "set", thread["id"], "--image", "on")
    assert switched.code == 0
    assert "pictures are on" in switched.out
    assert mira("media", "image-model", "--clear").code == 0
    refused = mira("threads", "set", thread["id"], "--image", "on")
    assert refused.code == 4
    assert "No image provider is set" in refused.err
