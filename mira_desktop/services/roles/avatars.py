"""Role avatars: content-addressed PNG files under ``<data>/avatars``.

A role's ``avatar`` column holds the path relative to the data folder. Files are named by their
SHA-256, so duplicated roles share one file and a re-import writes nothing new.
"""

from __future__ import annotations

import hashlib
import io
import warnings
from pathlib import Path

from mira_desktop.cards.errors import CardError
from mira_desktop.cards.png import SIGNATURE, build_png, read_chunks
from mira_desktop.core.errors import InvalidInputError
from mira_desktop.services.roles.files import read_user_file, write_user_file

AVATAR_DIR = "avatars"
MAX_AVATAR_BYTES = 16 * 1024 * 1024
MAX_AVATAR_PIXELS = 4096


class AvatarStore:
    def __init__(self, data_root: Path) -> None:
        self._root = data_root

    def save_png(self, png: bytes) -> str:
        """Store a PNG (already checked chunk by chunk) and return its relative path."""
        name = f"{AVATAR_DIR}/{hashlib.sha256(png).hexdigest()}.png"
        target = self._root / name
        if not target.exists():
            target.parent.mkdir(parents=True, exist_ok=True)
            write_user_file(target, png)
        return name

    def save_image_file(self, path: Path) -> str:
        """Store the image at ``path`` as the avatar: a PNG as it is, another format converted."""
        data = read_user_file(path, limit=MAX_AVATAR_BYTES, what="avatar image")
        if data.startswith(SIGNATURE):
            try:
                return self.save_png(build_png(read_chunks(data)))
            except CardError as exc:
                raise InvalidInputError.said("roles.avatar.bad_png", path=path, reason=exc.why) from exc
        return self.save_png(_convert_to_png(data, path))

    def read(self, relative: str | None) -> bytes | None:
        if not relative:
            return None
        try:
            return self.path(relative).read_bytes()
        except OSError:
            return None  # a missing avatar file shows as no avatar; the role still works

    def path(self, relative: str) -> Path:
        return self._root / relative


def _convert_to_png(data: bytes, path: Path) -> bytes:
    # Pillow is imported only here (it comes with sentence-transformers): JPEG, WebP, GIF, BMP.
    from PIL import Image, UnidentifiedImageError

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            image = Image.open(io.BytesIO(data))
        with image:
            if max(image.size) > MAX_AVATAR_PIXELS:
                raise InvalidInputError.said(
                    "roles.avatar.too_big",
                    path=path,
                    width=image.width,
                    height=image.height,
                    limit=MAX_AVATAR_PIXELS,
                )
            out = io.BytesIO()
            image.convert("RGBA").save(out, format="PNG")
            return out.getvalue()
    except (Image.DecompressionBombWarning, Image.DecompressionBombError) as exc:
        raise InvalidInputError.said("roles.avatar.bomb", path=path) from exc
    except (UnidentifiedImageError, OSError, ValueError) as exc:
        raise InvalidInputError.said("roles.avatar.unreadable", path=path, error=exc) from exc
