"""Draws packaging/mira.png (256 px) from the same shapes as packaging/mira.svg, with Pillow.

Run once after changing the icon: .venv/bin/python packaging/make_icon.py
"""

from pathlib import Path

from PIL import Image, ImageDraw

SIZE = 256
SCALE = 4  # draw large, then shrink: smooth edges without an anti-aliasing renderer
BACKGROUND = (59, 91, 219, 255)  # #3b5bdb
BUBBLE = (255, 255, 255, 255)


def draw() -> Image.Image:
    s = SCALE
    image = Image.new("RGBA", (SIZE * s, SIZE * s), (0, 0, 0, 0))
    pen = ImageDraw.Draw(image)
    pen.rounded_rectangle((8 * s, 8 * s, 248 * s, 248 * s), radius=52 * s, fill=BACKGROUND)
    pen.rounded_rectangle((48 * s, 60 * s, 208 * s, 172 * s), radius=36 * s, fill=BUBBLE)
    pen.polygon([(84 * s, 164 * s), (84 * s, 208 * s), (128 * s, 168 * s)], fill=BUBBLE)
    for x in (92, 128, 164):
        pen.ellipse(((x - 13) * s, 103 * s, (x + 13) * s, 129 * s), fill=BACKGROUND)
    return image.resize((SIZE, SIZE), Image.Resampling.LANCZOS)


if __name__ == "__main__":
    target = Path(__file__).with_name("mira.png")
    draw().save(target, optimize=True)
    print(f"wrote {target}")
