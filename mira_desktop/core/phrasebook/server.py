"""Phrases of the local OpenAI-compatible server: the English of the sentences (see ``core/phrases.py``)."""

from __future__ import annotations

ENGLISH: dict[str, str] = {
    "server.bad_json": "The request body is not valid JSON: {error}.",
    "server.bad_field": "The field {field!r} is wrong: {why}.",
    "server.too_large": "The request body is larger than {limit}: send less (pictures smaller, fewer messages).",
    "server.unknown_model": "No model {model!r} here: GET /v1/models lists the ones Mira serves.",
    "server.unknown_embedder": "No embedding model {model!r} here: GET /v1/models lists the ones Mira serves.",
    "server.no_tools": "The model {model!r} does not call tools: send the request without 'tools'.",
    "server.busy": (
        "The model {model!r} stayed busy for {seconds} s (requests ahead of this one: {ahead}): "
        "try again later."
    ),
    "server.no_token": "This server needs its token: send the header 'Authorization: Bearer TOKEN' "
    "(`mira serve token --new` makes a new one).",
    "server.wrong_token": "The token is wrong: send the one `mira serve token --new` showed.",
    "server.not_local": "This server answers only this computer ({client} is another address): turn on "
    "the local network in Settings → Local server, or `mira serve --lan`.",
    "server.lan_needed": "Serving on {host} reaches other computers: turn on the local network "
    "(`mira serve --lan`, or Settings → Local server), which also requires a token.",
    "server.bad_port": "The port must be a number from 1 to 65535 (0: any free port), not {port}.",
    "server.cannot_bind": "Cannot serve on {host}:{port}: {reason}.",
    "server.not_found": "No such endpoint: {path}. Mira serves /v1/models, /v1/chat/completions and /v1/embeddings.",
    "server.token_new": "The local server's new token (shown only now; keep it): {token}",
    "server.token_kept": "A token is kept in the keyring; `mira serve token --new` replaces it (it is never shown again).",
    "server.token_none": "No token yet: `mira serve token --new` makes one.",
    "server.serving": "Serving Mira's models on {url} (Ctrl+C stops).",
}
