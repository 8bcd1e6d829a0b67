package org.ndprim.layout;

/**
 * CPython's {@code PySlice_AdjustIndices} in {@code long} arithmetic (SEMANTICS.md R2). The
 * "before index 0" end of a negative-step slice is the normalised stop {@code -1}; it is only
 * ever produced here, never read back as a user bound, so it cannot be wrapped a second time.
 */
final class SliceMath {
  private SliceMath() {}

  /** The normalised start: default, or wrapped once and clamped to [0, n] (step > 0) or [-1, n-1]. */
  static long start(Long start, long n, long step) {
    if (start == null) {
      return step > 0 ? 0 : n - 1;
    }
    return clamp(start, n, step);
  }

  /** The normalised stop: default n (step > 0) or -1 = "before index 0" (step < 0). */
  static long stop(Long stop, long n, long step) {
    if (stop == null) {
      return step > 0 ? n : -1;
    }
    return clamp(stop, n, step);
  }

  private static long clamp(long x, long n, long step) {
    if (x < 0) {
      x += n; // no overflow: x < 0 <= n
    }
    if (step > 0) {
      return x < 0 ? 0 : Math.min(x, n);
    }
    return x < 0 ? -1 : Math.min(x, n - 1);
  }

  /** The element count: a ceiling division, 0 when start is on the wrong side of stop. */
  static long length(long start, long stop, long step) {
    if (step > 0) {
      long diff = stop - start; // both in [0, n]: no overflow
      return diff <= 0 ? 0 : (diff - 1) / step + 1;
    }
    long diff = start - stop; // both in [-1, n-1]
    // (diff - 1) / step truncates toward zero, so this is ceil(diff / -step) even for
    // step == Long.MIN_VALUE, where -step would overflow.
    return diff <= 0 ? 0 : 1 - (diff - 1) / step;
  }
}
