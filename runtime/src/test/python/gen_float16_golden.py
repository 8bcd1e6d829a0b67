#!/usr/bin/env python3
"""Writes golden/float16_conversions.txt: numpy's float16 <-> float32/float64 conversions, the
reference of Float16ConversionTest (Float16Scalar.toLogical, toStorage, fromDouble and astype).
Tests read the file; they never run Python. Deterministic for a numpy version.

Run from anywhere:  python3 runtime/src/test/python/gen_float16_golden.py

Inputs (conversion_inputs.py, mirrored by org.ndprim.testing.ConversionInputs):
  h2f, h2d: all 65,536 float16 patterns, in order.
  f2h: float32 inputs, 16 chunks of 65,536 = 1,048,576: boundaries32 of the float16 values
    0x0000..0x7BFF (beyond = 65536, so the last midpoint is the overflow threshold 65520):
    every value, every midpoint between neighbours and the float32 values either side, both
    signs (253,952), then random32(seed 0x5EED0F16, exponents -26..17).
  d2h: float64 inputs, 16 chunks: boundaries64 (380,928: also the float64 and float32
    neighbours of every midpoint), then random64(seed 0x5EED0D16, exponents -26..17).
Outputs: np.uint16 patterns .view(float16).astype(float32 / float64) and
  np.uint32 / np.uint64 bits .view(float32 / float64).astype(float16) (one rounding from float64).

Lines:
  digest|<kind>|<chunk>|<first input index>|<count>|<sha256 of the outputs' little-endian bytes>
    in32, in64 chunks of 65,536: the inputs themselves, so that a Java generator differing from
    conversion_inputs.py is reported as such;
    h2f chunks of 4,096 (numpy's bits as they are); h2d~q chunks of 4,096: the float64 outputs
    with the quiet bit set on every NaN (numpy's software float16 -> float64 keeps a signalling
    NaN signalling; ndprim widens through float, which IEEE 754 conversions quiet: a NaN
    payload difference left to the implementation); h2f~q the same for float32 (what astype to
    FloatNdArray gives); f2h, d2h chunks of 65,536.
  count|d2h-twice|<n>: how many non-NaN float64 inputs numpy rounds differently directly and
    through float32 (np.float16(np.float32(x))): the boundary set makes sure there are many.
  case|<kind>|<input bits>|<output bits>|<input value>: explicit cases to localise a failure:
    every special value (zeros, infinities, NaNs with payloads and signalling, the largest finite
    value and the overflow threshold with its neighbours, subnormals and their ties, ties to even
    both ways, double-rounding cases), the boundary inputs of selected float16 values, and
    a sample of the random inputs.
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import conversion_inputs as ci  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                   '..', 'resources', 'golden', 'float16_conversions.txt')
SEED32, SEED64 = 0x5EED0F16, 0x5EED0D16
CHUNKS = 16
EXPONENTS = (-26, 17)

VALUES = np.arange(0x7C00, dtype=np.uint16).view(np.float16).astype(np.float64)
BEYOND = 65536.0

# Halves whose boundary inputs are written out: zero, the subnormals' ends, the normals' start,
# around 1.0, the largest values (the overflow threshold 65520 is the last midpoint).
SELECTED = sorted({0x0000, 0x0001, 0x0002, 0x03FE, 0x03FF, 0x0400, 0x0401, 0x07FF, 0x3BFF,
                   0x3C00, 0x3C01, 0x4000, 0x6800, 0x7BFE, 0x7BFF})


def f2h(bits32):
    with np.errstate(over='ignore', invalid='ignore'):
        x = np.asarray(bits32, dtype=np.uint32).view(np.float32)
        return x.astype(np.float16).view(np.uint16)


def d2h(bits64):
    with np.errstate(over='ignore', invalid='ignore'):
        x = np.asarray(bits64, dtype=np.uint64).view(np.float64)
        return x.astype(np.float16).view(np.uint16)


def quieted(bits, exponent, quiet):
    bits = bits.copy()
    nan = (bits & exponent == exponent) & (bits & (2 * quiet - 1) != 0)
    bits[nan] |= quiet
    return bits


def f32(x):
    return int(np.array([x], dtype=np.float32).view(np.uint32)[0])


def f64(x):
    return int(np.array([x], dtype=np.float64).view(np.uint64)[0])


SPECIALS32 = sorted({f32(x) for x in [
    0.0, -0.0, np.inf, -np.inf, 1.0, -1.0, 65504.0, -65504.0, 65519.0, 65520.0, -65520.0,
    65536.0, 1e10, 3.4028235e38, -3.4028235e38, 2.0 ** -14, 2.0 ** -24, 2.0 ** -25, 3 * 2.0 ** -25,
    2.0 ** -26, 2.0 ** -14 - 2.0 ** -25, 1 + 2.0 ** -11, 1 + 3 * 2.0 ** -11, 2049.0, 2051.0,
    4097.0, 0.1, 1 / 3, np.pi, 1e-10, 1.0e-45, 2.0 ** -126]} | {
    0x477FEFFF, 0x477FF001,  # either side of 65520
    0x33000001, 0x32FFFFFF,  # either side of 2^-25
    0x7FC00000, 0xFFC00000, 0x7FC00001, 0x7FC02000, 0x7FFFFFFF, 0xFFE00000,  # quiet NaNs
    0x7F800001, 0x7F801FFF, 0x7F802000, 0x7FA00000, 0xFFBFFFFF,  # signalling NaNs
    0x00000001, 0x007FFFFF, 0x80000001})

SPECIALS64 = sorted({f64(x) for x in [
    0.0, -0.0, np.inf, -np.inf, 1.0, 65504.0, 65519.0, 65520.0, -65520.0, 65520.0 - 2.0 ** -40,
    65520.0 + 2.0 ** -40, 65536.0, 1e300, -1e300, 2.0 ** -14, 2.0 ** -24, 2.0 ** -25,
    2.0 ** -25 + 2.0 ** -60, 2.0 ** -25 - 2.0 ** -60, 3 * 2.0 ** -25, 1 + 2.0 ** -11,
    1 + 2.0 ** -11 + 2.0 ** -40, 1 + 2.0 ** -11 - 2.0 ** -40, 1 + 3 * 2.0 ** -11,
    1 + 3 * 2.0 ** -11 - 2.0 ** -40, 2049.0, 2049.0 + 2.0 ** -30, 2051.0, 0.1, 1 / 3, 5e-324,
    2.0 ** -1022, 1.7976931348623157e308]} | {
    0x7FF8000000000000, 0xFFF8000000000000, 0x7FF8000000000001, 0x7FF8040000000000,
    0x7FFFFFFFFFFFFFFF,  # quiet NaNs
    0x7FF0000000000001, 0x7FF0040000000000, 0x7FF4000000000000, 0xFFF003FFFFFFFFFF,  # signalling
    0x0000000000000001, 0x800FFFFFFFFFFFFF})


def main():
    lines = ['# numpy %s float16 conversions; generated by gen_float16_golden.py' % np.__version__]
    halves = np.arange(0x10000, dtype=np.uint32).astype(np.uint16)
    h2f = halves.view(np.float16).astype(np.float32).view(np.uint32)
    h2d = halves.view(np.float16).astype(np.float64).view(np.uint64)
    in32 = ci.sequence32(VALUES, BEYOND, SEED32, CHUNKS, *EXPONENTS)
    in64 = ci.sequence64(VALUES, BEYOND, SEED64, CHUNKS, *EXPONENTS)
    out32, out64 = f2h(in32), d2h(in64)
    for kind, outputs, chunk in [
            ('in32', in32, ci.CHUNK), ('in64', in64, ci.CHUNK), ('h2f', h2f, 4096), ('h2f~q', quieted(h2f, np.uint32(0x7F800000), np.uint32(0x400000)), 4096),
            ('h2d~q', quieted(h2d, np.uint64(0x7FF0000000000000), np.uint64(1 << 51)), 4096),
            ('f2h', out32, ci.CHUNK), ('d2h', out64, ci.CHUNK)]:
        for i, d in enumerate(ci.digests(outputs, chunk)):
            lines.append('digest|%s|%d|%d|%d|%s' % (kind, i, i * chunk, chunk, d))
    with np.errstate(over='ignore', invalid='ignore'):
        twice = in64.view(np.float64).astype(np.float32).astype(np.float16).view(np.uint16)
    finite = ~np.isnan(in64.view(np.float64))
    differ = finite & (twice != out64)
    lines.append('count|d2h-twice|%d' % int(differ.sum()))

    cases = []
    for h in list(range(0, 0x10000, 4099)) + [0x0001, 0x03FF, 0x0400, 0x3C00, 0x7BFF, 0x7C00,
                                              0x7C01, 0x7D00, 0x7DFF, 0x7E00, 0x7E01, 0x7FFF,
                                              0x8001, 0xFC00, 0xFC01, 0xFE00, 0xFFFF]:
        cases.append('case|h2f|%04x|%08x|' % (h, h2f[h]))
        cases.append('case|h2d|%04x|%016x|' % (h, h2d[h]))
    b32, b64 = len(ci.boundaries32(VALUES, BEYOND)), len(ci.boundaries64(VALUES, BEYOND))
    picks32 = [8 * h + k for h in SELECTED for k in range(8)]
    picks64 = [12 * h + k for h in SELECTED for k in range(12)]
    rand32 = list(range(b32, len(in32), 49999))
    rand64 = list(range(b64, len(in64), 49999))
    twice_at = [int(i) for i in np.flatnonzero(differ)]
    picks64 += twice_at[:40:2] + twice_at[-40::2]
    for bits in [int(b) for b in in32[picks32 + rand32]] + SPECIALS32:
        value = float(np.uint32(bits).view(np.float32)).hex()
        cases.append('case|f2h|%08x|%04x|%s' % (bits, f2h([bits])[0], value))
    for bits in [int(b) for b in in64[picks64 + rand64]] + SPECIALS64:
        value = float(np.uint64(bits).view(np.float64)).hex()
        cases.append('case|d2h|%016x|%04x|%s' % (bits, d2h([bits])[0], value))
    lines += cases
    with open(OUT, 'w', newline='\n') as out:
        out.write('\n'.join(lines) + '\n')
    digests = sum(line.startswith('digest') for line in lines)
    print('wrote %d digests, %d cases to %s' % (digests, len(cases), os.path.normpath(OUT)),
          file=sys.stderr)


if __name__ == '__main__':
    main()
