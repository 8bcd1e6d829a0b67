package org.ndprim;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Replays {@code golden/ufunc_cases.txt.gz} (made by {@code src/test/python/gen_ufunc_cases.py}):
 * every {@link Ufunc} constant over every built-in dtype (unary) and dtype pair (binary), weak
 * Python scalars on either side and {@code where}, against NumPy 2: the result's dtype, or
 * NumPy's error and message, and the values bit for bit; the transcendental functions within a
 * bound in ulps, whose measured maxima the test prints.
 *
 * <p>Where ndprim deliberately differs from NumPy, the case asserts ndprim's documented
 * behaviour instead and counts it ({@link #DIFFERENCES}, printed with the ulp table); each rule
 * is one of the differences the README lists:
 * <ul>
 *   <li>"not supported for the input types" names the types: {@code (bool, complex64)};
 *   <li>an integer {@code power} with a negative exponent throws {@link ArithmeticException}
 *       where NumPy raises ValueError, with NumPy's message;
 *   <li>complex {@code sqrt}, {@code sign}, {@code power} and the transcendental functions
 *       throw {@link UnsupportedOperationException} ("has no kernel for complex64 in ndprim");
 *   <li>complex {@code multiply} and {@code square} round each product (NumPy's SIMD loops fuse
 *       one, with FMA, where the CPU has it): a part may differ in the last bit, and a product
 *       that overflows gives NaN where NumPy gives an infinity;
 *   <li>the sign of a NaN in a complex result may differ;
 *   <li>{@code where(c, x, pythonInt)} refuses an int out of {@code x}'s integer range, which
 *       NumPy wraps;
 *   <li>int64 with uint64 compares in float64 ({@link #int64WithUint64ComparesInFloat64}).
 * </ul>
 */
class UfuncGoldenTest {
  static final Map<String, ScalarType<?>> TYPES = new LinkedHashMap<>();

  static {
    TYPES.put("b1", BooleanNdArray.TYPE);
    TYPES.put("i1", ByteNdArray.TYPE);
    TYPES.put("u1", UInt8NdArray.TYPE);
    TYPES.put("i2", ShortNdArray.TYPE);
    TYPES.put("u2", UInt16NdArray.TYPE);
    TYPES.put("i4", IntNdArray.TYPE);
    TYPES.put("u4", UInt32NdArray.TYPE);
    TYPES.put("i8", LongNdArray.TYPE);
    TYPES.put("u8", UInt64NdArray.TYPE);
    TYPES.put("f2", Float16NdArray.TYPE);
    TYPES.put("f4", FloatNdArray.TYPE);
    TYPES.put("f8", DoubleNdArray.TYPE);
    TYPES.put("c8", Complex64NdArray.TYPE);
    TYPES.put("c16", Complex128NdArray.TYPE);
  }

  /** Measured in ulps of the result's type instead of compared bit for bit. */
  static final Set<String> TRANSCENDENTAL = Set.of("cbrt", "exp", "exp2", "expm1", "log", "log2",
      "log10", "log1p", "sin", "cos", "tan", "arcsin", "arccos", "arctan", "sinh", "cosh",
      "tanh", "arctan2", "hypot", "power");

  /** The bound in ulps per result dtype, at least the measured maxima the report states. */
  static final Map<String, Long> ULP_BOUND = Map.of("f2", 0L, "f4", 2L, "f8", 2L);

  /** The largest ulp distance from NumPy per (ufunc, result dtype). */
  static final Map<String, Long> MAX_ULP = new ConcurrentHashMap<>();

  private static List<String[]> cases;

  static synchronized List<String[]> cases() throws IOException {
    if (cases == null) {
      List<String[]> out = new ArrayList<>();
      try (InputStream raw = UfuncGoldenTest.class.getResourceAsStream(
          "/golden/ufunc_cases.txt.gz")) {
        assertThat(raw).isNotNull();
        BufferedReader r = new BufferedReader(new InputStreamReader(
            new GZIPInputStream(raw, 1 << 16), StandardCharsets.UTF_8));
        for (String line; (line = r.readLine()) != null; ) {
          if (!line.startsWith("#") && !line.isEmpty()) {
            out.add(line.split("\t", -1));
          }
        }
      }
      cases = out;
    }
    return cases;
  }

  static Ufunc ufunc(String name) {
    try {
      return (Ufunc) Ufunc.class.getField(name.toUpperCase(Locale.ROOT)).get(null);
    } catch (ReflectiveOperationException e) {
      throw new AssertionError("no Ufunc constant for " + name, e);
    }
  }

  static String dt(ScalarType<?> t) {
    for (Map.Entry<String, ScalarType<?>> e : TYPES.entrySet()) {
      if (e.getValue() == t) {
        return e.getKey();
      }
    }
    return t.name();
  }

  /** An array over a Java array (the kernels' own storage) with the values of the bytes. */
  static NdArray array(String dtype, String hex) {
    ScalarType<?> t = TYPES.get(dtype);
    byte[] bytes = HexFormat.of().parseHex(hex);
    long n = bytes.length / t.itemSize();
    return t.wrap(Shape.of(n), ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN)).copy();
  }

  /** {@return the little-endian bytes of {@code a}'s elements in C order, as hex} */
  @SuppressWarnings({"unchecked", "rawtypes"})
  static String hex(NdArray a) {
    ScalarType t = a.scalarType();
    ByteBuffer b = ByteBuffer.allocate(Math.toIntExact(t.byteSize(a.shape())))
        .order(ByteOrder.LITTLE_ENDIAN);
    t.copy(a, t.wrap(a.shape(), b));
    return HexFormat.of().formatHex(b.array());
  }

  /** One golden case: what to call, and NumPy's answer. */
  record Case(String line, String ufunc, String result, String outHex, Call call,
      NdArray... inputs) {}

  interface Call {
    NdArray run();
  }

  static Case parse(String[] c) {
    String line = String.join(" ", c).replaceAll("[0-9a-f]{40,}", "…");
    switch (c[0]) {
      case "u": {
        NdArray a = array(c[2], c[4]);
        return new Case(line, c[1], c[3], c[5], () -> ufunc(c[1]).apply(a), a);
      }
      case "b": {
        NdArray a = array(c[2], c[5]);
        NdArray b = array(c[3], c[6]);
        return new Case(line, c[1], c[4], c[7], () -> ufunc(c[1]).apply(a, b), a, b);
      }
      case "s": {
        NdArray a = array(c[2], c[7]);
        Ufunc u = ufunc(c[1]);
        boolean first = c[4].equals("as");
        if (c[3].equals("int")) {
          long v = Long.parseLong(c[5]);
          NdArray s = LongNdArray.TYPE.fromLongs(Shape.of(), new long[] {v});
          return new Case(line, c[1], c[6], c[8], () -> first ? u.apply(a, v) : u.apply(v, a),
              first ? a : s, first ? s : a);
        }
        double v = Double.parseDouble(c[5]);
        NdArray s = DoubleNdArray.TYPE.fromDoubles(Shape.of(), new double[] {v});
        return new Case(line, c[1], c[6], c[8], () -> first ? u.apply(a, v) : u.apply(v, a),
            first ? a : s, first ? s : a);
      }
      case "w": {
        BooleanNdArray cond = (BooleanNdArray) array("b1", c[4]);
        NdArray x = array(c[1], c[5]);
        NdArray y = array(c[2], c[6]);
        return new Case(line, "where", c[3], c[7], () -> Ufunc.where(cond, x, y));
      }
      default: { // ws
        BooleanNdArray cond = (BooleanNdArray) array("b1", c[5]);
        NdArray x = array(c[1], c[6]);
        if (c[2].equals("int")) {
          long v = Long.parseLong(c[3]);
          return new Case(line, "where", c[4], c[7], () -> Ufunc.where(cond, x, v));
        }
        double v = Double.parseDouble(c[3]);
        return new Case(line, "where", c[4], c[7], () -> Ufunc.where(cond, x, v));
      }
    }
  }

  /** Cases per documented difference from NumPy (see the class comment), for the report. */
  static final Map<String, Integer> DIFFERENCES = new ConcurrentHashMap<>();

  /** Complex functions ndprim has no kernel for: UnsupportedOperationException. */
  static final Set<String> NO_COMPLEX_KERNEL = Set.of("sqrt", "sign", "cbrt", "exp", "exp2",
      "expm1", "log", "log2", "log10", "log1p", "sin", "cos", "tan", "arcsin", "arccos", "arctan",
      "sinh", "cosh", "tanh", "power");

  private static String documented(String difference) {
    DIFFERENCES.merge(difference, 1, Integer::sum);
    return null;
  }

  /** Checks one case; returns null when it matches, else what differs. */
  static String check(String[] fields) {
    Case k = parse(fields);
    NdArray r;
    try {
      r = k.call.run();
    } catch (UnsupportedOperationException e) {
      if ((k.result.equals("c8") || k.result.equals("c16"))
          && NO_COMPLEX_KERNEL.contains(k.ufunc) && e.getMessage().equals("ufunc '" + k.ufunc
              + "' has no kernel for complex" + (k.result.equals("c8") ? 64 : 128) + " in ndprim")) {
        return documented("no complex kernel for " + k.ufunc);
      }
      return "numpy gave " + k.result + ", ndprim threw " + e;
    } catch (RuntimeException e) {
      if (k.result.startsWith("!")) {
        String[] err = k.result.split("!", 3);
        String expected = expectedException(err[1]);
        if (e.getClass().getSimpleName().equals(expected)
            && withoutTypeNames(e.getMessage()).equals(err[2])) {
          if (!e.getMessage().equals(err[2])) {
            documented("the message names the input types");
          }
          if (err[1].equals("ValueError")) {
            documented("ArithmeticException for NumPy's ValueError");
          }
          return null;
        }
        return "numpy raised " + err[1] + " '" + err[2] + "', ndprim "
            + e.getClass().getSimpleName() + " '" + e.getMessage() + "'";
      }
      if (fields[0].equals("ws") && fields[2].equals("int")
          && "iu".indexOf(TYPES.get(fields[1]).kind()) >= 0
          && e instanceof IllegalArgumentException
          && e.getMessage().startsWith("Python integer " + fields[3] + " out of bounds for ")) {
        return documented("where refuses an out-of-bounds Python int");
      }
      return "numpy gave " + k.result + ", ndprim threw " + e;
    }
    if (k.result.startsWith("!")) {
      return "numpy raised " + k.result + ", ndprim gave " + dt(r.scalarType());
    }
    if (!dt(r.scalarType()).equals(k.result)) {
      return "numpy's dtype " + k.result + ", ndprim's " + dt(r.scalarType());
    }
    String got = hex(r);
    boolean complexIn = k.inputs.length == 1 && k.inputs[0].scalarType().kind() == 'c';
    if ((TRANSCENDENTAL.contains(k.ufunc) || k.ufunc.equals("absolute") && complexIn)
        && k.result.startsWith("f")) {
      long ulps = maxUlps(k.result, k.outHex, got);
      String key = k.ufunc + (complexIn ? "(complex)" : "");
      MAX_ULP.merge(key + "\t" + k.result, ulps, Math::max);
      return ulps <= ULP_BOUND.get(k.result) ? null
          : ulps + " ulps from numpy: numpy " + k.outHex + ", ndprim " + got;
    }
    if (got.equals(k.outHex)) {
      return null;
    }
    if (k.result.startsWith("c") && sameValues(k.result, k.outHex, got)) {
      return documented("a complex NaN's sign");
    }
    if (k.result.startsWith("c") && (k.ufunc.equals("multiply") || k.ufunc.equals("square"))
        && sameValues(k.result, textbookProduct(k, r.scalarType()), got)) {
      return documented("complex multiply and square unfused");
    }
    return "numpy " + k.outHex + ", ndprim " + got;
  }

  /** {@return whether two arrays of complex parts have the same values, any NaN equal to any} */
  static boolean sameValues(String complexType, String expected, String got) {
    return maxUlps(complexType.equals("c8") ? "f4" : "f8", expected, got) == 0;
  }

  /**
   * {@return the product of the case's inputs (a square: the input by itself) cast to the
   * complex {@code type}, by the textbook formula, each product rounded: what ndprim documents}
   */
  static String textbookProduct(Case k, ScalarType<?> type) {
    NdArray a = k.inputs[0];
    NdArray b = k.inputs.length == 1 ? a : k.inputs[1];
    Shape shape = a.size() >= b.size() ? a.shape() : b.shape();
    double[] x = parts(a.astype(type).broadcastTo(shape));
    double[] y = parts(b.astype(type).broadcastTo(shape));
    boolean single = type == Complex64NdArray.TYPE;
    ByteBuffer out = ByteBuffer.allocate(Math.toIntExact(type.byteSize(shape)))
        .order(ByteOrder.LITTLE_ENDIAN);
    for (int i = 0; i < x.length; i += 2) {
      if (single) {
        float xr = (float) x[i];
        float xi = (float) x[i + 1];
        float yr = (float) y[i];
        float yi = (float) y[i + 1];
        out.putFloat(xr * yr - xi * yi).putFloat(xr * yi + xi * yr);
      } else {
        out.putDouble(x[i] * y[i] - x[i + 1] * y[i + 1]).putDouble(x[i] * y[i + 1]
            + x[i + 1] * y[i]);
      }
    }
    return HexFormat.of().formatHex(out.array());
  }

  /** {@return the parts of a complex array in C order, real then imaginary} */
  static double[] parts(NdArray a) {
    ByteBuffer b = ByteBuffer.wrap(HexFormat.of().parseHex(hex(a))).order(ByteOrder.LITTLE_ENDIAN);
    boolean single = a.scalarType() == Complex64NdArray.TYPE;
    double[] p = new double[Math.toIntExact(2 * a.size())];
    for (int i = 0; i < p.length; i++) {
      p[i] = single ? b.getFloat() : b.getDouble();
    }
    return p;
  }

  /**
   * ndprim's "not supported for the input types" message names the types, "(int8, complex64)",
   * where NumPy's does not: a documented difference. {@return the message without them}
   */
  static String withoutTypeNames(String message) {
    return message.replaceFirst("for the input types \\([^)]*\\),", "for the input types,");
  }

  static String expectedException(String numpyError) {
    return switch (numpyError) {
      case "ValueError" -> "ArithmeticException";
      default -> "IllegalArgumentException";
    };
  }

  /** The largest distance in ulps between two arrays of float16/32/64 bits; NaN equals NaN. */
  static long maxUlps(String dtype, String expected, String got) {
    int w = dtype.equals("f2") ? 2 : dtype.equals("f4") ? 4 : 8;
    ByteBuffer e = ByteBuffer.wrap(HexFormat.of().parseHex(expected))
        .order(ByteOrder.LITTLE_ENDIAN);
    ByteBuffer g = ByteBuffer.wrap(HexFormat.of().parseHex(got)).order(ByteOrder.LITTLE_ENDIAN);
    long max = 0;
    for (int i = 0; i < e.capacity(); i += w) {
      long a = bits(e, i, w);
      long b = bits(g, i, w);
      boolean nanA = isNan(a, w);
      boolean nanB = isNan(b, w);
      long d = nanA && nanB ? 0 : nanA || nanB ? Long.MAX_VALUE
          : Math.abs(ordered(a, w) - ordered(b, w));
      max = Math.max(max, d);
    }
    return max;
  }

  private static long bits(ByteBuffer b, int i, int w) {
    return w == 2 ? b.getShort(i) & 0xFFFFL : w == 4 ? b.getInt(i) & 0xFFFF_FFFFL : b.getLong(i);
  }

  private static boolean isNan(long bits, int w) {
    return w == 2 ? (bits & 0x7C00) == 0x7C00 && (bits & 0x03FF) != 0
        : w == 4 ? Float.isNaN(Float.intBitsToFloat((int) bits))
        : Double.isNaN(Double.longBitsToDouble(bits));
  }

  /** Bits as an integer in the values' order (so adjacent floats differ by one). */
  private static long ordered(long bits, int w) {
    long sign = 1L << (8 * w - 1);
    long magnitude = bits & (sign - 1);
    return (bits & sign) != 0 ? -magnitude : magnitude;
  }

  @Test
  void corpusCoversEveryUfuncAndDtype() throws IOException, IllegalAccessException {
    List<String[]> all = cases();
    Set<String> inData = new java.util.HashSet<>();
    all.forEach(c -> inData.add(c[0].startsWith("w") ? "where" : c[1]));
    for (java.lang.reflect.Field f : Ufunc.class.getFields()) {
      if (f.getType() == Ufunc.class) {
        assertThat(inData).as("golden cases of Ufunc.%s", f.getName())
            .contains(((Ufunc) f.get(null)).name());
      }
    }
    assertThat(all.stream().filter(c -> c[0].equals("u")).map(c -> c[2]).distinct())
        .hasSize(14);
    assertThat(all.stream().filter(c -> c[0].equals("b")).map(c -> c[2] + c[3]).distinct())
        .hasSize(14 * 14);
  }

  @Test
  void int64WithUint64ComparesExactly() {
    // NumPy 2 compares exactly (its mixed 'qQ->?' loops): equal(2**53 + 1, 2**53) is False and
    // less(2**53, 2**53 + 1) True, where float64 ('dd->?') rounds both to 2**53.
    NdArray a = LongNdArray.TYPE.fromLongs(Shape.of(1), new long[] {(1L << 53) + 1});
    NdArray b = UInt64NdArray.TYPE.fromLongs(Shape.of(1), new long[] {1L << 53});
    assertThat(((BooleanNdArray) Ufunc.EQUAL.apply(a, b)).getBoolean(0)).isFalse();
    assertThat(((BooleanNdArray) Ufunc.LESS.apply(b, a)).getBoolean(0)).isTrue();
  }

  @TestFactory
  Stream<DynamicTest> everyCaseIsNumpys() throws IOException {
    Map<String, List<String[]>> groups = new TreeMap<>();
    for (String[] c : cases()) {
      String group = c[0] + " " + (c[0].startsWith("w") ? "where" : c[1]);
      groups.computeIfAbsent(group, g -> new ArrayList<>()).add(c);
    }
    return groups.entrySet().stream().map(g -> DynamicTest.dynamicTest(g.getKey(), () -> {
      List<String> failures = new ArrayList<>();
      for (String[] c : g.getValue()) {
        String f = check(c);
        if (f != null) {
          failures.add(String.join(" ", c).replaceAll("[0-9a-f]{40,}", "…") + ": " + f);
        }
      }
      assertThat(failures).as("%d of %d cases", failures.size(), g.getValue().size()).isEmpty();
    }));
  }

  @AfterAll
  static void printUlpTable() {
    StringBuilder b = new StringBuilder("largest ulp distance from NumPy " + "per ufunc and"
        + " result dtype:\nufunc\tf2\tf4\tf8\n");
    Map<String, Map<String, Long>> rows = new TreeMap<>();
    MAX_ULP.forEach((k, v) -> rows.computeIfAbsent(k.split("\t")[0], x -> new TreeMap<>())
        .put(k.split("\t")[1], v));
    rows.forEach((u, m) -> b.append(u).append('\t').append(m.getOrDefault("f2", -1L))
        .append('\t').append(m.getOrDefault("f4", -1L)).append('\t')
        .append(m.getOrDefault("f8", -1L)).append('\n'));
    b.append("cases asserting a documented difference from NumPy:\n");
    new TreeMap<>(DIFFERENCES).forEach((d, n) -> b.append(n).append('\t').append(d).append('\n'));
    System.out.println(b);
  }
}
