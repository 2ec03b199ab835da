"""Settings → Get models: the Hub (or a mirror), the recommended models, a search, a repository's
models with size, quantization and a fit badge, Download, and the downloads list.

Opened from the Models page's "Get models…" button, or directly with
``SettingsDialog.open_get_models()`` (``MainWindow.open_get_models()`` opens Settings there).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from mira_desktop.services.hub.listing import model_name
from mira_desktop.services.model_catalog.prompt_format import template_name
from mira_desktop.ui.language.i18n import explain, language, say, tr
from mira_desktop.ui.settings.check_box import CheckBox
from mira_desktop.ui.settings.downloads_list import DownloadsList, size_text
from mira_desktop.ui.settings.hub_errors import hub_error_text
from mira_desktop.ui.settings.page import SettingsPage

if TYPE_CHECKING:
    from mira_desktop.services.hub.catalogue import Recommended
    from mira_desktop.services.hub.endpoint import HubEndpoint
    from mira_desktop.services.hub.listing import HubModel
    from mira_desktop.services.hub.service import RepoModels

REPO_ROLE = Qt.ItemDataRole.UserRole
FIT_COLOURS = {"fits": "#2e7d32", "tight": "#b26a00", "too_big": "#c62828"}
COLUMNS = (
    "getmodels.col_file",
    "getmodels.col_quant",
    "getmodels.col_size",
    "getmodels.col_needs",
    "getmodels.col_fit",
)


class GetModelsPage(SettingsPage):
    searched = Signal()
    endpoint_shown = Signal()  # the Hub's endpoint and token were read (or set) and are shown
    recommended_shown = Signal()  # the recommended models are listed
    models_shown = Signal()
    download_started = Signal(str)

    def _build(self) -> None:
        self.listing: RepoModels | None = None
        layout = QVBoxLayout(self)
        layout.addWidget(self._hub_box())

        search_row = QHBoxLayout()
        self.search_field = QLineEdit()
        self.search_field.setPlaceholderText(tr("getmodels.search_placeholder"))
        self.search_field.returnPressed.connect(self.search)
        self.search_button = QPushButton(tr("getmodels.search"))
        self.search_button.clicked.connect(self.search)
        search_row.addWidget(self.search_field, 1)
        search_row.addWidget(self.search_button)
        layout.addLayout(search_row)

        layout.addWidget(self._browser(), 3)

        self.status = QLabel("")  # what went wrong
        self.status.setObjectName("fieldError")
        self.status.setWordWrap(True)
        self.notice = QLabel("")  # what was done
        self.notice.setObjectName("muted")
        self.notice.setWordWrap(True)
        layout.addWidget(self.status)
        layout.addWidget(self.notice)
        box = QGroupBox(tr("downloads.heading"))
        box_layout = QVBoxLayout(box)
        self.downloads = DownloadsList(self.services, self.runner, self.changes)
        self.downloads.told.connect(self._notice)
        self.downloads.reloaded.connect(self._started_notice_follows)
        self._announced: tuple[str, str] = ("", "")  # the download "Downloading …" is about, and that line
        self.downloads.failed.connect(self.status.setText)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.downloads)
        box_layout.addWidget(scroll)
        layout.addWidget(box, 2)
        self.check_box = CheckBox(self.services, self.runner)  # a downloaded model's check, once asked for
        self.check_box.hide()
        self.downloads.check_requested.connect(self.check_downloaded)
        layout.addWidget(self.check_box)
        self.show_recommended()

    def _browser(self) -> QSplitter:
        """The repositories (recommended or found) on the left, the picked one's models on the right."""
        splitter = QSplitter(Qt.Orientation.Horizontal)
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        self.results_label = QLabel(tr("getmodels.recommended"))
        self.repo_list = QListWidget()
        self.repo_list.setWordWrap(True)
        self.repo_list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.repo_list.currentItemChanged.connect(self._repo_picked)
        left_layout.addWidget(self.results_label)
        left_layout.addWidget(self.repo_list, 1)
        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        self.repo_info = QLabel(tr("getmodels.pick_repo"))
        self.repo_info.setWordWrap(True)
        self.repo_info.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.files = QTableWidget(0, len(COLUMNS))
        self.files.setHorizontalHeaderLabels([tr(c) for c in COLUMNS])
        self.files.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.files.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.files.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.files.verticalHeader().setVisible(False)
        self.files.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for column in range(1, len(COLUMNS)):  # "Memory needed" whole before a repository is picked
            self.files.horizontalHeader().setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        self.files.itemSelectionChanged.connect(self._file_picked)
        self.files.itemDoubleClicked.connect(lambda _item: self.download())
        self.memory_label = QLabel("")
        self.memory_label.setObjectName("muted")
        self.memory_label.setWordWrap(True)
        self.download_button = QPushButton(tr("getmodels.download"))
        self.download_button.setEnabled(False)
        self.download_button.clicked.connect(self.download)
        self.projector_label = QLabel("")  # the picked model's vision projector, which comes with it
        self.projector_label.setWordWrap(True)
        self.text_only = QCheckBox(tr("getmodels.text_only"))
        self.text_only.setToolTip(tr("getmodels.text_only_tip"))
        self.text_only.toggled.connect(lambda _on: self._show_projector())
        right_layout.addWidget(self.repo_info)
        right_layout.addWidget(self.files, 1)
        right_layout.addWidget(self.memory_label)
        right_layout.addWidget(self.projector_label)
        right_layout.addLayout(self._download_row())
        splitter.addWidget(left)
        splitter.addWidget(right)
        splitter.setSizes([260, 480])
        return splitter

    def _download_row(self) -> QHBoxLayout:
        """"Text only" (shown when the picked model has a projector) beside Download."""
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(self.text_only)
        row.addWidget(self.download_button)
        self._show_projector()
        return row

    def check_downloaded(self, ref: str) -> None:
        """Check a downloaded model here, its progress and then its result under the downloads."""
        if ref:
            self.check_box.show()
            self.check_box.start(ref)

    def _notice(self, text: str) -> None:
        self.status.setText("")
        self.notice.setText(text)

    # -- the Hub -------------------------------------------------------------------------------------
    def _hub_box(self) -> QWidget:
        box = QWidget()
        layout = QVBoxLayout(box)
        layout.setContentsMargins(0, 0, 0, 0)
        row = QHBoxLayout()
        row.addWidget(QLabel(tr("getmodels.hub")))
        self.endpoint_field = QLineEdit()
        self.endpoint_field.setPlaceholderText(tr("getmodels.endpoint_placeholder"))
        self.endpoint_button = QPushButton(tr("getmodels.endpoint_apply"))
        self.endpoint_button.clicked.connect(self._set_endpoint)
        self.endpoint_field.returnPressed.connect(self._set_endpoint)
        self.token_field = QLineEdit()
        self.token_field.setEchoMode(QLineEdit.EchoMode.Password)
        self.token_field.setPlaceholderText(tr("getmodels.token_placeholder"))
        self.token_button = QPushButton(tr("getmodels.token_store"))
        self.token_button.clicked.connect(self._set_token)
        row.addWidget(self.endpoint_field, 2)
        row.addWidget(self.endpoint_button)
        row.addWidget(self.token_field, 2)
        row.addWidget(self.token_button)
        self.endpoint_label = QLabel("")
        self.endpoint_label.setObjectName("muted")
        self.endpoint_label.setWordWrap(True)
        layout.addLayout(row)
        layout.addWidget(self.endpoint_label)
        self._show_endpoint()
        return box

    def _show_endpoint(self) -> None:
        """Read the endpoint and whether a token is stored (the settings and the keyring) in the
        background, then show them."""
        services = self.services
        self._set_hub_busy(True)

        def read() -> HubEndpoint:
            return services.hub.endpoint()  # the Hub service too is reached off the UI thread

        self.runner.op(self, read).success(self._endpoint_read).failure(self._endpoint_failed).run()

    def _endpoint_read(self, current: HubEndpoint) -> None:
        source = {"setting": "getmodels.source_setting", "HF_ENDPOINT": "getmodels.source_env"}.get(
            current.source, "getmodels.source_default"
        )
        text = tr("getmodels.endpoint_now", url=current.url, source=tr(source))
        token = (
            tr("getmodels.token_stored", source=current.token_source)
            if current.token
            else tr("getmodels.token_none")
        )
        self.endpoint_label.setText(f"{text} {token}")
        if current.source == "setting":
            self.endpoint_field.setText(current.url)
        self._set_hub_busy(False)
        self.endpoint_shown.emit()

    def _endpoint_failed(self, exc: BaseException) -> None:
        self.status.setText(explain(exc))
        self._set_hub_busy(False)
        self.endpoint_shown.emit()

    def _set_hub_busy(self, busy: bool) -> None:
        self.endpoint_button.setEnabled(not busy)
        self.token_button.setEnabled(not busy)

    def _set_endpoint(self) -> None:
        """Keep the endpoint the field names (empty: the default again), in the background."""
        services, url = self.services, self.endpoint_field.text()
        self._set_hub_busy(True)
        self.status.setText("")
        self.runner.op(self, lambda: services.hub.settings.set_endpoint(url)).success(
            self._endpoint_read
        ).failure(self._endpoint_failed).run()

    def _set_token(self) -> None:
        """Keep the token in the keyring (empty: forget it), in the background."""
        services, token = self.services, self.token_field.text()
        self._set_hub_busy(True)
        self.status.setText("")

        def stored(current: HubEndpoint) -> None:
            self.token_field.clear()
            self._endpoint_read(current)

        self.runner.op(self, lambda: services.hub.settings.set_token(token)).success(stored).failure(
            self._endpoint_failed
        ).run()

    # -- finding a repository ----------------------------------------------------------------------
    def show_recommended(self) -> None:
        """List the recommended models (read from the catalogue Mira ships, in the background)."""
        self.results_label.setText(tr("getmodels.recommended"))
        self.repo_list.clear()
        services = self.services

        def read() -> list[Recommended]:
            return services.hub.recommended()

        self.runner.op(self, read).success(self._show_recommended).failure(
            lambda exc: self.status.setText(explain(exc))
        ).run()

    def _show_recommended(self, entries: list[Recommended]) -> None:
        if self.search_field.text().strip():
            return  # a search was started meanwhile: its results are shown instead
        self.repo_list.clear()
        for entry in entries:
            item = QListWidgetItem(self._recommended_text(entry))
            item.setData(REPO_ROLE, entry.repo)
            item.setToolTip(entry.repo)
            self.repo_list.addItem(item)
        self.recommended_shown.emit()

    @staticmethod
    def _recommended_text(entry: Recommended) -> str:
        purposes = ", ".join(tr(f"getmodels.purpose_{p}") for p in entry.purposes)
        text = tr(
            "getmodels.recommended_item",
            repo=entry.repo,
            note=entry.note_in(language()),
            purposes=purposes,
            licence=entry.licence,
            languages=", ".join(entry.languages),
        )
        if not entry.machine_gb:
            return text
        runs = tr(
            "getmodels.recommended_runs",
            memory=entry.machine_gb,
            thinking=tr(f"getmodels.thinking_{entry.thinking or 'none'}"),
            tools=entry.tool_format or "—",
            vision=tr("getmodels.sees" if entry.vision else "getmodels.text_model"),
        )
        return f"{text}\n{runs}"

    def search(self) -> None:
        query = self.search_field.text().strip()
        if not query:
            self.show_recommended()
            return
        self.results_label.setText(tr("getmodels.searching"))
        self.search_button.setEnabled(False)
        search = self.services.hub.search
        self.runner.op(self, lambda: search(query)).success(lambda found: self._found(query, found)).failure(
            self._search_failed
        ).run()

    def _found(self, query: str, found: list[HubModel]) -> None:
        self.search_button.setEnabled(True)
        self.status.setText("")
        self.repo_list.clear()
        self.results_label.setText(
            tr("getmodels.results", count=len(found)) if found else tr("getmodels.no_results", query=query)
        )
        for model in found:
            text = tr("getmodels.result_item", repo=model.id, downloads=model.downloads)
            if model.gated:
                text += f" · {tr('getmodels.gated')}"
            item = QListWidgetItem(text)
            item.setData(REPO_ROLE, model.id)
            self.repo_list.addItem(item)
        self.searched.emit()

    def _search_failed(self, exc: BaseException) -> None:
        self.search_button.setEnabled(True)
        self.results_label.setText(tr("getmodels.recommended"))
        self.status.setText(hub_error_text(exc))
        self.searched.emit()

    # -- a repository's models ---------------------------------------------------------------------
    def _repo_picked(self, current: QListWidgetItem | None, _previous: object = None) -> None:
        if current is not None:
            self.show_repo(str(current.data(REPO_ROLE)))

    def show_repo(self, repo: str) -> None:
        self.listing = None
        self.files.setRowCount(0)
        self.download_button.setEnabled(False)
        self.memory_label.setText("")
        self.repo_info.setText(tr("getmodels.loading_files", repo=repo))
        models = self.services.hub.models
        self.runner.op(self, lambda: models(repo)).success(self._show_models).failure(
            self._models_failed
        ).run()

    def _models_failed(self, exc: BaseException) -> None:
        self.repo_info.setText(hub_error_text(exc))
        self.models_shown.emit()

    def _show_models(self, listing: RepoModels) -> None:
        self.listing = listing
        if listing.architecture:
            info = tr(
                "getmodels.repo_info",
                repo=listing.repo,
                architecture=listing.architecture,
                context=listing.context_length or "?",
                template=template_name(listing.chat_template),
            )
        else:
            info = listing.repo
        if listing.header_problem is not None:
            info += "\n" + tr("getmodels.no_fit", problem=say(listing.header_problem))
        if not listing.models:
            info = tr("getmodels.no_models", repo=listing.repo)
        self.repo_info.setText(info)
        self.files.setRowCount(len(listing.models))
        best_row = -1
        for row, model in enumerate(listing.models):
            name = (
                tr("getmodels.parts", name=model.name, parts=model.parts) if model.parts > 1 else model.name
            )
            if model.recommended:
                name = f"★ {name}"
                best_row = row
            fit = model.fit
            needs = tr("getmodels.needs", size=size_text(fit.total), context=fit.context) if fit else "?"
            cells = [
                name,
                model.quantization or "?",
                size_text(model.size),
                needs,
                tr(f"getmodels.fit_{model.verdict}"),
            ]
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if column == 0:
                    item.setData(REPO_ROLE, model.path)
                    tip = [tr("getmodels.best")] if model.recommended else []
                    item.setToolTip("\n".join([*tip, *model.files]))  # a split model's parts, by name
                if column == 4 and model.verdict in FIT_COLOURS:
                    item.setForeground(QColor(FIT_COLOURS[model.verdict]))
                self.files.setItem(row, column, item)
        self.files.resizeColumnsToContents()
        self.files.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        available = next((m.fit.available for m in listing.models if m.fit), None)
        self.memory_label.setText(tr("getmodels.memory", size=size_text(available)) if available else "")
        if best_row >= 0:
            self.files.selectRow(best_row)
        self.models_shown.emit()

    def _file_picked(self) -> None:
        self.download_button.setEnabled(self.selected_file() is not None)
        self._show_projector()

    def _picked_model(self) -> Any:
        path = self.selected_file()
        models = self.listing.models if self.listing is not None else []
        return next((m for m in models if m.path == path), None)

    def _show_projector(self) -> None:
        """Whether the picked model sees pictures, with which projector, and whether it is downloaded."""
        model = self._picked_model()
        projector = model.projector if model is not None else None
        self.text_only.setVisible(projector is not None)
        if projector is None:
            self.projector_label.setText("")
            self.projector_label.setVisible(False)
            return
        key = "getmodels.projector_left_out" if self.text_only.isChecked() else "getmodels.projector_with"
        self.projector_label.setText(tr(key, name=projector, size=size_text(model.projector_size)))
        self.projector_label.setVisible(True)

    def selected_file(self) -> str | None:
        rows = self.files.selectionModel().selectedRows()
        if not rows:
            return None
        item = self.files.item(rows[0].row(), 0)
        return None if item is None else str(item.data(REPO_ROLE))

    def download(self) -> None:
        path = self.selected_file()
        if self.listing is None or path is None:
            return
        repo, revision = self.listing.repo, self.listing.revision
        hub = self.services.hub
        text_only = self.text_only.isChecked()

        def start() -> Any:
            download = hub.download(repo, path, revision=revision, text_only=text_only)
            hub.downloads.start(download.id)
            return download

        self.download_button.setEnabled(False)
        self.runner.op(self, start).success(self._started).failure(self._download_failed).run()

    def _started(self, download: Any) -> None:
        self.download_button.setEnabled(True)
        self._announced = (download.id, tr("getmodels.started", file=model_name(download.path)))
        self._notice(self._announced[1])
        self.downloads.reload()
        self.download_started.emit(download.id)

    def _started_notice_follows(self) -> None:
        """ "Downloading …: it goes on while you chat." goes once that download is paused or over."""
        download_id, line = self._announced
        row = self.downloads.rows.get(download_id)
        if row is not None and row.download.state.value not in ("queued", "running"):
            self._announced = ("", "")
            if self.notice.text() == line:
                self.notice.setText("")

    def _download_failed(self, exc: BaseException) -> None:
        self.download_button.setEnabled(True)
        self.status.setText(hub_error_text(exc))
