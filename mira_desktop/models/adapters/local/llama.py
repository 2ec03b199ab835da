"""The in-process llama.cpp adapter: one owned worker thread holds the loaded GGUF model.

Its context window is chosen when it loads (:mod:`.window`: what it was trained for, what free memory
holds, or its own setting), with its KV cache type. The model stays loaded between turns (until
:meth:`LlamaCppModel.unload_if_idle` gives its memory back; the next use loads it again), and
llama-cpp-python reuses the evaluated prefix of the
previous prompt (its KV cache), so a follow-up turn only evaluates the new messages. Cancellation
stops generation between tokens, and stops prompt processing through llama.cpp's abort callback,
which the CPU backend checks between graph nodes; the model stays usable afterwards.
"""

from __future__ import annotations

import contextlib
import ctypes
import queue
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from mira_desktop.core.cancel import CancelToken
from mira_desktop.core.tasks import TaskRunner
from mira_desktop.models.adapters.local import images, vision
from mira_desktop.models.adapters.local.chat_template import (
    TemplateCheck,
    check_template,
    special_token,
    tools_formatter,
)
from mira_desktop.models.adapters.local.fit import available_memory
from mira_desktop.models.adapters.local.gguf import check_gguf
from mira_desktop.models.adapters.local.gguf_metadata import GgufHeader, read_file_header
from mira_desktop.models.adapters.local.grammar import grammar_for
from mira_desktop.models.adapters.local.llama_args import llama_message, sampling_kwargs
from mira_desktop.models.adapters.local.llama_logs import LOG_CALLBACK, leave_stdio_alone, route_llama_logs
from mira_desktop.models.adapters.local.settings import LocalSettings, default_threads
from mira_desktop.models.adapters.local.thinking import (
    ThinkingFormat,
    completion_stream,
    opens_thinking,
    template_formatter,
    thinking_format,
)
from mira_desktop.models.adapters.local.tool_calls.completion import tool_completion
from mira_desktop.models.adapters.local.tool_calls.formats import ToolCallFormat
from mira_desktop.models.adapters.local.window import WindowChoice, plan_window, trained_for
from mira_desktop.models.errors import ErrorKind, ModelError
from mira_desktop.models.protocol import (
    ChatRequest,
    Chunk,
    Finish,
    ModelProfile,
    TextDelta,
    Usage,
)
from mira_desktop.models.reasoning import ReasoningSplitter

_DONE = object()
# What a model tells ``on_state`` (its reference, and one of these) as it loads and unloads.
LOADING, LOADED, FAILED, UNLOADED = "loading", "loaded", "failed", "unloaded"


class LlamaCppModel:
    def __init__(
        self,
        ref: str,
        path: Path,
        display_name: str,
        settings: LocalSettings | None = None,
        tasks: TaskRunner | None = None,
        *,
        projector: Path | None = None,
        image_long_side: Callable[[], int] | None = None,
        on_state: Callable[[str, str], None] | None = None,
    ) -> None:
        self.ref = ref
        self.path = path
        self._name = display_name
        self._settings = settings or LocalSettings()
        self.projector = projector  # the vision projector (mmproj) it sees through; None: it cannot see
        self._image_long_side = image_long_side or (lambda: self._settings.image_long_side)
        self._vision: Any = None  # llama-cpp-python's multimodal handler, once loaded
        self._context_has_pictures = False  # the KV cache holds a picture's chunks: no prefix reuse
        self._threads = self._settings.threads or default_threads()
        self._worker = (tasks or TaskRunner()).serial("llama")  # llama.cpp is used from this one thread only
        self._llm: Any = None
        self._load_lock = threading.Lock()
        self._current: CancelToken | None = None  # the request the worker is running
        # Kept referenced for the lifetime of the context: llama.cpp calls it from C.
        self._abort_callback: Any = None
        self.template: TemplateCheck | None = None  # how prompts are written, read on first use
        self._tools_formatter: Any = None  # the GGUF's own template, for requests with tools
        self._thinking: ThinkingFormat | None = None  # read from the GGUF's template on first need
        self._formatter: Any = None  # the GGUF's own template, compiled, when it is the one used
        self._on_state = on_state or (lambda _ref, _state: None)
        self._window: WindowChoice | None = None  # planned before the load, fixed by it, dropped by an unload
        self._used_at = time.monotonic()  # when it last finished work (idle since then)
        self._working = 0  # calls on its thread now (a generation, a tokenization)

    # -- loading ---------------------------------------------------------------------------------
    @property
    def loaded(self) -> bool:
        return self._llm is not None

    @property
    def threads(self) -> int:
        return self._threads

    def prepare(self) -> None:
        """Load the model on its worker thread (blocks until loaded; safe to call again)."""
        self._on_worker(self._ensure_loaded).result()

    def _ensure_loaded(self) -> Any:
        with self._load_lock:
            if self._llm is None:
                self._on_state(self.ref, LOADING)
                try:
                    self._llm = self._create()
                finally:  # loaded, or not: the window's "loading…" ends either way
                    self._used_at = time.monotonic()
                    self._on_state(self.ref, LOADED if self._llm is not None else FAILED)
            return self._llm

    def window(self) -> WindowChoice:
        """The context window it has (loaded) or would load with now, and why.

        Raises ModelError for a window set larger than the memory there is."""
        choice = self._window
        if choice is None:
            choice = self._window = self._choose_window()
        return choice

    def _choose_window(self) -> WindowChoice:
        return plan_window(self.path, self.projector, self._settings, name=self._name, ref=self.ref)

    def _create(self) -> Any:
        check_gguf(self.path)
        import jinja2
        import llama_cpp

        route_llama_logs(llama_cpp)
        leave_stdio_alone(llama_cpp)
        header = read_file_header(self.path, keep_tokens=True)
        self._read_template(header)
        forced: dict[str, Any] = {}
        if self.template is not None and self.template.chat_format is not None:
            forced["chat_format"] = self.template.chat_format
        cache: dict[str, Any] = {}
        if self._settings.kv_type == "q8_0":  # llama.cpp quantizes the V cache only with flash attention
            cache = {"type_k": llama_cpp.GGML_TYPE_Q8_0, "type_v": llama_cpp.GGML_TYPE_Q8_0, "flash_attn": True}
        self._thinking = thinking_format(header.chat_template if header is not None else None)
        planned = self._window
        if planned is None or planned.fit.total > available_memory():  # memory went elsewhere since the plan
            self._window = None
        window = self.window()
        try:
            llm = llama_cpp.Llama(
                model_path=str(self.path),
                n_ctx=window.tokens,
                n_batch=self._settings.batch_size,
                n_threads=self._threads,
                n_threads_batch=self._threads,
                verbose=False,
                **forced,  # the model's own template unless it failed to render
                **cache,
            )
        except jinja2.TemplateError as exc:  # llama-cpp-python compiles every template of the file
            raise ModelError.classified(
                ErrorKind.MODEL_ERROR, "models.local.bad_template", detail=str(exc), name=self.path.name
            ) from exc
        except (ValueError, RuntimeError, OSError) as exc:
            raise ModelError.classified(
                ErrorKind.MODEL_ERROR, "models.local.unloadable", detail=str(exc), name=self.path.name
            ) from exc

        def should_abort(_data: Any) -> bool:
            current = self._current
            return current is not None and current.cancelled

        self._abort_callback = llama_cpp.ggml_abort_callback(should_abort)
        llama_cpp.llama_set_abort_callback(llm._ctx.ctx, self._abort_callback, None)
        if self.projector is not None:
            try:
                self._vision = vision.open_projector(llm, self.projector, LOG_CALLBACK[0])
            except BaseException:
                llm.close()
                raise
        if header is not None and header.chat_template and not forced:
            self._formatter = template_formatter(
                header.chat_template,
                special_token(header, "eos"),
                special_token(header, "bos"),
                llm.token_eos(),
            )
        return llm

    def _read_template(self, header: GgufHeader | None = None) -> TemplateCheck | None:
        """The GGUF's template, tried (and how it calls tools), read once from the file's header."""
        if self.template is None:
            header = header or read_file_header(self.path, keep_tokens=True)
            if header is not None:
                self._tools_formatter = tools_formatter(header)
                self.template = check_template(header)
        return self.template

    def thinking(self) -> ThinkingFormat:
        """How the model's template thinks (read from the GGUF header once, before a load too)."""
        if self._thinking is None:
            header = read_file_header(self.path)
            self._thinking = thinking_format(header.chat_template if header is not None else None)
        return self._thinking

    # -- the adapter interface -------------------------------------------------------------------
    def profile(self) -> ModelProfile:
        template = self._read_template()
        try:
            choice = self.window()
            window, reason = choice.tokens, choice.reason.value
        except ModelError:  # a window set past memory: said when it loads; its setting meanwhile
            window = self._settings.context_window or trained_for(read_file_header(self.path))
            reason = "setting"
        fmt = ToolCallFormat(template.tool_call_format) if template is not None else ToolCallFormat.JSON
        thinking = self.thinking()
        return ModelProfile(
            ref=self.ref,
            display_name=self._name,
            context_window=window,
            supports_tools=fmt.native,  # in its own format; a template without tools gets the JSON grammar
            supports_json_schema=True,
            supports_grammar=True,
            tool_call_format=fmt.value,
            supports_vision=self.projector is not None,
            thinks=thinking.thinks,
            thinking_switch=thinking.switch,
            reasoning_in_tool_loop=thinking.reasoning_key is not None,
            context_reason=reason,
        )

    def count_tokens(self, text: str) -> int:
        # Tokenizing reads only the vocabulary, so it is safe beside a running generation; it holds
        # the load lock, so an idle unload (which frees the model under it) never runs meanwhile.
        while True:
            with self._load_lock:
                llm = self._llm
                if llm is not None:
                    self._used_at = time.monotonic()
                    return len(llm.tokenize(text.encode("utf-8"), add_bos=False, special=False))
            self._on_worker(self._ensure_loaded).result()

    # -- unloading when idle ---------------------------------------------------------------------
    def idle_seconds(self) -> float:
        """How long it has been loaded and unused (0 while it works, or when it is not loaded)."""
        if self._llm is None or self._working:
            return 0.0
        return time.monotonic() - self._used_at

    def unload_if_idle(self, seconds: float) -> bool:
        """Give its memory back if unused for ``seconds``: on its own thread, so never during a
        generation; the next use loads it again. True if it was unloaded."""

        def unload() -> bool:
            with self._load_lock:
                if self._llm is None or self.idle_seconds() < seconds:
                    return False
                self._free()
            self._on_state(self.ref, UNLOADED)
            return True

        try:
            return bool(self._on_worker(unload).result())
        except ModelError:  # closed meanwhile: nothing left to unload
            return False

    def _free(self) -> None:
        llm, self._llm = self._llm, None
        self._vision = None
        self._formatter = None
        self._window = None  # the next load sizes its window with the memory free then
        self._context_has_pictures = False
        if llm is not None:
            llm.close()
            del llm
            _trim_heap()  # glibc keeps freed heap pages: measured, 8 % of the model's memory stayed


    def _on_worker(self, fn: Callable[[], Any]) -> Any:
        """Submit ``fn`` to the model's thread. A model closed meanwhile — replaced because its
        projector changed, or removed — says so as a ModelError, which callers already handle."""
        try:
            return self._worker.submit(fn)
        except RuntimeError as exc:  # the worker refuses calls once closed
            raise ModelError.classified(
                ErrorKind.MODEL_ERROR, "models.local.closed", name=self._name
            ) from exc

    def stream(self, request: ChatRequest, cancel: CancelToken) -> Iterator[Chunk]:
        if cancel.cancelled:
            yield Finish("cancelled")
            return
        chunks: queue.Queue[Any] = queue.Queue()
        stop = CancelToken()  # set by the caller's cancel or by closing this generator early

        unregister = cancel.on_cancel(stop.cancel)
        try:
            task = self._on_worker(lambda: self._generate(request, stop, chunks.put))
        except ModelError:
            unregister()
            raise
        try:
            while True:
                item = chunks.get()
                if item is _DONE:
                    break
                if isinstance(item, BaseException):
                    raise item
                yield item
        finally:
            unregister()
            stop.cancel()  # if the consumer stopped early, stop the worker too
            task.result()

    def _generate(self, request: ChatRequest, stop: CancelToken, emit: Callable[[Any], None]) -> None:
        self._working += 1
        try:
            llm = self._ensure_loaded()
            if stop.cancelled:
                emit(Finish("cancelled"))
                return
            self._current = stop
            template = self.template
            if request.tools and template is not None and ToolCallFormat(template.tool_call_format).native:
                fmt = ToolCallFormat(template.tool_call_format)
                if (
                    self._context_has_pictures
                ):  # the cached tokens stand for a picture: read the prompt afresh
                    llm.reset()
                    self._context_has_pictures = False
                split = _split_reasoning(emit, self.thinking())  # a native call may think first
                self._guarded(
                    lambda: tool_completion(llm, self._tools_formatter, fmt, request, stop=stop, emit=split),
                    stop,
                )
                split(_DONE)
                return
            for chunk in self._completion(llm, request, stop):
                emit(chunk)
        except BaseException as exc:
            emit(exc)
        finally:
            self._current = None
            self._working -= 1
            self._used_at = time.monotonic()
            emit(_DONE)

    def _guarded(self, generate: Callable[[], None], stop: CancelToken) -> None:
        """Run ``generate`` with llama.cpp's failures told as ``_completion`` tells them."""
        try:
            generate()
        except RuntimeError as exc:
            if not stop.cancelled:  # else llama_decode returned "aborted": the abort callback fired
                raise ModelError.classified(ErrorKind.MODEL_ERROR, "models.local.failed", error=exc) from exc
        except ValueError as exc:
            raise self._refused(exc) from exc

    def _refused(self, exc: ValueError) -> ModelError:
        if "exceed context window" in str(exc):
            return ModelError.classified(
                ErrorKind.CONTEXT_OVERFLOW,
                "models.local.too_long",
                detail=str(exc),
                window=self.window().tokens,
            )
        return ModelError.classified(ErrorKind.BAD_REQUEST, "models.local.refused", error=exc)

    def _completion(self, llm: Any, request: ChatRequest, stop: CancelToken) -> Iterator[Chunk]:
        params = sampling_kwargs(request)
        if request.json_schema is not None:  # constrained by a grammar llama.cpp accepted, or not run
            params["grammar"] = grammar_for(llm, request.json_schema)
        completion_tokens = 0
        thinking = self.thinking()
        prompts: list[str] = []  # the prompt the template rendered, when Mira's handler renders it
        try:
            stream = self._start(llm, request, params, thinking, prompts.append)
            # A grammar holds the whole answer to its shape (agent calls, JSON): nothing is reasoning.
            opened = (
                bool(prompts) and "grammar" not in params and opens_thinking(prompts[-1], thinking.read_tags)
            )
            splitter = ReasoningSplitter(thinking.read_tags, thinking=opened)
            reason = "stop"
            for part in stream:
                if stop.cancelled:
                    reason = "cancelled"
                    break
                choice = part["choices"][0]
                text = choice.get("delta", {}).get("content")
                if text:
                    completion_tokens += 1
                    yield from splitter.feed(text)
                if choice.get("finish_reason"):
                    reason = choice["finish_reason"]
            stream.close()
            yield from splitter.flush()
        except RuntimeError as exc:
            if stop.cancelled:  # llama_decode returned "aborted": the abort callback fired
                reason = "cancelled"
            else:
                raise ModelError.classified(ErrorKind.MODEL_ERROR, "models.local.failed", error=exc) from exc
        except ValueError as exc:
            raise self._refused(exc) from exc
        yield Usage(max(0, llm.n_tokens - completion_tokens), completion_tokens)
        yield Finish(reason)

    def _start(
        self,
        llm: Any,
        request: ChatRequest,
        params: dict[str, Any],
        thinking: ThinkingFormat,
        seen: Callable[[str], None],
    ) -> Any:
        """The completion stream: through the multimodal handler when the request carries pictures
        and the model has a projector, else llama-cpp-python's chat completion (which reuses the
        evaluated prefix of the previous prompt) through the GGUF's template with the thread's
        thinking switch (the rendered prompt handed to ``seen``)."""
        key = thinking.reasoning_key
        if self._vision is not None and any(m.images for m in request.messages):
            side = self._image_long_side()
            picture = lambda url: images.prepare(url, side).data_url  # noqa: E731
            messages = [llama_message(m, picture, reasoning_key=key) for m in request.messages]
            self._context_has_pictures = True
            return vision.answer(self._vision, llm, messages, params)
        if self._context_has_pictures:  # the cached tokens stand for a picture: read the prompt afresh
            llm.reset()
            self._context_has_pictures = False
        return completion_stream(
            llm, self._formatter, thinking,
            messages=[llama_message(m, reasoning_key=key) for m in request.messages], params=params, switch=request.thinking, seen=seen,
        )  # fmt: skip

    def close(self) -> None:
        current = self._current
        if current is not None:
            current.cancel("closing")
        self._worker.close()
        self._llm = None
        self._vision = None
        self._window = None


def _split_reasoning(emit: Callable[[Any], None], thinking: ThinkingFormat) -> Callable[[Any], None]:
    """``emit`` with the text of the native tool path's answer split into reasoning and answer; the
    splitter is flushed when it is handed ``_DONE`` (which is not passed on)."""
    splitter = ReasoningSplitter(thinking.read_tags, thinking=False)

    def split(item: Any) -> None:
        if item is _DONE:
            for chunk in splitter.flush():
                emit(chunk)
        elif isinstance(item, TextDelta):
            for chunk in splitter.feed(item.text):
                emit(chunk)
        else:
            emit(item)

    return split


def _trim_heap() -> None:
    """Hand the C heap's free pages back to the system (glibc's ``malloc_trim``; elsewhere nothing)."""
    with contextlib.suppress(OSError, AttributeError):  # not glibc (macOS, Windows, musl): its allocator decides
        ctypes.CDLL(None).malloc_trim(0)
