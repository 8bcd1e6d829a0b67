#!/usr/bin/env python3
"""Golden ufunc results of NumPy 2 for ndprim's Ufunc (UfuncGoldenTest): every ufunc constant of
org.ndprim.Ufunc over every built-in dtype (unary) or dtype pair (binary), the result dtype or
NumPy's error, and the values as raw little-endian bytes, so the test compares bit for bit.
Tests read the file; they never run Python. Deterministic for a numpy version.

    python3 runtime/src/test/python/gen_ufunc_cases.py \
        runtime/src/test/resources/golden/ufunc_cases.txt.gz

Lines (tab-separated; DT is NumPy's dtype.str without byte order: b1 i1 u1 i2 u2 i4 u4 i8 u8 f2
f4 f8 c8 c16; HEX the array's bytes, little-endian, bool one byte 00/01; RESULT the result's DT,
or !Class!message for NumPy's TypeError, ValueError or OverflowError):
    u   UFUNC DT RESULT HEX_A HEX_OUT                   np.UFUNC(a), a 1-d
    b   UFUNC DT1 DT2 RESULT HEX_A HEX_B HEX_OUT        np.UFUNC(a, b), a and b of equal length
    s   UFUNC DT KIND ORDER SCALAR RESULT HEX_A HEX_OUT np.UFUNC(a, s) (ORDER as) or
                                                        np.UFUNC(s, a) (ORDER sa), s a Python
                                                        int or float (KIND), weak (NEP 50)
    w   DTX DTY RESULT HEX_C HEX_X HEX_Y HEX_OUT        np.where(c, x, y)
    ws  DTX KIND SCALAR RESULT HEX_C HEX_X HEX_OUT      np.where(c, x, s), s weak
SCALAR is a decimal int or a float as Java's Double.parseDouble reads it (hex, Infinity, NaN).
Same-type pairs run the cross product of many values (0, -0.0, infinities, NaN, the integer
limits, values that overflow, divisors 0 and -1, shift counts negative and at least the width);
mixed pairs and weak scalars a few values; floating types also random values for measuring the
transcendental functions' ulp distance.
"""
import gzip
import itertools
import sys
import warnings

import numpy as np

warnings.simplefilter("ignore")
np.seterr(all="ignore")

DTYPES = ["b1", "i1", "u1", "i2", "u2", "i4", "u4", "i8", "u8", "f2", "f4", "f8", "c8", "c16"]

UNARY = ["negative", "positive", "absolute", "sign", "square", "reciprocal", "isnan", "isinf",
         "isfinite", "logical_not", "invert", "sqrt", "cbrt", "exp", "exp2", "expm1", "log",
         "log2", "log10", "log1p", "sin", "cos", "tan", "arcsin", "arccos", "arctan", "sinh",
         "cosh", "tanh", "floor", "ceil", "rint", "trunc", "conjugate"]
BINARY = ["add", "subtract", "multiply", "true_divide", "floor_divide", "remainder", "power",
          "equal", "not_equal", "less", "less_equal", "greater", "greater_equal", "logical_and",
          "logical_or", "logical_xor", "bitwise_and", "bitwise_or", "bitwise_xor", "left_shift",
          "right_shift", "maximum", "minimum", "fmax", "fmin", "arctan2", "hypot"]
# functions whose results the test measures in ulps instead of comparing bits
TRANSCENDENTAL = {"cbrt", "exp", "exp2", "expm1", "log", "log2", "log10", "log1p", "sin", "cos",
                  "tan", "arcsin", "arccos", "arctan", "sinh", "cosh", "tanh", "arctan2", "hypot",
                  "power"}

INF = float("inf")
NAN = float("nan")
WEAK_INTS = [0, 1, -1, 2, 7, 127, 128, -128, -129, 255, 256, 300, 32767, 65535, 65536, -32769,
             2**31 - 1, 2**31, 2**32, 2**63 - 1, -(2**63)]
WEAK_FLOATS = [0.0, -0.0, 1.5, -2.5, 3.0, 0.1, INF, -INF, NAN, 70000.0, 1e300]


def name(dt):
    return np.dtype(dt).str[1:]


def hexof(a):
    return np.ascontiguousarray(a).astype(np.dtype(a.dtype).newbyteorder("<")).tobytes().hex()


def ints(dt):
    d = np.dtype(dt)
    info = np.iinfo(d)
    w = 8 * d.itemsize
    cand = [0, 1, -1, 2, -2, 3, 5, -7, 10, 100, w - 1, w, w + 1, -w, info.min, info.min + 1,
            info.max, info.max - 1, info.max // 2 + 1, 2**(w // 2), 123456789]
    vals = []
    for v in cand:
        if info.min <= v <= info.max and v not in vals:
            vals.append(v)
    return vals


def floats(dt):
    fi = np.finfo(np.dtype(dt))
    return [0.0, -0.0, 1.0, -1.0, 0.5, -1.5, 2.5, 3.0, -7.0, 0.1, 1e4, INF, -INF, NAN,
            float(fi.max), -float(fi.max), float(fi.smallest_normal), float(fi.smallest_subnormal),
            5.5, -2.0]


def complexes(dt):
    big = 1e30 if dt == "c8" else 1e300
    return [0j, complex(-0.0, -0.0), 1 + 0j, -1j, 1 + 1j, 2.5 - 3j, -4 + 0.5j, 3 + 4j,
            complex(INF, 0), complex(0, -INF), complex(NAN, 0), complex(0, NAN),
            complex(INF, INF), complex(big, big), complex(1 / big, -2 / big), complex(-0.0, 2)]


def many(dt):
    k = np.dtype(dt).kind
    if k == "b":
        return [False, True]
    if k in "iu":
        return ints(dt)
    if k == "f":
        return floats(dt)
    return complexes(dt)


def few(dt, second=False):
    """Five values of dt for mixed pairs; as a second operand integers are not negative."""
    d = np.dtype(dt)
    if d.kind == "b":
        return [False, True, True, False, True]
    if d.kind == "i":
        return [0, 1, 3 if second else -3, int(np.iinfo(d).max), 7]
    if d.kind == "u":
        return [0, 1, 3, int(np.iinfo(d).max), 7]
    if d.kind == "f":
        return [0.0, 1.5, -2.0, NAN, INF]
    return [0j, 1.5 - 2j, complex(NAN, 0), complex(INF, 1), -1j]


def random_floats(dt, n, rng):
    """Values over many magnitudes for measuring ulp distances."""
    d = np.dtype(dt)
    lim = {2: 4.0, 4: 30.0, 8: 300.0}[d.itemsize]
    a = rng.uniform(-10, 10, n // 3)
    b = rng.uniform(-1, 1, n // 3)
    mag = 10.0 ** rng.uniform(-lim, lim, n - 2 * (n // 3))
    c = mag * rng.choice([-1.0, 1.0], mag.size)
    return np.concatenate([a, b, c]).astype(d)


def array(values, dt):
    return np.array(values, dtype=np.dtype(dt))


def outcome(f):
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return f(), None
    except (TypeError, ValueError, OverflowError) as e:
        base = next(c.__name__ for c in type(e).__mro__
                    if c.__name__ in ("TypeError", "ValueError", "OverflowError"))
        return None, "!%s!%s" % (base, str(e).replace("\t", " ").replace("\n", " "))


def result(r, err):
    return (err, "") if err else (name(r.dtype), hexof(r))


def scalar_text(s):
    if isinstance(s, int):
        return str(s)
    if s != s:
        return "NaN"
    if s in (INF, -INF):
        return "Infinity" if s > 0 else "-Infinity"
    return float.hex(s)


def main(path):
    rng = np.random.default_rng(0x0F0C5)
    lines = ["# NumPy %s ufunc results for ndprim; generated by "
             "runtime/src/test/python/gen_ufunc_cases.py" % np.__version__]

    def emit(*fields):
        lines.append("\t".join(str(f) for f in fields))

    for u in UNARY:
        f = getattr(np, u)
        for dt in DTYPES:
            vals = array(many(dt), dt)
            if np.dtype(dt).kind == "f" and u in TRANSCENDENTAL | {"sqrt"}:
                vals = np.concatenate([vals, random_floats(dt, 300, rng)])
            r, err = outcome(lambda: f(vals))
            res, out = result(r, err)
            emit("u", u, dt, res, hexof(vals), out)
    for u in BINARY:
        f = getattr(np, u)
        for d1 in DTYPES:
            for d2 in DTYPES:
                if d1 == d2:
                    vals = many(d1)
                    pairs = list(itertools.product(vals, vals))
                    if u == "power" and np.dtype(d1).kind in "iu":
                        neg = [p for p in pairs if p[1] < 0]
                        pairs = [p for p in pairs if p[1] >= 0]
                        if neg:  # NumPy refuses the whole call
                            a, b = array([neg[0][0]], d1), array([neg[0][1]], d1)
                            r, err = outcome(lambda: f(a, b))
                            res, out = result(r, err)
                            emit("b", u, d1, d2, res, hexof(a), hexof(b), out)
                    a = array([p[0] for p in pairs], d1)
                    b = array([p[1] for p in pairs], d2)
                    if np.dtype(d1).kind == "f" and u in TRANSCENDENTAL:
                        a = np.concatenate([a, random_floats(d1, 300, rng)])
                        b = np.concatenate([b, np.abs(random_floats(d1, 300, rng))
                                            if u == "power" else random_floats(d1, 300, rng)])
                        if u == "power":
                            a[-300:] = np.abs(a[-300:])
                else:
                    a, b = array(few(d1), d1), array(few(d2, True), d2)
                r, err = outcome(lambda: f(a, b))
                res, out = result(r, err)
                emit("b", u, d1, d2, res, hexof(a), hexof(b), out)
    for u in BINARY:
        f = getattr(np, u)
        for dt in DTYPES:
            a = array(few(dt), dt)
            for kind, scalars in (("int", WEAK_INTS), ("float", WEAK_FLOATS)):
                for s in scalars:
                    for order in ("as", "sa"):
                        r, err = outcome(lambda: f(a, s) if order == "as" else f(s, a))
                        res, out = result(r, err)
                        emit("s", u, dt, kind, order, scalar_text(s), res, hexof(a), out)
    c = np.array([True, False, True, False, True])
    for dx in DTYPES:
        for dy in DTYPES:
            x, y = array(few(dx), dx), array(few(dy, True), dy)
            r, err = outcome(lambda: np.where(c, x, y))
            res, out = result(r, err)
            emit("w", dx, dy, res, hexof(c), hexof(x), hexof(y), out)
        x = array(few(dx), dx)
        for kind, scalars in (("int", WEAK_INTS), ("float", WEAK_FLOATS)):
            for s in scalars:
                r, err = outcome(lambda: np.where(c, x, s))
                res, out = result(r, err)
                emit("ws", dx, kind, scalar_text(s), res, hexof(c), hexof(x), out)
    data = ("\n".join(lines) + "\n").encode("utf-8")
    with open(path, "wb") as raw:
        with gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0) as z:
            z.write(data)


if __name__ == "__main__":
    main(sys.argv[1])
