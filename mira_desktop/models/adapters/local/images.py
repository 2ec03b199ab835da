"""A picture made ready for a local model's projector: turned upright, flattened to RGB, its long side
brought down to the setting, written as PNG (lossless: text in a screenshot stays sharp).

llama.cpp decodes the bytes itself (stb_image); what it is given here is already the size the
projector will see, so a phone photo costs a 1,024 px bitmap, not a 12-megapixel one.
"""

from __future__ import annotations

import base64
import binascii
import io
from dataclasses import dataclass
from typing import TYPE_CHECKING

from mira_desktop.models.errors import ErrorKind, ModelError

if TYPE_CHECKING:
    from PIL.Image import Image as Picture


@dataclass(frozen=True)
class PreparedImage:
    data_url: str  # data:image/png;base64,…
    width: int
    height: int
    source_width: int
    source_height: int

    @property
    def downscaled(self) -> bool:
        return (self.width, self.height) != (self.source_width, self.source_height)


def prepare(data_url: str, long_side: int) -> PreparedImage:
    """The picture of ``data_url`` with its long side at most ``long_side`` pixels, as a PNG data URL."""
    from PIL import Image, ImageOps, UnidentifiedImageError

    try:
        raw = base64.b64decode(data_url.partition(",")[2], validate=True)
        with Image.open(io.BytesIO(raw)) as opened:
            source_size = opened.size
            opened.draft("RGB", (long_side, long_side))  # a JPEG decodes at 1/2, 1/4 or 1/8 when that is enough
            picture = ImageOps.exif_transpose(opened)  # a phone photo's orientation is in its EXIF
            turned = picture.size != opened.size  # exif_transpose swapped width and height
            source = source_size[::-1] if turned else source_size
            picture = _flat(picture)
            if max(picture.size) > long_side:
                picture.thumbnail((long_side, long_side), Image.Resampling.LANCZOS)
            out = io.BytesIO()
            picture.save(out, format="PNG", compress_level=1)  # decoded in-process at once: speed over size
    except (binascii.Error, UnidentifiedImageError, OSError, ValueError) as exc:
        raise ModelError.classified(
            ErrorKind.BAD_REQUEST, "models.local.bad_picture", reason=str(exc)
        ) from exc
    encoded = base64.b64encode(out.getvalue()).decode("ascii")
    return PreparedImage(f"data:image/png;base64,{encoded}", *picture.size, *source)


def _flat(picture: Picture) -> Picture:
    """RGB on white: a transparent PNG's hidden pixels are often black, which a model would see."""
    from PIL import Image

    if picture.mode in ("RGBA", "LA") or (picture.mode == "P" and "transparency" in picture.info):
        rgba = picture.convert("RGBA")
        flat = Image.new("RGB", rgba.size, (255, 255, 255))
        flat.paste(rgba, mask=rgba.getchannel("A"))
        return flat
    return picture.convert("RGB")
