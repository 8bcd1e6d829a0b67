package org.ndprim;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.reflect.Array;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Replays {@code golden/routines_cases.txt.gz} (made by
 * {@code src/test/python/gen_routines_cases.py}): every routine of {@link NdArrays} and
 * {@code reshape} over float64, float32, int8, uint64, float16, complex128 and bool (and more
 * for the ranges), on contiguous, transposed, reversed and strided views, empty and 0-d
 * inputs, negative axes and NumPy's errors. Results must match bit for bit (type, shape and the
 * little-endian bytes in C order); errors must be of the same kind, with NumPy's message except
 * where {@link #OWN_MESSAGES} says ndprim words it itself.
 */
class NdArraysGoldenTest {
  static final Map<String, ScalarType<?>> TYPES = Map.ofEntries(
      Map.entry("b1", BooleanNdArray.TYPE), Map.entry("i1", ByteNdArray.TYPE),
      Map.entry("i2", ShortNdArray.TYPE), Map.entry("i4", IntNdArray.TYPE),
      Map.entry("i8", LongNdArray.TYPE), Map.entry("u1", UInt8NdArray.TYPE),
      Map.entry("u2", UInt16NdArray.TYPE), Map.entry("u4", UInt32NdArray.TYPE),
      Map.entry("u8", UInt64NdArray.TYPE), Map.entry("f2", Float16NdArray.TYPE),
      Map.entry("f4", FloatNdArray.TYPE), Map.entry("f8", DoubleNdArray.TYPE),
      Map.entry("c8", Complex64NdArray.TYPE), Map.entry("c16", Complex128NdArray.TYPE));

  /** NumPy's exception kinds and the Java exceptions that stand for them. */
  private static final Map<String, Class<?>> KINDS = Map.of(
      "ValueError", IllegalArgumentException.class, "TypeError", IllegalArgumentException.class,
      "OverflowError", IllegalArgumentException.class,
      "AxisError", IndexOutOfBoundsException.class, "IndexError", IndexOutOfBoundsException.class,
      "ZeroDivisionError", ArithmeticException.class);

  /**
   * NumPy messages that are accidents of its Python implementation, which ndprim words as its
   * own (the kind of error still matches): pad widths that do not broadcast, an axis out of range
   * in split ("tuple index out of range"), tril/triu of a 0-d array (a missing argument of tri),
   * and tile of an empty array by a negative count.
   */
  private static final Set<String> OWN_MESSAGES = Set.of(
      "operands could not be broadcast together with remapped shapes",
      "tuple index out of range", "tri() missing 1 required positional argument",
      "cannot reshape array of size 0 into shape (0,newaxis)");

  static List<String[]> cases() throws IOException {
    return org.ndprim.testing.GoldenTsv.read("/golden/routines_cases.txt.gz");
  }

  @Test
  void theCorpusCoversEveryRoutineDtypeAndErrors() throws IOException {
    List<String[]> cases = cases();
    Set<String> ops = cases.stream().map(c -> c[0]).collect(Collectors.toSet());
    assertThat(ops).contains("arange_i", "arange_f", "linspace", "logspace", "geomspace", "ones",
        "full", "eye", "identity", "tri", "indices", "zeros_like", "ones_like", "full_like",
        "diag", "diagonal", "tril", "triu", "meshgrid", "concatenate", "stack", "hstack",
        "vstack", "dstack", "column_stack", "split", "array_split", "hsplit", "vsplit", "tile",
        "repeat", "roll", "pad", "rot90", "swapaxes", "moveaxis", "ravel", "flatten", "reshape");
    for (String dt : List.of("f8", "f4", "i1", "u8", "f2", "c16", "b1")) {
      assertThat(cases).as(dt).anyMatch(c -> c[2].contains("|" + dt + "|"))
          .anyMatch(c -> c[1].equals(dt));
    }
    assertThat(cases.stream().filter(c -> c[4].startsWith("ERR")).count()).isGreaterThan(500);
    assertThat(cases.size()).isGreaterThan(5000);
  }

  @Test
  void everyCaseIsNumpys() throws IOException {
    List<String> failures = new ArrayList<>();
    int checked = 0;
    for (String[] c : cases()) {
      String name = String.join(" | ", Arrays.copyOf(c, 4));
      String problem;
      try {
        problem = check(c);
      } catch (RuntimeException | AssertionError e) {
        problem = "threw " + e;
      }
      if (problem != null) {
        failures.add(name + ": " + problem);
      }
      checked++;
    }
    assertThat(checked).isGreaterThan(5000);
    assertThat(failures).as(failures.size() + " failures, the first:\n"
        + failures.stream().limit(40).collect(Collectors.joining("\n"))).isEmpty();
  }

  /** Null when the case matches, else what differs. */
  private static String check(String[] c) {
    String expected = c[4];
    List<NdArray> got;
    try {
      got = run(c[0], c[1].equals("-") ? null : TYPES.get(c[1]), inputs(c[2]), params(c[3]));
    } catch (IllegalArgumentException | IndexOutOfBoundsException | ArithmeticException e) {
      if (!expected.startsWith("ERR ")) {
        return "threw " + e + ", numpy gave " + abbreviate(expected);
      }
      String[] err = expected.split(" ", 3);
      Class<?> kind = KINDS.get(err[1]);
      if (kind == null || !kind.isInstance(e)) {
        return "threw " + e + ", numpy's " + err[1] + ": " + err[2];
      }
      String message = err.length > 2 ? err[2] : "";
      if (!message.equals(e.getMessage())
          && OWN_MESSAGES.stream().noneMatch(message::startsWith)) {
        return "message '" + e.getMessage() + "', numpy's '" + message + "'";
      }
      return null;
    }
    if (!expected.startsWith("OK ")) {
      return "returned " + describe(got) + ", numpy raised " + expected;
    }
    String actual = "OK " + describe(got);
    return actual.equals(expected) ? null
        : "got " + abbreviate(actual) + "\n    numpy " + abbreviate(expected);
  }

  private static String abbreviate(String s) {
    return s.length() > 400 ? s.substring(0, 400) + "..." : s;
  }

  private static String describe(List<NdArray> arrays) {
    return arrays.stream().map(NdArraysGoldenTest::encode).collect(Collectors.joining(";"));
  }

  /** {@code DTYPE (SHAPE) HEX}, as the script's {@code enc}. */
  static String encode(NdArray r) {
    String shape = Arrays.stream(r.shape().asArray()).mapToObj(Long::toString)
        .collect(Collectors.joining(",", "(", ")"));
    String hex = HexFormat.of().formatHex(bytes(r));
    return r.scalarType().dtype().substring(1) + " " + shape + " " + (hex.isEmpty() ? "-" : hex);
  }

  /** The little-endian bytes of the elements in C order. */
  static byte[] bytes(NdArray r) {
    Object storage = r.toStorageArray();
    int n = Array.getLength(storage);
    ByteBuffer b = ByteBuffer.allocate((int) (r.size() * r.scalarType().itemSize()))
        .order(ByteOrder.LITTLE_ENDIAN);
    for (int i = 0; i < n; i++) {
      Object v = Array.get(storage, i);
      if (v instanceof Boolean) {
        b.put((byte) ((Boolean) v ? 1 : 0));
      } else if (v instanceof Byte) {
        b.put((Byte) v);
      } else if (v instanceof Short) {
        b.putShort((Short) v);
      } else if (v instanceof Character) {
        b.putChar((Character) v);
      } else if (v instanceof Integer) {
        b.putInt((Integer) v);
      } else if (v instanceof Long) {
        b.putLong((Long) v);
      } else if (v instanceof Float) {
        b.putInt(Float.floatToRawIntBits((Float) v));
      } else {
        b.putLong(Double.doubleToRawLongBits((Double) v));
      }
    }
    return b.array();
  }

  /** {@code (np.arange(n) - n // 2).reshape(shape).astype(dtype)[index]}, maybe transposed. */
  static NdArray input(String spec) {
    String[] p = spec.split("\\|", -1);
    long[] dims = p[0].isEmpty() ? new long[0]
        : Arrays.stream(p[0].split(",")).mapToLong(Long::parseLong).toArray();
    long n = Arrays.stream(dims).reduce(1, (x, y) -> x * y);
    long[] values = new long[(int) n];
    for (int i = 0; i < n; i++) {
      values[i] = i - n / 2;
    }
    NdArray a = LongNdArray.TYPE.fromLongs(Shape.of(dims), values).astype(TYPES.get(p[1]));
    if (!p[2].isEmpty()) {
      a = a.slice(p[2]);
    }
    return p[3].equals("t") ? a.transpose() : a;
  }

  private static NdArray[] inputs(String field) {
    return field.equals("-") ? new NdArray[0]
        : Arrays.stream(field.split(";")).map(NdArraysGoldenTest::input).toArray(NdArray[]::new);
  }

  private static String[] params(String field) {
    return field.isEmpty() ? new String[0] : field.split(" ");
  }

  private static long l(String s) {
    return Long.parseLong(s);
  }

  private static int i(String s) {
    return Integer.parseInt(s);
  }

  private static double d(String s) {
    switch (s) {
      case "nan":
        return Double.NaN;
      case "inf":
        return Double.POSITIVE_INFINITY;
      case "-inf":
        return Double.NEGATIVE_INFINITY;
      default:
        return Double.parseDouble(s);
    }
  }

  private static boolean isList(String s) {
    return s.startsWith("[");
  }

  private static long[] longs(String list) {
    String inner = list.substring(1, list.length() - 1);
    return inner.isEmpty() ? new long[0]
        : Arrays.stream(inner.split(",")).mapToLong(Long::parseLong).toArray();
  }

  private static int[] ints(String list) {
    return Arrays.stream(longs(list)).mapToInt(x -> (int) x).toArray();
  }

  private static Shape shape(String s) {
    return s.equals("()") ? Shape.scalar()
        : Shape.of(Arrays.stream(s.split(",")).mapToLong(Long::parseLong).toArray());
  }

  private static long[][] widths(String s) {
    String inner = s.substring(2, s.length() - 2); // [[1,2],[3,0]] -> 1,2],[3,0
    return Arrays.stream(inner.split("\\],\\[")).map(pair -> longs("[" + pair + "]"))
        .toArray(long[][]::new);
  }

  private static List<NdArray> one(NdArray a) {
    return List.of(a);
  }

  private static List<NdArray> run(String op, ScalarType<?> t, NdArray[] in, String[] p) {
    NdArray a = in.length > 0 ? in[0] : null;
    switch (op) {
      case "arange_i":
        return one(NdArrays.arange(t, l(p[0]), l(p[1]), l(p[2])));
      case "arange_f":
        return one(NdArrays.arange(t, d(p[0]), d(p[1]), d(p[2])));
      case "linspace":
        return one(NdArrays.linspace(t, d(p[0]), d(p[1]), l(p[2]), p[3].equals("1")));
      case "logspace":
        return one(NdArrays.logspace(t, d(p[0]), d(p[1]), l(p[2]), p[3].equals("1"), d(p[4])));
      case "geomspace":
        return one(NdArrays.geomspace(t, d(p[0]), d(p[1]), l(p[2]), p[3].equals("1")));
      case "ones":
        return one(NdArrays.ones(t, shape(p[0])));
      case "full":
        return one(NdArrays.full(t, shape(p[0]), d(p[1])));
      case "eye":
        return one(NdArrays.eye(t, l(p[0]), l(p[1]), l(p[2])));
      case "identity":
        return one(NdArrays.identity(t, l(p[0])));
      case "tri":
        return one(NdArrays.tri(t, l(p[0]), l(p[1]), l(p[2])));
      case "indices":
        return one(NdArrays.indices(t, shape(p[0]).asArray()));
      case "zeros_like":
        return one(NdArrays.zerosLike(a));
      case "ones_like":
        return one(NdArrays.onesLike(a));
      case "full_like":
        return one(NdArrays.fullLike(a, l(p[0])));
      case "diag":
        return one(NdArrays.diag(a, l(p[0])));
      case "diagonal":
        return one(NdArrays.diagonal(a, l(p[0]), i(p[1]), i(p[2])));
      case "tril":
        return one(NdArrays.tril(a, l(p[0])));
      case "triu":
        return one(NdArrays.triu(a, l(p[0])));
      case "meshgrid":
        return NdArrays.meshgrid(p[0], in);
      case "concatenate":
        return one(NdArrays.concatenate(i(p[0]), in));
      case "stack":
        return one(NdArrays.stack(i(p[0]), in));
      case "hstack":
        return one(NdArrays.hstack(in));
      case "vstack":
        return one(NdArrays.vstack(in));
      case "dstack":
        return one(NdArrays.dstack(in));
      case "column_stack":
        return one(NdArrays.columnStack(in));
      case "split":
        return new ArrayList<>(isList(p[0]) ? NdArrays.split(a, longs(p[0]), i(p[1]))
            : NdArrays.split(a, l(p[0]), i(p[1])));
      case "array_split":
        return new ArrayList<>(isList(p[0]) ? NdArrays.arraySplit(a, longs(p[0]), i(p[1]))
            : NdArrays.arraySplit(a, l(p[0]), i(p[1])));
      case "hsplit":
        return new ArrayList<>(NdArrays.hsplit(a, l(p[0])));
      case "vsplit":
        return new ArrayList<>(NdArrays.vsplit(a, l(p[0])));
      case "tile":
        return one(NdArrays.tile(a, isList(p[0]) ? longs(p[0]) : new long[] {l(p[0])}));
      case "repeat":
        if (p[1].equals("None")) {
          return one(NdArrays.repeat(a, l(p[0])));
        }
        return one(isList(p[0]) ? NdArrays.repeat(a, longs(p[0]), i(p[1]))
            : NdArrays.repeat(a, l(p[0]), i(p[1])));
      case "roll":
        if (p[1].equals("None")) {
          return one(NdArrays.roll(a, l(p[0])));
        }
        return one(isList(p[0]) ? NdArrays.roll(a, longs(p[0]), ints(p[1]))
            : NdArrays.roll(a, l(p[0]), i(p[1])));
      case "pad":
        return one(NdArrays.pad(a, widths(p[0]),
            NdArrays.PadMode.valueOf(p[1].toUpperCase(java.util.Locale.ROOT)), d(p[2])));
      case "rot90":
        return one(NdArrays.rot90(a, i(p[0]), i(p[1]), i(p[2])));
      case "swapaxes":
        return one(NdArrays.swapaxes(a, i(p[0]), i(p[1])));
      case "moveaxis":
        return one(isList(p[0]) ? NdArrays.moveaxis(a, ints(p[0]), ints(p[1]))
            : NdArrays.moveaxis(a, i(p[0]), i(p[1])));
      case "ravel":
        return one(NdArrays.ravel(a));
      case "flatten":
        return one(NdArrays.flatten(a));
      case "reshape":
        return one(a.reshape(longs(p[0])));
      default:
        throw new AssertionError("unknown routine " + op);
    }
  }

  @Test
  void rollOfA0dArrayOverNoAxesIsACopy() {
    // np.roll(np.array(5.), [], []) raises "not enough values to unpack (expected 2, got 0)"
    DoubleNdArray a = DoubleNdArray.scalar(5);
    DoubleNdArray r = NdArrays.roll(a, new long[0], new int[0]);
    assertThat(r.getDouble()).isEqualTo(5.0);
    a.setDouble(6);
    assertThat(r.getDouble()).isEqualTo(5.0);
  }
}
