package org.ndprim.layout;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.ndprim.IllegalRankException;
import org.ndprim.Index;
import org.ndprim.Indices;

/**
 * A deliberately naive reference for NumPy basic indexing, written from SEMANTICS.md without
 * strides: an array is a shape plus its values in C order; a slice picks, per axis, the list of
 * positions by testing every position of the axis; the result is built element by element.
 */
final class NaiveSlicing {
  private NaiveSlicing() {}

  /** An array as shape + C-order values. */
  static final class Dense {
    final long[] shape;
    final long[] values;

    Dense(long[] shape, long[] values) {
      this.shape = shape;
      this.values = values;
    }

    @Override
    public String toString() {
      return Arrays.toString(shape) + " " + Arrays.toString(values);
    }
  }

  /** Reads every element of a layout with {@link Layout#offsetOf(long...)} (value = offset). */
  static Dense materialize(Layout layout) {
    long[] shape = layout.shape().asArray();
    List<Long> values = new ArrayList<>();
    long[] coords = new long[shape.length];
    if (layout.size() > 0) {
      do {
        values.add(layout.offsetOf(coords));
      } while (increment(coords, shape));
    }
    return new Dense(shape, values.stream().mapToLong(Long::longValue).toArray());
  }

  /** Advances a C-order odometer; false after the last coordinate. */
  static boolean increment(long[] coords, long[] shape) {
    for (int axis = shape.length - 1; axis >= 0; axis--) {
      if (++coords[axis] < shape[axis]) {
        return true;
      }
      coords[axis] = 0;
    }
    return false;
  }

  static Dense slice(Dense a, Index... spec) {
    int rank = a.shape.length;
    int ellipses = 0;
    int consuming = 0;
    for (Index index : spec) {
      if (index.kind() == Index.Kind.ELLIPSIS) {
        ellipses++;
      } else if (index.kind() == Index.Kind.AT || index.kind() == Index.Kind.RANGE) {
        consuming++;
      }
    }
    if (ellipses > 1) {
      throw new IllegalArgumentException("an index can only have a single ellipsis ('...')");
    }
    if (consuming > rank) {
      throw new IllegalRankException("too many indices for array: array is " + rank
          + "-dimensional, but " + consuming + " were indexed");
    }
    // Expand the ellipsis (or append one) into full slices.
    List<Index> full = new ArrayList<>();
    boolean sawEllipsis = false;
    for (Index index : spec) {
      if (index.kind() == Index.Kind.ELLIPSIS) {
        sawEllipsis = true;
        for (int k = 0; k < rank - consuming; k++) {
          full.add(Indices.all());
        }
      } else {
        full.add(index);
      }
    }
    if (!sawEllipsis) {
      for (int k = 0; k < rank - consuming; k++) {
        full.add(Indices.all());
      }
    }
    // Per output axis: the input axis it walks (-1 for a new axis) and the positions it takes.
    List<Integer> outInputAxis = new ArrayList<>();
    List<long[]> outPositions = new ArrayList<>();
    long[] fixed = new long[rank];
    int in = 0;
    for (Index index : full) {
      switch (index.kind()) {
        case AT: {
          long n = a.shape[in];
          long i = index.index();
          if (i < -n || i >= n) {
            throw new IndexOutOfBoundsException(
                "index " + i + " is out of bounds for axis " + in + " with size " + n);
          }
          long position = i < 0 ? i + n : i;
          fixed[in] = position;
          if (index.keepDim()) {
            outInputAxis.add(in);
            outPositions.add(new long[] {position});
          }
          in++;
          break;
        }
        case RANGE:
          if (index.step() == 0) {
            throw new IllegalArgumentException("slice step cannot be zero");
          }
          outInputAxis.add(in);
          outPositions.add(positions(index.start(), index.stop(), index.step(), a.shape[in]));
          in++;
          break;
        default: // NEW_AXIS
          outInputAxis.add(-1);
          outPositions.add(new long[] {0});
      }
    }
    long[] outShape = new long[outPositions.size()];
    long size = 1;
    for (int k = 0; k < outShape.length; k++) {
      outShape[k] = outPositions.get(k).length;
      size *= outShape[k];
    }
    long[] values = new long[(int) size];
    if (size > 0) {
      long[] outCoords = new long[outShape.length];
      int v = 0;
      do {
        long[] inCoords = fixed.clone();
        for (int k = 0; k < outShape.length; k++) {
          if (outInputAxis.get(k) >= 0) {
            inCoords[outInputAxis.get(k)] = outPositions.get(k)[(int) outCoords[k]];
          }
        }
        long flat = 0;
        for (int axis = 0; axis < rank; axis++) {
          flat = flat * a.shape[axis] + inCoords[axis];
        }
        values[v++] = a.values[(int) flat];
      } while (increment(outCoords, outShape));
    }
    return new Dense(outShape, values);
  }

  /**
   * The positions a slice takes on an axis of length n: start and stop as R2 (wrap once, clamp),
   * then every position of the axis is tested for membership; no length formula.
   */
  static long[] positions(Long start, Long stop, long step, long n) {
    long s;
    long e;
    if (step > 0) {
      s = start == null ? 0 : clamp(start < 0 ? start + n : start, 0, n);
      e = stop == null ? n : clamp(stop < 0 ? stop + n : stop, 0, n);
    } else {
      s = start == null ? n - 1 : clamp(start < 0 ? start + n : start, -1, n - 1);
      e = stop == null ? -1 : clamp(stop < 0 ? stop + n : stop, -1, n - 1);
    }
    List<Long> out = new ArrayList<>();
    if (step > 0) {
      for (long i = 0; i < n; i++) {
        if (i >= s && i < e && (i - s) % step == 0) {
          out.add(i);
        }
      }
    } else {
      for (long i = n - 1; i >= 0; i--) {
        if (i <= s && i > e && (s - i) % step == 0) {
          out.add(i);
        }
      }
    }
    return out.stream().mapToLong(Long::longValue).toArray();
  }

  private static long clamp(long x, long lo, long hi) {
    return Math.max(lo, Math.min(hi, x));
  }
}
