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
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.Set;
import javax.lang.model.element.Modifier;
import org.junit.jupiter.api.Test;
import org.ndprim.processor.model.Operation;
import org.ndprim.processor.model.Primitive;
import org.ndprim.processor.model.ScalarModel;
import org.ndprim.processor.model.Storage;

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
    // int16 computes with NumPy's integer ufuncs: the hand-written interface of its kind
    assertThat(type.superinterfaces()).containsExactly(ParameterizedTypeName.get(
        ClassName.get("org.ndprim", "IntegerOps"), ClassName.get("org.ndprim", "ShortNdArray")));
    assertThat(type.fieldSpecs()).singleElement()
        .satisfies(f -> assertThat(f.name()).isEqualTo("TYPE"));
    ClassName self = SHORT.arrayInterface();
    TypeName shape = ClassName.get("org.ndprim", "Shape");
    for (String factory : List.of("zeros", "full", "of", "scalar", "vector")) {
      assertThat(methods(type, factory)).singleElement()
          .satisfies(m -> assertThat(m.modifiers()).contains(Modifier.STATIC))
          .satisfies(m -> assertThat(m.returnType()).isEqualTo(self));
    }
    assertThat(methods(type, "wrap")).hasSize(2)
        .allSatisfy(m -> assertThat(m.modifiers()).contains(Modifier.STATIC));
    method(type, "wrap", shape, ArrayTypeName.of(TypeName.SHORT));
    method(type, "wrap", shape, ClassName.get(ByteBuffer.class));
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
      for (Storage storage : Storage.ALL) {
        assertThat(ImplementationWriter.write(model, storage).javadoc().isEmpty()).isFalse();
      }
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

    String arrays = file(HALF, ImplementationWriter.write(HALF, Storage.ARRAY));
    assertThat(arrays)
        .contains("return Half.toLogical(data[layout.storageIndex(i, j)]);")
        .contains("data[layout.storageIndex(coords)] = Half.toStorage(value);")
        .contains("Float.floatToIntBits(Half.toLogical(data[o]))")
        .contains("NdFormat.formatFloats(layout, offset ->")
        .contains("Half.toLogical(data[(int) offset]), FloatFormat.BINARY16)");
    String buffer = file(HALF, ImplementationWriter.write(HALF, Storage.BUFFER));
    assertThat(buffer)
        .contains("return Half.toLogical(data.get(layout.storageIndex(i, j)));")
        .contains("data.put(layout.storageIndex(coords), Half.toStorage(value));")
        .contains("Float.floatToIntBits(Half.toLogical(data.get(o)))")
        .contains("Half.toLogical(data.get((int) offset)), FloatFormat.BINARY16)")
        .contains("this.data = memory.chunk(0).asShortBuffer();");
    String chunked = file(HALF, ImplementationWriter.write(HALF, Storage.CHUNKED));
    assertThat(chunked)
        .contains("return Half.toLogical(load(layout.offsetOf(i, j)));")
        .contains("store(layout.offsetOf(coords), Half.toStorage(value));")
        .contains("Float.floatToIntBits(Half.toLogical(s.get(o)))")
        .contains("Half.toLogical(load(offset)), FloatFormat.BINARY16)")
        .contains("views[c] = memory.chunk(c).asShortBuffer();");
    String iface = file(HALF, type);
    assertThat(iface).contains("storage[i] = Half.toStorage(values[i]);")
        .contains("new ScalarType<>(\"Half\", \"<f2\", short.class, float.class,")
        .contains("new HalfArrayNdArray((short[]) storage, layout, false)")
        .contains("new HalfBufferNdArray(memory, layout, false)")
        .contains("new HalfChunkedNdArray(memory, layout, false)");
  }

  @Test
  void userOperationsReplaceTheDefaults() {
    String arrays = file(CUSTOM, ImplementationWriter.write(CUSTOM, Storage.ARRAY));
    assertThat(arrays)
        .contains("if (!Outer.Custom.equal(data[o], that.data[p]))")
        .contains("h = 31 * h + Outer.Custom.hash(data[o]);")
        .contains("Outer.Custom.format(data[(int) offset])")
        .doesNotContain("Integer.hashCode")
        .doesNotContain("toLogical");
    assertThat(file(CUSTOM, ArrayInterfaceWriter.write(CUSTOM)))
        .contains("are equal as {@code Outer.Custom.equal}.")
        .contains("Generated by ndprim from {@code Outer.Custom}; do not edit.");
  }

  @Test
  void floatingDefaultsFollowDoubleEquals() {
    String arrays = file(DOUBLE, ImplementationWriter.write(DOUBLE, Storage.ARRAY));
    assertThat(arrays)
        .contains("Double.doubleToLongBits(data[o])")
        .contains("Double.hashCode(data[o])")
        .contains("NdFormat.formatFloats(layout, offset ->")
        .contains("data[(int) offset], FloatFormat.BINARY64)");
    assertThat(file(DOUBLE, ArrayInterfaceWriter.write(DOUBLE)))
        .contains("NaN equals NaN and {@code -0.0} differs from {@code 0.0}");
  }

  @Test
  void implementationsExtendTheRuntimeBaseAndKeepIndexMathInTheLayout() {
    for (Storage storage : Storage.ALL) {
      TypeSpec type = ImplementationWriter.write(SHORT, storage);
      assertThat(type.name()).isEqualTo("Short" + storage.kind() + "NdArray");
      assertThat(type.modifiers()).containsExactlyInAnyOrder(Modifier.PUBLIC, Modifier.FINAL);
      assertThat(type.superclass()).isEqualTo(ParameterizedTypeName.get(
          ClassName.get("org.ndprim", "StridedNdArray"), SHORT.arrayInterface()));
      assertThat(type.superinterfaces()).containsExactly(SHORT.arrayInterface());
      // The views are the base's: no slice/transpose/... here.
      assertThat(methods(type, "slice")).isEmpty();
      assertThat(methods(type, "transpose")).isEmpty();
      String source = file(SHORT, type);
      assertThat(source)
          .contains("return new Short" + storage.kind() + "NdArray(this, viewLayout, viewReadOnly);")
          .contains("for (RunCursor c = layout.runs(); c.next(); ");
      // No dispatch on rank or type: the only switches unroll short runs (at most 8 elements),
      // in helpers of the unchunked storages: toArray's, and copyFrom's from the two unchunked
      // storages.
      assertThat(source.split("switch \\(len\\)", -1)).hasSize(storage.chunked() ? 1 : 4);
      assertThat(source.replace("switch (len)", "")).doesNotContain("switch");
      // Strides only come from the cursors, but for the per-rank forEachIndexed: their nested
      // loops over the layout's dims and strides are what keeps them free of any allocation.
      for (MethodSpec m : type.methodSpecs()) {
        boolean perRank = m.name().equals("forEachIndexed")
            && m.parameters().get(0).type().toString().matches(".*\\.Of[23]");
        assertThat(m.code().toString()).as(m.name())
            .satisfies(code -> assertThat(perRank || !code.contains("layout.stride(")).isTrue());
      }
    }
    assertThat(file(SHORT, ImplementationWriter.write(SHORT, Storage.ARRAY)))
        .contains("System.arraycopy(that.data, p, data, o, (int) c.count());")
        .contains("Arrays.copyOfRange(data, (int) layout.offset(), (int) layout.offset() + size)");
    assertThat(file(SHORT, ImplementationWriter.write(SHORT, Storage.BUFFER)))
        .contains("data.put(o, that.data, p, (int) c.count());")
        .contains("data.get(o)");
    assertThat(file(SHORT, ImplementationWriter.write(SHORT, Storage.CHUNKED)))
        .contains("s.put(o, that.data, p, count);")
        .contains("s.put(o, t, p, count);")
        .contains("for (SegmentCursor c = SegmentCursor.of(layout, memory, 2); c.next(); ) {")
        .contains("ShortBuffer s = data[c.chunkA()];");
  }

  @Test
  void pairKernelsDispatchOnTheOtherStorage() {
    for (Storage storage : Storage.ALL) {
      TypeSpec type = ImplementationWriter.write(SHORT, storage);
      for (String kernel : List.of("copyFrom", "equals", "zipInPlace")) {
        for (Storage other : Storage.ALL) {
          assertThat(methods(type, kernel + other.kind())).as(kernel + other).hasSize(1);
        }
      }
      assertThat(file(SHORT, type))
          .contains("if (from instanceof ShortArrayNdArray that) {")
          .contains("} else if (from instanceof ShortBufferNdArray that) {")
          .contains("} else if (from instanceof ShortChunkedNdArray that) {")
          .contains("copyFromArray(adopt(from));");
    }
  }

  @Test
  void noWriterSpellsStorageAccess() throws IOException {
    // Element loads, stores and allocations of storage have one home: model.Storage. The
    // writers' code templates (their string literals) never spell one.
    Pattern literal = Pattern.compile("\"(?:[^\"\\\\]|\\\\.)*\"");
    try (var files = Files.list(Path.of("src/main/java/org/ndprim/processor/write"))) {
      List<Path> sources = files.toList();
      assertThat(sources).hasSizeGreaterThan(5);
      for (Path file : sources) {
        Matcher m = literal.matcher(Files.readString(file));
        while (m.find()) {
          if (m.group().contains("{@")) {
            continue; // Javadoc prose, e.g. "{@code a.get(i, j)} is NumPy's ..."
          }
          assertThat(m.group()).as(file.getFileName().toString())
              .doesNotContain("data[")
              .doesNotContain(".data")
              .doesNotContain(".get(")
              .doesNotContain(".put(")
              .doesNotContain("arraycopy")
              .doesNotContain("new short[");
        }
      }
    }
  }

  private static final Set<String> UNROLLED =
      Set.of("sumRun", "leaf", "leafUnitStride", "leafAcrossChunks");

  @Test
  void generatedMethodsStayThin() {
    for (ScalarModel model : List.of(SHORT, DOUBLE, HALF, CUSTOM)) {
      for (TypeSpec type : List.of(ArrayInterfaceWriter.write(model),
          ImplementationWriter.write(model, Storage.ARRAY),
          ImplementationWriter.write(model, Storage.BUFFER),
          ImplementationWriter.write(model, Storage.CHUNKED))) {
        for (MethodSpec m : type.methodSpecs()) {
          long statements = m.code().toString().lines()
              .filter(line -> line.strip().endsWith(";") || line.strip().endsWith("{"))
              .count();
          // ~15 statements of the method's own, plus the cursor and segment declarations of a
          // walk (Walks): a method beyond that would hold logic that belongs in the runtime.
          // The unrolled sum kernels are longer by construction (NumPy's eight accumulators,
          // four for integers), and type-specific: they are the loops the layer exists for.
          long limit = UNROLLED.contains(m.name()) ? 36 : 18;
          assertThat(statements).as("%s.%s", type.name(), m.name()).isLessThanOrEqualTo(limit);
        }
      }
    }
  }

  @Test
  void writersArePureAndDeterministic() {
    assertThat(file(HALF, ImplementationWriter.write(HALF, Storage.CHUNKED)))
        .isEqualTo(file(HALF, ImplementationWriter.write(HALF, Storage.CHUNKED)));
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
