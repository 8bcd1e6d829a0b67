"""NumPy's a @ b of two [n, n] arrays on one and on two OpenBLAS threads, in turn within each
round of one process: the counterpart of `MatmulGflops <n> 1,2 <rounds>` (issue 23's two-core row).

Prints, per dtype (float64, float32), the median wall time of each thread count and the median
per-round speed-up (one thread's time over two threads' time in the same round), after half as
many unmeasured rounds. The thread count is set between products through the
`scipy_openblas_set_num_threads64_` function of the OpenBLAS that numpy's wheel bundles
(numpy.libs), so no environment variable is needed:
python3 benchmarks/numpy/bench_matmul_threads.py 1024 10
"""
import ctypes
import glob
import os
import sys
import time

import numpy as np

n = int(sys.argv[1]) if len(sys.argv) > 1 else 1024
rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 10
libs = glob.glob(os.path.join(os.path.dirname(np.__file__), "..", "numpy.libs", "*openblas*"))
if not libs:
    sys.exit("no OpenBLAS in numpy.libs: this numpy does not bundle scipy-openblas")
set_threads = ctypes.CDLL(libs[0]).scipy_openblas_set_num_threads64_
rng = np.random.default_rng(23)
for dt in (np.float64, np.float32):
    a = rng.uniform(-1, 1, (n, n)).astype(dt)
    b = rng.uniform(-1, 1, (n, n)).astype(dt)
    wall = {1: [], 2: []}
    for i in range(-(rounds // 2), rounds):
        for threads in (1, 2):
            set_threads(threads)
            w0 = time.perf_counter()
            a @ b
            if i >= 0:
                wall[threads].append(time.perf_counter() - w0)
    speedup = sorted(x / y for x, y in zip(wall[1], wall[2]))
    one, two = sorted(wall[1])[rounds // 2], sorted(wall[2])[rounds // 2]
    print(f"{np.dtype(dt).name} n={n}: one thread {one * 1e3:.1f} ms, two {two * 1e3:.1f} ms;"
          f" median per-round speed-up {speedup[rounds // 2]:.2f}"
          f" (min {speedup[0]:.2f}, max {speedup[-1]:.2f})")
