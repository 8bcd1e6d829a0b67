"""Prints np.sum of prefixes of W11's data, the golden file w11-numpy-sums.txt.

Reads w11-float64.npy and w11-float32.npy, which org.ndprim.benchmarks.W11NumpyData writes
(the very data the W11 benchmarks generate), from the directory given as the only argument:

    java -cp benchmarks/target/benchmarks.jar org.ndprim.benchmarks.W11NumpyData benchmarks/target
    python3 benchmarks/numpy/w11_numpy_sums.py benchmarks/target \\
        > benchmarks/src/test/resources/org/ndprim/benchmarks/w11-numpy-sums.txt

Every line after the comments is `dtype n sum`: np.sum(x[:n]) of a contiguous 1-D float64 or
float32 array, the sum as an exact hexadecimal float (float.hex(); a float32 sum is widened to
a Python float, which is exact). The sizes cover every branch of NumPy's pairwise summation:
fewer than 8 elements, one block of 8..128 with and without a remainder, splits, and the full
2^25 elements. WorkloadsTest regenerates each prefix in Java and checks that PairwiseSum gives
the same bits; the tests never run Python.
"""
import sys
from pathlib import Path

import numpy as np

SIZES = [1, 2, 7, 8, 9, 15, 16, 17, 100, 127, 128, 129, 136, 255, 256, 257, 1000, 1001,
         4097, 65537, 1000003, 1 << 25]


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: w11_numpy_sums.py DIRECTORY_WITH_W11_NPY_FILES")
    d = Path(sys.argv[1])
    print("# np.sum(x[:n]) of W11's data (org.ndprim.benchmarks.W11NumpyData), NumPy "
          + np.__version__)
    print("# made by benchmarks/numpy/w11_numpy_sums.py; columns: dtype n sum (float.hex)")
    for dtype in ("float64", "float32"):
        x = np.load(d / f"w11-{dtype}.npy")
        assert x.dtype == np.dtype(dtype) and x.ndim == 1 and x.flags.c_contiguous, x.dtype
        assert x.size == SIZES[-1], x.size
        for n in SIZES:
            s = np.sum(x[:n])
            assert s.dtype == x.dtype
            print(dtype, n, float(s).hex())


if __name__ == "__main__":
    main()
