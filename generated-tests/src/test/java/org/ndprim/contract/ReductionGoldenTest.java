package org.ndprim.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.ndprim.DoubleNdArray;
import org.ndprim.LongNdArray;
import org.ndprim.NdArray;
import org.ndprim.Shape;
import org.ndprim.UInt64NdArray;

/**
 * The reductions over several axes, with {@code keepdims}, and the accumulations against NumPy's
 * ({@code np.sum}, {@code prod}, {@code min}, {@code max}, {@code mean}, {@code var}, {@code std},
 * {@code any}, {@code all}, {@code count_nonzero}, {@code argmin}, {@code argmax},
 * {@code cumsum}, {@code cumprod}) for every built-in real type, over layouts (C-contiguous,
 * transposed, strided, reversed, broadcast, rank 0, empty) and every storage:
 * golden/reduction_cases.txt.gz, written by {@code src/test/python/gen_reduction_golden.py}, whose
 * docstring explains the data (made here the same way). Result dtype, shape and error messages
 * always equal NumPy's; values bit for bit for C-contiguous arrays and for every order-free
 * result (extremes, counts, integers, accumulations), else within the line's tolerance.
 */
class ReductionGoldenTest {
  private static final Path CASES = Path.of("src/test/resources/golden/reduction_cases.txt.gz");
  private static final Path LONG_RUNS =
      Path.of("src/test/resources/golden/reduction_long_runs.txt.gz");
  private static final List<String> FLOATS = List.of("<f8", "<f4", "<f2");

  @TestFactory
  Stream<DynamicTest> reductionsAreNumpys() throws IOException {
    return cases(CASES, 12572);
  }

  /**
   * Sums, means, variances and standard deviations over runs longer than NumPy's buffer (8192)
   * and than ndprim's carrier part: golden/reduction_long_runs.txt.gz, written by
   * {@code src/test/python/gen_reduction_long_golden.py}. A mean of integers (float16) is summed
   * as NumPy's buffered cast sums it, each 8192 pairwise and added in order; other sums are one
   * pairwise run, read a stage at a time.
   */
  @TestFactory
  Stream<DynamicTest> longRunsAreNumpys() throws IOException {
    return cases(LONG_RUNS, 440);
  }

  private static Stream<DynamicTest> cases(Path file, int expected) throws IOException {
    Map<String, List<String[]>> groups = new LinkedHashMap<>();
    int count = 0;
    try (BufferedReader in = new BufferedReader(new InputStreamReader(
        new GZIPInputStream(Files.newInputStream(file)), StandardCharsets.UTF_8))) {
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        if (line.startsWith("#")) {
          continue;
        }
        String[] f = line.split("\\|", -1);
        groups.computeIfAbsent(String.join("|", f[0], f[1], f[2], f[3]), k -> new ArrayList<>())
            .add(f);
        count++;
      }
    }
    assertThat(count).as("cases").isEqualTo(expected);
    List<DynamicTest> tests = new ArrayList<>();
    for (Map.Entry<String, List<String[]>> g : groups.entrySet()) {
      for (StorageCase storage : StorageCase.values()) {
        tests.add(DynamicTest.dynamicTest(g.getKey() + " " + storage,
            () -> check(g.getValue(), storage)));
      }
    }
    return tests.stream();
  }

  /** The input of a case: the data of the seed in the type, placed in the storage, viewed. */
  private static NdArray input(String[] f, StorageCase storage) {
    ScalarCase<?> c = KernelApi.caseOf(f[0]).over(storage);
    long[] dims = SumGoldenTest.dims(f[2]);
    boolean broadcast = f[3].equals("B");
    Shape shape = Shape.of(broadcast ? Arrays.copyOfRange(dims, 1, dims.length) : dims);
    int n = (int) shape.size();
    long seed = Long.parseLong(f[1]);
    NdArray exact;
    if (c.floating()) {
      exact = DoubleNdArray.wrap(shape, SumGoldenTest.data(seed, n, f[0].equals("Float16")))
          .astype(c.type());
    } else if (f[0].equals("Boolean")) {
      long[] bits = MeanGoldenTest.raw(seed, n);
      for (int i = 0; i < n; i++) {
        bits[i] &= 1;
      }
      exact = LongNdArray.wrap(shape, bits).astype(c.type());
    } else {
      exact = UInt64NdArray.wrap(shape, MeanGoldenTest.raw(seed, n)).astype(c.type());
    }
    NdArray a = new TypedApi(c).place(exact);
    if (broadcast) {
      return a.broadcastTo(Shape.of(dims));
    }
    return f[3].isEmpty() ? a : f[3].equals("T") ? a.transpose() : a.slice(f[3]);
  }

  private static void check(List<String[]> cases, StorageCase storage) throws Exception {
    NdArray a = input(cases.get(0), storage);
    for (String[] f : cases) {
      String what = String.join("|", Arrays.copyOf(f, 7)) + " " + storage;
      if (f[9].startsWith("!")) {
        assertThatThrownBy(() -> call(a, f)).as(what).hasMessageContaining(f[9].substring(1));
        continue;
      }
      Object r = call(a, f);
      if (!(r instanceof NdArray)) {
        // argmin/argmax over every axis: NumPy's flat index
        assertThat(r).as(what).isEqualTo(Long.parseLong(f[9]));
        continue;
      }
      NdArray result = (NdArray) r;
      assertThat(result.scalarType().dtype().replace("|", "")).as(what + " dtype").isEqualTo(f[7]);
      assertThat(result.shape()).as(what + " shape").isEqualTo(Shape.of(SumGoldenTest.dims(f[8])));
      String[] expected = f[9].isEmpty() ? new String[0] : f[9].split(" ");
      if (FLOATS.contains(f[7])) {
        double[] actual = result.astype(DoubleNdArray.TYPE).toArray();
        assertThat(actual).as(what).hasSize(expected.length);
        boolean exact = f[3].isEmpty() || !List.of("sum", "prod", "mean", "var", "var1", "std",
            "std1").contains(f[4]);
        double tolerance = parse(f[10]);
        for (int i = 0; i < actual.length; i++) {
          double e = parse(expected[i]);
          if (exact || Double.isNaN(e) || Double.isInfinite(e)) {
            assertThat(Double.doubleToLongBits(actual[i])).as("%s [%s] %s vs %s", what, i,
                actual[i], e).isEqualTo(Double.doubleToLongBits(e));
          } else {
            assertThat(Math.abs(actual[i] - e)).as("%s [%s] %s vs %s", what, i, actual[i], e)
                .isLessThanOrEqualTo(tolerance);
          }
        }
      } else {
        long[] actual = result.astype(LongNdArray.TYPE).toArray();
        long[] want = new long[expected.length];
        for (int i = 0; i < want.length; i++) {
          want[i] = expected[i].startsWith("-") ? Long.parseLong(expected[i])
              : Long.parseUnsignedLong(expected[i]);
        }
        assertThat(actual).as(what).containsExactly(want);
      }
    }
  }

  private static double parse(String hex) {
    switch (hex) {
      case "nan":
        return Double.NaN;
      case "inf":
        return Double.POSITIVE_INFINITY;
      case "-inf":
        return Double.NEGATIVE_INFINITY;
      default:
        return Double.parseDouble(hex);
    }
  }

  /** Calls the reduction of line {@code f} on {@code a} through its typed interface. */
  private static Object call(NdArray a, String[] f) throws Exception {
    Class<?> type = a.scalarType().arrayType();
    String op = f[4];
    boolean all = f[5].equals("*");
    int[] axes = all ? new int[0]
        : Arrays.stream(f[5].split(",")).mapToInt(Integer::parseInt).toArray();
    boolean keep = f[6].equals("1");
    try {
      switch (op) {
        case "argmin":
        case "argmax": {
          String name = op.equals("argmin") ? "argMin" : "argMax";
          if (all) {
            return type.getMethod(name).invoke(a);
          }
          return type.getMethod(name, int.class, boolean.class).invoke(a, axes[0], keep);
        }
        case "cumsum":
        case "cumprod":
          return all ? type.getMethod(op).invoke(a)
              : type.getMethod(op, int.class).invoke(a, axes[0]);
        case "var1":
        case "std1": {
          Method m = type.getMethod(op.substring(0, 3), double.class, boolean.class, int[].class);
          return m.invoke(a, 1.0, keep, axes);
        }
        default: {
          String name = op.equals("count") ? "countNonzero" : op;
          return type.getMethod(name, boolean.class, int[].class).invoke(a, keep, axes);
        }
      }
    } catch (InvocationTargetException e) {
      if (e.getCause() instanceof Exception) {
        throw (Exception) e.getCause();
      }
      throw e;
    }
  }
}
