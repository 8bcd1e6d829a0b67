package org.ndprim.layout;

import java.util.ArrayList;
import java.util.List;
import org.ndprim.IllegalRankException;
import org.ndprim.Index;
import org.ndprim.Indices;
import org.ndprim.layout.NaiveSlicing.Dense;

/**
 * A deliberately naive reference for the view operations, written from NumPy's and TF's
 * documented behaviour without strides: each operation builds a new {@link Dense} (shape +
 * C-order values) with plain loops over output coordinates. Errors are thrown with the
 * exception class the real implementation must use.
 */
final class NaiveViews {
  private NaiveViews() {}

  static long size(long[] shape) {
    long n = 1;
    for (long d : shape) {
      n *= d;
    }
    return n;
  }

  /** The C-order flat index of a coordinate. */
  static int flat(long[] coords, long[] shape) {
    long f = 0;
    for (int axis = 0; axis < shape.length; axis++) {
      f = f * shape[axis] + coords[axis];
    }
    return (int) f;
  }

  /** Builds an array by reading, for every output coordinate, one input coordinate. */
  private interface CoordMap {
    void inputOf(long[] out, long[] in);
  }

  private static Dense gather(Dense a, long[] outShape, CoordMap map) {
    long[] values = new long[(int) size(outShape)];
    if (values.length > 0) {
      long[] out = new long[outShape.length];
      long[] in = new long[a.shape.length];
      int k = 0;
      do {
        map.inputOf(out, in);
        values[k++] = a.values[flat(in, a.shape)];
      } while (NaiveSlicing.increment(out, outShape));
    }
    return new Dense(outShape, values);
  }

  private static int axis(int axis, int rank) {
    if (axis < -rank || axis >= rank) {
      throw new IndexOutOfBoundsException(
          "axis " + axis + " is out of bounds for array of dimension " + rank);
    }
    return axis < 0 ? axis + rank : axis;
  }

  static Dense permute(Dense a, int... axes) {
    int rank = a.shape.length;
    if (axes.length != rank) {
      throw new IllegalRankException("axes don't match array");
    }
    int[] p = new int[rank];
    for (int i = 0; i < rank; i++) {
      p[i] = axis(axes[i], rank);
      for (int j = 0; j < i; j++) {
        if (p[j] == p[i]) {
          throw new IllegalArgumentException("repeated axis in transpose");
        }
      }
    }
    long[] outShape = new long[rank];
    for (int i = 0; i < rank; i++) {
      outShape[i] = a.shape[p[i]];
    }
    return gather(a, outShape, (out, in) -> {
      for (int i = 0; i < rank; i++) {
        in[p[i]] = out[i];
      }
    });
  }

  static Dense transpose(Dense a) {
    int rank = a.shape.length;
    int[] axes = new int[rank];
    for (int i = 0; i < rank; i++) {
      axes[i] = rank - 1 - i;
    }
    return permute(a, axes);
  }

  /** Reshape as a value operation: the C-order values under another shape. */
  static Dense reshape(Dense a, long[] shape) {
    if (size(shape) != a.values.length) {
      throw new IllegalArgumentException("cannot reshape");
    }
    return new Dense(shape.clone(), a.values.clone());
  }

  /**
   * Whether the values (storage offsets) of an array are those of some strided layout: the
   * stride of each axis is read off the unit step from the first element and every element is
   * checked.
   */
  static boolean isStrided(Dense a) {
    if (a.values.length == 0) {
      return true;
    }
    int rank = a.shape.length;
    long[] strides = new long[rank];
    for (int axis = 0; axis < rank; axis++) {
      if (a.shape[axis] > 1) {
        long[] unit = new long[rank];
        unit[axis] = 1;
        strides[axis] = a.values[flat(unit, a.shape)] - a.values[0];
      }
    }
    long[] c = new long[rank];
    int k = 0;
    do {
      long expected = a.values[0];
      for (int axis = 0; axis < rank; axis++) {
        expected += c[axis] * strides[axis];
      }
      if (a.values[k++] != expected) {
        return false;
      }
    } while (NaiveSlicing.increment(c, a.shape));
    return true;
  }

  static Dense broadcastTo(Dense a, long[] target) {
    int lead = target.length - a.shape.length;
    if (lead < 0) {
      throw new IllegalArgumentException("cannot broadcast: too many dimensions");
    }
    for (int axis = 0; axis < a.shape.length; axis++) {
      if (a.shape[axis] != 1 && a.shape[axis] != target[lead + axis]) {
        throw new IllegalArgumentException("cannot broadcast");
      }
    }
    return gather(a, target.clone(), (out, in) -> {
      for (int axis = 0; axis < in.length; axis++) {
        in[axis] = a.shape[axis] == 1 ? 0 : out[lead + axis];
      }
    });
  }

  static Dense squeeze(Dense a) {
    List<Long> dims = new ArrayList<>();
    for (long d : a.shape) {
      if (d != 1) {
        dims.add(d);
      }
    }
    return new Dense(dims.stream().mapToLong(Long::longValue).toArray(), a.values.clone());
  }

  static Dense squeeze(Dense a, int axis) {
    if (a.shape.length == 0 && (axis == 0 || axis == -1)) {
      return a;
    }
    int k = axis(axis, a.shape.length);
    if (a.shape[k] != 1) {
      throw new IllegalArgumentException("cannot select an axis to squeeze out");
    }
    long[] dims = new long[a.shape.length - 1];
    for (int i = 0, j = 0; i < a.shape.length; i++) {
      if (i != k) {
        dims[j++] = a.shape[i];
      }
    }
    return new Dense(dims, a.values.clone());
  }

  static Dense expandDims(Dense a, int axis) {
    int k = axis(axis, a.shape.length + 1);
    long[] dims = new long[a.shape.length + 1];
    for (int i = 0, j = 0; i < dims.length; i++) {
      dims[i] = i == k ? 1 : a.shape[j++];
    }
    return new Dense(dims, a.values.clone());
  }

  /** Rows {@code [lo, hi)} of the leading axis. */
  private static Dense rows(Dense a, long lo, long hi) {
    long[] dims = a.shape.clone();
    dims[0] = Math.max(0, hi - lo);
    int inner = (int) (size(a.shape) / Math.max(1, a.shape[0]));
    if (a.shape[0] == 0) {
      inner = 0;
    }
    long[] values = new long[(int) (dims[0] * inner)];
    for (int k = 0; k < values.length; k++) {
      values[k] = a.values[(int) (lo * inner) + k];
    }
    return new Dense(dims, values);
  }

  private static void requireLeadingAxis(Dense a) {
    if (a.shape.length == 0) {
      throw new IllegalRankException("too many indices");
    }
  }

  static Dense prefix(Dense a, long k) {
    if (k < 0) {
      throw new IllegalArgumentException("negative prefix");
    }
    requireLeadingAxis(a);
    return rows(a, 0, Math.min(k, a.shape[0]));
  }

  static Dense suffix(Dense a, long k) {
    if (k < 0) {
      throw new IllegalArgumentException("negative suffix");
    }
    requireLeadingAxis(a);
    return rows(a, Math.max(0, a.shape[0] - k), a.shape[0]);
  }

  static Dense range(Dense a, long start, long end) {
    requireLeadingAxis(a);
    long[] positions = NaiveSlicing.positions(start, end, 1, a.shape[0]);
    return positions.length == 0 ? rows(a, 0, 0)
        : rows(a, positions[0], positions[positions.length - 1] + 1);
  }

  /**
   * A TF StridedSlice as NumPy basic indexing, from the mask semantics of SEMANTICS.md: entry i
   * is an ellipsis if its ellipsis bit is set, else a new axis if its new-axis bit is set, else
   * the integer {@code begin[i]} if its shrink bit is set (a stride of 0 or less is an
   * {@code IllegalArgumentException}, reported at that entry as a zero step is), else the
   * slice {@code begin:end:stride} with a masked bound omitted.
   */
  static Dense stridedSlice(Dense a, long[] begin, long[] end, long[] strides, long beginMask,
      long endMask, long ellipsisMask, long newAxisMask, long shrinkMask) {
    if (Long.bitCount(ellipsisMask) > 1) {
      throw new IllegalArgumentException("Multiple ellipses");
    }
    Index[] spec = new Index[strides.length];
    for (int i = 0; i < spec.length; i++) {
      long bit = 1L << i;
      if ((ellipsisMask & bit) != 0) {
        spec[i] = Indices.ellipsis();
      } else if ((newAxisMask & bit) != 0) {
        spec[i] = Indices.newAxis();
      } else if ((shrinkMask & bit) != 0) {
        spec[i] = strides[i] > 0 ? Indices.at(begin[i]) : Indices.slice(null, null, 0);
      } else {
        spec[i] = Indices.slice((beginMask & bit) != 0 ? null : begin[i],
            (endMask & bit) != 0 ? null : end[i], strides[i]);
      }
    }
    return NaiveSlicing.slice(a, spec);
  }
}
