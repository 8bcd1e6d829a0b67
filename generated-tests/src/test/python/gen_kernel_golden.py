#!/usr/bin/env python3
"""Writes the numpy references of the generated kernels (issue 4). Tests read the files; they
never run Python. Deterministic: the same numpy version writes the same bytes.

Run from anywhere:  python3 generated-tests/src/test/python/gen_kernel_golden.py

golden/kernel_casts.txt -- astype between every pair of the nine types on edge values:
  cast|<src>|<value>|<dst>|<numpy result>|<flag>
  flag 'numpy'    : the Java result must equal numpy's.
  flag 'platform' : a floating-point value that is NaN, infinite or out of the integer target's
                    range after truncation. C leaves that cast undefined, so numpy's result
                    depends on the platform; the test asserts Java's documented narrowing cast.
  flag 'float32:<value>' : a float64 cast to float16 whose direct rounding (numpy) differs from
                    rounding to float32 first. ndprim's user types see a double as (float) d, so
                    the test expects the value after; it is computed here with numpy too.

golden/kernel_reductions.txt -- sum/min/max/argmin/argmax of the eight numeric types, and
min/max/argmin/argmax of Boolean (numpy orders False < True; ndprim has no boolean sum), over the
whole array and per axis, on the array and on views of it:
  data|<type>|<case>|<shape>|<values in C order>
  red|<type>|<case>|<view>|<op>|<axis or *>|<result shape>|<result values, or error text>
  view: '' (the array), 'T' (transpose), or a basic-indexing spec applied with slice(String).
  Sums are numpy's in float64 (ndprim accumulates floating types in double); the data are
  multiples of 1/4 small enough that every sum is exact whatever the order of additions, so
  numpy's pairwise summation and ndprim's sequential one agree. -0.0 and 0.0 are not mixed in
  the reduction data (which of them numpy's min/max returns depends on the dtype's loop).

Values: booleans True/False, integers in decimal, floating values as float.hex() (exact), or nan,
inf, -inf.
"""
import os
import sys

import numpy as np

GOLDEN = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'resources', 'golden')

# ndprim name -> numpy dtype
TYPES = [
    ('Boolean', np.bool_), ('Byte', np.int8), ('Short', np.int16), ('Char', np.uint16),
    ('Int', np.int32), ('Long', np.int64), ('Float', np.float32), ('Double', np.float64),
    ('Float16', np.float16),
]
DTYPE = dict(TYPES)

I64_MIN, I64_MAX = -2 ** 63, 2 ** 63 - 1
I32_MIN, I32_MAX = -2 ** 31, 2 ** 31 - 1

FLOAT_EDGES = [float('nan'), float('inf'), float('-inf'), -0.0, 0.0, 0.5, -0.5, 1.5, -1.5,
               2.5, -2.5, 0.1, 127.9, 128.0, -128.99, 200.5, -200.5, 255.75, 256.0, 32767.5,
               -32768.75, 65504.0, -65504.0, 65519.0, 65520.0, 65535.5, 65536.0, 1e10, -1e10,
               2.0 ** 31, -2.0 ** 31, 2.0 ** 31 + 2 ** 8, 2.0 ** 63, -2.0 ** 63, 3e38, -3e38,
               2.0 ** -24, 2.0 ** -25, 1.4e-45, 16777217.0]
EDGES = {
    'Boolean': [False, True],
    'Byte': [-128, -1, 0, 1, 127],
    'Short': [-32768, -129, -128, -1, 0, 1, 127, 128, 255, 256, 32767],
    'Char': [0, 1, 127, 128, 255, 256, 32767, 32768, 65519, 65520, 65535],
    'Int': [I32_MIN, -32769, -1, 0, 1, 255, 65535, 65536, 16777217, I32_MAX],
    'Long': [I64_MIN, I32_MIN - 1, -65520, -1, 0, 1, 65519, 65520, 2 ** 24 + 1, 2 ** 31,
             2 ** 53 + 1, 2 ** 62 + 2 ** 38 + 1, I64_MAX],
    'Float': FLOAT_EDGES,
    'Double': FLOAT_EDGES + [1e300, -1e300, 5e-324, 2.0 ** 52 + 1, 2.0 ** 24 + 1,
                             # direct float16 rounding differs from rounding to float32 first:
                             1 + 2.0 ** -11 + 2.0 ** -40, 2049.0 + 2.0 ** -30],
    'Float16': [float('nan'), float('inf'), float('-inf'), -0.0, 0.0, 0.5, 1.5, -2.5, 0.1,
                127.9, 200.5, -200.5, 65504.0, -65504.0, 2.0 ** -24, 2049.0],
}
INTEGRAL = {'Byte', 'Short', 'Char', 'Int', 'Long'}
FLOATING = {'Float', 'Double', 'Float16'}


def fmt(value, name):
    """One value of ndprim type `name` in the golden notation."""
    if name == 'Boolean':
        return 'True' if bool(value) else 'False'
    if name in INTEGRAL:
        return str(int(value))
    v = float(value)
    if v != v:
        return 'nan'
    if v in (float('inf'), float('-inf')):
        return 'inf' if v > 0 else '-inf'
    return v.hex()


def cast_rows():
    rows = []
    with np.errstate(all='ignore'):  # invalid and overflowing casts are cases under test
        for src, sdt in TYPES:
            source = np.array(EDGES[src], dtype=sdt)
            for dst, ddt in TYPES:
                result = source.astype(ddt)
                for x, y in zip(source, result):
                    flag = 'numpy'
                    if src in FLOATING and dst in INTEGRAL:
                        info = np.iinfo(ddt)
                        xf = float(x)
                        if xf != xf or xf in (float('inf'), float('-inf')) \
                                or not info.min <= int(xf) <= info.max:
                            flag = 'platform'
                    if src == 'Double' and dst == 'Float16':
                        twice = np.float16(np.float32(x))
                        if fmt(twice, dst) != fmt(y, dst):
                            flag = 'float32:' + fmt(twice, dst)
                    rows.append('cast|%s|%s|%s|%s|%s' % (src, fmt(x, src), dst, fmt(y, dst), flag))
    return rows


def reduction_cases(name, rng):
    """(case, array) pairs for one type: random data plus edge arrays."""
    dt = DTYPE[name]
    cases = []
    if name == 'Boolean':
        cases.append(('small', rng.integers(0, 2, size=(3, 4, 5)).astype(dt)))
        ties = np.array([[1, 0, 0, 1], [1, 1, 1, 1], [0, 0, 0, 0]], dtype=dt)
        cases.append(('ties', ties))
    elif name in INTEGRAL:
        info = np.iinfo(dt)
        lo, hi = max(info.min, -1000), min(info.max, 1000)
        cases.append(('small', rng.integers(lo, hi + 1, size=(3, 4, 5)).astype(dt)))
        full = rng.integers(info.min, info.max, size=(4, 6), endpoint=True, dtype=np.int64)
        full[0, 0], full[1, 1], full[2, 2] = info.min, info.max, info.max
        cases.append(('full', full.astype(dt)))
        ties = np.array([[3, 1, 1, 7], [7, 7, 1, 3], [2, 2, 2, 2]], dtype=dt)
        cases.append(('ties', ties))
    else:
        grid = rng.integers(-400, 401, size=(3, 4, 5)) / 4.0
        cases.append(('small', grid.astype(dt)))
        nan = (rng.integers(-40, 41, size=(4, 6)) / 4.0).astype(dt)
        nan[1, 2] = nan[1, 4] = nan[3, 0] = np.nan
        nan[0, 5] = np.inf
        nan[2, 1] = -np.inf
        cases.append(('nan', nan))
        infs = np.array([[np.inf, -np.inf, 1.0], [-np.inf, 2.0, np.inf]], dtype=dt)
        cases.append(('infs', infs))
        ties = np.array([[3, 1, 1, 7], [7, 7, 1, 3], [-0.5, -0.5, 2, 2]], dtype=dt)
        cases.append(('ties', ties))
    cases.append(('vector', (np.arange(7, dtype=np.int64) * 3 % 7).astype(dt)))
    cases.append(('scalar', np.array(5, dtype=dt)))
    cases.append(('empty0', np.zeros((0, 3), dtype=dt)))
    cases.append(('empty1', np.zeros((3, 0), dtype=dt)))
    if name == 'Long':
        cases.append(('wraps', np.array([I64_MAX, 1, I64_MAX, I64_MAX], dtype=dt)))
    return cases


VIEWS_BY_RANK = {
    0: [''],
    1: ['', '::-1', '1::2'],
    2: ['', 'T', '::-1, ::2', '1:, ::-1'],
    3: ['', 'T', '::-1, :, ::2', '1:, ::-1, 1:4'],
}


def apply_view(a, view):
    if view == '':
        return a
    if view == 'T':
        return a.T
    return eval('a[%s]' % view)  # the specs above are plain basic indexing


def reduce(a, op, axis):
    """numpy's result of one reduction as (shape, values) or raises ValueError."""
    kw = {} if axis is None else {'axis': axis}
    if op == 'sum':
        wide = a.astype(np.float64 if a.dtype.kind == 'f' else np.int64)
        r = np.asarray(wide.sum(**kw))
    else:
        r = np.asarray(getattr(a, op)(**kw))
    return r.shape, r.reshape(-1)


def reduction_rows(rng, boolean_rng):
    """Boolean draws from its own generator, so the numeric types' data do not depend on it."""
    rows = []
    np.seterr(invalid='ignore')  # inf + -inf in the sums of the 'infs' case is a case under test
    for name, dt in TYPES:
        ops = ('min', 'max', 'argmin', 'argmax') if name == 'Boolean' \
            else ('sum', 'min', 'max', 'argmin', 'argmax')
        for case, a in reduction_cases(name, boolean_rng if name == 'Boolean' else rng):
            shape = ','.join(str(d) for d in a.shape)
            rows.append('data|%s|%s|%s|%s' % (name, case, shape,
                                             ' '.join(fmt(v, name) for v in a.reshape(-1))))
            for view in VIEWS_BY_RANK[a.ndim]:
                v = apply_view(a, view)
                for op in ops:
                    for axis in [None] + list(range(v.ndim)) + ([-1] if v.ndim else []):
                        try:
                            rshape, values = reduce(v, op, axis)
                            out_type = {'sum': 'Double' if name in FLOATING else 'Long',
                                        'argmin': 'Long', 'argmax': 'Long'}.get(op, name)
                            text = ' '.join(fmt(x, out_type) for x in values)
                            result = '%s|%s' % (','.join(str(d) for d in rshape), text)
                        except ValueError as e:
                            result = 'error|%s' % e
                        rows.append('red|%s|%s|%s|%s|%s|%s' % (
                            name, case, view, op, '*' if axis is None else axis, result))
    return rows


def write(name, header, rows):
    path = os.path.join(GOLDEN, name)
    os.makedirs(GOLDEN, exist_ok=True)
    with open(path, 'w', newline='\n') as out:
        out.write('# %s; numpy %s; generated by gen_kernel_golden.py\n' % (header, np.__version__))
        out.write('\n'.join(rows) + '\n')
    print('wrote %d rows to %s' % (len(rows), os.path.normpath(path)), file=sys.stderr)


def main():
    write('kernel_casts.txt', 'astype between the nine ndprim types', cast_rows())
    write('kernel_reductions.txt', 'sum/min/max/argmin/argmax, whole and per axis',
          reduction_rows(np.random.default_rng(20261130), np.random.default_rng(20261201)))


if __name__ == '__main__':
    main()
