#!/usr/bin/env python3
"""Real uint8 pictures for ndprim's tests, and what numpy prints and computes for them.

    python3 runtime/src/test/python/gen_image_golden.py

Inputs (runtime/src/test/resources/images/, see LICENSE.txt there): two PNGs from scikit-image's
data directory (scikit-image 0.26.0), decoded here with zlib (8-bit grey or RGB, no interlace; no
imaging library needed):
  microaneurysms.png  (102, 102) uint8 grey, a detail of a retina (CC0)
  phantom.png         (400, 400, 3) uint8 RGB, the Shepp-Logan phantom
Outputs, beside them (the Java tests never run Python):
  microaneurysms.npy  np.save of the grey picture
  phantom.npz         np.savez_compressed(image=...) of the RGB picture
  image_cases.txt     <file>|<expression>|<numpy result>: str() of slices and views, sums,
                      min/max and casts, the text with its newlines written as \\n
"""
import os
import struct
import zlib

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
IMAGES = os.path.normpath(os.path.join(HERE, '..', 'resources', 'images'))


def decode_png(path):
    data = open(path, 'rb').read()
    assert data[:8] == b'\x89PNG\r\n\x1a\n', path
    i, idat = 8, b''
    while i < len(data):
        n, = struct.unpack('>I', data[i:i + 4])
        kind, body = data[i + 4:i + 8], data[i + 8:i + 8 + n]
        i += 12 + n
        if kind == b'IHDR':
            w, h, depth, color, _, _, interlace = struct.unpack('>IIBBBBB', body)
        elif kind == b'IDAT':
            idat += body
    assert depth == 8 and interlace == 0 and color in (0, 2), (path, depth, color, interlace)
    channels = 1 if color == 0 else 3
    raw = zlib.decompress(idat)
    stride = w * channels
    out = np.zeros((h, stride), dtype=np.int64)
    prev = np.zeros(stride, dtype=np.int64)
    pos = 0
    for y in range(h):
        f = raw[pos]
        line = np.frombuffer(raw[pos + 1:pos + 1 + stride], dtype=np.uint8).astype(np.int64)
        pos += 1 + stride
        cur = np.zeros(stride, dtype=np.int64)
        for x in range(stride):
            a = cur[x - channels] if x >= channels else 0
            b = prev[x]
            c = prev[x - channels] if x >= channels else 0
            if f == 0:
                p = 0
            elif f == 1:
                p = a
            elif f == 2:
                p = b
            elif f == 3:
                p = (a + b) // 2
            else:
                pa, pb, pc = abs(b - c), abs(a - c), abs(a + b - 2 * c)
                p = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
            cur[x] = (line[x] + p) & 0xFF
        out[y] = cur
        prev = cur
    img = out.astype(np.uint8)
    return img.reshape(h, w) if channels == 1 else img.reshape(h, w, 3)


def main():
    grey = decode_png(os.path.join(IMAGES, 'microaneurysms.png'))
    rgb = decode_png(os.path.join(IMAGES, 'phantom.png'))
    np.save(os.path.join(IMAGES, 'microaneurysms.npy'), grey)
    np.savez_compressed(os.path.join(IMAGES, 'phantom.npz'), image=rgb)
    cases = []

    def case(name, array, expr):
        value = eval(expr, {'a': array, 'np': np})
        text = str(value) if not isinstance(value, (int, float, np.generic)) else repr(value.item()
                                                                                        if isinstance(value, np.generic) else value)
        cases.append(name + '|' + expr + '|' + text.replace('\n', '\\n'))

    for expr in ('a', 'a[40:48, 40:50]', 'a[::-25, ::25]', 'a[50]', 'a.T[3:6, :4]',
                 'a.sum()', 'a.min()', 'a.max()', 'a.argmax()', 'a.sum(axis=0)[:8]',
                 'a[40:44, 40:44].astype(np.float32) / 255', 'a[:3, :3].astype(np.int8)'):
        case('microaneurysms', grey, expr)
    for expr in ('a[200, 195:205]', 'a[::100, ::100, 0]', 'a[100:103, 200, :]', 'a.sum()',
                 'a.max()', 'a[..., 1].sum(axis=1)[195:200]'):
        case('phantom', rgb, expr)
    with open(os.path.join(IMAGES, 'image_cases.txt'), 'w') as f:
        f.write('# numpy ' + np.__version__ + ' on the pictures of gen_image_golden.py\n')
        f.write('\n'.join(cases) + '\n')
    print(grey.shape, rgb.shape, len(cases), 'cases')


if __name__ == '__main__':
    main()
