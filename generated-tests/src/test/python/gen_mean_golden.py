#!/usr/bin/env python3
"""Writes golden/mean_cases.txt: np.mean of integer, float64, float32 and float16 arrays and of
1-D views, for ndprim's mean() (MeanGoldenTest). The tests never run Python.

    python3 generated-tests/src/test/python/gen_mean_golden.py

np.mean sums integers in float64 and float16 in float32 (numpy/_core/_methods.py _mean): the
iterator casts the elements into buffers of 8192 and adds each buffer's pairwise sum, so sizes
around multiples of 8192 are listed. The data are not stored:
- integer dtypes: element k of seed s is the k-th splitmix64 output of state s, its low bits
  cast to the dtype (numpy's astype from uint64 wraps), so the values span the dtype's range;
- float dtypes: gen_sum_golden.py's data(), which MeanGoldenTest computes the same way.
Each line:

    <ndprim type>|<seed>|<shape>|<view>|<mean as float.hex>|<mean of the same data stored
    big-endian, which numpy sums in buffers of 8192>

view: '' (the array) or a basic-indexing spec as ndprim's slice(String) reads it. Only layouts
whose order ndprim documents as NumPy's are listed: C-contiguous arrays and forward 1-D views.
"""
import os
import sys
import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen_sum_golden import GOLDEN, MASK, data, splitmix64  # noqa: E402

INTEGERS = (('Byte', np.int8), ('Short', np.int16), ('Char', np.uint16), ('Int', np.int32),
            ('Long', np.int64), ('UInt8', np.uint8), ('UInt16', np.uint16),
            ('UInt32', np.uint32), ('UInt64', np.uint64))
FLOATS = (('Double', np.float64), ('Float', np.float32), ('Float16', np.float16))


def raw(seed, n):
    g = splitmix64(seed)
    return np.array([next(g) & MASK for _ in range(n)], dtype=np.uint64)


def main():
    cases = []
    for n in (0, 1, 7, 9, 129, 8191, 8192, 8193, 16385, 20000, 100003):
        cases.append(((n,), ''))
    for shape in ((3, 5, 7), (64, 300), (2, 3, 5000)):
        cases.append((shape, ''))
    for spec in ('::3', '10:29000:7'):
        cases.append(((30000,), spec))
    cases.append(((40, 750), '7, :'))
    lines = []
    seed = 1
    for name, dtype in INTEGERS + FLOATS:
        for shape, spec in cases:
            size = int(np.prod(shape))
            if dtype in (np.float64, np.float32, np.float16):
                a = data(seed, size, dtype)
            else:
                a = raw(seed, size).astype(dtype)
            a = a.reshape(shape)
            v = a if spec == '' else eval('a[' + spec + ']', {'a': a})
            big = a.astype(a.dtype.newbyteorder('>'))
            vb = big if spec == '' else eval('a[' + spec + ']', {'a': big})
            with np.errstate(invalid='ignore', divide='ignore', over='ignore'):
                import warnings
                with warnings.catch_warnings():
                    warnings.simplefilter('ignore', RuntimeWarning)
                    m = np.mean(v)
                    mb = np.mean(vb)
            lines.append('|'.join([name, str(seed), ','.join(str(d) for d in shape), spec,
                                   float(m).hex(), float(mb).hex()]))
            seed += 1
    with open(os.path.join(GOLDEN, 'mean_cases.txt'), 'w') as f:
        f.write('# np.mean golden cases for MeanGoldenTest; written by gen_mean_golden.py with'
                ' numpy ' + np.__version__ + '\n')
        f.write('\n'.join(lines) + '\n')
    print(len(lines), 'cases')


if __name__ == '__main__':
    main()
