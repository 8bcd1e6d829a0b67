#!/usr/bin/env python3
"""Golden pictures for `ndprim show`, computed by numpy from the documented rules (not by ndprim).

    python3 cli/src/test/python/gen_show_golden.py

Writes cli/src/test/resources/show/. The Java tests never run Python; they decode ndprim's PNGs
and compare them pixel by pixel with these arrays, and its terminal previews with these texts.

The rules (ShowCommand, Picture, Preview):
  - uint8 is drawn exactly, bool as 0/255; any other dtype linearly: the smallest finite value
    to 0, the largest to 255, floor((v - min) * 255 / (max - min) + 0.5) (Java's Math.round);
    NaN and -inf to 0, +inf to 255, all-equal finite values to 0;
  - a PNG of a small picture is enlarged by nearest neighbour, the factor floor(256 / max(H, W));
  - the plain preview: two characters per pixel from " .:-=+*#%@" (index g * 10 // 256), the
    factor floor(16 / max(H, W)); the colour preview: U+2580 half blocks, the top pixel in the
    foreground, the bottom one in the background, 256-colour palette grays (16, 232..255, 231:
    the nearest), SGR codes written when the pair changes, each line ending with ESC[0m; the
    factor floor(32 / max(H, W)).

Files:
  digit0_png.npy        <i2 (256, 256): the PNG of `ndprim show data/digits.npy 0 -o x.png`
  digit0_plain.txt      `ndprim show data/digits.npy 0 --color=never` (also the demo's picture)
  digit0_color.txt      `ndprim show data/digits.npy 0 --color=always`
  rgb_f8.npy            <f8 (4, 5, 3) with NaN, -inf and +inf: drawn as RGB, scaled
  rgb_f8_png.npy        <i2 (4, 5, 3): its PNG at --scale 1
  rgba_i2.npy           <i2 (3, 2, 4): drawn as RGBA, scaled
  rgba_i2_png.npy       <i2 (3, 2, 4): its PNG at --scale 1
  mask_b1.npy           |b1 (3, 4); mask_b1_png.npy <i2 (3, 4) at --scale 1
  rgb_u1.npy            |u1 (2, 3, 3), exact: its PNG at --scale 1 has these very values
  rgba_u1.npy           |u1 (2, 2, 4), exact
  gray_u1.npy           |u1 (3, 4), exact
  image_u1.npz          np.savez_compressed(img=(5, 7, 3) uint8, mask=(5, 7) bool): a colour
                        picture as Python code ships one
  rgb_u1_color.txt      `show rgb_u1.npy --scale 1 --color=always`: the nearest of the palette's
                        6x6x6 cube (0, 95, 135, 175, 215, 255) and grays (the cube on a tie)
  rgb_u1_plain.txt      `show rgb_u1.npy --scale 1 --color=never`: the ramp at the luminance
                        floor(0.299 r + 0.587 g + 0.114 b + 0.5)
  rgba_u1_color.txt     as rgb_u1_color.txt, each channel first composited over black (v * a / 255)
"""
import os

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", "..", ".."))
OUT = os.path.normpath(os.path.join(HERE, "..", "resources", "show"))
RAMP = " .:-=+*#%@"


def scaled(a):
    a = np.asarray(a, dtype=np.float64)
    finite = a[np.isfinite(a)]
    out = np.zeros(a.shape, dtype=np.int64)
    if finite.size:
        lo, hi = finite.min(), finite.max()
        if hi > lo:
            out = np.floor((np.where(np.isfinite(a), a, lo) - lo) * 255.0 / (hi - lo) + 0.5).astype(np.int64)
    out[a == np.inf] = 255
    out[np.isnan(a) | (a == -np.inf)] = 0
    return out


def palette_gray(v):
    levels = [(16, 0)] + [(232 + k, 8 + 10 * k) for k in range(24)] + [(231, 255)]
    best = min(levels, key=lambda c: (abs(v - c[1]), 0 if c[0] == 16 else 1 if c[0] != 231 else 2))
    return best[0]


def plain(gray, scale):
    g = np.kron(gray, np.ones((scale, scale), dtype=np.int64))
    return "".join("".join(RAMP[v * 10 // 256] * 2 for v in row) + "\n" for row in g)


def color(gray, scale):
    g = np.kron(gray, np.ones((scale, scale), dtype=np.int64))
    lines = []
    for y in range(0, g.shape[0], 2):
        line, last = "", None
        for x in range(g.shape[1]):
            f = palette_gray(int(g[y, x]))
            b = palette_gray(int(g[y + 1, x])) if y + 1 < g.shape[0] else None
            if (f, b) != last:
                line += "\033[38;5;%d%sm" % (f, ";49" if b is None else ";48;5;%d" % b)
                last = (f, b)
            line += "\u2580"
        lines.append(line + "\033[0m\n")
    return "".join(lines)


CUBE = [0, 95, 135, 175, 215, 255]


def jround(x):
    return int(np.floor(x + 0.5))


def cube_index(v):
    best = 0
    for i in range(1, 6):
        if abs(v - CUBE[i]) < abs(v - CUBE[best]):
            best = i
    return best


def palette_rgb(code):
    if code == 16 or code == 231 or code >= 232:
        v = 0 if code == 16 else 255 if code == 231 else 8 + 10 * (code - 232)
        return v, v, v
    i = code - 16
    return CUBE[i // 36], CUBE[i // 6 % 6], CUBE[i % 6]


def palette_color(r, g, b):
    cube = 16 + 36 * cube_index(r) + 6 * cube_index(g) + cube_index(b)
    gray = palette_gray(jround((r + g + b) / 3.0))
    def dist(c):
        cr, cg, cb = palette_rgb(c)
        return (cr - r) ** 2 + (cg - g) ** 2 + (cb - b) ** 2
    return cube if dist(cube) <= dist(gray) else gray


def opaque(px):
    if len(px) == 4:
        return [jround(int(v) * int(px[3]) / 255.0) for v in px[:3]]
    return [int(v) for v in px]


def color_rgb(img):
    lines = []
    for y in range(0, img.shape[0], 2):
        line, last = "", None
        for x in range(img.shape[1]):
            f = palette_color(*opaque(img[y, x]))
            b = palette_color(*opaque(img[y + 1, x])) if y + 1 < img.shape[0] else None
            if (f, b) != last:
                line += "\033[38;5;%d%sm" % (f, ";49" if b is None else ";48;5;%d" % b)
                last = (f, b)
            line += "\u2580"
        lines.append(line + "\033[0m\n")
    return "".join(lines)


def plain_rgb(img):
    out = ""
    for row in img:
        for px in row:
            lum = 0.299 * int(px[0]) + 0.587 * int(px[1]) + 0.114 * int(px[2])
            if len(px) == 4:
                lum = lum * int(px[3]) / 255.0
            out += RAMP[jround(lum) * 10 // 256] * 2
        out += "\n"
    return out


def main():
    os.makedirs(OUT, exist_ok=True)
    digits = np.load(os.path.join(ROOT, "data", "digits.npy"))
    gray = scaled(digits[0])
    np.save(os.path.join(OUT, "digit0_png.npy"), np.kron(gray, np.ones((32, 32), dtype=np.int64)).astype("<i2"))
    with open(os.path.join(OUT, "digit0_plain.txt"), "w", encoding="utf-8") as f:
        f.write(plain(gray, 16 // 8))
    with open(os.path.join(OUT, "digit0_color.txt"), "w", encoding="utf-8") as f:
        f.write(color(gray, 32 // 8))

    rgb = (np.arange(60, dtype="<f8").reshape(4, 5, 3) - 20) / 3
    rgb[0, 0, 0], rgb[1, 2, 1], rgb[3, 4, 2] = np.nan, -np.inf, np.inf
    np.save(os.path.join(OUT, "rgb_f8.npy"), rgb)
    np.save(os.path.join(OUT, "rgb_f8_png.npy"), scaled(rgb).astype("<i2"))

    rgba = (np.arange(24, dtype="<i2").reshape(3, 2, 4) * 7) % 23 - 5
    np.save(os.path.join(OUT, "rgba_i2.npy"), rgba)
    np.save(os.path.join(OUT, "rgba_i2_png.npy"), scaled(rgba).astype("<i2"))

    mask = (np.arange(12).reshape(3, 4) % 3) == 0
    np.save(os.path.join(OUT, "mask_b1.npy"), mask)
    np.save(os.path.join(OUT, "mask_b1_png.npy"), (mask * 255).astype("<i2"))

    np.save(os.path.join(OUT, "rgb_u1.npy"), np.array([[[0, 1, 2], [127, 128, 129], [253, 254, 255]],
                                                       [[255, 0, 0], [0, 255, 0], [10, 20, 250]]], dtype="|u1"))
    np.save(os.path.join(OUT, "rgba_u1.npy"), np.array([[[0, 0, 0, 0], [255, 255, 255, 255]],
                                                        [[1, 2, 3, 128], [200, 100, 50, 7]]], dtype="|u1"))
    np.save(os.path.join(OUT, "gray_u1.npy"), np.array([[0, 1, 2, 3], [100, 127, 128, 129], [252, 253, 254, 255]], dtype="|u1"))
    y, x = np.mgrid[0:5, 0:7]
    img = np.stack([x * 255 // 6, y * 255 // 4, 255 - x * 255 // 6], axis=-1).astype(np.uint8)
    np.savez_compressed(os.path.join(OUT, "image_u1.npz"), img=img, mask=(x + y) % 2 == 0)
    rgb = np.load(os.path.join(OUT, "rgb_u1.npy"))
    rgba = np.load(os.path.join(OUT, "rgba_u1.npy"))
    for name, text in [("rgb_u1_color.txt", color_rgb(rgb)), ("rgb_u1_plain.txt", plain_rgb(rgb)),
                       ("rgba_u1_color.txt", color_rgb(rgba))]:
        with open(os.path.join(OUT, name), "w", encoding="utf-8") as f:
            f.write(text)


if __name__ == "__main__":
    main()
