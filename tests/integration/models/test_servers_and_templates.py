"""Servers already running on loopback offered as providers, and the chat template read from the GGUF."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from mira_desktop.models.adapters.local.chat_template import check_template, template_name
from mira_desktop.models.adapters.local.gguf_metadata import read_file_header
from mira_desktop.services.app.bundle import AppServices
from tests.support.cli import Mira
from tests.support.gguf_files import write_gguf
from tests.support.model_server import ModelListServer


def _closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def test_a_server_running_here_is_found_with_its_models_and_added_in_one_step(services: AppServices) -> None:
    nobody = _closed_port()
    with ModelListServer(["qwen2.5:7b", "llama3.2:3b"]) as server:
        found = services.models.servers([("Ollama", server.port), ("Jan", nobody)])
        assert [(s.app, s.models, added) for s, added in found] == [
            ("Ollama", ("qwen2.5:7b", "llama3.2:3b"), False)
        ]
        provider = services.models.add_server(found[0][0])
        assert (provider.name, provider.base_url, provider.default_model) == (
            "ollama", f"http://127.0.0.1:{server.port}/v1", "qwen2.5:7b",
        )  # fmt: skip
        assert [added for _s, added in services.models.servers([("Ollama", server.port)])] == [True]
        assert "remote:ollama/qwen2.5:7b" in [e.ref for e in services.models.entries()]


def test_the_command_lists_and_adds_servers_on_the_ports_it_is_given(mira: Mira) -> None:
    with ModelListServer(["tiny"]) as server:
        listed = mira("--json", "models", "discover", "--servers", "--port", str(server.port)).json()
        mine = [s for s in listed if s["base_url"] == f"http://127.0.0.1:{server.port}/v1"]
        assert mine == [
            {
                "app": f"server on {server.port}",
                "base_url": mine[0]["base_url"],
                "models": ["tiny"],
                "added": False,
            }
        ]
        index = listed.index(mine[0]) + 1
        added = mira(
            "models", "discover", "--servers", "--port", str(server.port), "--add-server", str(index)
        )
        assert added.code == 0, added.err
        assert "remote:server-on-" in added.out


def test_the_embedded_models_own_template_renders_the_two_turn_sample(
    services: AppServices, mira: Mira
) -> None:
    check = services.models.chat_template("local:smollm2")
    assert check is not None
    assert (check.from_model, check.name, check.problem) == (True, "chatml", "")
    assert check.sample.count("<|im_start|>user") == 2
    assert "<|im_start|>assistant\nHello! How can I help?<|im_end|>" in check.sample
    assert check.sample.endswith("<|im_start|>assistant\n")
    shown = mira("models", "template", "local:smollm2")
    assert "the model's own chat template (chatml)" in shown.out


def test_a_template_that_fails_to_render_falls_back_to_a_named_format_with_the_reason(tmp_path: Path) -> None:
    broken = "{{ raise_exception('Conversation roles must alternate user/assistant/user/assistant/...') }}"
    path = write_gguf(tmp_path / "broken.gguf", template=broken)
    header = read_file_header(path, keep_tokens=True)
    assert header is not None
    check = check_template(header)
    assert check.chat_format == "llama-2"  # no special token of a known family: llama-cpp-python's default
    assert "Conversation roles must alternate" in check.problem
    assert "What is 2 + 2?" in check.sample
    assert template_name(header.chat_template) == "custom"


@pytest.mark.slow
def test_a_local_model_runs_with_the_named_format_when_its_template_fails(
    services: AppServices, tmp_path: Path
) -> None:
    """SmolLM2's weights under a template that raises: llama.cpp is given chatml (its tokens) instead."""
    from gguf import GGUFReader, GGUFWriter
    from gguf.constants import GGUFValueType

    from tests.support.gguf_files import smollm2

    reader = GGUFReader(smollm2())
    copy = tmp_path / "smol-broken-template.gguf"
    writer = GGUFWriter(str(copy), arch="llama")
    for key, field in reader.fields.items():
        if key.startswith("GGUF.") or key == "general.architecture":
            continue
        value = field.contents()
        if key == "tokenizer.chat_template":
            value = "{{ raise_exception('this template refuses every conversation') }}"
        kind = field.types[0]
        sub = field.types[-1] if kind == GGUFValueType.ARRAY else None
        writer.add_key_value(key, value, kind, sub_type=sub)
    for tensor in reader.tensors:
        writer.add_tensor(tensor.name, tensor.data, raw_shape=tensor.data.shape, raw_dtype=tensor.tensor_type)
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
    ref = services.models.add_local(str(copy)).ref
    check = services.models.chat_template(ref)
    assert check is not None
    assert (check.chat_format, check.from_model) == ("chatml", False)
    result = services.models.test(ref)
    assert result.completion_tokens > 0
