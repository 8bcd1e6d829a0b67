package org.ndprim.contract;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.ndprim.DoubleNdArray;
import org.ndprim.IntNdArray;
import org.ndprim.LongNdArray;
import org.ndprim.NdArray;
import org.ndprim.Shape;
import org.ndprim.UInt64NdArray;

/**
 * {@code mean()} against {@code np.mean}, bit for bit, for every numeric type NumPy has, over
 * every storage: golden/mean_cases.txt, written by {@code src/test/python/gen_mean_golden.py},
 * whose docstring explains the deterministic data (generated here the same way).
 */
class MeanGoldenTest {
  private static final Path CASES = Path.of("src/test/resources/golden/mean_cases.txt");

  /** Element k of the integer data of seed {@code seed}: the k-th splitmix64 output. */
  static long[] raw(long seed, int n) {
    long state = seed;
    long[] out = new long[n];
    for (int k = 0; k < n; k++) {
      state += 0x9E3779B97F4A7C15L;
      out[k] = SumGoldenTest.mix(state);
    }
    return out;
  }

  @TestFactory
  Stream<DynamicTest> meansAreNumpysBitForBit() throws IOException {
    return SumGoldenTest.perStorage(CASES, 12 * 17, MeanGoldenTest::check);
  }

  private static void check(String[] f, StorageCase storage) {
    String type = f[0];
    ScalarCase<?> c = KernelApi.caseOf(type).over(storage);
    Shape shape = Shape.of(SumGoldenTest.dims(f[2]));
    int size = (int) shape.size();
    long seed = Long.parseLong(f[1]);
    // The dtype's values as NumPy's astype makes them: from float64 with one rounding, or the
    // low bits of the raw uint64 values.
    NdArray exact = c.floating()
        ? DoubleNdArray.wrap(shape, SumGoldenTest.data(seed, size, type.equals("Float16")))
            .astype(c.type())
        : UInt64NdArray.wrap(shape, raw(seed, size)).astype(c.type());
    NdArray a = new TypedApi(c).place(exact);
    NdArray v = f[3].isEmpty() ? a : a.slice(f[3]);
    Object mean = new KernelApi(c).reduce("mean", v);
    // float.hex writes NaN as "nan" (the mean of an empty array). Big-endian float32/float64
    // storage is summed as numpy sums '>f8' data, in buffers of 8192 (the integer and float16
    // means are buffered either way).
    boolean swapped = storage == StorageCase.DIRECT_BIG_ENDIAN
        && (type.equals("Double") || type.equals("Float"));
    String hex = f[swapped ? 5 : 4];
    double expected = hex.equals("nan") ? Double.NaN : Double.parseDouble(hex);
    String what = String.join(" ", f[0], "seed " + f[1], "(" + f[2] + ")", f[3],
        storage.toString());
    // Bit for bit, any NaN as one (0.0 / 0 is a NaN whose sign bit differs by platform)
    if (mean instanceof Float) {
      assertThat(Float.floatToIntBits((Float) mean)).as(what)
          .isEqualTo(Float.floatToIntBits((float) expected));
    } else {
      assertThat(Double.doubleToLongBits((Double) mean)).as(what)
          .isEqualTo(Double.doubleToLongBits(expected));
    }
  }

  @Test
  void integerMeansDoNotOverflowAndEmptyMeansAreNaN() {
    // NumPy accumulates in float64: no int64 wraparound (sum() would wrap)
    LongNdArray big = LongNdArray.wrap(Shape.of(2), new long[] {Long.MAX_VALUE, Long.MAX_VALUE});
    assertThat(big.mean()).isEqualTo(0x1p63);
    assertThat(UInt64NdArray.wrap(Shape.of(2), new long[] {-1L, -1L}).mean()).isEqualTo(0x1p64);
    assertThat(IntNdArray.wrap(Shape.of(0), new int[0]).mean()).isNaN();
    assertThat(DoubleNdArray.wrap(Shape.of(2, 0), new double[0]).mean()).isNaN();
    assertThat(IntNdArray.wrap(Shape.scalar(), new int[] {-7}).mean()).isEqualTo(-7.0);
  }
}
