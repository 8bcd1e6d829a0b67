#!/usr/bin/env python3
"""Writes golden/sum_cases.txt: np.sum of float64, float32 and float16 arrays, whole and per axis,
on arrays and views, for ndprim's pairwise sums (SumGoldenTest). The tests never run Python.

    python3 generated-tests/src/test/python/gen_sum_golden.py

The data are not stored: element k of case data with seed s is value(s, k) below, which
SumGoldenTest computes the same way (splitmix64, then a uniform fraction scaled by a power of
two between 2^-20 and 2^20, so that the order of additions shows in the last bits), cast to the
dtype with one rounding. Each line:

    <dtype>|<seed>|<shape>|<view>|<axis or *>|<result shape>|<results as float.hex>|<results of
    the same data stored big-endian ('>f8'), which numpy sums in buffers of 8192>

view: '' (the array), 'T' (transpose), or a basic-indexing spec as ndprim's slice(String) reads it.
Only layouts whose order ndprim documents as NumPy's are listed: C-contiguous arrays, 1-D views,
and per-axis sums of C-contiguous arrays (and of the transpose along its innermost axis).
"""
import os
import numpy as np

GOLDEN = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'resources', 'golden')
MASK = (1 << 64) - 1


def splitmix64(state):
    while True:
        state = (state + 0x9E3779B97F4A7C15) & MASK
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        yield z ^ (z >> 31)


def data(seed, n, dtype):
    """Element k: (u - 0.5) * 2^e, u uniform in [0, 1) from 53 bits, e in [-20, 20] (float16: [-9, 9])."""
    g = splitmix64(seed)
    span = 19 if dtype == np.float16 else 41
    out = np.empty(n, dtype=np.float64)
    for k in range(n):
        u = (next(g) >> 11) / float(1 << 53)
        e = next(g) % span - span // 2
        out[k] = (u - 0.5) * 2.0 ** e
    return out.astype(dtype)


def view(a, spec):
    if spec == '':
        return a
    if spec == 'T':
        return a.T
    return eval('a[' + spec + ']', {'a': a, 'None': None})


def hexes(values):
    return ' '.join(float(v).hex() for v in np.atleast_1d(values).ravel())


def main():
    lines = []
    seed = 1
    cases = []
    for n in (0, 1, 2, 7, 8, 9, 15, 16, 17, 127, 128, 129, 135, 136, 137, 255, 256, 257, 1000,
              1023, 1024, 1025, 4096, 10007, 65537):
        cases.append(((n,), '', '*'))
    for shape in ((3, 5, 7), (64, 130), (2, 3, 200), (1, 1, 999)):
        cases.append((shape, '', '*'))
    for spec in ('::3', '::-1', '10:2900:7', '::-5', '1::2'):
        cases.append(((3000,), spec, '*'))
    cases.append(((40, 75), '7, :', '*'))          # a row: a 1-D contiguous view
    cases.append(((40, 75), ':, 3', '*'))          # a column: a 1-D strided view
    for shape, spec, axis in (((37, 150), '', 1), ((37, 150), '', 0), ((37, 150), '', -1),
                              ((4, 5, 300), '', 2), ((4, 5, 300), '', 0), ((4, 5, 300), '', 1),
                              ((300, 7), 'T', 1), ((9, 1000), '', 1)):
        cases.append((shape, spec, axis))
    for dtype, name in ((np.float64, 'Double'), (np.float32, 'Float'), (np.float16, 'Float16')):
        for shape, spec, axis in cases:
            size = int(np.prod(shape))
            a = data(seed, size, dtype).reshape(shape)
            v = view(a, spec)
            with np.errstate(over='ignore'):
                r = np.sum(v) if axis == '*' else np.sum(v, axis=axis)
                # the same data big-endian: numpy swaps them into buffers of 8192 and sums each
                big = view(a.astype(a.dtype.newbyteorder('>')), spec)
                rb = np.sum(big) if axis == '*' else np.sum(big, axis=axis)
            rshape = ','.join(str(d) for d in np.shape(r))
            lines.append('|'.join([name, str(seed), ','.join(str(d) for d in shape), spec,
                                   str(axis), rshape, hexes(r), hexes(rb)]))
            seed += 1
    with open(os.path.join(GOLDEN, 'sum_cases.txt'), 'w') as f:
        f.write('# np.sum golden cases for SumGoldenTest; written by gen_sum_golden.py with numpy '
                + np.__version__ + '\n')
        f.write('\n'.join(lines) + '\n')
    print(len(lines), 'cases')


if __name__ == '__main__':
    main()
