package org.ndprim;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.ndprim.testing.RandomArrays;

/**
 * Seeded property test of {@link Reduce}'s walk by parts: an input that is not read in place is
 * copied to its carrier part by part, and every result must have the bits of the walk over one
 * whole copy (the same pairwise runs, the same order of additions). The part size is lowered to
 * a few elements so that small random inputs (other dtypes, buffer storage in either byte order,
 * permuted, strided and reversed views, random axes) are cut into many parts, and each result is
 * compared with the same call under the default part size, which copies these inputs whole.
 */
class ReducePartsTest {
  private static final List<ScalarType<?>> TYPES = List.of(DoubleNdArray.TYPE,
      FloatNdArray.TYPE, Float16NdArray.TYPE, BFloat16NdArray.TYPE, IntNdArray.TYPE,
      UInt8NdArray.TYPE, UInt64NdArray.TYPE, BooleanNdArray.TYPE);

  @AfterEach
  void restore() {
    Reduce.partSize = Reduce.PART;
    Reduce.varCopyLimit = 1 << 22;
    Reduce.stageSize = Reduce.BLOCK;
  }

  @Test
  void partsGiveTheBitsOfOneWholeCopy() {
    Random random = new Random(20261203);
    int cut = 0;
    for (int round = 0; round < 1500; round++) {
      ScalarType<?> type = TYPES.get(random.nextInt(TYPES.size()));
      NdArray a = input(random, type);
      boolean keepdims = random.nextBoolean();
      int[] axes = axes(random, a.rank());
      int op = random.nextInt(8);
      double ddof = random.nextInt(2);
      String what = "round " + round + ": op " + op + " of " + type.name() + " " + a.layout()
          + " axes " + Arrays.toString(axes) + " keepdims " + keepdims;
      Reduce.partSize = Reduce.PART;
      Reduce.varCopyLimit = 1 << 22;
      String whole = bits(reduce(a, op, keepdims, ddof, axes));
      int part = 1 + random.nextInt(24);
      Reduce.partSize = part;
      // a float sum's run longer than a part is read a stage at a time (Reduce.RunReader)
      Reduce.stageSize = 1 + random.nextInt(24);
      Reduce.varCopyLimit = random.nextBoolean() ? 0 : 1 << 22;
      String parts = bits(reduce(a, op, keepdims, ddof, axes));
      assertThat(parts).as(what + " part " + part).isEqualTo(whole);
      if (a.size() > part) {
        cut++;
      }
    }
    assertThat(cut).as("rounds whose input was larger than a part").isGreaterThan(600);
  }

  @Test
  void orderFreeReductionsOfMoreThanAJavaArrayWalkInParts() {
    // 2^31 + 2^15 uint8 elements (a broadcast view): an int64 carrier copy does not fit a Java
    // array ("does not fit a Java array" before); maxima, counts and integer sums do not depend
    // on how runs are grouped, so they walk it in parts of 2^17
    UInt8NdArray row = UInt8NdArray.zeros(Shape.of(1, (1 << 15) + 1));
    row.setUInt8(200, 0, 9);
    NdArray big = row.broadcastTo(Shape.of(1 << 16, (1 << 15) + 1));
    assertThat(((UInt8NdArray) Reduce.extreme(big, NdArray.class, true, false)).getUInt8())
        .isEqualTo(200);
    assertThat(Reduce.countNonzero(big, false).getLong()).isEqualTo(1 << 16);
  }

  @Test
  void complexCountsInPartsEqualOneCopy() {
    // a complex part is read as its bool cast (nonzero when either part is), part by part
    Random random = new Random(20261205);
    for (int round = 0; round < 300; round++) {
      NdArray a = input(random, Complex128NdArray.TYPE);
      boolean keepdims = random.nextBoolean();
      int[] axes = axes(random, a.rank());
      String what = "round " + round + ": " + a.layout() + " axes " + Arrays.toString(axes);
      Reduce.partSize = Reduce.PART;
      String whole = bits(Reduce.countNonzero(a, keepdims, axes))
          + bits(Reduce.anyAll(a, true, keepdims, axes));
      Reduce.partSize = 1 + random.nextInt(12);
      String parts = bits(Reduce.countNonzero(a, keepdims, axes))
          + bits(Reduce.anyAll(a, true, keepdims, axes));
      assertThat(parts).as(what).isEqualTo(whole);
    }
  }

  private static NdArray reduce(NdArray a, int op, boolean keepdims, double ddof, int[] axes) {
    boolean floating = a.scalarType().kind() == 'f';
    switch (op) {
      case 0:
        return Reduce.sum(a, NdArray.class, keepdims, axes);
      case 1:
        return Reduce.prod(a, NdArray.class, keepdims, axes);
      case 2:
      case 3:
        if (Reduce.count(a, axes) == 0) { // no identity: compared elsewhere
          return Reduce.sum(a, NdArray.class, keepdims, axes);
        }
        return Reduce.extreme(a, NdArray.class, op == 3, keepdims, axes);
      case 4:
        return Reduce.mean(a, NdArray.class, keepdims, axes);
      case 5:
        return Reduce.var(a, NdArray.class, floating && ddof > 0, ddof, keepdims, axes);
      case 6:
        return Reduce.countNonzero(a, keepdims, axes);
      default:
        return Reduce.anyAll(a, ddof > 0, keepdims, axes);
    }
  }

  /** Shape, dtype, the C-order memory of the result and every value's bits. */
  private static String bits(NdArray r) {
    String values;
    ScalarType<?> t = r.scalarType();
    if (t.kind() == 'f') {
      double[] d = ((DoubleNdArray) r.astype(DoubleNdArray.TYPE)).toArray();
      long[] b = new long[d.length];
      for (int i = 0; i < d.length; i++) {
        b[i] = Double.doubleToRawLongBits(d[i]);
      }
      values = Arrays.toString(b);
    } else {
      values = Arrays.toString(((LongNdArray) r.astype(LongNdArray.TYPE)).toArray());
    }
    return t.name() + r.shape() + " strides " + Arrays.toString(r.layout().strides()) + " "
        + values;
  }

  /** Rank 0 to 4, some axes empty or of length 1, values of every magnitude and sign. */
  private static NdArray input(Random random, ScalarType<?> type) {
    int rank = random.nextInt(5);
    long[] dims = new long[rank];
    for (int i = 0; i < rank; i++) {
      dims[i] = random.nextInt(12) == 0 ? random.nextInt(2) : 1 + random.nextInt(9);
    }
    long[] big = new long[rank];
    for (int i = 0; i < rank; i++) {
      big[i] = 2 * dims[i];
    }
    Shape bigShape = Shape.of(big);
    NdArray base = RandomArrays.storage(random, type, bigShape);
    double[] values = new double[(int) bigShape.size()];
    for (int i = 0; i < values.length; i++) {
      values[i] = type.kind() == 'b' ? random.nextInt(3) / 2
          : type.kind() == 'u' || type.kind() == 'i' ? random.nextInt(200)
          : type.kind() == 'c' && random.nextBoolean() ? 0
          : random.nextGaussian() * Math.pow(10, random.nextInt(7) - 3);
    }
    type.copy(type.fromDoubles(bigShape, values), base);
    NdArray view = RandomArrays.view(random, base, dims);
    if (rank > 1 && random.nextBoolean()) {
      List<Integer> axes = new ArrayList<>();
      for (int i = 0; i < rank; i++) {
        axes.add(i);
      }
      java.util.Collections.shuffle(axes, random);
      view = view.permute(axes.stream().mapToInt(Integer::intValue).toArray());
    }
    return view;
  }

  private static int[] axes(Random random, int rank) {
    if (rank == 0 || random.nextInt(6) == 0) {
      return new int[0];
    }
    List<Integer> chosen = new ArrayList<>();
    for (int i = 0; i < rank; i++) {
      if (random.nextBoolean()) {
        chosen.add(random.nextBoolean() ? i : i - rank);
      }
    }
    if (chosen.isEmpty()) {
      chosen.add(random.nextInt(rank));
    }
    return chosen.stream().mapToInt(Integer::intValue).toArray();
  }


}
