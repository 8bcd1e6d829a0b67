#!/usr/bin/env python3
"""Writes golden/reduction_long_runs.txt.gz: NumPy's sums, means, variances and standard
deviations over runs longer than one buffer of NumPy's iterator (8192 elements) and longer than
one of ndprim's carrier parts (2^17 elements), for ReductionGoldenTest. The tests never run
Python.

    python3 generated-tests/src/test/python/gen_reduction_long_golden.py

Why: where NumPy casts the input into its buffer before summing (np.mean of integers and bool in
float64, of float16 in float32; the mean inside np.var of integers), each buffer of 8192 is summed
pairwise and added to the total in order; an input summed in its own dtype is one pairwise run.
gen_reduction_golden.py's runs are at most 700 elements, which cannot tell the two apart. Data,
layouts and the line format are gen_reduction_golden.py's (its docstring).
"""
import gzip
import os
import sys
import warnings

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen_sum_golden import GOLDEN  # noqa: E402
from gen_reduction_golden import compute, fmt, make, tolerance  # noqa: E402

TYPES = (('Double', np.float64), ('Float', np.float32), ('Float16', np.float16),
         ('Byte', np.int8), ('Short', np.int16), ('Char', np.uint16), ('Int', np.int32),
         ('Long', np.int64), ('UInt8', np.uint8), ('UInt32', np.uint32), ('UInt64', np.uint64))

OPS = ('sum', 'mean', 'var', 'std1')

# (shape, views, axis sets): runs of 40,000 (more than a buffer, less than a part), 150,000 over
# two axes and 300,007 (more than a part), reversed and strided
CASES = (
    ((3, 40000), ('', '::-1, ::-3'), ('*', (1,))),
    ((2, 3, 50000), ('',), ((1, 2), (2,))),
    ((2, 300007), ('', ':, ::-2'), ('*', (1,))),
)


def main():
    lines = ['# ReductionGoldenTest long-run cases; written by gen_reduction_long_golden.py with'
             ' numpy ' + np.__version__]
    seed = 50000
    warnings.simplefilter('ignore')
    for name, dtype in TYPES:
        for shape, views, axes_sets in CASES:
            for spec in views:
                seed += 1
                v = make(seed, shape, spec, dtype)
                for axes in axes_sets:
                    for op in OPS:
                        keep = (seed + len(op)) % 2 == 1
                        r = np.asarray(compute(op, v, axes, keep))
                        ax = '*' if axes == '*' else ','.join(str(a) for a in axes)
                        lines.append('|'.join((
                            name, str(seed), ','.join(str(d) for d in shape), spec, op, ax,
                            '1' if keep else '0', r.dtype.str.lstrip('|'),
                            ','.join(str(d) for d in r.shape), fmt(r),
                            float(tolerance(op, v, axes, r)).hex())))
    path = os.path.join(GOLDEN, 'reduction_long_runs.txt.gz')
    with gzip.GzipFile(path, 'wb', mtime=0) as f:
        f.write(('\n'.join(lines) + '\n').encode('utf-8'))
    print(len(lines) - 1, 'cases ->', path)


if __name__ == '__main__':
    main()
