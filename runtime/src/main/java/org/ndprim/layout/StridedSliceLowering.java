package org.ndprim.layout;

import org.ndprim.IllegalRankException;
import org.ndprim.StridedSliceOptions;
import org.ndprim.StridedSpec;

/**
 * TF's {@code StridedSlice} lowered onto a {@link Layout}, as TF's kernel computes it
 * ({@code tensorflow/core/util/strided_slice_op.cc}: {@code ValidateStridedSliceOp} and
 * {@code BuildDenseSpec}): the front-end behind
 * {@link Layout#stridedSlice(long[], long[], long[], StridedSliceOptions)}, which documents the
 * semantics, the mask precedence and TF's error texts.
 */
final class StridedSliceLowering {
  /** Gather markers: a shrunk input axis, a new output axis. */
  private static final int SHRUNK = -1;
  private static final int NEW_AXIS = -2;

  private StridedSliceLowering() {}

  /** The view of {@code l} selected by one {@code StridedSlice}. */
  static Layout lower(Layout l, long[] begin, long[] end, long[] strides,
      StridedSliceOptions options) {
    int count = strides.length;
    if (begin.length != count || end.length != count || count > StridedSpec.MAX_ENTRIES) {
      throw new IllegalArgumentException("Expected begin, end, and strides to be 1D equal size "
          + "tensors, but got shapes [" + begin.length + "], [" + end.length + "], and ["
          + count + "] instead." + (begin.length == count && end.length == count
          ? " (at most " + StridedSpec.MAX_ENTRIES + " entries: the masks are 32-bit)" : ""));
    }
    long ellipsisMask = options.ellipsisMask();
    if (Long.bitCount(ellipsisMask) > 1) {
      throw new IllegalArgumentException("Multiple ellipses in slice spec not allowed");
    }
    long newAxisMask = options.newAxisMask();
    long shrinkMask = options.shrinkAxisMask();
    // Step 1: the sparse spec; count new axes after the ellipsis, append one if there is none.
    int sparseCount = count;
    boolean ellipsisSeen = false;
    int newAxesAfterEllipsis = 0;
    for (int i = 0; i < count; i++) {
      if (ellipsisSeen && bit(newAxisMask, i)) {
        newAxesAfterEllipsis++;
      }
      if (bit(ellipsisMask, i)) {
        ellipsisSeen = true;
      }
    }
    if (!ellipsisSeen) {
      ellipsisMask |= 1L << count;
      sparseCount++;
    }
    // Step 2: the dense spec, one entry per input axis (BuildDenseSpec).
    long[] shape = l.dimsArray();
    long[] inStrides = l.stridesArray();
    int rank = shape.length;
    long[] denseBegin = new long[rank];
    long[] denseEnd = new long[rank];
    long[] denseStrides = new long[rank];
    boolean[] denseBeginMask = new boolean[rank];
    boolean[] denseEndMask = new boolean[rank];
    boolean[] denseShrink = new boolean[rank];
    int[] gather = new int[sparseCount + rank]; // >= 0: input axis; SHRUNK; NEW_AXIS
    int gathered = 0;
    int full = 0;
    for (int i = 0; i < sparseCount; i++) {
      if (bit(ellipsisMask, i)) {
        int next = Math.min(rank - (sparseCount - i) + 1 + newAxesAfterEllipsis, rank);
        for (; full < next; full++) {
          denseStrides[full] = 1;
          denseBeginMask[full] = true;
          denseEndMask[full] = true;
          gather[gathered++] = full;
        }
      } else if (bit(newAxisMask, i)) {
        gather[gathered++] = NEW_AXIS;
      } else {
        if (full == rank) {
          throw new IllegalRankException("Index out of range using input dim " + full
              + "; input has only " + rank + " dims");
        }
        denseBegin[full] = begin[i];
        denseEnd[full] = end[i];
        denseStrides[full] = strides[i];
        denseBeginMask[full] = bit(options.beginMask(), i);
        denseEndMask[full] = bit(options.endMask(), i);
        if (bit(shrinkMask, i)) {
          denseShrink[full] = true;
          gather[gathered++] = SHRUNK;
        } else {
          gather[gathered++] = full;
        }
        full++;
      }
    }
    // Step 3: canonical begin/end per input axis and the processing shape.
    long[] processing = new long[rank];
    long[] processingStrides = new long[rank];
    long o = l.offset();
    for (int axis = 0; axis < rank; axis++) {
      long stride = denseStrides[axis];
      long n = shape[axis];
      if (stride == 0) {
        throw new IllegalArgumentException("strides[" + axis + "] must be non-zero");
      }
      boolean shrink = denseShrink[axis];
      if (shrink && stride <= 0) {
        throw new IllegalArgumentException("only stride 1 allowed on non-range indexing.");
      }
      long b;
      long e;
      if (shrink) {
        b = denseBegin[axis] < 0 ? n + denseBegin[axis] : denseBegin[axis];
        if (b < 0 || b >= n) {
          throw new IndexOutOfBoundsException(
              "slice index " + b + " of dimension " + axis + " out of bounds.");
        }
        e = b + 1;
      } else {
        b = canonical(denseBegin[axis], denseBeginMask[axis], true, stride, n);
        e = canonical(denseEnd[axis], denseEndMask[axis], false, stride, n);
      }
      long interval = e - b; // both in [-1, n]
      long length;
      if (interval == 0 || (interval < 0) != (stride < 0)) {
        length = 0;
      } else {
        length = interval / stride + (interval % stride != 0 ? 1 : 0);
      }
      if (length > 0) {
        o += b * inStrides[axis]; // b in [0, n-1]: within this layout's exact extents
      }
      processing[axis] = length;
      processingStrides[axis] = length > 1
          ? Math.multiplyExact(stride, inStrides[axis]) : inStrides[axis];
    }
    // Step 4: the final shape: new axes inserted, shrunk axes dropped.
    int outRank = 0;
    for (int k = 0; k < gathered; k++) {
      if (gather[k] != SHRUNK) {
        outRank++;
      }
    }
    long[] outShape = new long[outRank];
    long[] outStrides = new long[outRank];
    for (int k = 0, out = 0; k < gathered; k++) {
      int g = gather[k];
      if (g >= 0) {
        outShape[out] = processing[g];
        outStrides[out++] = processingStrides[g];
      } else if (g == NEW_AXIS) {
        outShape[out] = 1;
        outStrides[out++] = 0;
      }
    }
    return Layout.owning(o, outShape, outStrides);
  }

  private static boolean bit(long mask, int i) {
    return i < 64 && (mask & (1L << i)) != 0;
  }

  /**
   * TF's {@code canonical}: a masked bound is the first ({@code begin}) or past-the-last
   * ({@code end}) position of the walk; otherwise wrap a negative value once and clamp to
   * {@code [0, n]} (stride > 0) or {@code [-1, n-1]} (stride < 0).
   */
  private static long canonical(long x, boolean masked, boolean isBegin, long stride, long n) {
    long lo = stride > 0 ? 0 : -1;
    long hi = stride > 0 ? n : n - 1;
    if (masked) {
      return isBegin == (stride > 0) ? lo : hi;
    }
    long fwd = x < 0 ? n + x : x;
    return fwd < lo ? lo : Math.min(fwd, hi);
  }
}
