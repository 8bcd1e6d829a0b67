package org.ndprim.processor.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.ndprim.processor.model.ModelTesting.plain;
import static org.ndprim.processor.model.ModelTesting.render;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.TypeName;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The model's answers for the kernels: functional interfaces, reductions and casts. */
class KernelModelTest {
  private static final CodeBlock V = CodeBlock.of("v");

  private static final ScalarModel HALF = new ScalarModel(ClassName.get("com.example", "Half"),
      "Half", "<f2", Primitive.SHORT, Primitive.FLOAT,
      Set.of(Operation.TO_LOGICAL, Operation.TO_STORAGE));

  @Test
  void jdkFunctionalInterfacesForIntLongAndDoubleOnly() {
    FunctionType intUnary = plain(Primitive.INT).function(FunctionKind.UNARY_OPERATOR);
    assertThat(intUnary.type()).isEqualTo(ClassName.get("java.util.function", "IntUnaryOperator"));
    assertThat(intUnary.method()).isEqualTo("applyAsInt");
    assertThat(intUnary.generated()).isFalse();
    assertThat(plain(Primitive.LONG).function(FunctionKind.BINARY_OPERATOR).type())
        .isEqualTo(ClassName.get("java.util.function", "LongBinaryOperator"));
    assertThat(plain(Primitive.DOUBLE).function(FunctionKind.PREDICATE).type())
        .isEqualTo(ClassName.get("java.util.function", "DoublePredicate"));
    for (Primitive p : List.of(Primitive.INT, Primitive.LONG, Primitive.DOUBLE)) {
      assertThat(plain(p).generatedFunctions()).extracting(FunctionType::kind)
          .containsExactly(FunctionKind.INDEXED_CONSUMER);
    }
    for (Primitive p : List.of(Primitive.BOOLEAN, Primitive.BYTE, Primitive.SHORT,
        Primitive.CHAR, Primitive.FLOAT)) {
      assertThat(plain(p).generatedFunctions()).extracting(FunctionType::kind)
          .containsExactly(FunctionKind.values());
    }
  }

  @Test
  void generatedFunctionalInterfacesAreNamedAfterTheTypeAndTypedByTheLogicalPrimitive() {
    FunctionType unary = HALF.function(FunctionKind.UNARY_OPERATOR);
    assertThat(unary.type()).isEqualTo(ClassName.get("com.example", "HalfUnaryOperator"));
    assertThat(unary.method()).isEqualTo("applyAsFloat");
    assertThat(unary.generated()).isTrue();
    assertThat(plain(Primitive.CHAR).function(FunctionKind.BINARY_OPERATOR).method())
        .isEqualTo("applyAsChar");
    assertThat(HALF.function(FunctionKind.PREDICATE).method()).isEqualTo("test");
    assertThat(HALF.function(FunctionKind.CONSUMER).method()).isEqualTo("accept");
    // The JDK has no indexed consumer, so even int gets one of its own.
    FunctionType indexed = plain(Primitive.INT).function(FunctionKind.INDEXED_CONSUMER);
    assertThat(indexed.type()).isEqualTo(ClassName.get("p", "XIndexedConsumer"));
    assertThat(indexed.method()).isEqualTo("accept");
  }

  @Test
  void reductionsAccumulateInLongOrDouble() {
    assertThat(plain(Primitive.BOOLEAN).isNumeric()).isFalse();
    for (Primitive p : List.of(Primitive.BYTE, Primitive.SHORT, Primitive.CHAR, Primitive.INT,
        Primitive.LONG)) {
      assertThat(plain(p).isNumeric()).isTrue();
      assertThat(plain(p).sumType()).as("%s", p).isEqualTo(TypeName.LONG);
      assertThat(plain(p).sumArray()).isEqualTo(ClassName.get("org.ndprim", "LongNdArray"));
      assertThat(plain(p).hasNaN()).isFalse();
    }
    assertThat(plain(Primitive.FLOAT).sumType()).isEqualTo(TypeName.DOUBLE);
    assertThat(HALF.sumType()).isEqualTo(TypeName.DOUBLE);
    assertThat(HALF.sumArray()).isEqualTo(ClassName.get("org.ndprim", "DoubleNdArray"));
    assertThat(render(HALF.isNaN(V))).isEqualTo("java.lang.Float.isNaN(v)");
    assertThatThrownBy(() -> plain(Primitive.INT).isNaN(V))
        .isInstanceOf(IllegalStateException.class);
  }

  @Test
  void castsReadTheirCarrierAndConvertWithOneJavaCast() {
    assertThat(plain(Primitive.BOOLEAN).carrier()).isEqualTo(Carrier.LONG);
    assertThat(plain(Primitive.CHAR).carrier()).isEqualTo(Carrier.LONG);
    assertThat(HALF.carrier()).isEqualTo(Carrier.DOUBLE);
    ScalarModel u64 = ScalarModel.plain(ClassName.get("p", "U"), "U64", "<u8", Primitive.LONG);
    assertThat(u64.carrier()).isEqualTo(Carrier.UNSIGNED_LONG);
    assertThat(u64.sumArray()).isEqualTo(ClassName.get("org.ndprim", "UInt64NdArray"));
    ScalarModel c64 = new ScalarModel(ClassName.get("p", "C"), "C64", "<c8", Primitive.FLOAT,
        Primitive.FLOAT, java.util.Set.of(), 2);
    assertThat(c64.carrier()).isEqualTo(Carrier.COMPLEX);
    assertThat(c64.itemSize()).isEqualTo(8);
    assertThat(Carrier.LONG.factory()).isEqualTo("fromLongs");
    assertThat(Carrier.COMPLEX.writerMethod()).isEqualTo("putComplex");
    assertThat(render(plain(Primitive.BOOLEAN).toCarrier(V))).isEqualTo("(v ? 1L : 0L)");
    assertThat(render(plain(Primitive.SHORT).toCarrier(V))).isEqualTo("v");
    CodeBlock im = CodeBlock.of("im");
    assertThat(render(plain(Primitive.BOOLEAN).fromCarrier(Carrier.LONG, V, null)))
        .isEqualTo("v != 0L");
    assertThat(render(plain(Primitive.BOOLEAN).fromCarrier(Carrier.DOUBLE, V, null)))
        .isEqualTo("v != 0.0");
    assertThat(render(plain(Primitive.BOOLEAN).fromCarrier(Carrier.COMPLEX, V, im)))
        .isEqualTo("v != 0.0 || im != 0.0");
    assertThat(render(plain(Primitive.BYTE).fromCarrier(Carrier.DOUBLE, V, null)))
        .isEqualTo("(byte) v");
    assertThat(render(plain(Primitive.BYTE).fromCarrier(Carrier.COMPLEX, V, im)))
        .isEqualTo("(byte) v");
    assertThat(render(plain(Primitive.LONG).fromCarrier(Carrier.LONG, V, null))).isEqualTo("v");
    assertThat(render(plain(Primitive.LONG).fromCarrier(Carrier.UNSIGNED_LONG, V, null)))
        .isEqualTo("v");
    assertThat(render(plain(Primitive.DOUBLE).fromCarrier(Carrier.DOUBLE, V, null)))
        .isEqualTo("v");
    // long -> float directly: one rounding, never through double; uint64 likewise.
    assertThat(render(plain(Primitive.FLOAT).fromCarrier(Carrier.LONG, V, null)))
        .isEqualTo("(float) v");
    assertThat(render(plain(Primitive.FLOAT).fromCarrier(Carrier.UNSIGNED_LONG, V, null)))
        .isEqualTo("org.ndprim.Unsigned.toFloat(v)");
    assertThat(render(HALF.fromCarrier(Carrier.LONG, V, null))).isEqualTo("(float) v");
    assertThat(render(c64.partFromCarrier(Carrier.UNSIGNED_LONG, V)))
        .isEqualTo("org.ndprim.Unsigned.toFloat(v)");
    assertThat(render(c64.partFromCarrier(Carrier.DOUBLE, V))).isEqualTo("(float) v");
  }

  @Test
  void extremesOrderEveryTypeBooleanFalseFirst() {
    CodeBlock m = CodeBlock.of("m");
    assertThat(render(plain(Primitive.BOOLEAN).less(V, m))).isEqualTo("!v && m");
    assertThat(render(plain(Primitive.BOOLEAN).greater(V, m))).isEqualTo("v && !m");
    assertThat(plain(Primitive.BOOLEAN).orderingDoc()).contains("{@code false} orders before");
    for (Primitive p : List.of(Primitive.BYTE, Primitive.CHAR, Primitive.LONG,
        Primitive.DOUBLE)) {
      assertThat(render(plain(p).less(V, m))).as("%s", p).isEqualTo("v < m");
      assertThat(render(plain(p).greater(V, m))).as("%s", p).isEqualTo("v > m");
      assertThat(plain(p).orderingDoc()).isEmpty();
    }
    // A converting type orders its logical values.
    assertThat(render(HALF.less(V, m))).isEqualTo("v < m");
  }
}
