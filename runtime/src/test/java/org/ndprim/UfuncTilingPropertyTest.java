package org.ndprim;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.ndprim.layout.NdIter;
import org.ndprim.testing.RandomArrays;

/**
 * Seeded property test of the ufunc driver's tiling against its simplest path: random short-row
 * shapes (the last axis 1 to 20 elements, where rows are merged into one run per tile), operands
 * of other dtypes (cast per tile into a reused buffer), broadcast rows (gathered once and reused),
 * strided and reversed views, buffer storage, outputs of another dtype, and {@code where=}
 * masks. The reference is the same call over C-contiguous Java-array copies of the operands
 * broadcast to the result's shape, which the driver runs as one run per operand.
 */
class UfuncTilingPropertyTest {
  private static final List<ScalarType<?>> TYPES = List.of(UInt8NdArray.TYPE, ShortNdArray.TYPE,
      IntNdArray.TYPE, Float16NdArray.TYPE, FloatNdArray.TYPE, DoubleNdArray.TYPE,
      Complex64NdArray.TYPE);
  private static final List<Ufunc> UFUNCS = List.of(Ufunc.ADD, Ufunc.SUBTRACT, Ufunc.MULTIPLY,
      Ufunc.MAXIMUM, Ufunc.LESS);

  @Test
  void tiledWalksEqualTheContiguousPath() {
    Random random = new Random(20261202);
    for (int round = 0; round < 600; round++) {
      long[] full = randomShape(random);
      Ufunc ufunc = UFUNCS.get(random.nextInt(UFUNCS.size()));
      NdArray a = operand(random, TYPES.get(random.nextInt(TYPES.size())), full);
      NdArray b = operand(random, TYPES.get(random.nextInt(TYPES.size())), full);
      Shape shape = NdIter.broadcastShape(a.shape(), b.shape());
      long[] dims = shape.asArray();
      ScalarType<?> outType = ufunc.resultType(a.scalarType(), b.scalarType());
      String what = "round " + round + ": " + ufunc.name() + " " + a.scalarType().name()
          + a.layout() + ", " + b.scalarType().name() + b.layout();
      NdArray expected;
      NdArray actual;
      NdArray ca = contiguous(a, shape);
      NdArray cb = contiguous(b, shape);
      switch (random.nextInt(3)) {
        case 0 -> {
          actual = ufunc.apply(a, b);
          expected = ufunc.apply(ca, cb);
        }
        case 1 -> {
          ScalarType<?> wide = outType == BooleanNdArray.TYPE || random.nextBoolean() ? outType
              : Ufunc.ADD.resultType(outType, DoubleNdArray.TYPE);
          NdArray out = RandomArrays.view(random, fill(random, wide.zeros(bigger(dims))), dims);
          NdArray ref = contiguous(out, shape);
          actual = ufunc.into(out, a, b);
          expected = ufunc.into(ref, ca, cb);
        }
        default -> {
          NdArray out = RandomArrays.view(random, fill(random, outType.zeros(bigger(dims))), dims);
          NdArray ref = contiguous(out, shape);
          BooleanNdArray mask = (BooleanNdArray) operand(random, BooleanNdArray.TYPE, dims);
          actual = ufunc.intoWhere(out, mask, a, b);
          expected = ufunc.intoWhere(ref, (BooleanNdArray) contiguous(mask, shape), ca, cb);
        }
      }
      assertThat(actual.shape()).as(what).isEqualTo(expected.shape());
      assertThat(actual.scalarType()).as(what).isEqualTo(expected.scalarType());
      assertThat(actual.copy()).as(what).isEqualTo(expected.copy());
    }
  }

  /** Rank 2 or 3, the last axis short (1 to 20), the others up to a few hundred rows. */
  private static long[] randomShape(Random random) {
    int rank = 2 + random.nextInt(2);
    long[] dims = new long[rank];
    for (int i = 0; i < rank - 1; i++) {
      dims[i] = 1 + random.nextInt(i == 0 ? 300 : 40);
    }
    dims[rank - 1] = 1 + random.nextInt(20);
    return dims;
  }

  /** A random operand that broadcasts to {@code dims}: some axes 1, some leading axes dropped. */
  private static NdArray operand(Random random, ScalarType<?> type, long[] dims) {
    int drop = random.nextInt(dims.length);
    long[] own = java.util.Arrays.copyOfRange(dims, drop, dims.length);
    for (int i = 0; i < own.length; i++) {
      if (random.nextInt(4) == 0) {
        own[i] = 1;
      }
    }
    NdArray base = fill(random, RandomArrays.storage(random, type, bigger(own)));
    return RandomArrays.view(random, base, own);
  }

  /** Each axis twice as long, so a view can step by 2 or run backwards. */
  private static Shape bigger(long[] dims) {
    long[] b = new long[dims.length];
    for (int i = 0; i < b.length; i++) {
      b[i] = 2 * dims[i];
    }
    return Shape.of(b);
  }



  /** Small integers (exact in every type, so no result depends on rounding order). */
  private static NdArray fill(Random random, NdArray a) {
    long[] values = new long[(int) a.size()];
    for (int i = 0; i < values.length; i++) {
      values[i] = a.scalarType() == BooleanNdArray.TYPE ? random.nextInt(2) : random.nextInt(60);
    }
    a.scalarType().copy(a.scalarType().fromLongs(a.shape(), values), a);
    return a;
  }

  private static NdArray contiguous(NdArray a, Shape shape) {
    return a.broadcastTo(shape).copy();
  }
}
