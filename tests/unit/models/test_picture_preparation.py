"""A picture is made ready for a local projector: upright, RGB on white, its long side at most the
setting, PNG; a picture that cannot be read says so."""

from __future__ import annotations

import base64
import io

import pytest
from PIL import Image

from mira_desktop.models.adapters.local.images import prepare
from mira_desktop.models.errors import ModelError


def _url(picture: Image.Image, fmt: str = "PNG", **options: object) -> str:
    out = io.BytesIO()
    picture.save(out, format=fmt, **options)
    return f"data:image/{fmt.lower()};base64,{base64.b64encode(out.getvalue()).decode()}"


def _decoded(data_url: str) -> Image.Image:
    assert data_url.startswith("data:image/png;base64,")
    return Image.open(io.BytesIO(base64.b64decode(data_url.partition(",")[2])))


def test_a_large_photo_is_brought_down_to_the_long_side_keeping_its_shape() -> None:
    prepared = prepare(_url(Image.new("RGB", (3000, 1500), (10, 200, 30)), "JPEG"), 1024)
    assert (prepared.width, prepared.height) == (1024, 512)
    assert (prepared.source_width, prepared.source_height) == (3000, 1500)
    assert prepared.downscaled
    decoded = _decoded(prepared.data_url)
    assert decoded.size == (1024, 512)
    red, green, blue = decoded.getpixel((500, 250))  # type: ignore[misc]
    assert green > 150
    assert red < 60
    assert blue < 80


def test_a_small_picture_keeps_its_size() -> None:
    prepared = prepare(_url(Image.new("RGB", (640, 480), "white")), 1024)
    assert (prepared.width, prepared.height) == (640, 480)
    assert not prepared.downscaled


def test_a_photo_turned_by_its_exif_orientation_is_made_upright() -> None:
    exif = Image.Exif()
    exif[0x0112] = 6  # "rotate 90° clockwise to view"
    prepared = prepare(_url(Image.new("RGB", (400, 200), "blue"), "JPEG", exif=exif), 1024)
    assert (prepared.width, prepared.height) == (200, 400)


def test_transparent_pixels_become_white_not_black() -> None:
    clear = Image.new("RGBA", (50, 50), (0, 0, 0, 0))
    decoded = _decoded(prepare(_url(clear), 1024).data_url)
    assert decoded.mode == "RGB"
    assert decoded.getpixel((25, 25)) == (255, 255, 255)


def test_bytes_that_are_no_picture_fail_with_a_sentence() -> None:
    with pytest.raises(ModelError, match="The picture could not be read"):
        prepare("data:image/png;base64," + base64.b64encode(b"not a picture").decode(), 1024)
