package org.ndprim.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.ndprim.Complex128NdArray;
import org.ndprim.Complex64NdArray;
import org.ndprim.NdArray;
import org.ndprim.ScalarType;
import org.ndprim.Shape;

/**
 * {@code astype} between every ordered pair of the 16 built-ins and the user-declared
 * Float8E4M3, and the reductions of every type with one value per element (Boolean: min, max and
 * their arg forms, no sum) against numpy's and ml_dtypes' results, written by
 * {@code src/test/python/gen_kernel_golden.py} (its docstring explains the files and the flags).
 * Casts compare storage bits, so NaN payloads and the sign of zero count. Where numpy's result is
 * platform-defined (a NaN, infinite or out-of-range floating-point value cast to an integer:
 * undefined behaviour in C) the test asserts ndprim's documented rule instead, computed here
 * ({@link #documentedCast}); where a signalling NaN goes in, any NaN of numpy's sign.
 */
class KernelGoldenTest {
  private static final Path GOLDEN = Path.of("src/test/resources/golden");

  private static List<String[]> rows(String file, String kind) {
    try (InputStream raw = Files.newInputStream(GOLDEN.resolve(file));
        InputStream in = file.endsWith(".gz") ? new GZIPInputStream(raw, 1 << 16) : raw;
        BufferedReader reader = new BufferedReader(
            new InputStreamReader(in, StandardCharsets.UTF_8))) {
      return reader.lines().filter(l -> l.startsWith(kind + "|"))
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
      case "UInt8":
      case "UInt16":
        return Integer.valueOf(text);
      case "Long":
      case "UInt32":
        return Long.valueOf(text);
      case "UInt64":
        return Long.parseUnsignedLong(text);
      case "Double":
        return parseDouble(text);
      default: // Float, Float16, BFloat16, Float8E4M3: every value in the file is exact in float
        return (float) parseDouble(text);
    }
  }

  private static double parseDouble(String text) {
    switch (text) {
      case "nan":
        return Double.NaN;
      case "-nan":
        return -Double.NaN;
      case "inf":
        return Double.POSITIVE_INFINITY;
      case "-inf":
        return Double.NEGATIVE_INFINITY;
      default:
        return Double.parseDouble(text); // Java reads float.hex() notation
    }
  }

  // ------------------------------------------------------------------------------- casts

  /** The 16 built-ins and the user-declared Float8E4M3, by name. */
  private static final Map<String, ScalarType<?>> CAST_TYPES = castTypes();

  private static Map<String, ScalarType<?>> castTypes() {
    Map<String, ScalarType<?>> types = new LinkedHashMap<>();
    for (ScalarCase<?> c : ScalarCase.TYPES) {
      types.put(c.name(), c.type());
    }
    types.put("Complex64", Complex64NdArray.TYPE);
    types.put("Complex128", Complex128NdArray.TYPE);
    return types;
  }

  /** The floating-point format of one storage slot of a type (a complex type's part). */
  private static String partFormat(String type) {
    return type.equals("Complex64") ? "Float" : type.equals("Complex128") ? "Double" : type;
  }

  /** One row of kernel_casts.txt.gz: storage bits (one per slot) in and out, and the flag. */
  private record Cast(String src, long[] in, String dst, long[] out, String flag, String inText,
      String outText) {
    static Cast of(String[] r) {
      return new Cast(r[1], bits(r[2]), r[3], bits(r[4]), r[5], r[6], r[7]);
    }

    private static long[] bits(String text) {
      return Arrays.stream(text.split(",")).mapToLong(b -> Long.parseUnsignedLong(b, 16))
          .toArray();
    }

    @Override
    public String toString() {
      return String.format("%s %s (bits %s) -> %s: numpy %s (bits %s), flag %s", src, inText,
          hex(in), dst, outText, hex(out), flag);
    }
  }

  private static String hex(long[] bits) {
    return Arrays.stream(bits).mapToObj(Long::toHexString).collect(Collectors.joining(","));
  }

  @TestFactory
  Stream<DynamicTest> astypeMatchesNumpyForEveryPairOfTypes() {
    Map<String, List<Cast>> pairs = new LinkedHashMap<>();
    for (String[] r : rows("kernel_casts.txt.gz", "cast")) {
      pairs.computeIfAbsent(r[1] + " -> " + r[3], k -> new ArrayList<>()).add(Cast.of(r));
    }
    assertThat(pairs).hasSize(17 * 17);
    assertThat(pairs.values().stream().mapToInt(List::size).sum()).isGreaterThan(20000);
    assertThat(pairs.keySet().stream().map(k -> k.split(" -> ")[0]).distinct())
        .containsExactlyInAnyOrderElementsOf(CAST_TYPES.keySet());
    return pairs.entrySet().stream().map(e -> DynamicTest.dynamicTest(e.getKey(), () -> {
      for (StorageCase storage : StorageCase.values()) {
        checkCasts(e.getValue(), storage);
      }
    }));
  }

  /** One pair of types, the sources over {@code storage}: every cast, bit for bit. */
  private static void checkCasts(List<Cast> rows, StorageCase storage) {
    ScalarType<?> src = CAST_TYPES.get(rows.get(0).src());
    ScalarType<?> dst = CAST_TYPES.get(rows.get(0).dst());
    int n = rows.size();
    long[] in = rows.stream().flatMapToLong(r -> Arrays.stream(r.in())).toArray();
    NdArray source = place(src, storage, Shape.of(n), StorageBits.array(src.storageType(), in));
    assertThat(StorageBits.of(source.toStorageArray())).as("source bits over %s", storage)
        .isEqualTo(in);
    NdArray cast = source.astype(dst);
    assertThat(cast).isInstanceOf(dst.arrayType());
    assertThat(cast.shape()).isEqualTo(source.shape());
    long[] out = StorageBits.of(cast.toStorageArray());
    // The same values through a reversed view: layout does not matter.
    long[] reversed = StorageBits.of(source.slice("::-1").astype(dst).toStorageArray());
    int slots = dst.slots();
    for (int i = 0; i < n; i++) {
      Cast r = rows.get(i);
      long[] actual = Arrays.copyOfRange(out, i * slots, (i + 1) * slots);
      check(r, actual, storage);
      assertThat(Arrays.copyOfRange(reversed, (n - 1 - i) * slots, (n - i) * slots))
          .as("%s, reversed view over %s", r, storage).isEqualTo(actual);
    }
  }

  private static void check(Cast r, long[] actual, StorageCase storage) {
    String what = r + " over " + storage + ": got bits " + hex(actual);
    switch (r.flag()) {
      case "numpy":
        assertThat(actual).as(what).isEqualTo(r.out());
        break;
      case "platform":
        // NumPy leaves the result to C (undefined behaviour): ndprim's documented rule.
        double value = parseDouble(r.inText().split(",")[0]);
        assertThat(actual).as(what + ", documented " + documentedCast(value, r.dst()))
            .containsExactly(documentedCast(value, r.dst()));
        break;
      case "snan":
        // A signalling NaN in: numpy's software float16 loops keep it signalling (and its low
        // payload bits), its hardware ones quiet it, as IEEE 754 conversions and ndprim's
        // widening to the double carrier do. Any NaN of numpy's sign; other parts exact.
      case "nan":
        // A bfloat16 NaN payload to float16: ml_dtypes' software conversion (Eigen's) makes it
        // 0x7E00, one built with F16C keeps the payload as ndprim does. Any NaN of numpy's sign.
        String format = partFormat(r.dst());
        for (int k = 0; k < actual.length; k++) {
          if (isNaN(r.out()[k], format)) {
            assertThat(isNaN(actual[k], format)).as(what).isTrue();
            assertThat(sign(actual[k], format)).as(what).isEqualTo(sign(r.out()[k], format));
          } else {
            assertThat(actual[k]).as(what).isEqualTo(r.out()[k]);
          }
        }
        break;
      default:
        throw new AssertionError("unknown flag: " + r);
    }
  }

  /**
   * ndprim's documented result where numpy's is platform-defined (a NaN, an infinity or a value
   * outside the integer target's range after truncation), as storage bits: Java's narrowing cast
   * for the signed types and {@code char}; truncation through {@code long}, then the low bits,
   * for UInt8, UInt16 and UInt32; for UInt64, {@code Unsigned.fromDouble}'s rule: NaN is 0, at
   * least 2^64 saturates to 2^64 - 1, at most -2^63 gives 2^63, negative values above it wrap.
   */
  static long documentedCast(double d, String type) {
    switch (type) {
      case "Byte":
        return (byte) d & 0xFFL;
      case "Short":
        return (short) d & 0xFFFFL;
      case "Char":
        return (char) d;
      case "Int":
        return (int) d & 0xFFFF_FFFFL;
      case "Long":
        return (long) d;
      case "UInt8":
        return (long) d & 0xFFL;
      case "UInt16":
        return (long) d & 0xFFFFL;
      case "UInt32":
        return (long) d & 0xFFFF_FFFFL;
      case "UInt64":
        if (Double.isNaN(d)) {
          return 0;
        }
        if (d >= 0x1p64) {
          return -1L;
        }
        if (d <= -0x1p63) {
          return Long.MIN_VALUE;
        }
        return d >= 0x1p63 ? (long) (d - 0x1p63) | Long.MIN_VALUE : (long) d;
      default:
        throw new AssertionError("not an integral type: " + type);
    }
  }

  /** Whether storage bits of a floating-point format are a NaN. */
  private static boolean isNaN(long bits, String format) {
    switch (format) {
      case "Float":
        return Float.isNaN(Float.intBitsToFloat((int) bits));
      case "Double":
        return Double.isNaN(Double.longBitsToDouble(bits));
      case "Float16":
        return (bits & 0x7C00) == 0x7C00 && (bits & 0x03FF) != 0;
      case "BFloat16":
        return (bits & 0x7F80) == 0x7F80 && (bits & 0x007F) != 0;
      case "Float8E4M3":
        return (bits & 0x7F) == 0x7F;
      default:
        return false;
    }
  }

  private static long sign(long bits, String format) {
    switch (format) {
      case "Float":
        return bits >>> 31 & 1;
      case "Double":
        return bits >>> 63;
      case "Float8E4M3":
        return bits >>> 7 & 1;
      default:
        return bits >>> 15 & 1;
    }
  }

  /** A new array of {@code type} holding {@code storage}, moved into {@code where}. */
  private static <A extends NdArray> A place(ScalarType<A> type, StorageCase where, Shape shape,
      Object storage) {
    return where.place(type, type.wrapStorage(shape, storage));
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
            "Double", "Float16", "UInt8", "UInt16", "UInt32", "UInt64", "BFloat16", "Float8E4M3");
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
