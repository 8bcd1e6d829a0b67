package org.ndprim.ufunc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.ndprim.BFloat16NdArray;
import org.ndprim.BooleanNdArray;
import org.ndprim.ByteNdArray;
import org.ndprim.CharNdArray;
import org.ndprim.Complex128NdArray;
import org.ndprim.Complex64NdArray;
import org.ndprim.DoubleNdArray;
import org.ndprim.Float16NdArray;
import org.ndprim.FloatNdArray;
import org.ndprim.IntNdArray;
import org.ndprim.LongNdArray;
import org.ndprim.ScalarType;
import org.ndprim.ShortNdArray;
import org.ndprim.UInt16NdArray;
import org.ndprim.UInt32NdArray;
import org.ndprim.UInt64NdArray;
import org.ndprim.UInt8NdArray;

/**
 * Replays {@code golden/promotion_cases.txt} (made by
 * {@code src/test/python/gen_promotion_cases.py}): every pair of built-in NumPy dtypes against
 * {@code np.result_type}, every dtype with a Python int, float and complex (NEP 50), and NumPy's
 * overflow check of Python integers against integer arrays, message included.
 */
class PromotionGoldenTest {
  private static final Map<String, ScalarType<?>> TYPES = Map.ofEntries(
      Map.entry("b1", BooleanNdArray.TYPE), Map.entry("i1", ByteNdArray.TYPE),
      Map.entry("i2", ShortNdArray.TYPE), Map.entry("i4", IntNdArray.TYPE),
      Map.entry("i8", LongNdArray.TYPE), Map.entry("u1", UInt8NdArray.TYPE),
      Map.entry("u2", UInt16NdArray.TYPE), Map.entry("u4", UInt32NdArray.TYPE),
      Map.entry("u8", UInt64NdArray.TYPE), Map.entry("f2", Float16NdArray.TYPE),
      Map.entry("f4", FloatNdArray.TYPE), Map.entry("f8", DoubleNdArray.TYPE),
      Map.entry("c8", Complex64NdArray.TYPE), Map.entry("c16", Complex128NdArray.TYPE));

  static List<String[]> cases() throws IOException {
    List<String[]> out = new ArrayList<>();
    try (InputStream in = PromotionGoldenTest.class.getResourceAsStream(
        "/golden/promotion_cases.txt")) {
      assertThat(in).isNotNull();
      BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
      for (String line; (line = r.readLine()) != null; ) {
        if (!line.startsWith("#") && !line.isEmpty()) {
          out.add(line.split("\t", -1));
        }
      }
    }
    return out;
  }

  @Test
  void corpusCoversEveryPairAndWeakKind() throws IOException {
    List<String[]> cases = cases();
    assertThat(cases.stream().filter(c -> c[0].equals("pair"))).hasSize(14 * 14);
    assertThat(cases.stream().filter(c -> c[0].equals("weak"))).hasSize(14 * 3);
    assertThat(cases).anyMatch(c -> c[0].equals("value") && c[3].equals("OverflowError"));
  }

  @TestFactory
  Stream<DynamicTest> everyCaseIsNumpys() throws IOException {
    return cases().stream().map(c -> DynamicTest.dynamicTest(String.join(" ", c), () -> {
      ScalarType<?> a = TYPES.get(c[1]);
      switch (c[0]) {
        case "pair":
          assertThat(Promotion.resultType(a, TYPES.get(c[2]))).isSameAs(TYPES.get(c[3]));
          break;
        case "weak":
          assertThat(Promotion.weak(a, Promotion.Weak.valueOf(c[2].toUpperCase(
              java.util.Locale.ROOT)))).isSameAs(TYPES.get(c[3]));
          break;
        default:
          long v = Long.parseLong(c[2]);
          if (c[3].equals("OK")) {
            assertThatCode(() -> Promotion.checkWeakInteger(a, v)).doesNotThrowAnyException();
          } else {
            assertThatThrownBy(() -> Promotion.checkWeakInteger(a, v))
                .isInstanceOf(IllegalArgumentException.class).hasMessage(c[4]);
          }
      }
    }));
  }

  @Test
  void typesNumpyDoesNotKnowPromoteOnlyWithThemselves() {
    assertThat(Promotion.resultType(BFloat16NdArray.TYPE, BFloat16NdArray.TYPE))
        .isSameAs(BFloat16NdArray.TYPE);
    assertThatThrownBy(() -> Promotion.resultType(BFloat16NdArray.TYPE, IntNdArray.TYPE))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("BFloat16 (<V2)").hasMessageContaining("Int (<i4)");
    assertThat(Promotion.weak(BFloat16NdArray.TYPE, Promotion.Weak.FLOAT))
        .isSameAs(BFloat16NdArray.TYPE);
    assertThatThrownBy(() -> Promotion.weak(BFloat16NdArray.TYPE, Promotion.Weak.COMPLEX))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void charIsUInt16ButForItself() {
    assertThat(Promotion.resultType(CharNdArray.TYPE, CharNdArray.TYPE)).isSameAs(
        CharNdArray.TYPE);
    assertThat(Promotion.resultType(CharNdArray.TYPE, ByteNdArray.TYPE)).isSameAs(
        IntNdArray.TYPE);
    assertThat(Promotion.resultType(CharNdArray.TYPE, UInt8NdArray.TYPE)).isSameAs(
        UInt16NdArray.TYPE);
  }
}
