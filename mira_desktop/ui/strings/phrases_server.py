"""Window text: the sentences services say (``core/phrasebook/server.py``), by the same keys with ``phrase.`` before
them and the same English. Written by ``tools/i18n_sync.py``; the translations are in ``ui/translations``."""

from __future__ import annotations

from mira_desktop.ui.strings.source import Source, translate

STRINGS: dict[str, Source] = {
    "phrase.server.bad_json": translate(
        "phrase", "The request body is not valid JSON: {error}.", "phrase.server.bad_json"
    ),
    "phrase.server.bad_field": translate(
        "phrase", "The field {field!r} is wrong: {why}.", "phrase.server.bad_field"
    ),
    "phrase.server.too_large": translate(
        "phrase",
        "The request body is larger than {limit}: send less (pictures smaller, fewer messages).",
        "phrase.server.too_large",
    ),
    "phrase.server.unknown_model": translate(
        "phrase",
        "No model {model!r} here: GET /v1/models lists the ones Mira serves.",
        "phrase.server.unknown_model",
    ),
    "phrase.server.unknown_embedder": translate(
        "phrase",
        "No embedding model {model!r} here: GET /v1/models lists the ones Mira serves.",
        "phrase.server.unknown_embedder",
    ),
    "phrase.server.no_tools": translate(
        "phrase",
        "The model {model!r} does not call tools: send the request without 'tools'.",
        "phrase.server.no_tools",
    ),
    "phrase.server.busy": translate(
        "phrase",
        "The model {model!r} stayed busy for {seconds} s (requests ahead of this one: {ahead}): try again later.",
        "phrase.server.busy",
    ),
    "phrase.server.no_token": translate(
        "phrase",
        "This server needs its token: send the header 'Authorization: Bearer TOKEN' (`mira serve token --new` makes a new one).",
        "phrase.server.no_token",
    ),
    "phrase.server.wrong_token": translate(
        "phrase",
        "The token is wrong: send the one `mira serve token --new` showed.",
        "phrase.server.wrong_token",
    ),
    "phrase.server.not_local": translate(
        "phrase",
        "This server answers only this computer ({client} is another address): turn on the local network in Settings → Local server, or `mira serve --lan`.",
        "phrase.server.not_local",
    ),
    "phrase.server.lan_needed": translate(
        "phrase",
        "Serving on {host} reaches other computers: turn on the local network (`mira serve --lan`, or Settings → Local server), which also requires a token.",
        "phrase.server.lan_needed",
    ),
    "phrase.server.bad_port": translate(
        "phrase",
        "The port must be a number from 1 to 65535 (0: any free port), not {port}.",
        "phrase.server.bad_port",
    ),
    "phrase.server.cannot_bind": translate(
        "phrase", "Cannot serve on {host}:{port}: {reason}.", "phrase.server.cannot_bind"
    ),
    "phrase.server.not_found": translate(
        "phrase",
        "No such endpoint: {path}. Mira serves /v1/models, /v1/chat/completions and /v1/embeddings.",
        "phrase.server.not_found",
    ),
    "phrase.server.token_new": translate(
        "phrase", "The local server's new token (shown only now; keep it): {token}", "phrase.server.token_new"
    ),
    "phrase.server.token_kept": translate(
        "phrase",
        "A token is kept in the keyring; `mira serve token --new` replaces it (it is never shown again).",
        "phrase.server.token_kept",
    ),
    "phrase.server.token_none": translate(
        "phrase", "No token yet: `mira serve token --new` makes one.", "phrase.server.token_none"
    ),
    "phrase.server.serving": translate(
        "phrase", "Serving Mira's models on {url} (Ctrl+C stops).", "phrase.server.serving"
    ),
}
