"""NumPy's time for the JMH workloads' work, on the same machine: W3, W4, W9, W11, W12.

Each workload runs the NumPy operation equivalent to the Java benchmark's, on arrays of the same
shape, dtype and kind of data (the values are not the same random numbers: the timing does not
depend on them). Time is measured with timeit: after one warm-up call, timeit's autorange picks
the number of calls per repeat (the first of 1, 2, 5, 10, 20, ... that takes at least 0.2 s),
and the table shows the best repeat (and the median) in microseconds per call, like JMH's us/op.
Operations that return a new array (W3, W4, W12) allocate it in every call, as in Java.

Run it from the repository root with OpenBLAS's processor overrides unset for this command only
(they are set on some of this project's machines and slow a current NumPy down; these
operations do not call BLAS, but NumPy loads OpenBLAS on import and nothing should differ from a
plain NumPy process):

    env -u OPENBLAS_CORETYPE -u OPENBLAS_L2_SIZE python3 benchmarks/numpy/bench_numpy.py

Options: --repeat N (default 7), --only W11 (a regular expression on the workload names).
"""
import argparse
import os
import platform
import re
import statistics
import timeit

import numpy as np


def workloads(rng):
    """(name, NumPy statement, description, namespace) for each workload, data made once."""
    w3 = rng.integers(0, 1024, size=(512, 512, 8)).astype(np.float64)
    w9 = rng.integers(np.iinfo(np.int64).min, np.iinfo(np.int64).max, size=(1000, 1000),
                      dtype=np.int64, endpoint=True)
    w11d = rng.random(1 << 25)
    w11f = rng.random(1 << 25, dtype=np.float32)
    w12 = rng.integers(np.iinfo(np.int32).min, np.iinfo(np.int32).max, size=1 << 25,
                       dtype=np.int32, endpoint=True)
    return [
        ("W3CopyStridedView", "x[:, ::-1, ::2].copy()",
         "float64 (512, 512, 8), integers in [0, 1024)", {"x": w3}),
        ("W4CopyRange", "x[100:400].copy()",
         "float64 (512, 512, 8), integers in [0, 1024)", {"x": w3}),
        ("W9SumSliceOfSlice", "x[10:500:3][::-1].sum()",
         "int64 (1000, 1000), random (the sum wraps)", {"x": w9}),
        ("W11SumFloat64", "np.sum(x)", "float64 (2^25,), uniform in [0, 1)",
         {"np": np, "x": w11d}),
        ("W11SumFloat32", "np.sum(x)", "float32 (2^25,), uniform in [0, 1)",
         {"np": np, "x": w11f}),
        ("W12AsTypeIntToDouble", "x.astype(np.float64)", "int32 (2^25,), random",
         {"np": np, "x": w12}),
    ]


def time_it(stmt, namespace, repeat):
    timer = timeit.Timer(stmt, globals=namespace)
    timer.timeit(number=1)
    number, _ = timer.autorange()
    times = [t / number * 1e6 for t in timer.repeat(repeat=repeat, number=number)]
    return min(times), statistics.median(times), number


def blas_info():
    try:
        from threadpoolctl import threadpool_info
    except ImportError:
        return "threadpoolctl not installed (pip install threadpoolctl to see the BLAS kernel)"
    parts = [f"{i.get('internal_api')} {i.get('version')} {i.get('architecture')}"
             f" threads={i.get('num_threads')}" for i in threadpool_info()]
    return "; ".join(parts) or "no BLAS loaded"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--only", default="")
    args = parser.parse_args()

    for var in ("OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE"):
        if var in os.environ:
            print(f"warning: {var}={os.environ[var]} is set; run with"
                  " env -u OPENBLAS_CORETYPE -u OPENBLAS_L2_SIZE")
    print(f"NumPy {np.__version__}, Python {platform.python_version()}, {platform.machine()},"
          f" {os.cpu_count()} CPUs; BLAS: {blas_info()}")
    print(f"timeit: best (and median) of {args.repeat} repeats of timeit's autorange; us per call")
    print()
    print("| workload | NumPy | data | best (us/op) | median (us/op) | calls per repeat |")
    print("|---|---|---|---:|---:|---:|")
    rng = np.random.default_rng(10)
    for name, stmt, data, namespace in workloads(rng):
        if not re.search(args.only, name):
            continue
        best, median, number = time_it(stmt, namespace, args.repeat)
        print(f"| {name} | `{stmt}` | {data} | {best:,.1f} | {median:,.1f} | {number} |",
              flush=True)


if __name__ == "__main__":
    main()
