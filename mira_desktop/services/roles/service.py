"""Role use cases: list, show, create, update, duplicate, delete, cards, avatars, preview.

Every write goes through the role schema (:mod:`mira_desktop.core.roles.schema`): a bad value is
refused with the field and the reason, and nothing is saved. Every save raises the role's version.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mira_desktop.core.changes import ChangeFeed, Topic
from mira_desktop.core.errors import ConflictError, InvalidInputError, NotFoundError
from mira_desktop.core.roles.records import Role, RoleStatus
from mira_desktop.services.roles.avatars import AvatarStore
from mira_desktop.services.roles.files import write_user_file
from mira_desktop.store.roles import RoleRepository
from mira_desktop.store.settings import SettingsRepository

# The role schema (pydantic) and the card codecs are imported by the use cases that read or write
# a role's document, not with this module: building the services does not wait for them.
if TYPE_CHECKING:
    from mira_desktop.core.phrases import Phrase
    from mira_desktop.core.roles.schema import RoleDocument
    from mira_desktop.services.model_catalog.catalog import ModelService
    from mira_desktop.services.roles.cards import CardFormat
    from mira_desktop.services.roles.preview import RolePreview, RolePreviewer
    from mira_desktop.services.trash.service import TrashService
    from mira_desktop.store.messages import MessageRepository
    from mira_desktop.store.threads import ThreadRepository

USER_NAME_SETTING = "user.display_name"
DEFAULT_USER_NAME = "User"
MAX_USER_NAME_CHARS = 100


@dataclass(frozen=True)
class CardImport:
    role: Role
    spec: str  # v1, v2 or v3
    warnings: tuple[Phrase, ...]


class RoleService:
    def __init__(
        self,
        roles: RoleRepository,
        settings: SettingsRepository,
        avatars: AvatarStore,
        previewer: Callable[[], RolePreviewer],
        changes: ChangeFeed,
        *,
        trash: TrashService,
    ) -> None:
        self._changes = changes
        self._roles = roles
        self._settings = settings
        self.avatars = avatars
        self._make_previewer = previewer  # on the first preview: it imports the request compilers
        self._made_previewer: RolePreviewer | None = None
        self.trash = trash  # a delete goes there; a purge of the trash deletes for good

    @classmethod
    def assemble(
        cls,
        *,
        roles: RoleRepository,
        settings: SettingsRepository,
        data_root: Path,
        threads: ThreadRepository,
        messages: MessageRepository,
        models: ModelService | None,
        changes: ChangeFeed,
        trash: TrashService,
    ) -> RoleService:
        """The service with its avatar folder and request previewer (for the composition root)."""

        def previewer() -> RolePreviewer:
            from mira_desktop.services.roles.preview import RolePreviewer

            return RolePreviewer(threads, messages, models)

        return cls(roles, settings, AvatarStore(data_root), previewer, changes, trash=trash)

    @property
    def _previewer(self) -> RolePreviewer:
        if self._made_previewer is None:
            self._made_previewer = self._make_previewer()
        return self._made_previewer

    # -- reading ---------------------------------------------------------------------------------
    def list(self, status: RoleStatus | None = None, query: str = "") -> list[Role]:
        """Roles by name; ``query`` matches name, summary and tags, ignoring case."""
        roles = self._roles.list(status)
        needle = query.strip().casefold()
        if not needle:
            return roles
        return [r for r in roles if needle in " ".join([r.name, r.summary, *r.tags]).casefold()]

    def get(self, role_id: str) -> Role:
        found = self._roles.get(role_id)
        if found is None:
            raise NotFoundError.said("roles.not_found", role_id=role_id)
        return found

    def to_json(self, role: Role) -> dict[str, Any]:
        """The role as ``show --json`` prints it: read-only keys, then the editable document."""
        from mira_desktop.core.roles.schema import document_of

        return {
            "id": role.id,
            "version": role.version,
            "created_at": role.created_at,
            "updated_at": role.updated_at,
            "avatar": role.avatar,
            **document_of(role).to_json(),
        }

    def threads_using(self, role_id: str) -> int:
        return self._roles.threads_using(role_id)

    # -- writing ---------------------------------------------------------------------------------
    def create(self, data: Any) -> Role:
        from mira_desktop.core.roles.validation import validate_document

        document = validate_document(data)
        return self._create(document)

    def update(
        self, role_id: str, patch: Any = None, *, avatar: Path | None = None, remove_avatar: bool = False
    ) -> Role:
        """Change the keys present in ``patch``; in ``prompt`` and ``llm_profile`` key by key, where a
        null clears. A ``version`` in ``patch`` must be the current one (no lost updates).

        ``avatar`` (an image file, converted to PNG) or ``remove_avatar`` change the avatar in the same
        save; everything is checked before anything is written.
        """
        from mira_desktop.core.roles.schema import document_of
        from mira_desktop.core.roles.validation import check_update_target, merge_update, validate_document

        role = self.get(role_id)
        changes: dict[str, Any] = {}
        if patch is not None:
            if isinstance(patch, dict):
                check_update_target(role.id, role.version, patch)
            changes.update(_columns(validate_document(merge_update(document_of(role), patch))))
        if avatar is not None:
            changes["avatar"] = self.avatars.save_image_file(avatar)
        elif remove_avatar:
            changes["avatar"] = None
        return self._write(role, changes)

    def set_status(self, role_id: str, status: RoleStatus) -> Role:
        return self.update(role_id, {"status": status.value})

    def set_avatar(self, role_id: str, image: Path | None) -> Role:
        """Use the image at ``image`` as the avatar (converted to PNG), or remove it with None."""
        return self.update(role_id, avatar=image, remove_avatar=image is None)

    def duplicate(self, role_id: str) -> Role:
        from mira_desktop.core.roles.schema import document_of

        role = self.get(role_id)
        document = document_of(role).model_copy(update={"name": f"{role.name} (copy)"[:200]})
        return self._create(document, avatar=role.avatar, extensions=role.extensions)

    def delete(self, role_id: str) -> Role:
        """Move the role to the trash; threads that used it keep every message and lose only the
        binding, which comes back when the role is restored."""
        role = self.get(role_id)
        self.trash.put("role", role_id)
        return role

    def destroy(self, role_id: str) -> Role | None:
        """Delete the role for good (a purge of the trash)."""
        role = self._roles.get(role_id)
        self._roles.delete(role_id)
        self._changes.publish(Topic.ROLES, role_id)
        self._changes.publish(Topic.THREADS)  # threads that used it lost the binding
        return role

    # -- the user's display name, for {{user}} ---------------------------------------------------
    def user_name(self) -> str:
        return configured_user_name(self._settings) or DEFAULT_USER_NAME

    def configured_user_name(self) -> str | None:
        """The name the user chose, or None: a role then calls the user "User" in its own language."""
        return configured_user_name(self._settings)

    def set_user_name(self, name: str) -> str:
        name = name.strip()
        if not name or "\n" in name or len(name) > MAX_USER_NAME_CHARS:
            raise InvalidInputError.said("roles.bad_user_name", most=MAX_USER_NAME_CHARS, name=name[:40])
        self._settings.set(USER_NAME_SETTING, name)
        return name

    # -- cards -----------------------------------------------------------------------------------
    def import_card(self, path: Path) -> CardImport:
        """Import a Character Card V1/V2/V3 (PNG or JSON) as a new active role."""
        from mira_desktop.services.roles.cards import load_card

        card = load_card(path)
        avatar = self.avatars.save_png(card.image) if card.image else None
        role = self._create(card.document, avatar=avatar, extensions=card.extensions)
        return CardImport(role, card.spec, card.warnings)

    def export_card(
        self, role_id: str, card_format: CardFormat, *, png: bool, target: Path | None = None
    ) -> bytes:
        """The card file of the role; written atomically to ``target`` when given."""
        from mira_desktop.services.roles.cards import card_bytes

        role = self.get(role_id)
        data = card_bytes(role, card_format, png=png, image=self.avatars.read(role.avatar))
        if target is not None:
            write_user_file(target, data)
        return data

    # -- preview ---------------------------------------------------------------------------------
    def preview(
        self, role_id: str, thread_id: str | None = None, *, message: str = "", as_active: bool = False
    ) -> RolePreview:
        """Exactly what the model would receive for this role over ``thread_id``'s active branch."""
        return self._previewer.preview(
            self.get(role_id),
            user_name=self.configured_user_name(),
            thread_id=thread_id,
            message=message,
            as_active=as_active,
        )

    def preview_document(
        self,
        data: Any,
        *,
        role_id: str | None = None,
        thread_id: str | None = None,
        message: str = "",
    ) -> RolePreview:
        """The preview of an unsaved edit (the workbench's live preview), compiled as if active."""
        from mira_desktop.core.roles.validation import validate_document

        document = validate_document(data)
        base = self.get(role_id) if role_id else None
        role = Role(
            id=base.id if base else "rol_unsaved",
            name=document.name,
            summary=document.summary,
            status=document.status,
            version=base.version if base else 0,
            created_at=base.created_at if base else "",
            updated_at=base.updated_at if base else "",
            **_columns(document, with_meta=False),
        )
        return self._previewer.preview(
            role, user_name=self.configured_user_name(), thread_id=thread_id, message=message, as_active=True
        )

    # -- helpers ---------------------------------------------------------------------------------
    def _create(
        self, document: RoleDocument, *, avatar: str | None = None, extensions: dict[str, Any] | None = None
    ) -> Role:
        created = self._roles.create(
            document.name,
            summary=document.summary,
            status=document.status,
            tags=list(document.tags),
            prompt=document.stored_prompt(),
            lorebook=document.stored_lorebook(),
            llm_profile=document.stored_profile(),
            avatar=avatar,
            extensions=extensions,
        )
        self._changes.publish(Topic.ROLES, created.id)
        return created

    def _write(self, role: Role, changes: dict[str, Any]) -> Role:
        updated = self._roles.update(role.id, changes, expected_version=role.version)
        if updated is None:
            if self._roles.get(role.id) is None:
                raise NotFoundError.said("roles.deleted_meanwhile", role_id=role.id)
            raise ConflictError.said("roles.changed_meanwhile", role=role.name)
        self._changes.publish(Topic.ROLES, role.id)
        return updated


def _columns(document: RoleDocument, *, with_meta: bool = True) -> dict[str, Any]:
    columns: dict[str, Any] = {
        "tags": list(document.tags),
        "prompt": document.stored_prompt(),
        "lorebook": document.stored_lorebook(),
        "llm_profile": document.stored_profile(),
    }
    if with_meta:
        columns.update(name=document.name, summary=document.summary, status=document.status.value)
    return columns


def configured_user_name(settings: SettingsRepository) -> str | None:
    """``user.display_name`` when the user set one, else None."""
    value = settings.get(USER_NAME_SETTING, None)
    return value.strip() if isinstance(value, str) and value.strip() else None
