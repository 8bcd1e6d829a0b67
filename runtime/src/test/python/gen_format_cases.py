#!/usr/bin/env python3
"""Generates NumPy golden text for ndprim's NdFormat and Formats (numpy str() of arrays).

    python3 runtime/src/test/python/gen_format_cases.py \
        runtime/src/test/resources/golden/format_cases.txt \
        runtime/src/test/resources/golden/float_elements.txt

format_cases.txt: blocks of

    === <dtype> <shape> <values>
    <str(array), one or more lines>

where <dtype> is int64, bool, float64, float32 or uint16; <shape> a Python tuple without
spaces, e.g. (2,3,4); <values> either 'arange' (np.arange(size).reshape(shape)), 'arangeT'
(np.arange(size).reshape(reversed(shape)).T, a non-contiguous view) or the C-order element
values separated by spaces (Python repr: 1.5, nan, -inf, True).

float_elements.txt: lines "<f8|f4>\t<value repr>\t<text>" where <text> is the element text of
str(np.array([value], dtype)) -- what ndprim's Formats.formatDouble/formatFloat must return.

Float arrays are only emitted when NumPy's per-array choice of scientific notation agrees with
the per-element choice that ndprim makes (documented difference, see Formats).
"""

import random
import sys

import numpy as np

SEED = 20240602


def tuple_text(shape):
    if len(shape) == 1:
        return '(%d,)' % shape[0]
    return '(' + ','.join(str(d) for d in shape) + ')'


def element_is_exp(v, dtype):
    if not np.isfinite(v) or v == 0:
        return None
    a = abs(dtype(v))
    cutoff = dtype(1e8) if dtype == np.float64 else dtype(1e6)
    return bool(a >= cutoff or a < dtype(1e-4))


def array_is_exp(a):
    vals = a[np.isfinite(a)]
    vals = np.abs(vals[vals != 0])
    if vals.size == 0:
        return False
    mx, mn = vals.max(), vals.min()
    cutoff = 10.0 ** min(8, np.finfo(a.dtype).precision)
    return bool(mx >= cutoff or mn < 0.0001 or mx / mn > 1000.0)


def agrees(a):
    """True when every shown element would pick the same notation as numpy picks for a."""
    shown = a.ravel() if a.size <= 1000 else None
    if shown is None:
        return False  # keep summarised float cases out: the sample decides in numpy too
    exp = array_is_exp(a)
    for v in shown:
        e = element_is_exp(v, a.dtype.type)
        if e is None:
            continue  # nan/inf, or a zero (0.e+00 in an exponential array, as NdFormat)
        if e != exp:
            return False
    return True


def values_text(a):
    if a.dtype == np.bool_:
        return ' '.join('True' if v else 'False' for v in a.ravel())
    if a.dtype.kind == 'f':
        return ' '.join(repr(float(v)) for v in a.ravel())
    return ' '.join(str(int(v)) for v in a.ravel())


def main():
    rng = random.Random(SEED)
    nrng = np.random.default_rng(SEED)
    blocks = []

    def add(a, values=None, dtype_name=None):
        name = dtype_name or {'int64': 'int64', 'bool': 'bool', 'float64': 'float64',
                              'float32': 'float32', 'uint16': 'uint16'}[str(a.dtype)]
        if a.dtype.kind == 'f' and a.ndim > 0 and not agrees(a):
            return
        if a.dtype.kind == 'f' and a.ndim == 0:
            return  # numpy prints 0-d floats as Python scalars (1.0); documented difference
        vals = values if values is not None else values_text(a)
        blocks.append('=== %s %s %s\n%s\n' % (name, tuple_text(a.shape), vals, str(a)))

    # integers, C order
    for shape in [(5,), (2, 3), (2, 3, 4), (30,), (100,), (1000,), (1001,), (2000,), (30, 100),
                  (7, 150), (10, 10, 11), (2, 2, 2, 2), (1, 1, 1), (3, 1), (1, 2000), (2000, 1),
                  (4, 5, 6, 7), (6, 6, 6, 6), (0,), (2, 0), (0, 3), (2, 0, 3), (), (1,),
                  (4, 260)]:
        size = int(np.prod(shape)) if shape else 1
        add(np.arange(size, dtype=np.int64).reshape(shape), 'arange')
    # integers, transposed views
    for shape in [(3, 4), (100, 30), (20, 60), (5, 4, 3)]:
        size = int(np.prod(shape))
        a = np.arange(size, dtype=np.int64).reshape(tuple(reversed(shape))).T
        add(a, 'arangeT')
    # integers, explicit values
    for vals, shape in [([-10, 5, 300, -7], (4,)), ([-(2**63), 0, 2**63 - 1], (3,)),
                        ([i * i - 500 for i in range(40)], (40,)),
                        ([i * 1234567 - 10**7 for i in range(60)], (3, 20))]:
        add(np.array(vals, dtype=np.int64).reshape(shape))
    add(np.array(7, dtype=np.int64))
    # booleans
    add(np.array([True, True]))
    add(np.array([True, False]))
    add(np.array([False]))
    add(np.array(True))
    add(np.array([i % 3 == 0 for i in range(9)]).reshape(3, 3))
    add(np.array([i % 3 == 0 for i in range(2000)]).reshape(2, 1000))
    add(np.array([i % 5 == 0 for i in range(40)]))
    # uint16 (ndprim Char)
    add(np.array([0, 65, 65535, 1000], dtype=np.uint16))
    # float64 hand-picked
    nan, inf = float('nan'), float('inf')
    for vals, shape in [([1.5, 10.25], (2,)), ([10.25, 1.5], (2,)), ([1.5, nan, 10.25], (3,)),
                        ([nan], (1,)), ([-inf, nan], (2,)), ([1e8, 1.5e9], (2,)),
                        ([0.1 + 0.2, 1 / 3], (2,)), ([-0.0, 0.0], (2,)),
                        ([1.5, 2, 3, 4.25], (2, 2)), ([1e-5, 2.5e-7], (2,)), ([inf, 1.0], (2,)),
                        ([1e100, -1e-100], (2,)), ([-1.0, 2.5, -3.75, 100.0], (4,)),
                        ([nan, -inf, 1e10, -2.5e12], (2, 2)), ([1.0, 2.0, 3.0], (3,)),
                        ([123.456, -0.001, 42.0], (3,)), ([0.0, 1e9], (2,)),
                        ([-0.0, 1e9, nan], (3,)), ([0.0, 0.0, 1e20, -0.0], (2, 2)),
                        ([0.0, 1.5e-7], (2,))]:
        add(np.array(vals, dtype=np.float64).reshape(shape))
    add(np.arange(30, dtype=np.float64).reshape(5, 6) / 7)
    add(np.arange(200, dtype=np.float64) / 8)
    # float64 random arrays
    for _ in range(60):
        rank = rng.randint(1, 3)
        shape = tuple(rng.randint(1, 5) for _ in range(rank))
        scale = 10.0 ** rng.randint(-3, 7)
        a = nrng.normal(size=shape) * scale
        if rng.random() < 0.5:
            a = np.round(a, rng.randint(0, 4))
        if rng.random() < 0.2:
            a.ravel()[0] = rng.choice([nan, inf, -inf])
        add(a.astype(np.float64))
    # float32
    for vals, shape in [([0.1, 1 / 3], (2,)), ([1e6, 2e7], (2,)), ([16777217.0], (1,)),
                        ([1e-4, 0.5], (2,)), ([2.5, nan, -1.0], (3,))]:
        add(np.array(vals, dtype=np.float32).reshape(shape))
    add(np.arange(12, dtype=np.float32).reshape(3, 4) / 3)
    for _ in range(20):
        a = (nrng.normal(size=(rng.randint(1, 6),)) * 10.0 ** rng.randint(-3, 5)).astype(np.float32)
        add(a)

    with open(sys.argv[1], 'w') as out:
        out.write('# NumPy %s str() of arrays; generated by runtime/src/test/python/gen_format_cases.py\n'
                  % np.__version__)
        out.writelines(blocks)

    # elements
    lines = []
    specials = [0.0, -0.0, 1.0, -1.0, 0.5, 0.1, 0.2, 0.3, 1 / 3, 2 / 3, 0.1 + 0.2, 100.0, 1e7,
                99999999.0, 99999999.5, 1e8, 1e-4, 9.999999e-5, 0.00012345678912, 1e-5, 1e16,
                1e100, 5e-324, 2.2250738585072014e-308, 1.7976931348623157e308, 2.0**-9,
                3 * 2.0**-9, 5 * 2.0**-10, 123456.789, 12345678.9, 2.0**53, 2.0**53 + 2,
                1e23, 9.5, 0.95, 2.82879384806159e17, 1.0e-3, 4.35, 0.001953125,
                float('nan'), float('inf'), float('-inf')]
    vals = list(specials)
    for _ in range(1500):
        kind = rng.random()
        if kind < 0.4:  # random bit patterns over all finite doubles
            v = np.frombuffer(rng.getrandbits(64).to_bytes(8, 'little'), dtype=np.float64)[0]
            if not np.isfinite(v):
                continue
            vals.append(float(v))
        elif kind < 0.7:  # decimal-looking values near the thresholds
            vals.append(round(rng.uniform(-1, 1) * 10.0 ** rng.randint(-6, 10), rng.randint(0, 12)))
        elif kind < 0.85:  # exact binary fractions (rounding ties at 8 digits)
            vals.append(rng.randint(-10**6, 10**6) * 2.0 ** -rng.randint(1, 30))
        else:
            vals.append(float(rng.randint(-10**12, 10**12)))
    for v in vals:
        text = str(np.array([v], dtype=np.float64))[1:-1]
        lines.append('f8\t%r\t%s\n' % (v, text))
    with np.errstate(over="ignore"):
        fvals = [np.float32(v) for v in specials]
    for _ in range(1000):
        kind = rng.random()
        if kind < 0.5:
            f = np.frombuffer(rng.getrandbits(32).to_bytes(4, 'little'), dtype=np.float32)[0]
            if not np.isfinite(f):
                continue
            fvals.append(f)
        else:
            fvals.append(np.float32(round(rng.uniform(-1, 1) * 10.0 ** rng.randint(-6, 8),
                                          rng.randint(0, 9))))
    fvals += [np.float32(1e6), np.float32(999999.94), np.float32(1e-4), np.float32(16777217.0),
              np.float32(3.4028235e38), np.float32(1e-45), np.float32(1.17549435e-38)]
    for f in fvals:
        text = str(np.array([f], dtype=np.float32))[1:-1]
        lines.append('f4\t%r\t%s\n' % (float(f), text))
    with open(sys.argv[2], 'w') as out:
        out.write('# NumPy %s element text of str(np.array([v])); generated by '
                  'runtime/src/test/python/gen_format_cases.py\n' % np.__version__)
        out.writelines(lines)


if __name__ == '__main__':
    main()
