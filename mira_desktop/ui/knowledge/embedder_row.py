"""Which embedder a knowledge base uses, in the Knowledge window: chosen when a base is created
(the default follows the window's language: the multilingual one for a Chinese window, when it
runs here) and shown, and switchable, on the base's page. Switching goes through
``KnowledgeEmbedders.set_for`` like ``mira kb set-embedder``: the index is rebuilt beside the old
one, which keeps answering until the new one is live."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QWidget

from mira_desktop.ui.language.i18n import language, say, tr, tr_or

if TYPE_CHECKING:
    from mira_desktop.core.knowledge import KnowledgeBase
    from mira_desktop.services.knowledge.bases import KnowledgeBaseService
    from mira_desktop.services.knowledge.embedders import EmbedderChoice, KnowledgeEmbedders

MULTILINGUAL = "e5-small"
ENGLISH = "minilm"


def default_embedder(choices: list[EmbedderChoice], window_language: str | None = None) -> str:
    """The embedder a new base gets: the multilingual one for a Chinese window when it runs here,
    else the English default."""
    runs = {c.option.name for c in choices if c.option.available}
    if (window_language or language()) == "zh" and MULTILINGUAL in runs:
        return MULTILINGUAL
    return ENGLISH


def create_base(
    bases: KnowledgeBaseService, embedders: KnowledgeEmbedders, name: str, embedder: str
) -> KnowledgeBase:
    """Create a base that uses ``embedder``, as ``mira kb create NAME --embedder`` does: an embedder
    that cannot run here is refused before anything is made (run it off the UI thread)."""
    if embedder:
        embedders.check(embedder)
    kb = bases.create(name)
    if embedder:
        embedders.set_for(kb.id, embedder)
    return kb


def embedder_label(choice: EmbedderChoice) -> str:
    """The embedder's name and what it covers, in the window's language."""
    return tr_or(f"win.embedder.{choice.option.name}", choice.option.label)


def fill(combo: QComboBox, choices: list[EmbedderChoice], selected: str) -> None:
    """The embedders, the ones that cannot run here disabled with the reason as their tip."""
    combo.blockSignals(True)
    combo.clear()
    for choice in choices:
        combo.addItem(embedder_label(choice), choice.option.name)
        index = combo.count() - 1
        if not choice.option.available:
            item = combo.model().item(index)  # type: ignore[attr-defined]  # a QStandardItemModel
            item.setEnabled(False)
            combo.setItemData(index, say(choice.option.unavailable or ""), Qt.ItemDataRole.ToolTipRole)
    found = combo.findData(selected)
    combo.setCurrentIndex(max(found, 0))
    combo.blockSignals(False)


class EmbedderRow(QWidget):
    """On the base's page: "Embedder: [picker]" and whether the index is being rebuilt with it."""

    switch_requested = Signal(str)  # the embedder's catalog name

    def __init__(self) -> None:
        super().__init__()
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        caption = QLabel(tr("win.embedder_caption"))
        self.picker = QComboBox()
        self.picker.setObjectName("embedderPicker")
        self.picker.setToolTip(tr("win.embedder_tip"))
        self.picker.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.state = QLabel("")
        self.state.setObjectName("muted")
        self.state.setWordWrap(True)
        row.addWidget(caption)
        row.addWidget(self.picker)
        row.addWidget(self.state, 1)
        self.current = ""
        self.picker.activated.connect(self._picked)

    def show_embedder(self, choices: list[EmbedderChoice], current: str, rebuilding: bool) -> None:
        self.current = current
        fill(self.picker, choices, current)
        self.state.setText(tr("win.embedder_rebuilding") if rebuilding else "")

    def _picked(self, index: int) -> None:
        name = str(self.picker.itemData(index))
        if name != self.current:
            self.switch_requested.emit(name)


def ask_switch(confirm: Callable[[str, str], bool], name: str, to: str) -> bool:
    """Whether the person wants ``name``'s index rebuilt with the embedder ``to``."""
    return confirm(tr("win.embedder_switch_title"), tr("win.embedder_switch", name=name, embedder=to))
