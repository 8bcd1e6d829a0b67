package org.ndprim.contract;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.ndprim.DoubleNdArray;
import org.ndprim.NdArray;
import org.ndprim.ScalarType;
import org.ndprim.Shape;

/**
 * {@code sum()} and {@code sum(axis)} of float64, float32 and float16 arrays against
 * {@code np.sum}, bit for bit, over every storage (big-endian float32 and float64 storage against
 * numpy's sums of the same data stored big-endian): golden/sum_cases.txt, written by
 * {@code src/test/python/gen_sum_golden.py}, whose docstring explains the deterministic data
 * (generated here the same way: splitmix64, one rounding to the dtype).
 */
class SumGoldenTest {
  private static final Path CASES = Path.of("src/test/resources/golden/sum_cases.txt");

  /** Element k of the data of seed {@code seed}, as gen_sum_golden.py's data(). */
  static double[] data(long seed, int n, boolean half) {
    long state = seed;
    int span = half ? 19 : 41;
    double[] out = new double[n];
    for (int k = 0; k < n; k++) {
      state += 0x9E3779B97F4A7C15L;
      long u = mix(state);
      state += 0x9E3779B97F4A7C15L;
      long e = Long.remainderUnsigned(mix(state), span) - span / 2;
      out[k] = ((u >>> 11) / (double) (1L << 53) - 0.5) * Math.scalb(1.0, (int) e);
    }
    return out;
  }

  /** splitmix64's output function, as the golden scripts' {@code mix()}. */
  static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  @TestFactory
  Stream<DynamicTest> sumsAreNumpysBitForBit() throws IOException {
    return perStorage(CASES, 132, SumGoldenTest::check);
  }

  /** Checks one golden case (its '|'-separated fields) over one storage. */
  interface GoldenCheck {
    void check(String[] fields, StorageCase storage);
  }

  /**
   * One test per case of a golden file (lines of '|'-separated fields, '#' lines skipped) and per
   * storage; the file must hold {@code expectedCases} cases.
   */
  static Stream<DynamicTest> perStorage(Path cases, int expectedCases, GoldenCheck check)
      throws IOException {
    List<DynamicTest> tests = new ArrayList<>();
    int count = 0;
    for (String line : Files.readAllLines(cases, StandardCharsets.UTF_8)) {
      if (line.startsWith("#")) {
        continue;
      }
      String[] f = line.split("\\|", -1);
      count++;
      for (StorageCase storage : StorageCase.values()) {
        tests.add(DynamicTest.dynamicTest(line.substring(0, Math.min(line.length(), 60)) + " "
            + storage, () -> check.check(f, storage)));
      }
    }
    assertThat(count).as("cases in %s", cases).isEqualTo(expectedCases);
    return tests.stream();
  }

  /** The dimensions of a shape field: "3,4", or "" for rank 0. */
  static long[] dims(String text) {
    return text.isEmpty() ? new long[0]
        : Arrays.stream(text.split(",")).mapToLong(Long::parseLong).toArray();
  }

  private static void check(String[] f, StorageCase storage) {
    String type = f[0];
    ScalarCase<?> c = KernelApi.caseOf(type).over(storage);
    Shape shape = Shape.of(dims(f[2]));
    double[] values = data(Long.parseLong(f[1]), (int) shape.size(), type.equals("Float16"));
    // One rounding from float64 to the dtype, as numpy's astype.
    NdArray exact = DoubleNdArray.wrap(shape, values).astype(c.type());
    NdArray a = new TypedApi(c).place(exact);
    NdArray v = f[3].isEmpty() ? a : f[3].equals("T") ? a.transpose() : a.slice(f[3]);
    KernelApi api = new KernelApi(c);
    List<Double> expected = new ArrayList<>();
    // Big-endian float32/float64 storage is summed as numpy sums '>f8' data: swapped into
    // buffers of 8192, each summed pairwise (float16's half loop is not followed: README)
    boolean swapped = storage == StorageCase.DIRECT_BIG_ENDIAN && !type.equals("Float16");
    for (String h : f[swapped ? 7 : 6].split(" ")) {
      expected.add(Double.parseDouble(h));
    }
    String what = String.join(" ", f[0], "seed " + f[1], "(" + f[2] + ")", f[3], "axis " + f[4],
        storage.toString());
    if (f[4].equals("*")) {
      Object sum = api.reduce("sum", v);
      assertThat(bits(sum)).as(what).isEqualTo(bits(expected.get(0), sum));
      return;
    }
    NdArray sums = api.reduce("sum", v, Integer.parseInt(f[4]));
    assertThat(sums.shape()).as(what).isEqualTo(Shape.of(dims(f[5])));
    ScalarType<?> resultType = sums.scalarType();
    assertThat(resultType.name()).as(what).isEqualTo(c.sumName());
    double[] actual = sums.astype(DoubleNdArray.TYPE).toArray();
    for (int i = 0; i < actual.length; i++) {
      assertThat(Double.doubleToRawLongBits(actual[i])).as("%s [%s]", what, i)
          .isEqualTo(Double.doubleToRawLongBits(expected.get(i)));
    }
  }

  /** The raw bits of a {@code float} or {@code double} sum. */
  private static long bits(Object sum) {
    return sum instanceof Float ? Float.floatToRawIntBits((Float) sum)
        : Double.doubleToRawLongBits((Double) sum);
  }

  /** The bits of the expected value, as the same type as {@code like}. */
  private static long bits(double expected, Object like) {
    return like instanceof Float ? Float.floatToRawIntBits((float) expected)
        : Double.doubleToRawLongBits(expected);
  }
}
