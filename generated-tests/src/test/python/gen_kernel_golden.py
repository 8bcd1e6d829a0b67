#!/usr/bin/env python3
"""Writes the numpy and ml_dtypes references of the generated kernels (issues 4 and 8). Tests
read the files; they never run Python. Deterministic: the same numpy and ml_dtypes versions
write the same bytes.

Run from anywhere:  python3 generated-tests/src/test/python/gen_kernel_golden.py

golden/kernel_casts.txt.gz -- x.astype(dtype) for every ordered pair of the 17 types (the 16
built-ins and the user-declared Float8E4M3, ml_dtypes' float8_e4m3fn; BFloat16 is ml_dtypes'
bfloat16) on edge values of the source type, gzipped (24361 rows):
  cast|<src>|<bits in>|<dst>|<bits out>|<flag>|<value in>|<value out>
  bits: the storage bits in hex (bool 00/01; a complex value as 'real,imag' part bits), what the
  test compares, so NaN payloads and the sign of zero count. The values are for people (and for
  the 'platform' rule): True/False, decimal integers, float.hex() or nan/-nan/inf/-inf, complex
  as 'real,imag'.
  Sources: booleans; for integer types every INT_POOL value in range (the ends of every integer
  range and one beyond, ties of every floating target, 2^53 + 1, 2^63, 2^64 - 1, ...); for
  floating types FLOAT_POOL rounded into the type (zeros, infinities, the ends of the integer
  ranges after truncation, the largest, smallest normal and subnormal values and the overflow
  ties of every floating type, ties of every target's rounding with values just beyond them),
  the type's own neighbours of those ties, and NaNs (both signs, with a payload, signalling);
  every one of the 256 float8 patterns; for complex types the parts' values as real parts, edge
  values as imaginary parts (NaN, inf, -0.0, subnormals) and pairs of both.
  flag 'numpy'    : the Java result must equal numpy's bits.
  flag 'platform' : a floating-point (or complex: its real part) value that is NaN, infinite or
                    out of the integer target's range after truncation (negative values for
                    unsigned targets included). C leaves that cast undefined, so numpy's result
                    depends on the platform (it is written down anyway); the test asserts
                    ndprim's documented rule, computed in Java: Java's narrowing cast for signed
                    targets and char, the low bits of the (long) truncation for uint8/16/32,
                    Unsigned.fromDouble for uint64.
  flag 'snan'     : a signalling NaN cast to another floating type. numpy's software float16
                    loops keep it signalling (and its low payload bits), its hardware float/double
                    conversions quiet it, and so does ndprim's widening to the double carrier; the
                    test asserts a NaN of numpy's sign (other parts exact).
  flag 'nan'      : a bfloat16 NaN with a payload cast to float16: ml_dtypes goes through Eigen's
                    software float -> half conversion, which makes every NaN 0x7E00 (built with
                    F16C it keeps the payload, as numpy's float32 -> float16 and ndprim do); the
                    test asserts a NaN of numpy's sign.
  Casts to the same type are copies, bit for bit, in numpy and ndprim: always 'numpy'.
  ml_dtypes casts float64 and int64 (and uint64) to bfloat16 and float8 through float32, so
  1 + 2^-8 + 2^-40 becomes bfloat16 1.0 and 2^24 + 2^16 + 1 becomes 2^24; numpy casts float64
  to float16 directly (one rounding: 1 + 2^-11 + 2^-40 becomes 1 + 2^-10). The rows encode
  what the libraries do; ndprim does the same.

golden/kernel_reductions.txt -- sum/min/max/argmin/argmax of every numeric type with one value
per element (complex types have no reductions), and min/max/argmin/argmax of Boolean (numpy
orders False < True; ndprim has no boolean sum), over the whole array and per axis, on the
array and on views of it:
  data|<type>|<case>|<shape>|<values in C order>
  red|<type>|<case>|<view>|<op>|<axis or *>|<result shape>|<result values, or error text>
  view: '' (the array), 'T' (transpose), or a basic-indexing spec applied with slice(String).
  Sums of integer types are numpy's int64, of unsigned types (uint8 ... uint64) numpy's uint64
  (wrapping modulo 2^64; per-axis sums are UInt64NdArray). Sums of floating types are numpy's in
  float64 (ndprim accumulates floating types in double); the data are values every sum of
  which is exact whatever the order of additions (multiples of 1/4, float8 values), so numpy's
  pairwise summation and ndprim's sequential one agree: inexact floating sums are not tested.
  -0.0 and 0.0 are not mixed in the reduction data (which of them numpy's min/max returns
  depends on the dtype's loop). uint64 cases hold values of 2^63 and above (unsigned order).
  float8_e4m3fn has no infinities: its cases use +-448 instead.

Values: booleans True/False, integers in decimal, floating values as float.hex() (exact), or nan,
inf, -inf.
"""
import gzip
import io
import math
import os
import sys
import warnings

import ml_dtypes
import numpy as np

GOLDEN = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'resources', 'golden')

BF16 = np.dtype(ml_dtypes.bfloat16)
F8 = np.dtype(ml_dtypes.float8_e4m3fn)

# ndprim name -> numpy dtype, for the reductions (the types with one value per element)
TYPES = [
    ('Boolean', np.bool_), ('Byte', np.int8), ('Short', np.int16), ('Char', np.uint16),
    ('Int', np.int32), ('Long', np.int64), ('Float', np.float32), ('Double', np.float64),
    ('Float16', np.float16), ('UInt8', np.uint8), ('UInt16', np.uint16), ('UInt32', np.uint32),
    ('UInt64', np.uint64), ('BFloat16', BF16), ('Float8E4M3', F8),
]
DTYPE = dict(TYPES)

# ---------------------------------------------------------------------------------- casts

# The 16 built-ins and the user-declared Float8E4M3: name, dtype, kind (b boolean, i signed,
# u unsigned, f floating, c complex), the unsigned integer dtype of one storage slot.
CAST_TYPES = [
    ('Boolean', np.dtype(np.bool_), 'b', np.uint8),
    ('Byte', np.dtype(np.int8), 'i', np.uint8),
    ('Short', np.dtype(np.int16), 'i', np.uint16),
    ('Char', np.dtype(np.uint16), 'u', np.uint16),
    ('Int', np.dtype(np.int32), 'i', np.uint32),
    ('Long', np.dtype(np.int64), 'i', np.uint64),
    ('Float', np.dtype(np.float32), 'f', np.uint32),
    ('Double', np.dtype(np.float64), 'f', np.uint64),
    ('UInt8', np.dtype(np.uint8), 'u', np.uint8),
    ('UInt16', np.dtype(np.uint16), 'u', np.uint16),
    ('UInt32', np.dtype(np.uint32), 'u', np.uint32),
    ('UInt64', np.dtype(np.uint64), 'u', np.uint64),
    ('Float16', np.dtype(np.float16), 'f', np.uint16),
    ('BFloat16', BF16, 'f', np.uint16),
    ('Float8E4M3', F8, 'f', np.uint8),
    ('Complex64', np.dtype(np.complex64), 'c', np.uint32),
    ('Complex128', np.dtype(np.complex128), 'c', np.uint64),
]
CAST = {name: (dt, kind, bits) for name, dt, kind, bits in CAST_TYPES}
PART = {'Complex64': 'Float', 'Complex128': 'Double'}

I64_MIN, I64_MAX = -2 ** 63, 2 ** 63 - 1
I32_MIN, I32_MAX = -2 ** 31, 2 ** 31 - 1
INF = float('inf')

# Integers of every source type (each source takes those in its range): the ends of every
# integer range and one beyond; ties of every floating target (int64 -> float32 2^24 + 1,
# -> float64 2^53 + 1, -> float16 2049, -> bfloat16 257, -> float8 17, 464) and their
# neighbours; 2^24 + 2^16 + 1, which rounds differently to bfloat16 directly and through
# float32 (ml_dtypes goes through float32); the largest values and the ties below 2^63 and 2^64.
INT_POOL = sorted({
    0, 1, -1, 2, 3, 7, 16, 17, 18, 19, -17, 127, 128, 129, -127, -128, -129, 255, 256, 257, 258,
    259, -257, 448, 449, 464, 465, 480, 496, -464, -465, 1000, 2047, 2048, 2049, 2050, 2051,
    -2049, 4097, 32767, 32768, 32769, -32767, -32768, -32769, 65503, 65504, 65519, 65520,
    65535, 65536, 65537, -65504, -65519, -65520, -65536, 2 ** 24 - 1, 2 ** 24, 2 ** 24 + 1,
    2 ** 24 + 3, 2 ** 24 + 2 ** 16 + 1, -(2 ** 24 + 1), I32_MAX, 2 ** 31, 2 ** 31 + 1, I32_MIN,
    I32_MIN - 1, 2 ** 32 - 1, 2 ** 32, 2 ** 32 + 1, 2 ** 53 - 1, 2 ** 53 + 1, 2 ** 53 + 3,
    -(2 ** 53 + 1), 2 ** 62 + 2 ** 38 + 1, I64_MAX, 2 ** 63 - 512, 2 ** 63 - 1536,
    -(2 ** 63 - 512), I64_MIN, I64_MIN + 1, 2 ** 63, 2 ** 63 + 1, 2 ** 63 + 2 ** 10,
    2 ** 63 + 3 * 2 ** 10, 2 ** 63 + 2 ** 39, 2 ** 63 + 3 * 2 ** 39, 2 ** 64 - 2 ** 39,
    2 ** 64 - 2 ** 39 - 1, 2 ** 64 - 2 ** 11, 2 ** 64 - 2 ** 10, 2 ** 64 - 2, 2 ** 64 - 1,
})

# Doubles, rounded into each floating source type: zeros, infinities, the ends of every integer
# range after truncation (x.5 and x.9 inside, the first value outside); 2^63 and 2^64 and their
# neighbours; the largest finite value, the overflow tie and the smallest normal and subnormal
# values of every floating type; ties of every floating target's rounding (float32 1 + 2^-24,
# float16 1 + 2^-11, 2049, bfloat16 1 + 2^-8, float8 1 + 2^-4, 17, 464, and the subnormal ties)
# with values just beyond them; values that round differently to float16 directly (numpy) and
# through float32 (1 + 2^-11 + 2^-40, 2^-25 + 2^-60).
FLOAT_POOL = [
    0.0, -0.0, INF, -INF, 0.5, -0.5, 1.0, -1.0, 1.5, -1.5, 2.5, -2.5, 3.5, 0.1, -0.9,
    0.9999999999999999, 127.5, 127.9, 128.0, -128.5, -128.99, -129.0, 255.5, 255.9, 256.0,
    -255.5, 32767.5, 32768.0, -32768.5, -32769.0, 65535.5, 65535.9, 65536.0, -65535.0,
    2.0 ** 31 - 0.5, 2.0 ** 31, -2.0 ** 31 - 0.5, -2.0 ** 31 - 1, 2.0 ** 32 - 0.5, 2.0 ** 32,
    -2.0 ** 32, 2.0 ** 53, 2.0 ** 53 + 2, 2.0 ** 63 - 1024, 2.0 ** 63, -2.0 ** 63,
    -2.0 ** 63 - 2048, 2.0 ** 64 - 2048, 2.0 ** 64, -2.0 ** 64, 1e10, -1e10, 1e19, 1e20, 1e300,
    -1e300, float.fromhex('0x1.fffffep127'), -float.fromhex('0x1.fffffep127'),
    float.fromhex('0x1.ffffffp127'), float.fromhex('0x1.fffffefp127'), 3e38,
    1 + 2.0 ** -24, 1 + 3 * 2.0 ** -24, 1 + 2.0 ** -24 + 2.0 ** -50, 2.0 ** -149, 2.0 ** -150,
    3 * 2.0 ** -150, 2.0 ** -126, 2.0 ** -126 - 2.0 ** -149, 2.0 ** -127,
    1 + 2.0 ** -11, 1 + 3 * 2.0 ** -11, 1 + 2.0 ** -11 + 2.0 ** -40, 1 + 2.0 ** -11 + 2.0 ** -20,
    2049.0, 2051.0, 65504.0, -65504.0, 65519.0, 65519.99, 65520.0, -65520.0, 65520.0 + 2.0 ** -20,
    2.0 ** -24, -2.0 ** -24, 2.0 ** -25, 3 * 2.0 ** -25, 2.0 ** -25 + 2.0 ** -60, 2.0 ** -26,
    2.0 ** -14, 2.0 ** -14 - 2.0 ** -24, 2.0 ** -14 - 2.0 ** -25,
    1 + 2.0 ** -8, 1 + 3 * 2.0 ** -8, 1 + 2.0 ** -8 + 2.0 ** -40, 1 + 2.0 ** -8 + 2.0 ** -20,
    257.0, 259.0, float.fromhex('0x1.fep127'), float.fromhex('0x1.ffp127'),
    float.fromhex('0x1.feffffp127'), 2.0 ** -133, 2.0 ** -134, 3 * 2.0 ** -134,
    2.0 ** -126 - 2.0 ** -133,
    1 + 2.0 ** -4, 1 + 3 * 2.0 ** -4, 1 + 2.0 ** -4 + 2.0 ** -40, 17.0, 19.0, 448.0, 449.0,
    464.0, 464.0 + 2.0 ** -20, 465.0, 480.0, -464.0, -465.0, 2.0 ** -9, 2.0 ** -10,
    3 * 2.0 ** -10, 2.0 ** -6, 2.0 ** -6 - 2.0 ** -9, 2.0 ** -6 - 2.0 ** -10, 0.875 * 2.0 ** -6,
    5e-324, -5e-324, 2.0 ** -1022, 2.0 ** -1022 - 2.0 ** -1074, 1.7976931348623157e308,
    -1.7976931348623157e308,
]
# Ties of a narrower floating type, as doubles: sources add their own neighbours of these.
TIES = [1 + 2.0 ** -11, 65520.0, 2.0 ** -25, 1 + 2.0 ** -8, float.fromhex('0x1.ffp127'),
        1 + 2.0 ** -4, 464.0, 2.0 ** -10, 1 + 2.0 ** -24]
# NaNs as bits: quiet with either sign, with a payload, and signalling.
NANS = {
    'Float': [0x7FC00000, 0xFFC00000, 0x7FC12345, 0xFFE00001, 0x7FA00000, 0x7F800001],
    'Double': [0x7FF8000000000000, 0xFFF8000000000000, 0x7FF8123456789ABC, 0xFFF800000000000F,
               0x7FF4000000000000, 0x7FF0000000000001],
    'Float16': [0x7E00, 0xFE00, 0x7E55, 0xFFFF, 0x7D00, 0x7C01],
    'BFloat16': [0x7FC0, 0xFFC0, 0x7FC5, 0xFFFF, 0x7FA0, 0x7F81],
}
# (exponent mask, quiet bit) of each floating format; float8_e4m3fn has only the NaNs S.1111.111.
FORMAT = {'Float': (0x7F800000, 0x400000), 'Double': (0x7FF0000000000000, 0x8000000000000),
          'Float16': (0x7C00, 0x200), 'BFloat16': (0x7F80, 0x40)}


def bits_of(a, name):
    """The storage bits of array a of type name: a list of ints (pairs for complex)."""
    dt, kind, bdt = CAST[name]
    if kind == 'c':
        parts = a.view(np.float32 if name == 'Complex64' else np.float64).view(bdt)
        return [(int(parts[2 * i]), int(parts[2 * i + 1])) for i in range(len(a))]
    return [int(b) for b in a.view(bdt)]


def from_bits(bits, name):
    """The array of type name holding the given storage bits."""
    dt, kind, bdt = CAST[name]
    if kind == 'c':
        flat = [b for pair in bits for b in pair]
        return np.array(flat, dtype=bdt).view(dt)
    return np.array(bits, dtype=bdt).view(dt)


def is_nan(bits, fmt_name):
    if fmt_name == 'Float8E4M3':
        return bits & 0x7F == 0x7F
    exp, quiet = FORMAT[fmt_name]
    return bits & exp == exp and bits & (2 * quiet - 1) != 0


def is_signalling(bits, fmt_name):
    return fmt_name in FORMAT and is_nan(bits, fmt_name) and not bits & FORMAT[fmt_name][1]


def fmt_float(v):
    v = float(v)
    if v != v:
        return '-nan' if math.copysign(1.0, v) < 0 else 'nan'
    if v in (INF, -INF):
        return 'inf' if v > 0 else '-inf'
    return v.hex()


def readable(a, name):
    """Each element of a in the golden notation: True/False, decimal integers, float.hex()."""
    dt, kind, bdt = CAST[name]
    if kind == 'b':
        return ['True' if v else 'False' for v in a]
    if kind in 'iu':
        return [str(int(v)) for v in a]
    if kind == 'c':
        return ['%s,%s' % (fmt_float(v.real), fmt_float(v.imag)) for v in a]
    return [fmt_float(v) for v in a.astype(np.float64)]


def hex_bits(bits, name):
    dt, kind, bdt = CAST[name]
    width = 2 * np.dtype(bdt).itemsize
    if kind == 'c':
        return '%0*x,%0*x' % (width, bits[0], width, bits[1])
    return '%0*x' % (width, bits)


def dedupe(seq):
    seen, out = set(), []
    for x in seq:
        if x not in seen:
            seen.add(x)
            out.append(x)
    return out


def neighbours(name, values):
    """The bits of each value (as name) and of the next value of that type either way."""
    dt = CAST[name][0]
    out = []
    for b in bits_of(np.array(values, dtype=np.float64).astype(dt), name):
        out += [b - 1, b, b + 1] if b else [b, b + 1]
    return out


def float_edges(name):
    dt = CAST[name][0]
    if name == 'Float8E4M3':
        return list(range(256))  # every pattern
    with np.errstate(all='ignore'):
        rounded = bits_of(np.array(FLOAT_POOL, dtype=np.float64).astype(dt), name)
    return dedupe(rounded + neighbours(name, TIES) + NANS[name])


IMAG = [float('nan'), INF, -INF, -0.0, 5e-324, 1.5, -2.5, 1e300, 2.0 ** 64,
        1 + 2.0 ** -11 + 2.0 ** -40, 2.0 ** -149]
PAIRS = [(float('nan'), 1.0), (1.0, float('nan')), (-0.0, -0.0), (-0.0, 0.0), (INF, -INF),
         (1.5, -2.5), (-0.0, 5e-324), (300.7, -5.0), (float('nan'), float('nan')),
         (-1.0, 2.0 ** 63), (0.0, -1.5)]


def complex_edges(name):
    part = PART[name]
    pdt = CAST[part][0]
    zero = bits_of(np.array([0.0], dtype=pdt), part)[0]
    reals = float_edges(part)
    with np.errstate(all='ignore'):
        imags = bits_of(np.array(IMAG, dtype=np.float64).astype(pdt), part) + NANS[part][2:]
        pairs = [tuple(bits_of(np.array(p, dtype=np.float64).astype(pdt), part)) for p in PAIRS]
    return dedupe([(r, zero) for r in reals] + [(zero, i) for i in imags] + pairs)


def edges(name):
    """The storage bits of the source values of type name."""
    dt, kind, bdt = CAST[name]
    if kind == 'b':
        return [0, 1]
    if kind in 'iu':
        info = np.iinfo(dt)
        values = [v for v in INT_POOL if info.min <= v <= info.max]
        return bits_of(np.array(values, dtype=object).astype(dt), name)
    if kind == 'c':
        return complex_edges(name)
    return float_edges(name)


def cast_flag(src, src_bits, dst, real_value):
    """'platform', 'snan', 'nan' or 'numpy' for one cast (see the docstring)."""
    skind, dkind = CAST[src][1], CAST[dst][1]
    if skind in 'fc' and dkind in 'iu':
        info = np.iinfo(CAST[dst][0])
        v = float(real_value)
        if v != v or v in (INF, -INF) or not info.min <= int(v) <= info.max:
            return 'platform'
    if dkind in 'fc' and src != dst:
        fmt_name = PART.get(src, src)
        parts = src_bits if skind == 'c' else (src_bits,)
        if any(is_signalling(b, fmt_name) for b in parts):
            return 'snan'
        if src == 'BFloat16' and dst == 'Float16' and is_nan(src_bits, src) \
                and src_bits & 0x7FFF != 0x7FC0:
            return 'nan'
    return 'numpy'


def cast_rows():
    rows = []
    with np.errstate(all='ignore'), warnings.catch_warnings():
        # complex -> real discards the imaginary part (ComplexWarning); invalid and
        # overflowing casts are cases under test
        warnings.simplefilter('ignore')
        for src, _, skind, _ in CAST_TYPES:
            bits = edges(src)
            source = from_bits(bits, src)
            assert bits_of(source, src) == bits
            reals = (source.real if skind == 'c' else source).astype(np.float64) \
                if skind in 'fc' else None
            src_text = readable(source, src)
            for dst, ddt, _, _ in CAST_TYPES:
                result = source.astype(ddt)
                out_bits = bits_of(result, dst)
                out_text = readable(result, dst)
                for i, b in enumerate(bits):
                    flag = cast_flag(src, b, dst, reals[i] if reals is not None else 0)
                    rows.append('cast|%s|%s|%s|%s|%s|%s|%s' % (
                        src, hex_bits(b, src), dst, hex_bits(out_bits[i], dst), flag,
                        src_text[i], out_text[i]))
    return rows


INTEGRAL = {'Byte', 'Short', 'Char', 'Int', 'Long', 'UInt8', 'UInt16', 'UInt32', 'UInt64'}
UNSIGNED = {'UInt8', 'UInt16', 'UInt32', 'UInt64'}
FLOATING = {'Float', 'Double', 'Float16', 'BFloat16', 'Float8E4M3'}


def fmt(value, name):
    """One value of ndprim type `name` in the golden notation of the reductions."""
    if name == 'Boolean':
        return 'True' if bool(value) else 'False'
    if name in INTEGRAL:
        return str(int(value))
    return fmt_float(value)


def float8_values(rng, shape):
    """Random finite float8_e4m3fn values, -0.0 left out (see the docstring)."""
    bits = rng.integers(0, 256, size=shape)
    bits[(bits & 0x7F) == 0x7F] = 0x38  # NaN -> 1.0
    bits[bits == 0x80] = 0x00
    return bits.astype(np.uint8).view(F8)


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
        wide = np.uint64 if name == 'UInt64' else np.int64
        full = rng.integers(info.min, info.max, size=(4, 6), endpoint=True, dtype=wide)
        full[0, 0], full[1, 1], full[2, 2] = info.min, info.max, info.max
        cases.append(('full', full.astype(dt)))
        ties = np.array([[3, 1, 1, 7], [7, 7, 1, 3], [2, 2, 2, 2]], dtype=dt)
        cases.append(('ties', ties))
    elif name == 'Float8E4M3':
        cases.append(('small', float8_values(rng, (3, 4, 5))))
        nan = float8_values(rng, (4, 6))
        nan[1, 2] = nan[1, 4] = nan[3, 0] = np.nan
        nan[0, 5] = 448.0  # float8_e4m3fn has no infinities: its extremes instead
        nan[2, 1] = -448.0
        cases.append(('nan', nan))
        ties = np.array([[3, 1, 1, 7], [7, 7, 1, 3], [-0.5, -0.5, 2, 2]], dtype=dt)
        cases.append(('ties', ties))
    else:
        # multiples of 1/4 that every floating type holds exactly (bfloat16: 8 bits)
        grid = rng.integers(-256, 257, size=(3, 4, 5)) / 4.0 if name == 'BFloat16' \
            else rng.integers(-400, 401, size=(3, 4, 5)) / 4.0
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
    if name == 'UInt32':
        cases.append(('large', np.array([2 ** 32 - 1] * 5 + [2 ** 31], dtype=dt).reshape(2, 3)))
    if name == 'UInt64':
        # unsigned order: 2^63 and above are the largest values, not negative ones
        high = np.array([[2 ** 63, 2 ** 63 - 1, 2 ** 64 - 1, 1],
                         [0, 2 ** 63 + 5, 2 ** 64 - 1, 2 ** 63],
                         [2 ** 63 - 1, 2 ** 63, 1, 2 ** 64 - 2]], dtype=dt)
        cases.append(('high', high))
        cases.append(('wraps', np.array([2 ** 64 - 1, 1, 2 ** 63, 2 ** 63, 7], dtype=dt)))
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
        # numpy's accumulators: int64, uint64 for unsigned kinds; float64 is ndprim's (exact
        # here, see the docstring); ml_dtypes' types are kind 'V'
        wide = a.astype(np.uint64 if a.dtype.kind == 'u' else np.int64 if a.dtype.kind in 'bi'
                        else np.float64)
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
                            out_type = {'sum': 'Double' if name in FLOATING else 'UInt64'
                                        if name in UNSIGNED else 'Long',
                                        'argmin': 'Long', 'argmax': 'Long'}.get(op, name)
                            text = ' '.join(fmt(x, out_type) for x in values)
                            result = '%s|%s' % (','.join(str(d) for d in rshape), text)
                        except ValueError as e:
                            result = 'error|%s' % e
                        rows.append('red|%s|%s|%s|%s|%s|%s' % (
                            name, case, view, op, '*' if axis is None else axis, result))
    return rows


def write(name, header, rows):
    """Writes the rows under one header line; gzipped (without a time stamp) for '.gz'."""
    path = os.path.join(GOLDEN, name)
    os.makedirs(GOLDEN, exist_ok=True)
    text = '# %s; numpy %s, ml_dtypes %s; generated by gen_kernel_golden.py\n' % (
        header, np.__version__, ml_dtypes.__version__) + '\n'.join(rows) + '\n'
    data = text.encode('utf-8')
    if name.endswith('.gz'):
        raw = io.BytesIO()
        with gzip.GzipFile(filename='', mode='wb', fileobj=raw, mtime=0) as z:
            z.write(data)
        data = raw.getvalue()
    with open(path, 'wb') as out:
        out.write(data)
    print('wrote %d rows to %s' % (len(rows), os.path.normpath(path)), file=sys.stderr)


def main():
    write('kernel_casts.txt.gz', 'astype between every pair of the 17 ndprim types', cast_rows())
    write('kernel_reductions.txt', 'sum/min/max/argmin/argmax, whole and per axis',
          reduction_rows(np.random.default_rng(20261130), np.random.default_rng(20261201)))


if __name__ == '__main__':
    main()
