package org.ndprim.layout;

import java.util.Arrays;
import org.ndprim.Index;
import org.ndprim.Indices;
import org.ndprim.Shape;

/**
 * The axis arithmetic of a reduction over several axes, as NumPy's {@code axis=} and
 * {@code keepdims=} of {@code np.sum} and the other reductions: which axes are reduced, the shape
 * of the result with and without the reduced axes, and how many elements each result element
 * reduces. The reductions' kernels ({@code org.ndprim.Reduce}) walk the input together with
 * {@link #outputOperand}, the result's layout stretched over the input's shape (stride 0 along
 * the reduced axes), as NumPy's reduction walks its input with its output.
 *
 * <p>Axes: an empty list (or {@code null}) reduces every axis (NumPy's {@code axis=None}); a
 * negative axis counts from the end; an axis out of {@code [-rank, rank)} and an axis given twice
 * are refused with NumPy's messages. Immutable.
 */
public final class ReducedAxes {
  private final Shape input;
  private final boolean[] reduced;
  private final Shape kept;
  private final Shape output;
  private final long count;

  private ReducedAxes(Shape input, boolean[] reduced, boolean keepdims) {
    this.input = input;
    this.reduced = reduced;
    int rank = input.rank();
    long[] k = new long[rank];
    long[] o = new long[rank];
    int n = 0;
    long c = 1;
    for (int a = 0; a < rank; a++) {
      if (reduced[a]) {
        k[a] = 1;
        c *= input.dim(a); // at most the input size, which fits a long
      } else {
        k[a] = input.dim(a);
        o[n++] = input.dim(a);
      }
    }
    this.kept = Shape.of(k);
    this.output = keepdims ? kept : Shape.of(Arrays.copyOf(o, n));
    this.count = c;
  }

  /**
   * {@return the reduction of {@code shape} over {@code axes}}
   *
   * @param shape the input's shape
   * @param keepdims whether the result keeps each reduced axis with length 1 (NumPy's
   *     {@code keepdims=True}), so that it broadcasts against the input
   * @param axes the reduced axes, each in {@code [-rank, rank)}; none (or {@code null}) for every
   *     axis
   * @throws IndexOutOfBoundsException if an axis is out of range, e.g. "axis 2 is out of bounds for
   *     array of dimension 2" (NumPy's text; a rank-0 shape has no axis to name)
   * @throws IllegalArgumentException if an axis is given twice, counting negative ones by their
   *     position ("duplicate value in 'axis'", NumPy's text)
   */
  public static ReducedAxes of(Shape shape, boolean keepdims, int... axes) {
    int rank = shape.rank();
    boolean[] reduced = new boolean[rank];
    if (axes == null || axes.length == 0) {
      Arrays.fill(reduced, true);
    } else {
      for (int axis : axes) {
        int a = Shape.normalizeAxis(axis, rank);
        if (reduced[a]) {
          throw new IllegalArgumentException("duplicate value in 'axis': " + Arrays.toString(axes)
              + " names axis " + a + " twice");
        }
        reduced[a] = true;
      }
    }
    return new ReducedAxes(shape, reduced, keepdims);
  }

  /** {@return the shape of the input} */
  public Shape inputShape() {
    return input;
  }

  /**
   * {@return whether {@code axis} is reduced}
   *
   * @param axis an axis of the input, in {@code [0, rank)}
   */
  public boolean isReduced(int axis) {
    return reduced[axis];
  }

  /**
   * {@return the shape of the result: the input's without the reduced axes, or with each of them
   * of length 1 when {@code keepdims}}
   */
  public Shape outputShape() {
    return output;
  }

  /** {@return the input's shape with each reduced axis of length 1 (the {@code keepdims} shape)} */
  public Shape keptShape() {
    return kept;
  }

  /** {@return the number of result elements} */
  public long outputSize() {
    return output.size();
  }

  /** {@return the number of input elements reduced into each result element (1 when no axis is reduced)} */
  public long count() {
    return count;
  }

  /**
   * {@return the axes of {@code layout} (of the input's shape) from the outermost to the innermost
   * in memory, as NumPy's reduction iterator orders them ({@link NdIter.Order#KEEP_DIRECTIONS})}
   * The result is stored in this order, as NumPy allocates it, so that walking the input with it
   * keeps NumPy's loop order.
   *
   * @param layout the input's layout
   */
  public int[] memoryOrder(Layout layout) {
    return NdIter.over(NdIter.Order.KEEP_DIRECTIONS, input, layout).axisOrder();
  }

  /**
   * {@return the shape the result is stored in: {@link #keptShape()} with its axes in
   * {@code order}}
   *
   * @param order the axes, outermost first, as {@link #memoryOrder}
   */
  public Shape storedShape(int[] order) {
    long[] d = new long[order.length];
    for (int i = 0; i < order.length; i++) {
      d[i] = kept.dim(order[i]);
    }
    return Shape.of(d);
  }

  /**
   * {@return the result's layout, stored C-order in {@link #storedShape(int[]) storedShape(order)},
   * as seen along the input's axes and broadcast to the input's shape: stride 0 along every
   * reduced axis} Walked in lock step with the input, each input element meets the offset of the
   * result element it reduces into.
   *
   * @param order the axes, outermost first, as {@link #memoryOrder}
   */
  public Layout outputOperand(int[] order) {
    return Layout.cOrder(storedShape(order)).permute(positions(order)).broadcastTo(input);
  }

  /**
   * {@return the inverse of {@code order}: for each axis its position in {@code order}} As the
   * argument of {@code permute}, it turns an array stored in {@code order} back to the input's
   * axes.
   *
   * @param order a permutation of the axes
   */
  public static int[] positions(int[] order) {
    int[] pos = new int[order.length];
    for (int i = 0; i < order.length; i++) {
      pos[order[i]] = i;
    }
    return pos;
  }

  /**
   * A cut of a reduction into parts along one axis of its input, for threads: part {@code q} of
   * {@link #parts()} is the input (and the {@linkplain #outputOperand output operand}) sliced by
   * {@link #spec(int, int)}, a range of the cut axis. Along a kept axis every part reduces its own
   * result elements completely, in the order of the whole walk; along a reduced axis
   * ({@link #combines()}) each part reduces into its own copy of the result, and the copies are
   * combined in part order, which is the walk's order along that axis (the outermost in memory).
   *
   * @param axis the cut axis of the input
   * @param parts the number of parts, at least 2
   * @param length the cut axis's length
   * @param combines whether the cut axis is reduced: parts hold partial results to combine
   */
  public record Cut(int axis, int parts, long length, boolean combines) {
    /**
     * {@return the first index along the cut axis of part {@code q}; of part {@code parts}, the
     * length}
     *
     * @param q the part, in {@code [0, parts]}
     */
    public long from(int q) {
      long per = length / parts;
      return per * q + Math.min(q, length % parts);
    }

    /**
     * {@return the slice of part {@code q}: every index of every axis but a range of the cut one}
     *
     * @param rank the input's rank
     * @param q the part, in {@code [0, parts)}
     */
    public Index[] spec(int rank, int q) {
      Index[] spec = new Index[rank];
      Arrays.fill(spec, Indices.all());
      spec[axis] = Indices.range(from(q), from(q + 1));
      return spec;
    }
  }

  /**
   * {@return where to cut this reduction into at most {@code parts} parts, or null for no cut}
   * The outermost axis in {@code order} of length 2 or more is cut when it is reduced and the
   * reduction {@code exact} (its partial results combine to the bits of one walk: integer sums
   * and products, extremes, counts) and the result is small (at most an eighth of the input, as
   * each part holds a copy of it); else the outermost kept axis of length 2 or more, so that each
   * part reads memory as contiguous as the layout allows (an inner kept axis when the outer ones
   * are too short to cut). Parts of a kept axis get at least two
   * indices when a reduced axis of length 2 or more lies outside it in memory: a part of one
   * index would let the walk merge reduced axes the cut axis separates, and a float sum merged
   * into one pairwise run has other bits. Else no cut.
   *
   * @param order the input's axes in memory order, outermost first, as {@link #memoryOrder}
   * @param parts the most parts wanted
   * @param exact whether partial results over parts of a reduced axis may be combined
   */
  public Cut cut(int[] order, int parts, boolean exact) {
    if (parts < 2) {
      return null;
    }
    int outer = -1;
    for (int a : order) {
      if (input.dim(a) >= 2) {
        outer = a;
        break;
      }
    }
    if (outer < 0) {
      return null;
    }
    long size = input.size();
    if (exact && reduced[outer] && output.size() <= size / 8) {
      return new Cut(outer, (int) Math.min(parts, input.dim(outer)), input.dim(outer), true);
    }
    boolean reducedOutside = false;
    for (int a : order) {
      long dim = input.dim(a);
      if (dim < 2) {
        continue;
      }
      if (reduced[a]) {
        reducedOutside = true;
        continue;
      }
      long most = reducedOutside ? dim / 2 : dim;
      if (most >= 2) {
        return new Cut(a, (int) Math.min(parts, most), dim, false);
      }
    }
    return null;
  }

  /**
   * Refuses a reduction without identity (a minimum, a maximum) over reduced axes that hold no
   * element, as NumPy does, even when the result has no element either ({@code np.zeros((0,
   * 0)).min(axis=1)} raises; {@code np.zeros((0, 3)).min(axis=1)} is an empty result).
   *
   * @param operation NumPy's name of the operation, e.g. {@code minimum}
   * @throws IllegalStateException "zero-size array to reduction operation minimum which has no
   *     identity" (NumPy's text) when the reduced axes hold no element
   */
  public void requireElements(String operation) {
    if (count == 0) {
      throw new IllegalStateException("zero-size array to reduction operation " + operation
          + " which has no identity");
    }
  }

  @Override
  public String toString() {
    StringBuilder s = new StringBuilder("ReducedAxes[input=").append(input).append(", axes=(");
    String sep = "";
    for (int a = 0; a < reduced.length; a++) {
      if (reduced[a]) {
        s.append(sep).append(a);
        sep = ", ";
      }
    }
    return s.append("), output=").append(output).append(']').toString();
  }
}
