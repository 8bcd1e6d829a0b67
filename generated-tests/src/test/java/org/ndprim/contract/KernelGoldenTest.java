package org.ndprim.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.ndprim.NdArray;
import org.ndprim.Shape;

/**
 * {@code astype} between every pair of the nine types and the reductions of all nine (Boolean:
 * min, max and their arg forms, no sum) against numpy's results, written by {@code src/test/python/gen_kernel_golden.py} (its
 * docstring explains the files). Where numpy's result is platform-defined (a NaN, infinite or
 * out-of-range floating-point value cast to an integer: undefined behaviour in C) the test
 * asserts Java's narrowing cast instead, which is what ndprim documents; {@code float64} to
 * {@code float16} rounds once, as numpy's.
 */
class KernelGoldenTest {
  private static final Path GOLDEN = Path.of("src/test/resources/golden");

  private static List<String[]> rows(String file, String kind) {
    try (Stream<String> lines = Files.lines(GOLDEN.resolve(file), StandardCharsets.UTF_8)) {
      return lines.filter(l -> l.startsWith(kind + "|"))
          .map(l -> l.split("\\|", -1))
          .collect(Collectors.toList());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A value in the golden notation as the boxed logical value of type {@code type}. */
  static Object parse(String text, String type) {
    switch (type) {
      case "Boolean":
        return text.equals("True");
      case "Byte":
        return Byte.valueOf(text);
      case "Short":
        return Short.valueOf(text);
      case "Char":
        return (char) Integer.parseInt(text);
      case "Int":
        return Integer.valueOf(text);
      case "Long":
        return Long.valueOf(text);
      case "UInt64":
        return Long.parseUnsignedLong(text);
      case "Double":
        return parseDouble(text);
      default: // Float, Float16: every value in the file is exact in float
        return (float) parseDouble(text);
    }
  }

  private static double parseDouble(String text) {
    switch (text) {
      case "nan":
        return Double.NaN;
      case "inf":
        return Double.POSITIVE_INFINITY;
      case "-inf":
        return Double.NEGATIVE_INFINITY;
      default:
        return Double.parseDouble(text); // Java reads float.hex() notation
    }
  }

  /** Java's narrowing cast of a double to an integral type: ndprim's documented result. */
  private static Object javaCast(double d, String type) {
    switch (type) {
      case "Byte":
        return (byte) d;
      case "Short":
        return (short) d;
      case "Char":
        return (char) d;
      case "Int":
        return (int) d;
      case "Long":
        return (long) d;
      default:
        throw new AssertionError("not an integral type: " + type);
    }
  }

  // ------------------------------------------------------------------------------- casts

  @TestFactory
  Stream<DynamicTest> astypeMatchesNumpyForEveryPairOfTypes() {
    Map<String, List<String[]>> pairs = new LinkedHashMap<>();
    for (String[] r : rows("kernel_casts.txt", "cast")) {
      pairs.computeIfAbsent(r[1] + " -> " + r[3], k -> new ArrayList<>()).add(r);
    }
    assertThat(pairs).hasSize(81);
    return pairs.entrySet().stream().map(e -> DynamicTest.dynamicTest(e.getKey(), () -> {
      for (StorageCase storage : StorageCase.values()) {
        checkCasts(e.getValue(), storage);
      }
    }));
  }

  /** One pair of types, the sources over {@code storage}. */
  private static void checkCasts(List<String[]> rows, StorageCase storage) {
    String src = rows.get(0)[1];
    String dst = rows.get(0)[3];
    List<Object> inputs = new ArrayList<>();
    List<Object> expected = new ArrayList<>();
    for (String[] r : rows) {
      inputs.add(parse(r[2], src));
      String flag = r[5];
      if (flag.equals("platform")) {
        expected.add(javaCast(parseDouble(r[2]), dst));
      } else if (flag.startsWith("float32:")) {
        // float64 -> float16 rounds once, as numpy: the value numpy computes directly.
        expected.add(parse(r[4], dst));
      } else {
        assertThat(flag).isEqualTo("numpy");
        expected.add(parse(r[4], dst));
      }
    }
    ScalarCase<?> target = KernelApi.caseOf(dst);
    NdArray source = new TypedApi(KernelApi.caseOf(src).over(storage)).vector(inputs);
    NdArray cast = source.astype(target.type());
    assertThat(cast).isInstanceOf(target.type().arrayType());
    assertThat(cast.shape()).isEqualTo(source.shape());
    List<Object> actual = new TypedApi(target).toList(cast);
    for (int i = 0; i < rows.size(); i++) {
      assertThat(actual.get(i)).as("%s %s -> %s over %s", src, rows.get(i)[2], dst, storage)
          .isEqualTo(expected.get(i));
    }
    // The same values through a reversed view, and as a 2-D view: layout does not matter.
    List<Object> reversed = new ArrayList<>(expected);
    Collections.reverse(reversed);
    assertThat(new TypedApi(target).toList(source.slice("::-1").astype(target.type())))
        .isEqualTo(reversed);
  }

  // --------------------------------------------------------------------------- reductions

  private static final Map<String, String> METHODS =
      Map.of("sum", "sum", "min", "min", "max", "max", "argmin", "argMin", "argmax", "argMax");

  @TestFactory
  Stream<DynamicTest> reductionsMatchNumpy() {
    Map<String, List<NdArray>> arrays = new LinkedHashMap<>();
    for (String[] d : rows("kernel_reductions.txt", "data")) {
      long[] dims = d[3].isEmpty() ? new long[0]
          : Arrays.stream(d[3].split(",")).mapToLong(Long::parseLong).toArray();
      List<Object> values = d[4].isEmpty() ? List.of()
          : Arrays.stream(d[4].split(" ")).map(v -> parse(v, d[1])).collect(Collectors.toList());
      List<NdArray> inEveryStorage = new ArrayList<>();
      for (StorageCase storage : StorageCase.values()) {
        ScalarCase<?> c = KernelApi.caseOf(d[1]).over(storage);
        inEveryStorage.add(new TypedApi(c).of(Shape.of(dims), values));
      }
      arrays.put(d[1] + "|" + d[2], inEveryStorage);
    }
    List<String[]> reds = rows("kernel_reductions.txt", "red");
    assertThat(reds).hasSizeGreaterThan(3000);
    assertThat(arrays.keySet().stream().map(k -> k.split("\\|")[0]).distinct())
        .containsExactlyInAnyOrder("Boolean", "Byte", "Short", "Char", "Int", "Long", "Float",
            "Double", "Float16");
    return reds.stream().map(r -> DynamicTest.dynamicTest(
        String.join(" ", r[1], r[2], "[" + r[3] + "]", r[4], "axis=" + r[5]),
        () -> arrays.get(r[1] + "|" + r[2]).forEach(base -> checkReduction(base, r))));
  }

  private static void checkReduction(NdArray base, String[] r) {
    String type = r[1];
    String op = r[4];
    NdArray a = r[3].isEmpty() ? base : r[3].equals("T") ? base.transpose() : base.slice(r[3]);
    KernelApi api = new KernelApi(KernelApi.caseOf(type));
    String method = METHODS.get(op);
    boolean whole = r[5].equals("*");
    if (r[6].equals("error")) {
      assertThatThrownBy(() -> {
        if (whole) {
          api.reduce(method, a);
        } else {
          api.reduce(method, a, Integer.parseInt(r[5]));
        }
      }).isExactlyInstanceOf(IllegalStateException.class).hasMessage(r[7]);
      return;
    }
    boolean floating = KernelApi.caseOf(type).floating();
    String resultType = op.equals("sum") ? KernelApi.caseOf(type).sumName()
        : op.startsWith("arg") ? "Long" : type;
    List<Object> expected = r[7].isEmpty() ? List.of()
        : Arrays.stream(r[7].split(" ")).map(v -> parse(v, resultType))
            .collect(Collectors.toList());
    if (whole) {
      assertThat(api.reduce(method, a)).isEqualTo(expected.get(0));
      return;
    }
    NdArray result = api.reduce(method, a, Integer.parseInt(r[5]));
    ScalarCase<?> rc = KernelApi.caseOf(resultType);
    assertThat(result).isInstanceOf(rc.type().arrayType());
    long[] dims = r[6].isEmpty() ? new long[0]
        : Arrays.stream(r[6].split(",")).mapToLong(Long::parseLong).toArray();
    assertThat(result.shape()).isEqualTo(Shape.of(dims));
    assertThat(new TypedApi(rc).toList(result)).isEqualTo(expected);
  }
}
