package org.ndprim.processor.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.ndprim.processor.model.ModelTesting.plain;
import static org.ndprim.processor.model.ModelTesting.render;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.TypeName;
import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The model answers every type-specific question; these pin the answers. */
class ScalarModelTest {
  private static final CodeBlock A = CodeBlock.of("a");
  private static final CodeBlock B = CodeBlock.of("b");

  @Test
  void namesAndTypes() {
    ScalarModel m = new ScalarModel(ClassName.get("com.example", "Float16Scalar"), "Float16",
        "<f2", Primitive.SHORT, Primitive.FLOAT, EnumSet.allOf(Operation.class));
    assertThat(m.arrayInterface()).isEqualTo(ClassName.get("com.example", "Float16NdArray"));
    assertThat(m.implementation(Storage.ARRAY))
        .isEqualTo(ClassName.get("com.example", "Float16ArrayNdArray"));
    assertThat(m.implementation(Storage.BUFFER))
        .isEqualTo(ClassName.get("com.example", "Float16BufferNdArray"));
    assertThat(m.implementation(Storage.CHUNKED))
        .isEqualTo(ClassName.get("com.example", "Float16ChunkedNdArray"));
    assertThat(m.getter()).isEqualTo("getFloat16");
    assertThat(m.setter()).isEqualTo("setFloat16");
    assertThat(m.storageType()).isEqualTo(TypeName.SHORT);
    assertThat(m.logicalType()).isEqualTo(TypeName.FLOAT);
    assertThat(m.storageArray()).isEqualTo(ArrayTypeName.of(TypeName.SHORT));
    assertThat(m.logicalArray()).isEqualTo(ArrayTypeName.of(TypeName.FLOAT));
    assertThat(m.boxedLogical()).isEqualTo(ClassName.get(Float.class));
    assertThat(m.itemSize()).isEqualTo(2);
    assertThat(m.converts()).isTrue();
    assertThat(m.elementsDoc()).isEqualTo("{@code float} values stored as {@code short}");
  }

  @Test
  void defaultEqualityHashAndFormatPerPrimitive() {
    assertThat(render(plain(Primitive.INT).equal(A, B))).isEqualTo("a == b");
    assertThat(render(plain(Primitive.BOOLEAN).equal(A, B))).isEqualTo("a == b");
    assertThat(render(plain(Primitive.FLOAT).equal(A, B)))
        .isEqualTo("java.lang.Float.floatToIntBits(a) == java.lang.Float.floatToIntBits(b)");
    assertThat(render(plain(Primitive.DOUBLE).equal(A, B)))
        .isEqualTo("java.lang.Double.doubleToLongBits(a) == java.lang.Double.doubleToLongBits(b)");
    assertThat(render(plain(Primitive.CHAR).hash(A))).isEqualTo("java.lang.Character.hashCode(a)");
    assertThat(render(plain(Primitive.BYTE).format(A)))
        .isEqualTo("org.ndprim.text.Formats.formatLong(a)");
    assertThat(render(plain(Primitive.CHAR).format(A)))
        .isEqualTo("org.ndprim.text.Formats.formatChar(a)");
    assertThat(render(plain(Primitive.BOOLEAN).format(A)))
        .isEqualTo("org.ndprim.text.Formats.formatBoolean(a)");
    assertThat(render(plain(Primitive.SHORT).storageZero())).isEqualTo("(short) 0");
  }

  @Test
  void identityConversionsAddNoCode() {
    ScalarModel m = plain(Primitive.LONG);
    assertThat(m.converts()).isFalse();
    assertThat(m.toLogical(A)).isSameAs(A);
    assertThat(m.toStorage(A)).isSameAs(A);
  }

  @Test
  void userOperationsAreCalledOnTheSpecClass() {
    ScalarModel m = new ScalarModel(ClassName.get("p", "Outer", "Spec"), "X", "<i4",
        Primitive.INT, Primitive.INT, Set.of(Operation.EQUAL, Operation.HASH, Operation.FORMAT));
    assertThat(render(m.equal(A, B))).isEqualTo("p.Outer.Spec.equal(a, b)");
    assertThat(render(m.hash(A))).isEqualTo("p.Outer.Spec.hash(a)");
    assertThat(render(m.format(A))).isEqualTo("p.Outer.Spec.format(a)");
    assertThat(m.specSourceName()).isEqualTo("Outer.Spec");
    assertThat(m.equalityDoc()).isEqualTo("as {@code Outer.Spec.equal}");
  }

  @Test
  void modelsAreValues() {
    ScalarModel a = plain(Primitive.INT);
    assertThat(a).isEqualTo(plain(Primitive.INT)).hasSameHashCodeAs(plain(Primitive.INT));
    assertThat(a).isNotEqualTo(plain(Primitive.LONG));
  }

  @Test
  void operationSignaturesAsUsersWriteThem() {
    assertThat(Operation.TO_LOGICAL.declaration(Primitive.SHORT, Primitive.FLOAT))
        .isEqualTo("static float toLogical(short bits)");
    assertThat(Operation.EQUAL.declaration(Primitive.SHORT, Primitive.FLOAT))
        .isEqualTo("static boolean equal(float a, float b)");
    assertThat(Operation.FORMAT.declaration(Primitive.INT, Primitive.INT))
        .isEqualTo("static String format(int value)");
    assertThat(Operation.forMethodName("hash")).contains(Operation.HASH);
    assertThat(Operation.forMethodName("other")).isEmpty();
  }

  @Test
  void primitiveTable() {
    assertThat(Primitive.forKeyword("boolean")).contains(Primitive.BOOLEAN);
    assertThat(Primitive.forKeyword("void")).isEmpty();
    assertThat(Primitive.BOOLEAN.bytes()).isEqualTo(1);
    assertThat(Primitive.CHAR.bytes()).isEqualTo(2);
    assertThat(Primitive.DOUBLE.bytes()).isEqualTo(8);
    assertThat(Primitive.FLOAT.isFloatingPoint()).isTrue();
    assertThat(Primitive.LONG.isFloatingPoint()).isFalse();
  }
}
