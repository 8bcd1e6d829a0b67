package org.ndprim.layout;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.ndprim.Index;
import org.ndprim.Indices;
import org.ndprim.Shape;
import org.ndprim.testing.Gen;

/**
 * Random layouts for the cursor properties: shapes up to rank 4 (zero-length and length-1 axes
 * included) over C order, Fortran order, explicit {@code Layout.of} strides (negative and 0
 * included) and strided slices of bigger arrays, optionally followed by a random view
 * (transpose, flips, steps, integer indices, new axes).
 */
public final class RandomLayouts {
  private RandomLayouts() {}

  /** Rank 0 to 4; each axis is 0 (1 in 12), 1 (3 in 12) or 2 to 4 (8 in 12). */
  public static long[] shape(Gen g) {
    return g.longArray(0, 4, RandomLayouts::dim);
  }

  private static long dim(Gen g) {
    switch (g.weighted(1, 3, 8)) {
      case 0:
        return 0;
      case 1:
        return 1;
      default:
        return g.longBetween(2, 4);
    }
  }

  /** A layout of exactly this shape, of one of four kinds. */
  public static Layout ofShape(long[] shape, Gen g) {
    switch (g.intBelow(4)) {
      case 0:
        return shifted(Layout.cOrder(Shape.of(shape)), g.intBelow(3));
      case 1:
        return shifted(fortran(shape), g.intBelow(3));
      case 2:
        return explicit(shape, g);
      default:
        return stridedSlice(shape, g);
    }
  }

  /** Any layout: one of {@link #ofShape} of a random shape, then maybe a random view of it. */
  public static Layout layout(Gen g) {
    Layout l = ofShape(shape(g), g);
    return g.oneIn(3) ? randomView(l, g) : l;
  }

  /** A layout of rank at least 1 (drawn as {@link #layout} until one is). */
  static Layout layoutOfPositiveRank(Gen g) {
    Layout l;
    do {
      l = layout(g);
    } while (l.rank() == 0);
    return l;
  }

  /** A layout of rank at least 1 and one of its axes, uniformly. */
  record WithAxis(Layout layout, int axis) {}

  static WithAxis layoutWithAxis(Gen g) {
    Layout l = layoutOfPositiveRank(g);
    return new WithAxis(l, g.intBelow(l.rank()));
  }

  /** Two layouts of the same random shape. */
  record Pair(Layout a, Layout b) {}

  static Pair pair(Gen g) {
    long[] shape = shape(g);
    return new Pair(ofShape(shape, g), ofShape(shape, g));
  }

  static Layout fortran(long[] shape) {
    long[] reversed = new long[shape.length];
    for (int i = 0; i < shape.length; i++) {
      reversed[i] = shape[shape.length - 1 - i];
    }
    return Layout.cOrder(Shape.of(reversed)).transpose();
  }

  private static Layout shifted(Layout l, long by) {
    return Layout.of(l.offset() + by, l.shape().asArray(), l.strides());
  }

  /** Explicit strides in [-5, 5] with an offset that keeps every element offset non-negative. */
  private static Layout explicit(long[] shape, Gen g) {
    long[] strides = new long[shape.length];
    long offset = g.intBelow(3);
    boolean empty = Arrays.stream(shape).anyMatch(d -> d == 0);
    for (int axis = 0; axis < shape.length; axis++) {
      strides[axis] = g.intBelow(11) - 5;
      if (strides[axis] < 0 && !empty) {
        offset += (shape[axis] - 1) * -strides[axis];
      }
    }
    return Layout.of(offset, shape, strides);
  }

  /** {@code base[s0::step0, ...][:d0, ...]} of a bigger C- or Fortran-order base. */
  private static Layout stridedSlice(long[] shape, Gen g) {
    int rank = shape.length;
    long[] baseShape = new long[rank];
    Index[] first = new Index[rank];
    Index[] second = new Index[rank];
    for (int axis = 0; axis < rank; axis++) {
      long step = (g.intBelow(3) + 1) * (g.bool() ? 1 : -1);
      long extra = g.intBelow(3);
      long n = shape[axis] * Math.abs(step) + extra;
      long s = extra == 0 ? 0 : g.intBelow((int) extra + 1);
      baseShape[axis] = n;
      first[axis] = Indices.slice(step > 0 ? s : n - 1 - s, null, step);
      second[axis] = Indices.range(0, shape[axis]);
    }
    Layout base = g.bool() ? Layout.cOrder(Shape.of(baseShape)) : fortran(baseShape);
    Layout l = base.slice(first).slice(second);
    if (!Arrays.equals(l.shape().asArray(), shape)) {
      throw new AssertionError("generator bug: " + l + " for " + Arrays.toString(shape));
    }
    return l;
  }

  /**
   * A random view: a permutation of the axes, maybe a broadcast to a new leading axis of length 2,
   * then per axis one of all / flip / ::2 / 0 / keep-dim -1, and new axes.
   */
  static Layout randomView(Layout l, Gen g) {
    List<Integer> axes = new ArrayList<>();
    for (int axis = 0; axis < l.rank(); axis++) {
      axes.add(axis);
    }
    g.shuffle(axes);
    l = l.permute(axes.stream().mapToInt(Integer::intValue).toArray());
    if (g.intBelow(4) == 0 && l.rank() < 4) {
      long[] target = new long[l.rank() + 1];
      target[0] = 2;
      System.arraycopy(l.shape().asArray(), 0, target, 1, l.rank());
      l = l.broadcastTo(Shape.of(target));
    }
    List<Index> spec = new ArrayList<>();
    for (int axis = 0; axis < l.rank(); axis++) {
      if (g.intBelow(5) == 0) {
        spec.add(Indices.newAxis());
      }
      int kind = g.intBelow(l.dim(axis) > 0 ? 5 : 3);
      spec.add(kind == 0 ? Indices.all() : kind == 1 ? Indices.flip() : kind == 2
          ? Indices.step(2) : kind == 3 ? Indices.at(0) : Indices.at(-1, true));
    }
    if (g.intBelow(5) == 0) {
      spec.add(Indices.newAxis());
    }
    return l.slice(spec.toArray(new Index[0]));
  }

  /** The storage offsets of all elements in C order, via {@link Layout#offsetOf(long...)}. */
  static long[] naiveOffsets(Layout layout) {
    return NaiveSlicing.materialize(layout).values;
  }

  /** All coordinates of a shape in C order (fresh arrays). */
  public static List<long[]> coords(long[] shape) {
    List<long[]> out = new ArrayList<>();
    if (Arrays.stream(shape).allMatch(d -> d > 0)) {
      long[] c = new long[shape.length];
      do {
        out.add(c.clone());
      } while (NaiveSlicing.increment(c, shape));
    }
    return out;
  }
}
