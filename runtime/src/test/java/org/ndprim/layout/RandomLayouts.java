package org.ndprim.layout;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;
import org.ndprim.Index;
import org.ndprim.Indices;
import org.ndprim.Shape;

/**
 * Random layouts for the cursor properties: shapes up to rank 4 (zero-length and length-1 axes
 * included) over C order, Fortran order, explicit {@code Layout.of} strides (negative and 0
 * included) and strided slices of bigger arrays, optionally followed by a random view
 * (transpose, flips, steps, integer indices, new axes).
 */
final class RandomLayouts {
  private RandomLayouts() {}

  static Arbitrary<long[]> shapes() {
    Arbitrary<Long> dim = Arbitraries.frequencyOf(
        Tuple.of(1, Arbitraries.just(0L)),
        Tuple.of(3, Arbitraries.just(1L)),
        Tuple.of(8, Arbitraries.longs().between(2, 4)));
    return dim.list().ofMinSize(0).ofMaxSize(4)
        .map(list -> list.stream().mapToLong(Long::longValue).toArray());
  }

  /** A layout of exactly this shape, of one of four kinds. */
  static Arbitrary<Layout> ofShape(long[] shape) {
    return Arbitraries.randomValue(random -> ofShape(shape, random));
  }

  static Layout ofShape(long[] shape, Random random) {
    switch (random.nextInt(4)) {
      case 0:
        return shifted(Layout.cOrder(Shape.of(shape)), random.nextInt(3));
      case 1:
        return shifted(fortran(shape), random.nextInt(3));
      case 2:
        return explicit(shape, random);
      default:
        return stridedSlice(shape, random);
    }
  }

  /** Any layout: one of {@link #ofShape} of a random shape, then maybe a random view of it. */
  static Arbitrary<Layout> layouts() {
    return shapes().flatMap(shape -> Arbitraries.randomValue(random -> {
      Layout l = ofShape(shape, random);
      return random.nextInt(3) == 0 ? randomView(l, random) : l;
    }));
  }

  /** Two layouts of the same random shape. */
  static Arbitrary<Layout[]> pairs() {
    return shapes().flatMap(shape -> Combinators.combine(ofShape(shape), ofShape(shape))
        .as((a, b) -> new Layout[] {a, b}));
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
  private static Layout explicit(long[] shape, Random random) {
    long[] strides = new long[shape.length];
    long offset = random.nextInt(3);
    boolean empty = Arrays.stream(shape).anyMatch(d -> d == 0);
    for (int axis = 0; axis < shape.length; axis++) {
      strides[axis] = random.nextInt(11) - 5;
      if (strides[axis] < 0 && !empty) {
        offset += (shape[axis] - 1) * -strides[axis];
      }
    }
    return Layout.of(offset, shape, strides);
  }

  /** {@code base[s0::step0, ...][:d0, ...]} of a bigger C- or Fortran-order base. */
  private static Layout stridedSlice(long[] shape, Random random) {
    int rank = shape.length;
    long[] baseShape = new long[rank];
    Index[] first = new Index[rank];
    Index[] second = new Index[rank];
    for (int axis = 0; axis < rank; axis++) {
      long step = (random.nextInt(3) + 1) * (random.nextBoolean() ? 1 : -1);
      long extra = random.nextInt(3);
      long n = shape[axis] * Math.abs(step) + extra;
      long s = extra == 0 ? 0 : random.nextInt((int) extra + 1);
      baseShape[axis] = n;
      first[axis] = Indices.slice(step > 0 ? s : n - 1 - s, null, step);
      second[axis] = Indices.range(0, shape[axis]);
    }
    Layout base = random.nextBoolean() ? Layout.cOrder(Shape.of(baseShape)) : fortran(baseShape);
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
  static Layout randomView(Layout l, Random random) {
    List<Integer> axes = new ArrayList<>();
    for (int axis = 0; axis < l.rank(); axis++) {
      axes.add(axis);
    }
    java.util.Collections.shuffle(axes, random);
    l = l.permute(axes.stream().mapToInt(Integer::intValue).toArray());
    if (random.nextInt(4) == 0 && l.rank() < 4) {
      long[] target = new long[l.rank() + 1];
      target[0] = 2;
      System.arraycopy(l.shape().asArray(), 0, target, 1, l.rank());
      l = l.broadcastTo(Shape.of(target));
    }
    List<Index> spec = new ArrayList<>();
    for (int axis = 0; axis < l.rank(); axis++) {
      if (random.nextInt(5) == 0) {
        spec.add(Indices.newAxis());
      }
      int kind = random.nextInt(l.dim(axis) > 0 ? 5 : 3);
      spec.add(kind == 0 ? Indices.all() : kind == 1 ? Indices.flip() : kind == 2
          ? Indices.step(2) : kind == 3 ? Indices.at(0) : Indices.at(-1, true));
    }
    if (random.nextInt(5) == 0) {
      spec.add(Indices.newAxis());
    }
    return l.slice(spec.toArray(new Index[0]));
  }

  /** The storage offsets of all elements in C order, via {@link Layout#offsetOf(long...)}. */
  static long[] naiveOffsets(Layout layout) {
    return NaiveSlicing.materialize(layout).values;
  }

  /** All coordinates of a shape in C order (fresh arrays). */
  static List<long[]> coords(long[] shape) {
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
