"""The inputs of the narrow-float conversion goldens (float16, bfloat16, float8_e4m3fn), made by an
algorithm that org.ndprim.testing.ConversionInputs implements identically in Java, so the golden
files hold only digests of numpy's / ml_dtypes' outputs (and a few hundred explicit cases), not
the million inputs. Imported by gen_float16_golden.py, gen_bfloat16_golden.py and
generated-tests/src/test/python/gen_float8_golden.py.

A narrow format is given by its finite non-negative values in increasing order (as float64) and
the value one step beyond its largest ('beyond': 65536 for float16, 2^128 for bfloat16, 480 for
float8_e4m3fn), so that its rounding boundaries are the midpoints (lo + hi) / 2 of consecutive
values, all exact in float32.

boundaries32: for each value lo (hi its successor, or 'beyond'), for sign +, -: the float32 bits
  of lo, of the midpoint m minus one float32 ulp, m, m plus one ulp (8 inputs per value).
boundaries64: for each value, for sign +, -: the float64 bits of lo, m, m minus and plus one
  float64 ulp, m minus and plus one float32 ulp (12 inputs per value). m +- one float64 ulp
  rounds away from the tie directly but to the tie, then to even, through float32: half of these
  round differently in the two ways.
random32(seed, n, lo, hi): splitmix64 outputs r_i = mix(seed + (i + 1) * 0x9E3779B97F4A7C15);
  even i: the low 32 bits of r (any pattern: NaNs, infinities, subnormals); odd i: sign bit 63,
  unbiased exponent lo + ((r >> 32) & 0xFFFF) % (hi - lo + 1), significand the low 23 bits.
random64(seed, n, values, beyond, lo, hi): i % 3 == 0: r itself; 1: sign bit 63, unbiased
  exponent lo + ((r >> 52) & 0x7FF) % (hi - lo + 1), significand the low 52 bits; 2: the float64
  bits of the midpoint above values[((r >> 32) & 0x7FFFFFFF) % len(values)] plus
  (r & 0xFFFFFFFF) - 2^31 (within 2^31 float64 ulps of a rounding boundary), sign bit 63.
sequence32/sequence64: the boundaries, then random inputs up to chunks * 65536.
Digests: SHA-256 of the outputs' little-endian bytes, per chunk of a given length.
"""
import hashlib

import numpy as np

GAMMA = 0x9E3779B97F4A7C15
CHUNK = 65536


def splitmix64(seed, n):
    """The first n outputs of splitmix64 from state seed, as uint64."""
    with np.errstate(over='ignore'):
        z = np.uint64(seed) + np.arange(1, n + 1, dtype=np.uint64) * np.uint64(GAMMA)
        z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        return z ^ (z >> np.uint64(31))


def _midpoints(values, beyond):
    values = np.asarray(values, dtype=np.float64)
    return (values + np.append(values[1:], beyond)) / 2


def boundaries32(values, beyond):
    lo = np.asarray(values, dtype=np.float64).astype(np.float32).view(np.uint32)
    m = _midpoints(values, beyond).astype(np.float32).view(np.uint32)
    one = np.stack([lo, m - np.uint32(1), m, m + np.uint32(1)], axis=1)
    both = np.stack([one, one | np.uint32(0x80000000)], axis=1)
    return both.reshape(-1)


def boundaries64(values, beyond):
    lo = np.asarray(values, dtype=np.float64).view(np.uint64)
    mid = _midpoints(values, beyond)
    m = mid.view(np.uint64)
    m32 = mid.astype(np.float32).view(np.uint32)
    down32 = (m32 - np.uint32(1)).view(np.float32).astype(np.float64).view(np.uint64)
    up32 = (m32 + np.uint32(1)).view(np.float32).astype(np.float64).view(np.uint64)
    one = np.stack([lo, m, m - np.uint64(1), m + np.uint64(1), down32, up32], axis=1)
    both = np.stack([one, one | np.uint64(1 << 63)], axis=1)
    return both.reshape(-1)


def random32(seed, n, lo, hi):
    r = splitmix64(seed, n)
    raw = (r & np.uint64(0xFFFFFFFF)).astype(np.uint32)
    span = np.uint64(hi - lo + 1)
    exponent = np.uint64(lo + 127) + ((r >> np.uint64(32)) & np.uint64(0xFFFF)) % span
    near = ((r >> np.uint64(63)) << np.uint64(31) | exponent << np.uint64(23)
            | (r & np.uint64(0x7FFFFF))).astype(np.uint32)
    return np.where(np.arange(n) % 2 == 0, raw, near)


def random64(seed, n, values, beyond, lo, hi):
    r = splitmix64(seed, n)
    sign = (r >> np.uint64(63)) << np.uint64(63)
    span = np.uint64(hi - lo + 1)
    exponent = np.uint64(lo + 1023) + ((r >> np.uint64(52)) & np.uint64(0x7FF)) % span
    near = sign | exponent << np.uint64(52) | (r & np.uint64((1 << 52) - 1))
    mids = _midpoints(values, beyond).view(np.uint64)
    index = ((r >> np.uint64(32)) & np.uint64(0x7FFFFFFF)) % np.uint64(len(mids))
    with np.errstate(over='ignore'):
        offset = (r & np.uint64(0xFFFFFFFF)) - np.uint64(1 << 31)  # wraps: a signed offset
        tie = sign | (mids[index] + offset)
    kind = np.arange(n) % 3
    return np.where(kind == 0, r, np.where(kind == 1, near, tie))


def sequence32(values, beyond, seed, chunks, lo, hi):
    b = boundaries32(values, beyond)
    return np.concatenate([b, random32(seed, chunks * CHUNK - len(b), lo, hi)])


def sequence64(values, beyond, seed, chunks, lo, hi):
    b = boundaries64(values, beyond)
    return np.concatenate([b, random64(seed, chunks * CHUNK - len(b), values, beyond, lo, hi)])


def digests(outputs, chunk=CHUNK):
    """SHA-256 (hex) of each chunk of an unsigned integer array's little-endian bytes."""
    le = outputs.astype(outputs.dtype.newbyteorder('<'))
    return [hashlib.sha256(le[i:i + chunk].tobytes()).hexdigest()
            for i in range(0, len(le), chunk)]
