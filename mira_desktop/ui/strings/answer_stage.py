"""Window text: the stage a knowledge answer is in, with the seconds since the question
(``ui/chat/answer_stage.py``, from the ``rag.stage`` events). The translations are in ``ui/translations``."""

from __future__ import annotations

from mira_desktop.ui.strings.source import Source, translate

STRINGS: dict[str, Source] = {
    "stage.searching": translate("stage", "Searching the knowledge base… {seconds} s", "stage.searching"),
    "stage.weighing": translate("stage", "Weighing the passages found… {seconds} s", "stage.weighing"),
    "stage.rewriting": translate(
        "stage", "Rewriting the question to search again… {seconds} s", "stage.rewriting"
    ),
    "stage.writing": translate("stage", "Writing the answer from the sources… {seconds} s", "stage.writing"),
}
