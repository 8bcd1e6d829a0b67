package org.ndprim.layout;

/**
 * The axis arithmetic the cursors of this package share: merging axes that are contiguous in
 * storage (NumPy's iterator coalescing), the single-run test, and the offset step back when an
 * axis wraps. Package-private; every method is pure.
 */
final class Axes {
  /** {@link #singleRunStride}'s answer for a layout that is more than one run. */
  static final long NOT_SINGLE = Long.MIN_VALUE;
  /** The empty axis list. */
  static final long[] NONE = new long[0];

  private Axes() {}

  /**
   * The stride of the single run a non-empty layout is, or {@link #NOT_SINGLE}: the axes longer
   * than 1 must form one contiguous stretch, each outer stride the inner one times the inner
   * length, in O(rank) and without allocating. The same merge as {@link #coalesce}, checked
   * rather than performed; e.g. a C-contiguous layout (stride 1) or a rank-1 view (its stride).
   */
  static long singleRunStride(long[] shape, long[] strides) {
    long stride = 0;
    long expected = 0;
    boolean seen = false;
    for (int axis = shape.length - 1; axis >= 0; axis--) {
      long d = shape[axis];
      if (d == 1) {
        continue;
      }
      if (!seen) {
        stride = strides[axis];
        seen = true;
      } else if (strides[axis] != expected) {
        return NOT_SINGLE;
      }
      long high = Math.multiplyHigh(strides[axis], d);
      expected = strides[axis] * d;
      if (high != (expected >> 63)) {
        return NOT_SINGLE;
      }
    }
    return stride;
  }

  /** The shape of a layout as a fresh array, read through public accessors. */
  static long[] dims(Layout layout) {
    long[] d = new long[layout.rank()];
    for (int axis = 0; axis < d.length; axis++) {
      d[axis] = layout.dim(axis);
    }
    return d;
  }

  /**
   * Merges axes in place for a non-empty walk: drops axes of length 1, then merges each axis
   * into the one after it when that is contiguous in every stride array ({@code outer stride ==
   * inner stride * inner length}, without overflow). The first {@code n} entries of {@code dims}
   * and of each {@code strides[j]} then describe the merged axes, outermost first; returns
   * {@code n} (0 when every axis had length 1). Merged lengths never exceed the layout size.
   */
  static int coalesce(long[] dims, long[][] strides) {
    int n = 0;
    for (int axis = 0; axis < dims.length; axis++) {
      long d = dims[axis];
      if (d == 1) {
        continue;
      }
      if (n > 0 && contiguous(strides, n - 1, axis, d)) {
        dims[n - 1] *= d;
        for (long[] s : strides) {
          s[n - 1] = s[axis];
        }
      } else {
        dims[n] = d;
        for (long[] s : strides) {
          s[n] = s[axis];
        }
        n++;
      }
    }
    return n;
  }

  private static boolean contiguous(long[][] strides, int outer, int inner, long innerDim) {
    for (long[] s : strides) {
      long si = s[inner];
      long product = si * innerDim;
      if (Math.multiplyHigh(si, innerDim) != (product >> 63) || product != s[outer]) {
        return false;
      }
    }
    return true;
  }

  /** {@code (dims[a] - 1) * strides[a]}; fits a long because a layout's extents do. */
  static long[] backs(long[] dims, long[] strides) {
    long[] b = new long[dims.length];
    for (int a = 0; a < dims.length; a++) {
      b[a] = (dims[a] - 1) * strides[a];
    }
    return b;
  }

  /** A run's stride: 0 for a run of at most one element, else the stride itself. */
  static long runStride(long stride, long length) {
    return length <= 1 ? 0 : stride;
  }

  /** The product of the lengths; unchecked (callers know it fits, see each call). */
  static long product(long[] dims) {
    long n = 1;
    for (long d : dims) {
      n *= d;
    }
    return n;
  }
}
