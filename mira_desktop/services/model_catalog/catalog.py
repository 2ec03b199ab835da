"""Model use cases: list, default, local GGUF files, remote providers with keyring keys, test."""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mira_desktop.core.cancel import CancelToken
from mira_desktop.core.changes import Change, ChangeFeed, Topic
from mira_desktop.core.errors import ConflictError, InvalidInputError, MiraError, NotFoundError
from mira_desktop.core.model_refs import ModelKind, parse_model_ref
from mira_desktop.core.providers import KeySource, Provider
from mira_desktop.core.sampling import SamplingParams
from mira_desktop.models.adapters.local import local_model_path
from mira_desktop.models.adapters.local.gguf import check_gguf
from mira_desktop.models.adapters.local.gguf_metadata import read_file_header
from mira_desktop.models.adapters.local.settings import LocalSettings, default_threads
from mira_desktop.models.embedded import EMBEDDED_CHAT_MODEL_REF
from mira_desktop.models.protocol import ChatMessage, ChatRequest, ModelProfile, TextDelta, Usage
from mira_desktop.models.registry import ModelRegistry
from mira_desktop.models.secrets import SecretStore
from mira_desktop.models.turns import ModelTurns
from mira_desktop.services.model_catalog import local_options, projectors
from mira_desktop.services.model_catalog.discovery import FoundModel, default_folders, discover
from mira_desktop.services.model_catalog.local_options import LocalOptions, LocalWindow
from mira_desktop.services.model_catalog.servers import KNOWN_SERVERS, FoundServer, probe
from mira_desktop.store.providers import ProviderRepository
from mira_desktop.store.settings import SettingsRepository

if TYPE_CHECKING:
    from mira_desktop.models.adapters.local.chat_template import TemplateCheck

DEFAULT_MODEL_SETTING = "models.default_ref"
LOCAL_FILES_SETTING = "models.local_files"
LOCAL_THREADS_SETTING = "models.local_threads"
ROLES_SETTING = "models.roles"
MODEL_ROLES = ("fast", "grader", "evaluator")  # the answer model is the thread's own
_PROVIDER_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")


@dataclass(frozen=True)
class ModelEntry:
    ref: str
    kind: str
    name: str
    is_default: bool
    loaded: bool
    capabilities: dict[str, Any] = field(default_factory=dict)
    detail: str = ""


@dataclass(frozen=True)
class ModelTestResult:
    ref: str
    text: str
    first_token_s: float
    total_s: float
    completion_tokens: int


class ModelService:
    def __init__(
        self,
        registry: ModelRegistry,
        providers: ProviderRepository,
        settings: SettingsRepository,
        secrets: SecretStore,
        changes: ChangeFeed,
    ) -> None:
        self._changes = changes
        self.registry = registry
        self.turns = ModelTurns()  # one answer at a time per model: the window's runs and the server's requests
        self._providers = providers
        self._settings = settings
        self._secrets = secrets
        # The default model, read once and kept until a change of models (here or from another
        # process) says it may have changed: the window asks on every render of its model line,
        # and a read of the shared connection waits behind whatever a run is writing meanwhile.
        self._default: str | None = None
        self._default_generation = 0
        changes.subscribe(self._forget_default)

    # -- settings --------------------------------------------------------------------------------
    @staticmethod
    def read_local_settings(settings: SettingsRepository) -> LocalSettings:
        threads = int(settings.get(LOCAL_THREADS_SETTING, 0) or 0)
        return LocalSettings(
            threads=threads,
            image_long_side=projectors.image_long_side(settings),
            projectors=tuple(sorted(projectors.projectors(settings).items())),
            model_options=tuple(
                (ref, o.context, o.kv_type) for ref, o in sorted(local_options.all_options(settings).items())
            ),
            idle_minutes=local_options.idle_minutes(settings),
        )

    def local_settings(self) -> LocalSettings:
        return self.read_local_settings(self._settings)

    def set_local_threads(self, threads: int) -> None:
        if not 0 <= threads <= 256:
            raise InvalidInputError.said("models.bad_threads")
        self._settings.set(LOCAL_THREADS_SETTING, threads)
        self._changes.publish(Topic.MODELS)

    def set_image_long_side(self, pixels: int) -> None:
        """How large (its long side, in pixels) a picture is shown to a local model's projector."""
        projectors.set_image_long_side(self._settings, pixels)  # read by the next picture sent
        self._changes.publish(Topic.MODELS)

    # -- each local model's window and KV cache type; unloading when idle ------------------------
    def local_options(self, ref_text: str) -> LocalOptions:
        """A local model's own window (0: sized at load) and KV cache type."""
        ref, _path = self._local_path(ref_text, "models.window_local_only")
        return local_options.options(self._settings, ref)

    def local_window(self, ref_text: str) -> LocalWindow:
        """A local model's window in use (or that it would load with now) and why, what it was
        trained for, and its own setting (read from its file: call off the UI thread)."""
        ref, path = self._local_path(ref_text, "models.window_local_only")
        profile = self.registry.get(ref).profile()
        return LocalWindow(
            profile.context_window,
            profile.context_reason,
            local_options.trained_length(str(path)),
            local_options.options(self._settings, ref),
            self.registry.loaded(ref),
        )

    def set_local_options(
        self, ref_text: str, *, context: int | None = None, kv_type: str | None = None, force: bool = False
    ) -> LocalOptions:
        """Set a local model's window (0: sized at load) and/or KV cache type; it loads again with them
        on its next use. A window past what fits in free memory now is refused with the numbers
        (ConflictError) unless ``force``."""
        ref, path = self._local_path(ref_text, "models.window_local_only")
        current = local_options.options(self._settings, ref)
        chosen = LocalOptions(current.context if context is None else context, kv_type or current.kv_type)
        if chosen.context and (chosen.context != current.context or chosen.kv_type != current.kv_type):
            local_options.check_window(
                str(path),
                projectors.projectors(self._settings).get(str(path)),
                name=self.registry.get(ref).profile().display_name,
                window=chosen.context,
                kv_type=chosen.kv_type,
                batch=LocalSettings().batch_size,
                force=force,
            )
        local_options.set_options(self._settings, ref, chosen)
        self.registry.forget(ref)
        self._changes.publish(Topic.MODELS)
        return chosen

    def idle_minutes(self) -> float:
        """A local model unused this many minutes is unloaded (0: never)."""
        return local_options.idle_minutes(self._settings)

    def set_idle_minutes(self, minutes: float) -> None:
        local_options.set_idle_minutes(self._settings, minutes)
        self._changes.publish(Topic.MODELS)

    def loaded_models(self) -> list[str]:
        """The references of the models holding their weights in memory now."""
        return self.registry.loaded_refs()

    def unload_idle(self, seconds: float | None = None) -> list[str]:
        """Unload the local models unused for ``seconds`` (default: the setting's minutes); never one
        at work. The references unloaded."""
        if seconds is None:
            minutes = self.idle_minutes()
            if not minutes:
                return []  # the setting says never
            seconds = minutes * 60
        return self.registry.unload_idle(seconds)

    def effective_threads(self) -> int:
        return self.local_settings().threads or default_threads()

    def default_ref(self) -> str:
        known = self._default
        if known is not None:
            return known
        generation = self._default_generation
        read = str(self._settings.get(DEFAULT_MODEL_SETTING, EMBEDDED_CHAT_MODEL_REF))
        if generation == self._default_generation:  # no change arrived while it was read
            self._default = read
        return read

    def _forget_default(self, change: Change) -> None:
        if change.topic is Topic.MODELS:
            self._default_generation += 1
            self._default = None

    def set_default(self, ref_text: str) -> str:
        ref = self.validate_ref(ref_text)
        self._settings.set(DEFAULT_MODEL_SETTING, ref)
        self._changes.publish(Topic.MODELS)
        return ref

    # -- model roles -----------------------------------------------------------------------------
    def model_roles(self) -> dict[str, str | None]:
        """The model assigned to each role (None: the answer model does that job too)."""
        stored = self._settings.get(ROLES_SETTING, {})
        stored = stored if isinstance(stored, dict) else {}
        return {role: (str(stored[role]) if stored.get(role) else None) for role in MODEL_ROLES}

    def set_model_role(self, role: str, ref_text: str | None) -> dict[str, str | None]:
        """Assign ``ref_text`` to ``role`` (None or "answer": the answer model); checked first."""
        if role not in MODEL_ROLES:
            raise InvalidInputError.said("models.bad_role", role=role, roles=", ".join(MODEL_ROLES))
        roles = self.model_roles()
        roles[role] = (
            None if ref_text in (None, "", "answer", "default") else self.validate_ref(str(ref_text))
        )
        self._settings.set(ROLES_SETTING, {k: v for k, v in roles.items() if v})
        self._changes.publish(Topic.MODELS)
        return roles

    def resolve_roles(self, answer_ref: str) -> dict[str, str]:
        """Each role's model for a run answered by ``answer_ref`` (frozen into the run's snapshot)."""
        return {"answer": answer_ref, **{role: ref or answer_ref for role, ref in self.model_roles().items()}}

    def resolve(self, thread_model_ref: str | None) -> str:
        """The model a thread runs on: its own reference, else the app default."""
        return thread_model_ref or self.default_ref()

    def validate_ref(self, ref_text: str) -> str:
        """Check that ``ref_text`` names a model that exists; return it normalized."""
        return self.registry.check(ref_text)

    # -- listing ---------------------------------------------------------------------------------
    def entries(self) -> list[ModelEntry]:
        default = self.default_ref()
        refs: list[tuple[str, str]] = [(EMBEDDED_CHAT_MODEL_REF, "local")]
        refs += [(f"local:{p}", "local") for p in self.local_files()]
        for provider in self._providers.list():
            model = provider.default_model or ""
            refs.append((f"remote:{provider.name}/{model}" if model else f"remote:{provider.name}", "remote"))
        if default not in {ref for ref, _ in refs}:  # e.g. a scripted or ad-hoc default stays visible
            refs.append((default, parse_model_ref(default).kind.value))
        entries = []
        for ref, kind in refs:
            entries.append(self._entry(ref, kind, default))
        return entries

    def entry(self, ref: str) -> ModelEntry:
        """One model as :meth:`entries` shows it, listed or not (a thread's own scripted or ad-hoc model)."""
        return self._entry(ref, parse_model_ref(ref).kind.value, self.default_ref())

    def _entry(self, ref: str, kind: str, default: str) -> ModelEntry:
        try:
            profile: ModelProfile | None = (
                self.registry.get(ref).profile() if kind != "remote" or "/" in ref else None
            )
            detail = ""
        except MiraError as exc:  # listed with its problem, not hidden (a bug is not a model's problem)
            profile, detail = None, str(exc)
        caps: dict[str, Any] = {}
        name = ref
        if profile is not None:
            name = profile.display_name
            caps = {
                "context_window": profile.context_window,
                "supports_tools": profile.supports_tools,
                "supports_json_schema": profile.supports_json_schema,
                "supports_vision": profile.supports_vision,
                "tool_call_format": profile.tool_call_format,
                "thinking_switch": profile.thinking_switch,
                "context_reason": profile.context_reason,
            }
        return ModelEntry(ref, kind, name, ref == default, self.registry.loaded(ref), caps, detail)

    def local_files(self) -> list[str]:
        return [str(p) for p in self._settings.get(LOCAL_FILES_SETTING, [])]

    def add_local(self, path_text: str, *, projector: str | None = None) -> ModelEntry:
        """Add a GGUF file (with the vision projector it sees through, when it has one)."""
        path = Path(path_text).expanduser().resolve()
        check_gguf(path)
        if projector is not None:
            projectors.set_projector(self._settings, path, projector)
            self.registry.forget(f"local:{path}")
        files = self.local_files()
        if str(path) not in files:
            self._settings.set(LOCAL_FILES_SETTING, [*files, str(path)])
        if projector is not None or str(path) not in files:
            self._changes.publish(Topic.MODELS)
        return self._entry(f"local:{path}", "local", self.default_ref())

    def image_long_side(self) -> int:
        return projectors.image_long_side(self._settings)

    def projector(self, ref_text: str) -> str | None:
        """The vision projector a local model sees through (None: it reads pictures by OCR)."""
        _ref, path = self._local_path(ref_text)
        return projectors.projectors(self._settings).get(str(path))

    def set_projector(self, ref_text: str, projector: str | None) -> ModelEntry:
        """Give a local model the projector ``projector`` (a GGUF ``mmproj`` file), or none; the model
        is loaded again with it on its next use."""
        ref, path = self._local_path(ref_text)
        projectors.set_projector(self._settings, path, projector)
        self.registry.forget(ref)
        self._changes.publish(Topic.MODELS)
        return self._entry(ref, "local", self.default_ref())

    def _local_path(self, ref_text: str, refusal: str = "models.projector_local_only") -> tuple[str, Path]:
        ref = parse_model_ref(self.validate_ref(ref_text))
        if ref.kind is not ModelKind.LOCAL:
            raise InvalidInputError.said(refusal, ref=ref_text)

        return str(ref), local_model_path(ref).expanduser().resolve()

    def remove_local(self, path_text: str) -> None:
        path = str(Path(path_text).expanduser().resolve())
        files = self.local_files()
        if path not in files:
            raise NotFoundError.said("models.not_ours", path=path)
        self._settings.set(LOCAL_FILES_SETTING, [f for f in files if f != path])
        self._changes.publish(Topic.MODELS)
        self.registry.forget(f"local:{path}")

    # -- providers -------------------------------------------------------------------------------
    def providers(self) -> list[Provider]:
        return self._providers.list()

    def add_remote(
        self,
        name: str,
        base_url: str,
        *,
        model: str | None = None,
        api_key: str | None = None,
        api_key_env: str | None = None,
        headers: dict[str, str] | None = None,
        vision: bool = False,
    ) -> Provider:
        if not _PROVIDER_NAME.match(name):
            raise InvalidInputError.said("models.bad_provider_name", name=name)
        if not re.match(r"^https?://[^\s/]+", base_url):
            raise InvalidInputError.said("models.bad_url", base_url=base_url)
        if api_key is not None and api_key_env is not None:
            raise InvalidInputError.said("models.key_twice")
        if api_key is not None and not api_key.strip():
            raise InvalidInputError.said("models.key_empty")
        if self._providers.get_by_name(name) is not None:
            raise ConflictError.said("models.provider_exists", name=name)
        source = KeySource.KEYRING if api_key else KeySource.ENV if api_key_env else KeySource.NONE
        if source is KeySource.KEYRING:
            self._secrets.set(name, api_key.strip())  # type: ignore[union-attr]  # fails before any row is written
        try:
            provider = self._providers.add(
                name,
                base_url.rstrip("/"),
                default_model=model,
                api_key_source=source,
                api_key_env=api_key_env,
                headers=headers or {},
                vision=vision,
            )
        except BaseException:
            if source is KeySource.KEYRING:
                self._secrets.delete(name)
            raise
        self._changes.publish(Topic.MODELS)
        return provider

    def set_vision(self, name: str, vision: bool) -> None:
        """Whether the provider's models take images; built models are rebuilt with it."""
        if not self._providers.set_vision(name, vision):
            raise NotFoundError.said("models.no_provider", name=name)
        self.registry.forget_provider(name)
        self._changes.publish(Topic.MODELS)

    def remove_remote(self, name: str) -> Provider:
        provider = self._providers.get_by_name(name)
        if provider is None:
            raise NotFoundError.said("models.no_provider", name=name)
        self._providers.delete(name)
        if provider.api_key_source is KeySource.KEYRING:
            self._secrets.delete(name)
        self.registry.forget_provider(name)
        if self.default_ref().startswith(f"remote:{name}/") or self.default_ref() == f"remote:{name}":
            self._settings.delete(DEFAULT_MODEL_SETTING)
        self._changes.publish(Topic.MODELS)
        return provider

    def discover(self, folders: list[tuple[str, Path]] | None = None) -> list[FoundModel]:
        """GGUF models of LM Studio, GPT4All, Jan and Ollama on this computer, not yet added."""
        known = {str(Path(p).resolve()) for p in self.local_files()}
        found = discover(folders if folders is not None else default_folders(Path.home()))
        return [model for model in found if str(model.path) not in known]

    def servers(self, ports: list[tuple[str, int]] | None = None) -> list[tuple[FoundServer, bool]]:
        """Model servers running on loopback (the usual ports, or ``ports``), each with whether a
        provider already points at it."""
        known = {p.base_url.rstrip("/") for p in self._providers.list()}
        return [(s, s.base_url in known) for s in probe(ports if ports is not None else KNOWN_SERVERS)]

    def add_server(self, server: FoundServer, model: str | None = None) -> Provider:
        """Add a server found running here as a provider, its first model (or ``model``) the default."""
        if model is not None and model not in server.models:
            raise InvalidInputError.said(
                "models.not_served", app=server.app, model=model, served=", ".join(server.models)
            )
        name = server.provider_name
        taken = {p.name for p in self._providers.list()}
        suffix = 2
        while name in taken:
            name, suffix = f"{server.provider_name}-{suffix}", suffix + 1
        return self.add_remote(
            name, server.base_url, model=model or (server.models[0] if server.models else None)
        )

    def chat_template(self, ref_text: str) -> TemplateCheck | None:
        """How a local model writes its prompts, with a two-turn sample; None for a remote model
        (its server applies its own template)."""
        ref = parse_model_ref(self.validate_ref(ref_text))
        if ref.kind is not ModelKind.LOCAL:
            return None
        from mira_desktop.models.adapters.local.chat_template import check_template

        header = read_file_header(local_model_path(ref), keep_tokens=True)
        if header is None:
            raise InvalidInputError.said("models.not_gguf", target=ref.target)
        return check_template(header)

    # -- trying a model --------------------------------------------------------------------------
    def test(self, ref_text: str, prompt: str = "Reply with one short sentence: hello!") -> ModelTestResult:
        ref = self.validate_ref(ref_text)
        model = self.registry.get(ref)
        request = ChatRequest((ChatMessage("user", prompt),), SamplingParams(max_tokens=32, temperature=0.2))
        started = time.perf_counter()
        first = 0.0
        parts: list[str] = []
        tokens = 0
        for chunk in model.stream(request, CancelToken()):  # one attempt: a test reports what happened
            if isinstance(chunk, TextDelta):
                if not parts:
                    first = time.perf_counter() - started
                parts.append(chunk.text)
            elif isinstance(chunk, Usage):
                tokens = chunk.completion_tokens
        return ModelTestResult(ref, "".join(parts).strip(), first, time.perf_counter() - started, tokens)

    def thinking_switch(self, ref_text: str) -> str | None:
        """How the model's thinking is switched (``enable_thinking``, ``reasoning_effort``), read from
        its template (a local model's GGUF) — None when it has no switch to show."""
        return self.registry.get(self.validate_ref(ref_text)).profile().thinking_switch

    def load(self, ref_text: str) -> ModelProfile:
        """Make the model ready to answer: loads a local model (slow: call off the UI thread)."""
        model = self.registry.get(self.validate_ref(ref_text))
        model.prepare()
        return model.profile()

    def snapshot(self, ref_text: str, sampling: SamplingParams) -> dict[str, Any]:
        """What a run records about the model it used, so later changes do not rewrite history."""
        model = self.registry.get(ref_text)
        profile = model.profile()
        data: dict[str, Any] = {
            "ref": profile.ref,
            "name": profile.display_name,
            "context_window": profile.context_window,
            "sampling": sampling.to_dict(),
            "roles": self.resolve_roles(ref_text),  # a later change of roles does not reach this run
        }
        parsed = parse_model_ref(profile.ref)
        if parsed.kind is ModelKind.LOCAL:
            data["threads"] = self.effective_threads()
            data["context_reason"] = profile.context_reason  # what it was trained for, memory, a setting
        elif parsed.kind is ModelKind.REMOTE:
            provider = self._providers.get_by_name(parsed.target)
            if provider is not None:
                data["base_url"] = provider.base_url
        return data
