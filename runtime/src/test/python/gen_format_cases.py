#!/usr/bin/env python3
"""Generates NumPy golden text for ndprim's NdFormat and Formats (numpy str() of arrays).

    python3 runtime/src/test/python/gen_format_cases.py runtime/src/test/resources/golden

needs numpy 2.x and ml_dtypes; seeded, so the output is the same on every run (the .gz files
carry no time stamp). It writes into the golden directory:

format_cases.txt (NdFormat.format, words aligned from their text): blocks of

    === <dtype> <shape> <values>
    <str(array), one or more lines>

where <dtype> is int64, bool, float64, float32 or uint16; <shape> a Python tuple without
spaces, e.g. (2,3,4); <values> either 'arange' (np.arange(size).reshape(shape)), 'arangeT'
(np.arange(size).reshape(reversed(shape)).T, a non-contiguous view) or the C-order element
values separated by spaces (Python repr: 1.5, nan, -inf, True). Float arrays are only emitted
when NumPy's per-array choice of scientific notation agrees with the per-element one.

float_elements.txt: lines "<f8|f4>\t<value repr>\t<text>" where <text> is the element text of
str(np.array([value], dtype)) -- what Formats.formatDouble/formatFloat must return.

The exact forms (NdFormat.formatFloats/formatComplex/formatUnaligned), gzipped, one header
comment line each:

float_arrays.txt.gz, complex_arrays.txt.gz, bfloat16_arrays.txt.gz: blocks of

    === <code> <shape> <values>
    <str(array)>

<code> is f2, f4, f8 (float16/32/64), c8, c16 (complex64/128) or bf16 (ml_dtypes.bfloat16);
<values> are the bit patterns in hex of the elements numpy shows, in C order: all of them, or
numpy's summarised corners (_leading_trailing) when the size exceeds 1000; complex elements as
<real>,<imag>; or 'seq:<start hex>:<step>' for the bit patterns start, start + step, ...

float_scalars.txt.gz: lines "<f4|f8>\t<hex>\t<str(scalar)>\t<element text of a 1-element array>".
float16_all.txt.gz: line i is "<str(np.float16 with bits i)>\t<its 1-element array element text>".
general_cases.txt.gz: lines "<p>\t<hex of a double>\t<'%.<p>g' % value>" (C's %g).
"""

import gzip
import io
import os
import random
import sys

import ml_dtypes
import numpy as np
from numpy._core.arrayprint import _leading_trailing

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


def legacy_cases(format_cases_path, float_elements_path):
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

    with open(format_cases_path, 'w') as out:
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
    with open(float_elements_path, 'w') as out:
        out.write('# NumPy %s element text of str(np.array([v])); generated by '
                  'runtime/src/test/python/gen_format_cases.py\n' % np.__version__)
        out.writelines(lines)



# ---------------------------------------------------------------------------------------------
# Exact float, complex and bfloat16 printing (NdFormat.formatFloats / formatComplex /
# formatUnaligned, Formats.format / formatComplex / formatGeneral).

FLOAT_TYPES = {'f2': (np.float16, np.uint16, 4), 'f4': (np.float32, np.uint32, 8),
               'f8': (np.float64, np.uint64, 16)}
COMPLEX_TYPES = {'c8': 'f4', 'c16': 'f8'}


def hexbits(values, code):
    """The bit patterns of a float array (any shape), C order, as fixed-width hex."""
    ftype, utype, width = FLOAT_TYPES[code]
    bits = np.ascontiguousarray(values, dtype=ftype).ravel().view(utype)
    return ['%0*x' % (width, int(b)) for b in bits]


def shown(a):
    """The elements numpy formats (its summarised corners when size > 1000), C order."""
    if a.size > 1000:
        return _leading_trailing(a, 3).ravel()
    return a.ravel()


def gz_writer(path):
    raw = open(path, 'wb')
    return raw, io.TextIOWrapper(gzip.GzipFile(filename='', mode='wb', fileobj=raw, mtime=0),
                                 encoding='utf-8', newline='\n')


def write_gz(path, header, chunks):
    raw, out = gz_writer(path)
    with raw, out:
        out.write('# NumPy %s, ml_dtypes %s: %s; generated by '
                  'runtime/src/test/python/gen_format_cases.py\n'
                  % (np.__version__, ml_dtypes.__version__, header))
        for c in chunks:
            out.write(c)


def seq_block(code, start, a, step=1):
    """A block whose shown elements are the bit patterns start, start + step, ..."""
    return '=== %s %s seq:%x:%d\n%s\n' % (code, tuple_text(a.shape), start, step, str(a))


def float_block(code, a):
    return '=== %s %s %s\n%s\n' % (code, tuple_text(a.shape), ' '.join(hexbits(shown(a), code)),
                                   str(a))


def complex_block(code, a):
    part = COMPLEX_TYPES[code]
    s = shown(a)
    re, im = hexbits(s.real, part), hexbits(s.imag, part)
    return '=== %s %s %s\n%s\n' % (code, tuple_text(a.shape),
                                   ' '.join(r + ',' + i for r, i in zip(re, im)), str(a))


def random_shape(rng):
    rank = rng.choices([0, 1, 2, 3], weights=[8, 55, 25, 12])[0]
    if rank == 1 and rng.random() < 0.15:
        return (rng.randint(1, 30),)
    dims = [rng.choices(range(0, 7), weights=[1, 14, 14, 10, 7, 4, 3])[0] for _ in range(rank)]
    return tuple(dims)


def random_values(rng, nrng, code, n):
    """n values of one random kind, mixed magnitudes, as float64 (cast by the caller)."""
    ftype = FLOAT_TYPES[code][0]
    info = np.finfo(ftype)
    lo10 = int(np.floor(np.log10(float(info.smallest_subnormal))))
    hi10 = int(np.floor(np.log10(float(info.max))))
    kind = rng.choices(['normal', 'mixed', 'rounded', 'integers', 'bits', 'pow2', 'subnormal',
                        'decimal', 'repeat', 'near'],
                       weights=[14, 18, 12, 8, 12, 8, 5, 10, 3, 10])[0]
    if kind == 'normal':
        scale = 10.0 ** rng.randint(max(lo10, -12), min(hi10, 12))
        v = nrng.normal(size=n) * scale
    elif kind == 'mixed':
        v = 10.0 ** nrng.uniform(max(lo10, -30), min(hi10, 30), size=n)
        v *= nrng.choice([-1.0, 1.0], size=n)
    elif kind == 'rounded':
        v = np.round(nrng.normal(size=n) * 10.0 ** rng.randint(-2, 5), rng.randint(0, 6))
    elif kind == 'integers':
        v = nrng.integers(-10 ** rng.randint(1, 9), 10 ** rng.randint(1, 9), size=n).astype(float)
    elif kind == 'bits':
        utype, width = FLOAT_TYPES[code][1], FLOAT_TYPES[code][2]
        bits = nrng.integers(0, 2 ** (4 * width), size=n, dtype=np.uint64).astype(utype)
        v = bits.view(ftype).astype(np.float64)
        v[~np.isfinite(v)] = 1.0
    elif kind == 'pow2':
        lo2, hi2 = int(np.log2(float(info.smallest_subnormal))), int(info.maxexp) - 1
        v = np.ldexp(1.0, nrng.integers(lo2, hi2 + 1, size=n))
        if rng.random() < 0.5:
            v = v * nrng.choice([-1.0, 1.0], size=n)
    elif kind == 'subnormal':
        tiny = float(info.smallest_subnormal)
        v = nrng.integers(1, 2 ** min(info.nmant, 30), size=n).astype(float) * tiny
    elif kind == 'decimal':
        e = rng.randint(-7, 9)
        v = np.array([round(rng.uniform(-1, 1) * 10.0 ** e, rng.randint(0, 10)) for _ in range(n)])
    elif kind == 'repeat':
        v = np.full(n, rng.choice([1.0, 0.1, 1e-5, 1e8, 123.456, 2.0 ** 87, 1 / 3]))
    else:  # values around the notation thresholds
        centers = [1e-4, 1e3, 1e6, 1e8, 1e16, 1000.0, 0.1]
        c = rng.choice(centers)
        v = c * (1 + nrng.normal(size=n) * 10.0 ** rng.randint(-8, -1))
    return v


def random_float_array(rng, nrng, code, shape=None):
    ftype = FLOAT_TYPES[code][0]
    shape = random_shape(rng) if shape is None else shape
    n = int(np.prod(shape)) if shape else 1
    v = random_values(rng, nrng, code, n)
    if rng.random() < 0.3:  # a second kind mixed in
        w = random_values(rng, nrng, code, n)
        mask = nrng.random(n) < 0.5
        v = np.where(mask, v, w)
    if rng.random() < 0.3 and n > 0:
        for _ in range(rng.randint(1, 3)):
            v[rng.randrange(n)] = rng.choice([float('nan'), float('inf'), float('-inf'),
                                               0.0, -0.0])
    with np.errstate(over='ignore', under='ignore', invalid='ignore'):
        return v.astype(ftype).reshape(shape)


BIG_SHAPES = [(1000,), (1001,), (2000,), (7, 150), (10, 10, 11), (3, 400), (1001, 1), (1, 1001),
              (6, 6, 30), (4, 260), (2, 3, 200), (12, 100), (5, 201), (33, 33), (2, 2, 2, 130)]


def float_arrays(rng, nrng):
    blocks = []
    for code in ['f2', 'f4', 'f8']:
        ftype = FLOAT_TYPES[code][0]
        for _ in range(2000):
            blocks.append(float_block(code, random_float_array(rng, nrng, code)))
        for shape in BIG_SHAPES:
            for _ in range(3):
                a = random_float_array(rng, nrng, code, shape)
                blocks.append(float_block(code, a))
            # the middle holds an outlier that numpy ignores (only the corners count)
            a = random_float_array(rng, nrng, code, shape).ravel()
            with np.errstate(over='ignore'):
                a[a.size // 2] = ftype(1e30 if code != 'f2' else 60000.0)
                a[a.size // 2 + 1] = ftype(1e-30 if code != 'f2' else 1e-7)
            blocks.append(float_block(code, a.reshape(shape)))
        # named cases and hand-picked arrays
        nan, inf = float('nan'), float('inf')
        for vals in [[1e-5, 1.0], [1.0, 10000.0], [1.0, 1000.0], [999.0, 1.5], [1000.0, 1.5],
                     [999999.0, 1.5], [1e6, 1.5], [1e8, 1.5], [nan, inf], [nan, -inf],
                     [nan, -inf, 1e10], [-0.0, 0.0], [-0.0], [0.0, 0.0], [nan], [inf], [-inf],
                     [1e-4, 0.5], [2.0 ** 87], [2.0 ** 90], [2.0 ** -96], [2.0 ** 87, 1.0],
                     [0.1, 1e-5], [1e-5, 0.123456789], [65504.0, -65504.0], [6e-8, 1.0],
                     [1.5, nan, 10.25], [0.0, 1e9], [-0.0, 1e9, nan], [1e300, 1e-300],
                     [5e-324, 1.0], [1.7976931348623157e308, -inf]]:
            with np.errstate(over='ignore', under='ignore'):
                blocks.append(float_block(code, np.array(vals).astype(ftype)))
        for v in [1.0, -0.0, 0.0, nan, inf, -inf, 1e-5, 1e16, 2.0 ** 87, 65504.0, 1e-4, 0.1]:
            with np.errstate(over='ignore'):
                blocks.append(float_block(code, np.array(v).astype(ftype)))
    # every float16 bit pattern, eight consecutive ones per array
    allhalf = np.arange(65536, dtype=np.uint16).view(np.float16)
    for i in range(0, 65536, 8):
        blocks.append(seq_block('f2', i, allhalf[i:i + 8]))
    blocks.append(float_block('f2', allhalf.reshape(256, 256)))
    # float32 powers of two, 2^-149 .. 2^127, in runs of four
    pows = np.ldexp(np.float32(1), np.arange(-149, 128)).astype(np.float32)
    for i in range(0, pows.size, 4):
        blocks.append(float_block('f4', pows[i:i + 4]))
    pows = np.ldexp(1.0, np.arange(-1074, 1024))
    for i in range(0, pows.size, 8):
        blocks.append(float_block('f8', pows[i:i + 8]))
    return blocks


def scalar_lines(rng, nrng):
    """'<code>\t<hex>\t<str(scalar)>\t<element text of str(np.array([x]))>' lines."""
    lines = []

    def add(code, x):
        h = hexbits(np.array([x]), code)[0]
        lines.append('%s\t%s\t%s\t%s\n' % (code, h, str(x), str(np.array([x]))[1:-1]))

    for code, lo, hi in [('f4', -149, 128), ('f8', -1074, 1024)]:
        ftype = FLOAT_TYPES[code][0]
        for k in range(lo, hi):
            p = ftype(np.ldexp(ftype(1), k))
            for x in [p, -p, np.nextafter(p, ftype(0)), np.nextafter(p, ftype(np.inf))]:
                if np.isfinite(x):
                    add(code, ftype(x))
        utype, width = FLOAT_TYPES[code][1], FLOAT_TYPES[code][2]
        bits = nrng.integers(0, 2 ** (4 * width), size=5000, dtype=np.uint64).astype(utype)
        for x in bits.view(ftype):
            add(code, x)
        for _ in range(2000):
            e = rng.randint(-10, 20)
            add(code, ftype(round(rng.uniform(-1, 1) * 10.0 ** e, rng.randint(0, 12))))
        for v in [1e-4, 1e3, 1e6, 1e8, 1e16, 9.999999e-5, 999999.94, 99999999.0, 1e15, 1e17,
                  0.1, 1 / 3, 123456789.0]:
            with np.errstate(over='ignore'):
                x = ftype(v)
            add(code, x)
            add(code, np.nextafter(x, ftype(0)))
            add(code, np.nextafter(x, ftype(np.inf)))
    return lines


def float16_lines():
    """Line i: str(np.float16 with bits i), tab, the element text of str(np.array([it]))."""
    return ['%s\t%s\n' % (str(x), str(np.array([x]))[1:-1])
            for x in np.arange(65536, dtype=np.uint16).view(np.float16)]


def complex_arrays(rng, nrng):
    blocks = []
    nan, inf = float('nan'), float('inf')
    for code, part in COMPLEX_TYPES.items():
        ctype = np.complex64 if code == 'c8' else np.complex128
        for i in range(1000):
            shape = random_shape(rng) if i >= 40 else (rng.randint(1, 4),) if i >= 20 else ()
            re = random_float_array(rng, nrng, part, shape)
            im = random_float_array(rng, nrng, part, shape)
            if rng.random() < 0.2:
                im = np.zeros_like(im)
            if rng.random() < 0.1:
                re = np.zeros_like(re) * rng.choice([1.0, -1.0])
            a = np.empty(shape, ctype)
            a.real, a.imag = re, im  # exact parts (re + 1j * inf would make a nan)
            blocks.append(complex_block(code, a))
        for shape in BIG_SHAPES[:6]:
            a = np.empty(shape, ctype)
            a.real = random_float_array(rng, nrng, part, shape)
            a.imag = random_float_array(rng, nrng, part, shape)
            blocks.append(complex_block(code, a))
        for pairs in [[(1, 2), (0, -1)], [(nan, nan), (-0.0, -0.0)], [(1, nan), (inf, 2.5)],
                      [(1, 2), (-1.5e-5, 3), (nan, 1), (nan, -inf)], [(0, 0)], [(-0.0, 0.0)],
                      [(1e20, -1e-20)], [(inf, -inf)], [(1.5, 0)], [(0, nan)], [(0, inf)],
                      [(nan, 0)], [(-inf, -0.0)], [(2.0 ** 87, 2.0 ** -96)], [(1, 0), (1e-5, 1)]]:
            for rank0 in [False, True] if len(pairs) == 1 else [False]:
                a = np.empty(() if rank0 else (len(pairs),), ctype)
                a.ravel()[...] = 0
                flat = a.reshape(-1)
                for j, (r, m) in enumerate(pairs):
                    flat[j] = ctype(complex(r, 0))
                    flat.real[j], flat.imag[j] = r, m
                blocks.append(complex_block(code, a))
    return blocks


def bfloat16_arrays(rng, nrng):
    bf16 = ml_dtypes.bfloat16

    def block(a):
        bits = np.ascontiguousarray(shown(a)).view(np.uint16)
        return '=== bf16 %s %s\n%s\n' % (tuple_text(a.shape),
                                         ' '.join('%04x' % int(b) for b in bits), str(a))

    blocks = []
    for i in range(1000):
        shape = random_shape(rng)
        n = int(np.prod(shape)) if shape else 1
        v = random_values(rng, nrng, 'f4', n)
        if rng.random() < 0.3:
            v = nrng.integers(0, 65536, size=n).astype(np.uint16).view(bf16).astype(np.float64)
        with np.errstate(over='ignore', invalid='ignore'):
            blocks.append(block(v.astype(bf16).reshape(shape)))
    for shape in BIG_SHAPES[:6]:
        v = random_values(rng, nrng, 'f4', int(np.prod(shape)))
        with np.errstate(over='ignore'):
            blocks.append(block(v.astype(bf16).reshape(shape)))
    # every fifth bit pattern, sixteen per array
    allbf = np.arange(65536, dtype=np.uint16).view(bf16)
    for i in range(0, 65536, 80):
        blocks.append(seq_block('bf16', i, allbf[i:i + 80:5], 5))
    blocks.append(block(np.array([1, 2.5]).astype(bf16)))
    blocks.append(block(np.array(2.5).astype(bf16)))
    return blocks


def general_lines(rng, nrng):
    """'<precision>\t<hex of a double>\t<'%.<precision>g' % value>' lines (C's %g)."""
    lines = []
    values = [0.0, -0.0, float('inf'), float('-inf'), 0.1, 300.0, 2.0 ** 87, 1e-5, 1e-4, 1e-5,
              9.99995e-5, 0.000099999, 999999.5, 999999.4, 1e6, 123456.5, 0.5, 2.5, 1e100,
              5e-324, 1.7976931348623157e308]
    values += list(nrng.integers(0, 2 ** 64, size=3000, dtype=np.uint64).view(np.float64))
    values += [round(rng.uniform(-1, 1) * 10.0 ** rng.randint(-8, 12), rng.randint(0, 10))
               for _ in range(2000)]
    values += [rng.randint(-10 ** 8, 10 ** 8) * 2.0 ** -rng.randint(0, 30) for _ in range(1000)]
    for v in values:
        v = float(v)
        if v != v:
            continue
        for p in ([6] if rng.random() < 0.5 else [6, rng.randint(0, 17)]):
            h = '%016x' % np.array([v]).view(np.uint64)[0]
            lines.append('%d\t%s\t%s\n' % (p, h, '%.*g' % (p, v)))
    return lines


def main():
    if len(sys.argv) != 2:
        sys.exit('usage: gen_format_cases.py GOLDEN_DIR')
    d = sys.argv[1]
    np.seterr(all='ignore')
    legacy_cases(os.path.join(d, 'format_cases.txt'), os.path.join(d, 'float_elements.txt'))
    rng = random.Random(SEED + 1)
    nrng = np.random.default_rng(SEED + 1)
    write_gz(os.path.join(d, 'float_arrays.txt.gz'), 'str() of float16/32/64 arrays',
             float_arrays(rng, nrng))
    write_gz(os.path.join(d, 'float_scalars.txt.gz'),
             'str() of float scalars and the element of a 1-element array', scalar_lines(rng, nrng))
    write_gz(os.path.join(d, 'float16_all.txt.gz'),
             'line i: str() of the float16 with bits i, tab, its element text in a 1-element array',
             float16_lines())
    write_gz(os.path.join(d, 'complex_arrays.txt.gz'), 'str() of complex64/128 arrays',
             complex_arrays(rng, nrng))
    write_gz(os.path.join(d, 'bfloat16_arrays.txt.gz'), 'str() of ml_dtypes.bfloat16 arrays',
             bfloat16_arrays(rng, nrng))
    write_gz(os.path.join(d, 'general_cases.txt.gz'), "C's %.<p>g of doubles (Python's %-format)",
             general_lines(rng, nrng))


if __name__ == '__main__':
    main()
