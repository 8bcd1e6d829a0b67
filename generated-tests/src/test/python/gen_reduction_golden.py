#!/usr/bin/env python3
"""Writes golden/reduction_cases.txt.gz: NumPy's reductions over several axes and accumulations
(np.sum, prod, min, max, mean, var, std, any, all, count_nonzero, argmin, argmax, cumsum, cumprod)
for ReductionGoldenTest. The tests never run Python.

    python3 generated-tests/src/test/python/gen_reduction_golden.py

Data (not stored; ReductionGoldenTest makes the same): floating dtypes take gen_sum_golden.py's
data() (one rounding to the dtype), integer dtypes the low bits of gen_mean_golden.py's raw()
(numpy's astype from uint64 wraps), bool the lowest bit. Layouts: '' (the C-contiguous array),
'T' (its transpose), a basic-indexing spec as ndprim's slice(String) reads it (strided, reversed),
'B' (an array of the shape without its first axis, broadcast to the shape). Shapes include rank
0 and empty ones. Each line:

    <ndprim type>|<seed>|<shape>|<view>|<op>|<axes or *>|<keepdims 0/1>|<result dtype.str, without a leading '|'>|
    <result shape>|<results>|<tolerance>

op: sum prod min max mean var var1 (ddof=1) std std1 any all count argmin argmax cumsum cumprod.
results: float.hex for floating results, decimal integers (uint64 unsigned), 0/1 for bool; or
'!' followed by NumPy's error message. tolerance: a bound (float.hex) for floating results whose
order of operations NumPy may choose differently from ndprim on layouts other than C-contiguous:
eps * (log2(n) + 2) * sum|x| per result for sums and means (a pairwise sum's error bound),
eps * (n + 2) * |result| for products, a relative 1e-5 (float64: 1e-13) for var and std; the
Java test holds C-contiguous arrays to bit-for-bit equality regardless.
"""
import gzip
import math
import os
import sys
import warnings

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen_sum_golden import GOLDEN, data  # noqa: E402
from gen_mean_golden import raw  # noqa: E402

TYPES = (('Double', np.float64), ('Float', np.float32), ('Float16', np.float16),
         ('Byte', np.int8), ('Short', np.int16), ('Char', np.uint16), ('Int', np.int32),
         ('Long', np.int64), ('UInt8', np.uint8), ('UInt16', np.uint16), ('UInt32', np.uint32),
         ('UInt64', np.uint64), ('Boolean', np.bool_))

OPS = ('sum', 'prod', 'min', 'max', 'mean', 'var', 'var1', 'std', 'std1', 'any', 'all', 'count',
       'argmin', 'argmax', 'cumsum', 'cumprod')

# (shape, views, axis sets); '*' is every axis
CASES = (
    ((), ('',), ('*',)),
    ((7,), ('', '::-2'), ('*', (0,), (-1,))),
    ((0,), ('',), ('*', (0,))),
    ((5, 37), ('', 'T', '::2, ::-3', 'B'), ('*', (0,), (1,), (0, 1), (-1,), (1, 0))),
    ((3, 0), ('',), ('*', (0,), (1,))),
    ((3, 4, 20), ('', ':, ::-1, 1::2', 'T', 'B'),
     ('*', (0,), (1,), (2,), (0, 2), (1, 2), (0, 1), (-1, 0))),
    ((2, 3, 700), ('',), ('*', (2,), (0, 2), (1, 2), (0, 1))),
)


def values(seed, n, dtype):
    if np.issubdtype(dtype, np.floating):
        return data(seed, n, dtype)
    r = raw(seed, n)
    if dtype == np.bool_:
        return (r & np.uint64(1)).astype(np.bool_)
    return r.astype(dtype)


def make(seed, shape, spec, dtype):
    if spec == 'B':
        base = values(seed, int(np.prod(shape[1:])), dtype).reshape(shape[1:])
        return np.broadcast_to(base, shape)
    a = values(seed, int(np.prod(shape)), dtype).reshape(shape)
    if spec == '':
        return a
    if spec == 'T':
        return a.T
    return eval('a[' + spec + ']', {'a': a})


def fmt(r):
    r = np.asarray(r)
    flat = r.ravel()
    if r.dtype == np.bool_:
        return ' '.join('1' if v else '0' for v in flat)
    if np.issubdtype(r.dtype, np.integer):
        return ' '.join(str(int(v)) for v in flat)
    return ' '.join(float(v).hex() for v in flat)


def compute(op, v, axis, keep):
    ax = None if axis == '*' else axis
    if op in ('argmin', 'argmax'):
        return getattr(np, op)(v, axis=ax, keepdims=keep)
    if op in ('cumsum', 'cumprod'):
        return getattr(np, op)(v, axis=ax)
    if op == 'count':
        return np.asarray(np.count_nonzero(v, axis=ax, keepdims=keep), dtype=np.int64)
    if op in ('var1', 'std1'):
        return getattr(np, op[:3])(v, axis=ax, ddof=1, keepdims=keep)
    return getattr(np, op)(v, axis=ax, keepdims=keep)


def tolerance(op, v, axis, r):
    if not np.issubdtype(np.asarray(r).dtype, np.floating):
        return 0.0
    eps = float(np.finfo(np.asarray(r).dtype).eps)
    ax = None if axis == '*' else axis
    x = np.abs(v.astype(np.float64))
    n = max(1, v.size // max(1, np.asarray(r).size)) if op not in ('cumsum', 'cumprod') else 1
    rr = np.abs(np.asarray(r, dtype=np.float64))
    if op == 'sum' or op == 'mean':
        s = np.sum(x, axis=ax) if v.size else 0.0
        t = eps * (math.log2(n) + 2) * np.max(s, initial=0.0)
        return t / n if op == 'mean' else t
    if op == 'prod':
        return eps * (n + 2) * float(np.max(rr, initial=0.0))
    if op.startswith('var') or op.startswith('std'):
        rel = 1e-13 if np.asarray(r).dtype == np.float64 else 1e-5 if np.asarray(r).dtype == np.float32 else 5e-2
        return rel * float(np.max(rr[np.isfinite(rr)], initial=0.0)) if rr.size else 0.0
    return 0.0


def main():
    lines = ['# ReductionGoldenTest cases; written by gen_reduction_golden.py with numpy '
             + np.__version__]
    seed = 1
    warnings.simplefilter('ignore')
    for name, dtype in TYPES:
        for shape, views, axes_sets in CASES:
            for spec in views:
                seed += 1
                v = make(seed, shape, spec, dtype)
                for axes in axes_sets:
                    for op in OPS:
                        if op in ('argmin', 'argmax', 'cumsum', 'cumprod') and axes != '*' and len(axes) != 1:
                            continue
                        if dtype == np.bool_ and op not in ('min', 'max', 'argmin', 'argmax', 'any',
                                                            'all', 'count'):
                            continue  # ndprim's BooleanNdArray has no arithmetic (README)
                        if op in ("cumsum", "cumprod") and v.size > 250:
                            continue
                        if v.size > 2000 and op not in ('sum', 'mean', 'var', 'std1'):
                            continue
                        keep = (seed + len(op)) % 2 == 1 and op not in ('cumsum', 'cumprod')
                        axis = axes if axes == '*' else (axes[0] if op in ('argmin', 'argmax', 'cumsum', 'cumprod') else axes)
                        try:
                            r = np.asarray(compute(op, v, axis, keep))
                            result = fmt(r)
                            rdtype = r.dtype.str.lstrip('|')
                            rshape = ','.join(str(d) for d in r.shape)
                            tol = float(tolerance(op, v, axis, r)).hex()
                        except (ValueError, IndexError) as e:
                            result = '!' + str(e)
                            rdtype = rshape = ''
                            tol = '0x0.0p+0'
                        ax = '*' if axes == '*' else ','.join(str(a) for a in axes)
                        lines.append('|'.join((name, str(seed), ','.join(str(d) for d in shape),
                                               spec, op, ax, '1' if keep else '0', rdtype, rshape,
                                               result, tol)))
    path = os.path.join(GOLDEN, 'reduction_cases.txt.gz')
    with gzip.GzipFile(path, 'wb', mtime=0) as f:
        f.write(('\n'.join(lines) + '\n').encode('utf-8'))
    print(len(lines) - 1, 'cases ->', path)


if __name__ == '__main__':
    main()
