package org.ndprim.linalg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.BinaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.ndprim.BooleanNdArray;
import org.ndprim.ByteNdArray;
import org.ndprim.Complex128NdArray;
import org.ndprim.Complex64NdArray;
import org.ndprim.DoubleNdArray;
import org.ndprim.Float16NdArray;
import org.ndprim.FloatNdArray;
import org.ndprim.IntNdArray;
import org.ndprim.LongNdArray;
import org.ndprim.NdArray;
import org.ndprim.ScalarType;
import org.ndprim.Shape;
import org.ndprim.ShortNdArray;
import org.ndprim.UInt16NdArray;
import org.ndprim.UInt32NdArray;
import org.ndprim.UInt64NdArray;
import org.ndprim.UInt8NdArray;

/**
 * NumPy's matrix products, case by case from {@code golden/linalg_cases.txt}
 * ({@code runtime/src/test/python/gen_linalg_cases.py}): every dtype pair, integer wrapping,
 * 1-D operands, broadcast batches, empty dimensions, transposed, reversed and broadcast views,
 * and NumPy's messages. The inputs are small integers, so every float sum is exact and the
 * results must have NumPy's bits.
 */
class LinAlgGoldenTest {
  static final Map<String, ScalarType<?>> TYPES = Map.ofEntries(
      Map.entry("b1", BooleanNdArray.TYPE), Map.entry("i1", ByteNdArray.TYPE),
      Map.entry("i2", ShortNdArray.TYPE), Map.entry("i4", IntNdArray.TYPE),
      Map.entry("i8", LongNdArray.TYPE), Map.entry("u1", UInt8NdArray.TYPE),
      Map.entry("u2", UInt16NdArray.TYPE), Map.entry("u4", UInt32NdArray.TYPE),
      Map.entry("u8", UInt64NdArray.TYPE), Map.entry("f2", Float16NdArray.TYPE),
      Map.entry("f4", FloatNdArray.TYPE), Map.entry("f8", DoubleNdArray.TYPE),
      Map.entry("c8", Complex64NdArray.TYPE), Map.entry("c16", Complex128NdArray.TYPE));
  private static final Map<String, BinaryOperator<NdArray>> OPS = Map.of("matmul", LinAlg::matmul,
      "dot", LinAlg::dot, "vdot", LinAlg::vdot, "inner", LinAlg::inner, "outer", LinAlg::outer);

  @TestFactory
  Stream<DynamicTest> numpysProducts() throws IOException {
    List<String[]> cases = new ArrayList<>();
    try (InputStream in = LinAlgGoldenTest.class.getResourceAsStream(
        "/golden/linalg_cases.txt")) {
      for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
        if (!line.startsWith("#") && !line.isBlank()) {
          cases.add(line.split("\t", -1));
        }
      }
    }
    assertThat(cases).hasSizeGreaterThan(250);
    return cases.stream().map(c -> DynamicTest.dynamicTest(String.join(" ", c[0], c[1], c[2]),
        () -> check(c)));
  }

  private static void check(String[] c) {
    NdArray a = operand(c[1], 1);
    NdArray b = operand(c[2], 2);
    BinaryOperator<NdArray> op = OPS.get(c[0]);
    if (c[3].equals("error")) {
      assertThatThrownBy(() -> op.apply(a, b)).isInstanceOf(IllegalArgumentException.class)
          .hasMessage(c[4]);
      return;
    }
    expect(op.apply(a, b), c[4], c[5], c[6]);
  }

  /** {@code r} has the golden DTYPE, SHAPE and VALUES: floats to the bit, integers exactly. */
  static void expect(NdArray r, String dtype, String shape, String golden) {
    ScalarType<?> type = TYPES.get(dtype);
    assertThat(r.scalarType()).isSameAs(type);
    assertThat(r.shape()).isEqualTo(shape(shape));
    String[] expected = golden.isEmpty() ? new String[0] : golden.split(" ");
    char kind = type.kind();
    if (kind == 'c') {
      double[] parts = (double[]) r.astype(Complex128NdArray.TYPE).toStorageArray();
      assertThat(parts).hasSize(2 * expected.length);
      for (int i = 0; i < expected.length; i++) {
        String[] p = expected[i].split(",");
        assertThat(new double[] {parts[2 * i], parts[2 * i + 1]}).as("element %s", i)
            .containsExactly(Double.parseDouble(p[0]), Double.parseDouble(p[1]));
      }
    } else if (kind == 'f') {
      double[] values = r.astype(DoubleNdArray.TYPE).toArray();
      long[] bits = Arrays.stream(values).mapToLong(Double::doubleToRawLongBits).toArray();
      assertThat(bits).containsExactly(Arrays.stream(expected).mapToDouble(Double::parseDouble)
          .mapToLong(Double::doubleToRawLongBits).toArray());
    } else {
      long[] values = r.astype(LongNdArray.TYPE).toArray();
      assertThat(values).containsExactly(Arrays.stream(expected)
          .mapToLong(s -> kind == 'u' ? Long.parseUnsignedLong(s) : Long.parseLong(s))
          .toArray());
    }
  }

  static Shape shape(String s) {
    return s.isEmpty() ? Shape.scalar()
        : Shape.of(Arrays.stream(s.split("x")).mapToLong(Long::parseLong).toArray());
  }

  /** The operand DTYPE:SHAPE:GEN:VIEW, generated as the script generates it. */
  static NdArray operand(String spec, int seed) {
    String[] p = spec.split(":", -1);
    ScalarType<?> type = TYPES.get(p[0]);
    Shape shape = shape(p[1]);
    int n = (int) shape.size();
    long[] v = new long[n + 3];
    for (int i = 0; i < v.length; i++) {
      if (p[2].equals("big")) {
        v[i] = Math.floorMod(2654435761L * i + 40503L * seed, 1L << 32) - (1L << 31);
      } else if (type.kind() == 'b') {
        v[i] = (7L * i + seed) % 2;
      } else if (type.kind() == 'u') {
        v[i] = (7L * i + seed) % 11;
      } else {
        v[i] = (7L * i + seed) % 11 - 5;
      }
    }
    NdArray x;
    // frac: small / 7.0 in float64, then cast (floating types only)
    double scale = p[2].equals("frac") ? 7.0 : 1.0;
    if (type.kind() == 'c') {
      double[] parts = new double[2 * n];
      for (int i = 0; i < n; i++) {
        parts[2 * i] = v[i] / scale;
        parts[2 * i + 1] = v[i + 3] / scale;
      }
      x = type.fromComplex(shape, parts);
    } else if (p[2].equals("frac")) {
      double[] d = new double[n];
      for (int i = 0; i < n; i++) {
        d[i] = v[i] / scale;
      }
      x = DoubleNdArray.wrap(shape, d).astype(type);
    } else {
      x = type.fromLongs(shape, Arrays.copyOf(v, n));
    }
    String view = p[3];
    if (view.equals("T")) {
      return x.transpose();
    }
    if (view.equals("R")) {
      return x.slice("::-1");
    }
    if (view.startsWith("B")) {
      return x.broadcastTo(shape(view.substring(1)));
    }
    return x;
  }
}
