"""Window text: Settings: models and appearance. The translations are in ``ui/translations``."""

from __future__ import annotations

from mira_desktop.ui.strings.source import Source, translate

STRINGS: dict[str, Source] = {
    "settings.appearance": translate("settings", "Appearance", "settings.appearance"),
    "settings.memory": translate("settings", "Memory", "settings.memory"),
    "models.roles_heading": translate("models", "Model roles", "models.roles_heading"),
    "models.roles_hint": translate(
        "models",
        "Which model does each job. The thread's own model answers; a small fast model can write summaries and search rewrites, a stronger one can grade evidence.",
        "models.roles_hint",
    ),
    "models.role_fast": translate("models", "Fast (summaries, rewrites)", "models.role_fast"),
    "models.role_grader": translate("models", "Grader (knowledge evidence)", "models.role_grader"),
    "models.role_evaluator": translate("models", "Evaluator (evaluation judge)", "models.role_evaluator"),
    "models.role_answer": translate("models", "The answer model", "models.role_answer"),
    "models.discover": translate("models", "Find models on this computer…", "models.discover"),
    "models.discovering": translate(
        "models", "Looking in the folders of LM Studio, GPT4All, Jan and Ollama…", "models.discovering"
    ),
    "models.found": translate("models", "%Ln model(s) not added yet:", "models.found", 1),
    "models.none_found": translate(
        "models", "No GGUF model found in the usual folders.", "models.none_found"
    ),
    "models.add_found": translate("models", "Add", "models.add_found"),
    "settings.theme": translate("settings", "Theme", "settings.theme"),
    "settings.theme_system": translate("settings", "Follow the system", "settings.theme_system"),
    "settings.theme_light": translate("settings", "Light", "settings.theme_light"),
    "settings.theme_dark": translate("settings", "Dark", "settings.theme_dark"),
    "settings.theme_hint": translate("settings", "Every Mira window changes at once.", "settings.theme_hint"),
    "settings.language": translate("settings", "Language", "settings.language"),
    "settings.language_system": translate("settings", "Follow the system", "settings.language_system"),
    "settings.language_restart": translate(
        "settings", "Restart Mira to switch the language.", "settings.language_restart"
    ),
    "settings.title": translate("settings", "Settings", "settings.title"),
    "settings.models": translate("settings", "Models", "settings.models"),
    "models.heading": translate("models", "Chat models (★ = default for new threads)", "models.heading"),
    "models.set_default": translate("models", "Set as default", "models.set_default"),
    "models.test": translate("models", "Test", "models.test"),
    "models.remove": translate("models", "Remove", "models.remove"),
    "models.add_gguf": translate("models", "Add a GGUF file…", "models.add_gguf"),
    "models.loaded": translate("models", "· loaded", "models.loaded"),
    "models.sees": translate("models", "sees pictures", "models.sees"),
    "vision.heading": translate("vision", "Pictures", "vision.heading"),
    "vision.pick": translate("vision", "Vision projector…", "vision.pick"),
    "vision.remove": translate("vision", "No projector", "vision.remove"),
    "vision.long_side": translate("vision", "Long side of a picture sent to a local model", "vision.long_side"),
    "vision.reading": translate("vision", "Reading the model's projector…", "vision.reading"),
    "vision.sees": translate(
        "vision", "Sees attached pictures through its vision projector {path}.", "vision.sees"
    ),
    "vision.blind": translate(
        "vision",
        "No vision projector: attached pictures are read by OCR. Pick the model's mmproj file to let it see them.",
        "vision.blind",
    ),
    "models.threads": translate("models", "Threads for local models", "models.threads"),
    "models.idle": translate("models", "Unload a local model unused for", "models.idle"),
    "models.idle_never": translate("models", "Never", "models.idle_never"),
    "models.idle_suffix": translate("models", " min", "models.idle_suffix"),
    "window.heading": translate("window", "Context window", "window.heading"),
    "window.reading": translate("window", "Reading the model's window…", "window.reading"),
    "window.in_use": translate("window", "In use: {window}", "window.in_use"),
    "window.would_use": translate("window", "When it loads: {window}", "window.would_use"),
    "window.size": translate("window", "Window (trained for {trained} tokens)", "window.size"),
    "window.auto": translate("window", "Sized at load", "window.auto"),
    "window.kv_type": translate("window", "KV cache", "window.kv_type"),
    "window.kv_f16": translate("window", "f16 (full precision)", "window.kv_f16"),
    "window.kv_q8": translate("window", "q8_0 (about half the memory)", "window.kv_q8"),
    "window.apply": translate("window", "Apply", "window.apply"),
    "window.apply_anyway": translate("window", "Set it anyway", "window.apply_anyway"),
    "window.ask": translate(
        "window",
        "{refusal} Press “Set it anyway” to keep it: the model may then fail to load, or slow this computer down.",
        "window.ask",
    ),
    "window.saved": translate("window", "Saved: the model loads with it on its next use.", "window.saved"),
    "models.threads_auto": translate("models", "Automatic ({n})", "models.threads_auto"),
    "models.remote_heading": translate(
        "models",
        "Add an OpenAI-compatible server (llama.cpp, Ollama, LM Studio, vLLM, OpenAI)",
        "models.remote_heading",
    ),
    "models.name": translate("models", "Name", "models.name"),
    "models.base_url": translate("models", "Base URL", "models.base_url"),
    "models.model": translate("models", "Model", "models.model"),
    "models.api_key": translate("models", "API key", "models.api_key"),
    "models.vision": translate("models", "Its models can see images", "models.vision"),
    "models.vision_tip": translate(
        "models", "Images attached to a message are sent to this server's models.", "models.vision_tip"
    ),
    "models.key_placeholder": translate(
        "models", "optional; kept in the system keyring", "models.key_placeholder"
    ),
    "models.key_stored": translate("models", "Key stored in the system keyring.", "models.key_stored"),
    "models.add_remote": translate("models", "Add server", "models.add_remote"),
    "models.added": translate("models", "Added {name}.", "models.added"),
    "models.testing": translate("models", "Testing {ref}…", "models.testing"),
    "models.test_result": translate(
        "models", "“{text}” — first token {first} ms, total {total} s", "models.test_result"
    ),
}
