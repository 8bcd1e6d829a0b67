"""NumPy's a @ b of two [1024, 1024] arrays, float64 and float32 (issue 23's matmul rows).

Prints, per dtype, the median of ROUNDS products (after 3 warm-up ones) in process CPU time and
in wall time, and GFLOPS = 2 n^3 / time. Set the BLAS threads outside, e.g.
OPENBLAS_NUM_THREADS=1 python3 benchmarks/numpy/bench_matmul.py 20
"""
import sys
import time

import numpy as np

n = 1024
rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 20
rng = np.random.default_rng(23)
gflop = 2 * n**3 / 1e9
for dt in (np.float64, np.float32):
    a = rng.uniform(-1, 1, (n, n)).astype(dt)
    b = rng.uniform(-1, 1, (n, n)).astype(dt)
    for _ in range(3):
        a @ b
    cpu, wall = [], []
    for _ in range(rounds):
        t0, w0 = time.process_time(), time.perf_counter()
        a @ b
        cpu.append(time.process_time() - t0)
        wall.append(time.perf_counter() - w0)
    c, w = sorted(cpu)[rounds // 2], sorted(wall)[rounds // 2]
    print(f"{np.dtype(dt).name}: CPU median {c * 1e3:.2f} ms ({gflop / c:.1f} GFLOPS),"
          f" wall median {w * 1e3:.2f} ms ({gflop / w:.1f} GFLOPS)")
