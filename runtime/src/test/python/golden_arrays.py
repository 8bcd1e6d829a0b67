"""Arrays for the golden corpora of gen_sorting_cases.py and gen_positions_cases.py: their text
encoding, the values drawn for each dtype, and the views taken of them.

enc(r)      DTYPE (SHAPE) HEX: the C-order little-endian bytes of r ('-' for none)
data(...)   an array of dtype dt and shape, drawn from rng: integers near the type's ends and
            small ones, floats with -0.0 and (special) NaN and infinities, complex alike
view_of(..) base indexed by a basic-index string and transposed when t is 't'
"""
import numpy as np


def enc(r):
    r = np.asarray(r)
    le = np.ascontiguousarray(r).astype(r.dtype.newbyteorder("<"))
    shape = ",".join(str(d) for d in r.shape)
    return "%s (%s) %s" % (r.dtype.str[1:], shape, le.tobytes().hex() or "-")


def data(rng, dt, shape, special=True):
    n = int(np.prod(shape)) if shape else 1
    kind = np.dtype(dt).kind
    if kind == "b":
        a = rng.integers(0, 2, n).astype(dt)
    elif kind in "iu":
        info = np.iinfo(dt)
        pool = [int(info.min), int(info.max), 0, 1, 2, 3, -1 if kind == "i" else 7, 5, 100]
        small = [int(x) for x in rng.integers(0, 4, n)]
        vals = [pool[i] for i in rng.integers(0, len(pool), n)]
        picks = rng.random(n) < 0.5
        a = np.array([vals[i] if picks[i] else small[i] for i in range(n)], dtype=dt)
    elif kind == "f":
        pool = [0.0, -0.0, 1.5, -2.25, 3.0, 1e-3, 7.0, 1.5, -1.0]
        if special:
            pool += [np.nan, np.inf, -np.inf]
        a = np.array([pool[i] for i in rng.integers(0, len(pool), n)]).astype(dt)
    else:
        pool = [0.0, -0.0, 1.0, -1.0, 2.5]
        if special:
            pool += [np.nan, np.inf]
        re = np.array([pool[i] for i in rng.integers(0, len(pool), n)])
        im = np.array([pool[i] for i in rng.integers(0, len(pool), n)])
        a = np.zeros(n, dt)
        a.real = re
        a.imag = im
    return a.reshape(shape)


def view_of(base, index, t):
    a = base
    if index:
        a = eval("a[" + index + "]")
    if t == "t":
        a = a.T
    return a
