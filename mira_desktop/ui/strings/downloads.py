"""Window text: Settings → Get models (the Hub, recommended models, fit, downloads) and the servers
and prompt format of Settings → Models. The translations are in ``ui/translations``."""

from __future__ import annotations

from mira_desktop.ui.strings.source import Source, translate

STRINGS: dict[str, Source] = {
    "getmodels.tab": translate("getmodels", "Get models", "getmodels.tab"),
    "getmodels.open": translate("getmodels", "Get models…", "getmodels.open"),
    "getmodels.hub": translate("getmodels", "Hub", "getmodels.hub"),
    "getmodels.endpoint_placeholder": translate(
        "getmodels",
        "https://huggingface.co, or a mirror such as https://hf-mirror.com",
        "getmodels.endpoint_placeholder",
    ),
    "getmodels.endpoint_apply": translate("getmodels", "Use", "getmodels.endpoint_apply"),
    "getmodels.offline": translate(
        "getmodels",
        "{host} cannot be reached: check the connection, or type a mirror's address (such as https://hf-mirror.com) in the Hub field above and press Use.",
        "getmodels.offline",
    ),
    "getmodels.endpoint_now": translate(
        "getmodels", "Models come from {url} ({source}).", "getmodels.endpoint_now"
    ),
    "getmodels.source_default": translate("getmodels", "the Hugging Face Hub", "getmodels.source_default"),
    "getmodels.source_setting": translate("getmodels", "set here", "getmodels.source_setting"),
    "getmodels.source_env": translate("getmodels", "from HF_ENDPOINT", "getmodels.source_env"),
    "getmodels.token_placeholder": translate(
        "getmodels",
        "token for gated repositories (kept in the system keyring)",
        "getmodels.token_placeholder",
    ),
    "getmodels.token_store": translate("getmodels", "Store token", "getmodels.token_store"),
    "getmodels.token_stored": translate(
        "getmodels", "A token is stored ({source}).", "getmodels.token_stored"
    ),
    "getmodels.token_none": translate(
        "getmodels", "No token: gated repositories will ask for one.", "getmodels.token_none"
    ),
    "getmodels.search_placeholder": translate(
        "getmodels", "Search GGUF models on the Hub, e.g. qwen2.5 instruct", "getmodels.search_placeholder"
    ),
    "getmodels.search": translate("getmodels", "Search", "getmodels.search"),
    "getmodels.searching": translate("getmodels", "Searching…", "getmodels.searching"),
    "getmodels.recommended": translate("getmodels", "Recommended models", "getmodels.recommended"),
    "getmodels.results": translate("getmodels", "%Ln repositories found", "getmodels.results", 1),
    "getmodels.no_results": translate(
        "getmodels", "No GGUF repository matches “{query}”.", "getmodels.no_results"
    ),
    "getmodels.purpose_answers": translate(
        "getmodels", "answers in Chinese and English", "getmodels.purpose_answers"
    ),
    "getmodels.purpose_agent": translate("getmodels", "agent tool calls", "getmodels.purpose_agent"),
    "getmodels.purpose_fast": translate("getmodels", "the fast role", "getmodels.purpose_fast"),
    "getmodels.purpose_vision": translate("getmodels", "attached pictures", "getmodels.purpose_vision"),
    "getmodels.recommended_runs": translate(
        "getmodels",
        "For {memory} GB of memory · thinking: {thinking} · tool calls: {tools} format · {vision}",
        "getmodels.recommended_runs",
    ),
    "getmodels.thinking_switch": translate("getmodels", "on or off per request", "getmodels.thinking_switch"),
    "getmodels.thinking_always": translate("getmodels", "always", "getmodels.thinking_always"),
    "getmodels.thinking_none": translate("getmodels", "none", "getmodels.thinking_none"),
    "getmodels.sees": translate(
        "getmodels", "sees pictures (its projector comes with it)", "getmodels.sees"
    ),
    "getmodels.text_model": translate("getmodels", "text only", "getmodels.text_model"),
    "getmodels.recommended_item": translate(
        "getmodels",
        "★ {repo}\n{note}\nFor {purposes} · licence {licence} · {languages}",
        "getmodels.recommended_item",
    ),
    "getmodels.result_item": translate(
        "getmodels", "{repo} · {downloads} downloads", "getmodels.result_item"
    ),
    "getmodels.gated": translate("getmodels", "gated", "getmodels.gated"),
    "getmodels.pick_repo": translate(
        "getmodels", "Pick a repository to see its models and whether they fit.", "getmodels.pick_repo"
    ),
    "getmodels.loading_files": translate(
        "getmodels",
        "Reading the files of {repo} and the header of one of them (a few megabytes, not the model)…",
        "getmodels.loading_files",
    ),
    "getmodels.repo_info": translate(
        "getmodels",
        "{repo}: {architecture}, context {context} tokens, chat template {template}",
        "getmodels.repo_info",
    ),
    "getmodels.no_fit": translate("getmodels", "No fit estimate: {problem}", "getmodels.no_fit"),
    "getmodels.no_models": translate("getmodels", "{repo} has no GGUF model.", "getmodels.no_models"),
    "getmodels.col_file": translate("getmodels", "File", "getmodels.col_file"),
    "getmodels.col_quant": translate("getmodels", "Quantization", "getmodels.col_quant"),
    "getmodels.col_size": translate("getmodels", "Size", "getmodels.col_size"),
    "getmodels.col_needs": translate("getmodels", "Memory needed", "getmodels.col_needs"),
    "getmodels.col_fit": translate("getmodels", "Fit", "getmodels.col_fit"),
    "getmodels.needs": translate("getmodels", "{size} at {context} tokens", "getmodels.needs"),
    "getmodels.fit_fits": translate("getmodels", "Fits", "getmodels.fit_fits"),
    "getmodels.fit_tight": translate("getmodels", "Tight", "getmodels.fit_tight"),
    "getmodels.fit_too_big": translate("getmodels", "Does not fit", "getmodels.fit_too_big"),
    "getmodels.fit_unknown": translate("getmodels", "Unknown", "getmodels.fit_unknown"),
    "getmodels.best": translate("getmodels", "★ recommended for this machine", "getmodels.best"),
    "getmodels.parts": translate("getmodels", "{name} ({parts} parts)", "getmodels.parts"),
    "getmodels.memory": translate(
        "getmodels",
        "Available memory now: {size}. ★ marks the quantization recommended for it.",
        "getmodels.memory",
    ),
    "getmodels.download": translate("getmodels", "Download", "getmodels.download"),
    "getmodels.text_only": translate("getmodels", "Text only", "getmodels.text_only"),
    "getmodels.text_only_tip": translate(
        "getmodels",
        "Leave out the vision projector: the model then reads attached pictures by OCR instead of seeing them.",
        "getmodels.text_only_tip",
    ),
    "getmodels.projector_with": translate(
        "getmodels",
        "Sees pictures: its vision projector {name} ({size}) is downloaded with it.",
        "getmodels.projector_with",
    ),
    "getmodels.projector_left_out": translate(
        "getmodels",
        "Text only: {name} ({size}) is left out, so attached pictures are read by OCR.",
        "getmodels.projector_left_out",
    ),
    "getmodels.started": translate(
        "getmodels", "Downloading {file}: it goes on while you chat.", "getmodels.started"
    ),
    "downloads.heading": translate("downloads", "Downloads", "downloads.heading"),
    "downloads.empty": translate(
        "downloads", "No downloads yet: pick a model above and press Download.", "downloads.empty"
    ),
    "downloads.state_queued": translate("downloads", "Waiting", "downloads.state_queued"),
    "downloads.state_running": translate("downloads", "Downloading", "downloads.state_running"),
    "downloads.state_paused": translate("downloads", "Paused", "downloads.state_paused"),
    "downloads.state_completed": translate("downloads", "Done", "downloads.state_completed"),
    "downloads.state_failed": translate("downloads", "Failed", "downloads.state_failed"),
    "downloads.state_cancelled": translate("downloads", "Cancelled", "downloads.state_cancelled"),
    "downloads.title": translate("downloads", "{state}: {file} ({repo})", "downloads.title"),
    "downloads.progress": translate("downloads", "{done} of {total}", "downloads.progress"),
    "downloads.speed": translate(
        "downloads", "{done} of {total} · {speed}/s · {left} left", "downloads.speed"
    ),
    "downloads.hours": translate("downloads", "{h} h {m} min", "downloads.hours"),
    "downloads.minutes": translate("downloads", "{m} min {s} s", "downloads.minutes"),
    "downloads.seconds": translate("downloads", "{s} s", "downloads.seconds"),
    "downloads.pause": translate("downloads", "Pause", "downloads.pause"),
    "downloads.resume": translate("downloads", "Resume", "downloads.resume"),
    "downloads.cancel": translate("downloads", "Cancel", "downloads.cancel"),
    "downloads.cancel_title": translate("downloads", "Cancel the download", "downloads.cancel_title"),
    "downloads.cancel_question": translate(
        "downloads",
        "Cancel the download of {file}? The {done} downloaded so far will be deleted.",
        "downloads.cancel_question",
    ),
    "downloads.use_default": translate("downloads", "Use for new threads", "downloads.use_default"),
    "downloads.use_role": translate("downloads", "Use for role…", "downloads.use_role"),
    "downloads.used_default": translate("downloads", "New threads now use {ref}.", "downloads.used_default"),
    "downloads.used_role": translate("downloads", "{role} now uses {ref}.", "downloads.used_role"),
    "downloads.ready": translate("downloads", "Ready: {ref}", "downloads.ready"),
    "servers.heading": translate("servers", "Servers running on this computer", "servers.heading"),
    "servers.probing": translate(
        "servers", "Looking for Ollama, LM Studio, llama.cpp and Jan on this computer…", "servers.probing"
    ),
    "servers.none": translate(
        "servers",
        "No model server answers on the usual ports (Ollama 11434, LM Studio 1234, llama.cpp 8080, Jan 1337).",
        "servers.none",
    ),
    "servers.item": translate("servers", "{app} at {url} — {models}", "servers.item"),
    "servers.item_added": translate("servers", "{app} at {url} — {models} (added)", "servers.item_added"),
    "servers.add": translate("servers", "Add as a provider", "servers.add"),
    "servers.added": translate("servers", "Added {name}: {ref}", "servers.added"),
    "template.heading": translate("template", "Prompt format", "template.heading"),
    "template.own": translate(
        "template", "The model's own chat template ({name}). Two turns look like this:", "template.own"
    ),
    "template.fallback": translate(
        "template",
        "The named format {name}, because the model's template failed: {problem}",
        "template.fallback",
    ),
    "template.remote": translate("template", "The server applies its own chat template.", "template.remote"),
    "template.reading": translate("template", "Reading the model's chat template…", "template.reading"),
    # The sample conversation rendered through the template (models/adapters/local/chat_template.py SAMPLE),
    # shown in the window's language.
    "template.sample_system": translate(
        "template", "You are Mira, a helpful assistant.", "template.sample_system"
    ),
    "template.sample_hello": translate("template", "Hello!", "template.sample_hello"),
    "template.sample_help": translate("template", "Hello! How can I help?", "template.sample_help"),
    "template.sample_sum": translate("template", "What is 2 + 2?", "template.sample_sum"),
}
