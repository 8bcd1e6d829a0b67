package org.ndprim.processor.write;

import static org.assertj.core.api.Assertions.assertThat;
import static org.ndprim.processor.write.WriterTesting.DOUBLE;
import static org.ndprim.processor.write.WriterTesting.HALF;
import static org.ndprim.processor.write.WriterTesting.SHORT;
import static org.ndprim.processor.write.WriterTesting.file;
import static org.ndprim.processor.write.WriterTesting.method;
import static org.ndprim.processor.write.WriterTesting.methods;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import java.util.List;
import java.util.Set;
import javax.lang.model.element.Modifier;
import org.junit.jupiter.api.Test;
import org.ndprim.processor.model.Operation;
import org.ndprim.processor.model.Primitive;
import org.ndprim.processor.model.ScalarModel;

/** The writers on hand-built models: no javac, no Filer. */
class WritersTest {
  private static final ScalarModel CUSTOM = new ScalarModel(
      ClassName.get("com.example", "Outer", "Custom"), "Custom", "<i4", Primitive.INT,
      Primitive.INT, Set.of(Operation.EQUAL, Operation.HASH, Operation.FORMAT));

  @Test
  void interfaceDeclaresTheDocumentedApi() {
    TypeSpec type = ArrayInterfaceWriter.write(SHORT);
    assertThat(type.name()).isEqualTo("ShortNdArray");
    assertThat(type.kind()).isEqualTo(TypeSpec.Kind.INTERFACE);
    assertThat(type.superinterfaces()).containsExactly(ClassName.get("org.ndprim", "NdArray"));
    assertThat(type.fieldSpecs()).singleElement()
        .satisfies(f -> assertThat(f.name()).isEqualTo("TYPE"));
    ClassName self = SHORT.arrayInterface();
    TypeName shape = ClassName.get("org.ndprim", "Shape");
    for (String factory : List.of("zeros", "full", "of", "wrap", "scalar", "vector")) {
      assertThat(methods(type, factory)).singleElement()
          .satisfies(m -> assertThat(m.modifiers()).contains(Modifier.STATIC))
          .satisfies(m -> assertThat(m.returnType()).isEqualTo(self));
    }
    assertThat(method(type, "of", shape, ArrayTypeName.of(TypeName.SHORT)).varargs()).isTrue();
    assertThat(methods(type, "getShort")).hasSize(5)
        .allSatisfy(m -> assertThat(m.returnType()).isEqualTo(TypeName.SHORT));
    assertThat(methods(type, "setShort")).hasSize(5)
        .allSatisfy(m -> assertThat(m.returnType()).isEqualTo(self));
    method(type, "getShort", TypeName.LONG, TypeName.LONG, TypeName.LONG);
    method(type, "setShort", TypeName.SHORT);
    assertThat(method(type, "get", ArrayTypeName.of(TypeName.LONG)).returnType()).isEqualTo(self);
    assertThat(method(type, "slice", ClassName.get(String.class)).returnType()).isEqualTo(self);
    assertThat(method(type, "copy").returnType()).isEqualTo(self);
    assertThat(method(type, "getObject", ArrayTypeName.of(TypeName.LONG)).returnType())
        .isEqualTo(ClassName.get(Short.class));
    assertThat(method(type, "toArray").returnType()).isEqualTo(ArrayTypeName.of(TypeName.SHORT));
    assertThat(method(type, "toStorageArray").returnType())
        .isEqualTo(ArrayTypeName.of(TypeName.SHORT));
    assertThat(method(type, "copyFrom", self).returnType()).isEqualTo(self);
    assertThat(method(type, "copyTo", self).returnType()).isEqualTo(self);
  }

  @Test
  void everyPublicMemberHasJavadoc() {
    for (ScalarModel model : List.of(SHORT, DOUBLE, HALF, CUSTOM)) {
      TypeSpec type = ArrayInterfaceWriter.write(model);
      assertThat(type.javadoc().isEmpty()).isFalse();
      assertThat(type.fieldSpecs()).allSatisfy(f -> assertThat(f.javadoc().isEmpty()).isFalse());
      assertThat(type.methodSpecs()).allSatisfy(
          m -> assertThat(m.javadoc().isEmpty()).as(m.name()).isFalse());
      assertThat(DenseClassWriter.write(model).javadoc().isEmpty()).isFalse();
    }
  }

  @Test
  void convertingTypeSeparatesLogicalAndStorage() {
    TypeSpec type = ArrayInterfaceWriter.write(HALF);
    TypeName x = TypeName.FLOAT;
    TypeName s = TypeName.SHORT;
    assertThat(methods(type, "getHalf")).allSatisfy(m -> assertThat(m.returnType()).isEqualTo(x));
    method(type, "setHalf", x, TypeName.LONG);
    method(type, "full", ClassName.get("org.ndprim", "Shape"), x);
    method(type, "wrap", ClassName.get("org.ndprim", "Shape"), ArrayTypeName.of(s));
    assertThat(method(type, "toArray").returnType()).isEqualTo(ArrayTypeName.of(x));
    assertThat(method(type, "toStorageArray").returnType()).isEqualTo(ArrayTypeName.of(s));
    assertThat(method(type, "getObject", ArrayTypeName.of(TypeName.LONG)).returnType())
        .isEqualTo(ClassName.get(Float.class));

    String dense = file(HALF, DenseClassWriter.write(HALF));
    assertThat(dense)
        .contains("return Half.toLogical(data[layout.storageIndex(i, j)]);")
        .contains("data[layout.storageIndex(coords)] = Half.toStorage(value);")
        .contains("Float.floatToIntBits(Half.toLogical(data[o]))")
        .contains("Formats.formatFloat(Half.toLogical(data[(int) offset]))");
    String iface = file(HALF, type);
    assertThat(iface).contains("storage[i] = Half.toStorage(values[i]);")
        .contains("new ScalarType<>(\"Half\", \"<f2\", short.class, float.class,");
  }

  @Test
  void userOperationsReplaceTheDefaults() {
    String dense = file(CUSTOM, DenseClassWriter.write(CUSTOM));
    assertThat(dense)
        .contains("if (!(Outer.Custom.equal(data[o], other.data[p])))")
        .contains("h = 31 * h + Outer.Custom.hash(data[o]);")
        .contains("Outer.Custom.format(data[(int) offset])")
        .doesNotContain("Integer.hashCode")
        .doesNotContain("toLogical");
    assertThat(file(CUSTOM, ArrayInterfaceWriter.write(CUSTOM)))
        .contains("are equal as {@code Outer.Custom.equal}.")
        .contains("Generated by ndprim from Outer.Custom; do not edit.");
  }

  @Test
  void floatingDefaultsFollowDoubleEquals() {
    String dense = file(DOUBLE, DenseClassWriter.write(DOUBLE));
    assertThat(dense)
        .contains("Double.doubleToLongBits(data[o])")
        .contains("Double.hashCode(data[o])")
        .contains("Formats.formatDouble(data[(int) offset])");
    assertThat(file(DOUBLE, ArrayInterfaceWriter.write(DOUBLE)))
        .contains("NaN equals NaN and {@code -0.0} differs from {@code 0.0}");
  }

  @Test
  void denseClassDelegatesIndexMathToLayout() {
    TypeSpec type = DenseClassWriter.write(SHORT);
    assertThat(type.modifiers()).containsExactlyInAnyOrder(Modifier.PUBLIC, Modifier.FINAL);
    assertThat(type.superinterfaces()).containsExactly(SHORT.arrayInterface());
    assertThat(type.fieldSpecs()).extracting(f -> f.name())
        .containsExactly("data", "layout", "readOnly");
    String source = file(SHORT, type);
    assertThat(source)
        .contains("return view(layout.slice(indices));")
        .contains("return d.data == data && d.layout.overlaps(layout)")
        .contains("System.arraycopy(other.data, p, data, o, (int) c.length());")
        .contains("for (RunCursor c = layout.runs(); c.next(); ) {")
        .doesNotContain("layout.stride(")  // strides only come from RunCursor
        .doesNotContain("switch");
  }

  @Test
  void generatedMethodsStayThin() {
    for (ScalarModel model : List.of(SHORT, DOUBLE, HALF, CUSTOM)) {
      for (TypeSpec type : List.of(ArrayInterfaceWriter.write(model),
          DenseClassWriter.write(model))) {
        for (MethodSpec m : type.methodSpecs()) {
          long statements = m.code().toString().lines()
              .filter(line -> line.strip().endsWith(";") || line.strip().endsWith("{"))
              .count();
          assertThat(statements).as("%s.%s", type.name(), m.name()).isLessThanOrEqualTo(15);
        }
      }
    }
  }

  @Test
  void writersArePureAndDeterministic() {
    assertThat(file(HALF, DenseClassWriter.write(HALF)))
        .isEqualTo(file(HALF, DenseClassWriter.write(HALF)));
    assertThat(ArrayInterfaceWriter.write(SHORT)).isEqualTo(ArrayInterfaceWriter.write(SHORT));
  }

  @Test
  void filesNameTheirOriginWithoutTimestamp() {
    String source = file(SHORT, ArrayInterfaceWriter.write(SHORT));
    assertThat(source)
        .startsWith("// Generated by ndprim from ShortScalar; do not edit.\npackage org.ndprim;")
        .contains("@Generated(\n    value = \"org.ndprim.processor.NdprimProcessor\",")
        .contains("import javax.annotation.processing.Generated;")
        .doesNotContain("import java.lang.")
        .doesNotContain("date");
  }
}
