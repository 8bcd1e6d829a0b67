package org.ndprim.layout;

import java.util.Arrays;
import org.ndprim.IllegalRankException;
import org.ndprim.Index;

/**
 * NumPy basic indexing of a {@link Layout} ({@code SEMANTICS.md} R1-R8), and the Swift
 * {@code ShapedArraySlice} forms, which are ranges of the leading axis: the front-end behind
 * {@link Layout#get}, {@link Layout#slice}, {@link Layout#prefix}, {@link Layout#suffix} and
 * {@link Layout#range}. Messages are NumPy's.
 */
final class BasicIndexing {
  private BasicIndexing() {}

  /** NumPy's {@code a[i, j]}: the indexed leading axes are removed, the rest kept whole. */
  static Layout get(Layout l, long... coords) {
    long[] shape = l.dimsArray();
    long[] strides = l.stridesArray();
    if (coords.length > shape.length) {
      throw tooManyIndices(shape.length, coords.length);
    }
    long o = l.offset();
    for (int axis = 0; axis < coords.length; axis++) {
      o += l.normalize(coords[axis], axis) * strides[axis];
    }
    int k = coords.length;
    return Layout.owning(o, Arrays.copyOfRange(shape, k, shape.length),
        Arrays.copyOfRange(strides, k, strides.length));
  }

  /** NumPy basic slicing; the rules and errors are documented on {@link Layout#slice}. */
  static Layout slice(Layout l, Index... spec) {
    long[] shape = l.dimsArray();
    long[] strides = l.stridesArray();
    int rank = shape.length;
    int ellipses = 0;
    int consuming = 0;
    int outRank = rank;
    for (Index index : spec) {
      if (index.isAdvanced()) {
        throw new IllegalArgumentException("index entry " + index + " is an advanced index (an"
            + " array): a layout takes basic indices only; NdArray.slice gathers a copy for it");
      }
      switch (index.kind()) {
        case ELLIPSIS:
          ellipses++;
          break;
        case NEW_AXIS:
          outRank++;
          break;
        case AT:
          consuming++;
          if (!index.keepDim()) {
            outRank--;
          }
          break;
        default:
          consuming++;
      }
    }
    if (ellipses > 1) {
      throw new IllegalArgumentException("an index can only have a single ellipsis ('...')");
    }
    if (consuming > rank) {
      throw tooManyIndices(rank, consuming);
    }
    long[] outShape = new long[outRank];
    long[] outStrides = new long[outRank];
    long o = l.offset();
    int in = 0;
    int out = 0;
    for (Index index : spec) {
      switch (index.kind()) {
        case AT: {
          long i = l.normalize(index.index(), in);
          o += i * strides[in];
          if (index.keepDim()) {
            outShape[out] = 1;
            outStrides[out++] = strides[in];
          }
          in++;
          break;
        }
        case RANGE: {
          long step = index.step();
          if (step == 0) {
            throw new IllegalArgumentException("slice step cannot be zero");
          }
          long n = shape[in];
          long start = SliceMath.start(index.start(), n, step);
          long length = SliceMath.length(start, SliceMath.stop(index.stop(), n, step), step);
          if (length > 0) {
            o += start * strides[in];
          }
          outShape[out] = length;
          outStrides[out++] = length > 1 ? Math.multiplyExact(step, strides[in]) : strides[in];
          in++;
          break;
        }
        case NEW_AXIS:
          outShape[out] = 1;
          outStrides[out++] = 0;
          break;
        default: // ELLIPSIS
          for (int k = rank - consuming; k > 0; k--, in++, out++) {
            outShape[out] = shape[in];
            outStrides[out] = strides[in];
          }
      }
    }
    for (; in < rank; in++, out++) { // implicit trailing ellipsis
      outShape[out] = shape[in];
      outStrides[out] = strides[in];
    }
    return Layout.owning(o, outShape, outStrides);
  }

  /**
   * NumPy's {@code a[start:stop]} on the leading axis, rank kept (step 1): a bound is wrapped once
   * if negative and clamped to {@code [0, n]}; {@code null} is the default bound.
   */
  static Layout leading(Layout l, Long start, Long stop) {
    long[] shape = l.dimsArray();
    if (shape.length == 0) {
      throw tooManyIndices(0, 1);
    }
    long n = shape[0];
    long first = SliceMath.start(start, n, 1);
    long length = SliceMath.length(first, SliceMath.stop(stop, n, 1), 1);
    long[] outShape = shape.clone();
    outShape[0] = length;
    long stride = l.stridesArray()[0];
    return Layout.owning(length > 0 ? l.offset() + first * stride : l.offset(), outShape,
        l.strides());
  }

  /** NumPy's text for a spec that consumes more axes than there are. */
  static IllegalRankException tooManyIndices(int rank, int count) {
    return new IllegalRankException("too many indices for array: array is " + rank
        + "-dimensional, but " + count + " were indexed");
  }
}
