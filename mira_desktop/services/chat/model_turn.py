"""The run's model taking its turn: one answer at a time per model, shared with the local server.

A run of the window (or of `mira chat`) and a program using Mira's server may ask the same loaded
model at once; each call waits in :class:`~mira_desktop.models.turns.ModelTurns` for the one before
it. While a run waits, it says so on the run bus (a ``notice`` with ``waiting``: how many are ahead,
and the phrase to show), and again with ``waiting`` 0 when its turn comes. Not journaled: a wait is
news for whoever watches now, not part of the answer.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import ExitStack

from mira_desktop.core import phrases
from mira_desktop.core.cancel import Cancelled, CancelToken
from mira_desktop.models.passing import PassingModel
from mira_desktop.models.protocol import ChatModel, ChatRequest, Chunk, Finish
from mira_desktop.models.turns import Asker, ModelTurns, Place

Announce = Callable[[dict[str, object]], None]  # the data of a ``notice`` event, published


def waiting_notice(place: Place) -> dict[str, object]:
    """The ``notice`` a waiting run publishes: ``waiting`` ahead, who answers, and its sentence."""
    key = "chat.waiting_server" if place.holder is Asker.SERVER else "chat.waiting_window"
    said = phrases.said(key, ahead=place.ahead)
    return {
        "waiting": place.ahead,
        "holder": place.holder.value,
        "text": said.english,
        "phrase": said.to_dict(),
    }


class TurnTakingModel(PassingModel):
    """``model`` as a run uses it, each :meth:`stream` holding the model's turn while it writes."""

    def __init__(self, model: ChatModel, turns: ModelTurns, announce: Announce) -> None:
        super().__init__(model)
        self._turns = turns
        self._announce = announce

    def unload_if_idle(self, seconds: float) -> bool:
        return self._model.unload_if_idle(seconds)

    def close(self) -> None:
        self._model.close()

    def stream(self, request: ChatRequest, cancel: CancelToken) -> Iterator[Chunk]:
        waited: list[Place] = []

        def heard(place: Place) -> None:  # under the turns' lock: publish only, never wait
            waited.append(place)
            self._announce(waiting_notice(place))

        with ExitStack() as held:
            try:
                held.enter_context(self._turns.turn(self._model, cancel, asker=Asker.WINDOW, on_place=heard))
            except Cancelled:  # stopped while waiting: a cancelled answer, as a model's own stop
                yield Finish("cancelled")
                return
            if waited:
                self._announce({"waiting": 0})  # its turn: the window stops saying it waits
            yield from self._model.stream(request, cancel)
