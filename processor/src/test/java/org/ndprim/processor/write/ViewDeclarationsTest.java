package org.ndprim.processor.write;

import static org.assertj.core.api.Assertions.assertThat;
import static org.ndprim.processor.write.WriterTesting.HALF;
import static org.ndprim.processor.write.WriterTesting.method;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import javax.lang.model.element.Modifier;
import org.junit.jupiter.api.Test;
import org.ndprim.processor.emit.Emitter;
import org.ndprim.processor.model.Primitive;
import org.ndprim.processor.model.ScalarModel;
import org.ndprim.processor.model.Storage;

/**
 * The view declarations of the interface and the views of the implementations (the runtime
 * base's), on hand-built models: no javac, no Filer.
 */
class ViewDeclarationsTest {
  private static final ScalarModel INT = ScalarModel.plain(
      ClassName.get("org.ndprim", "IntScalar"), "Int", "<i4", Primitive.INT);
  private static final List<ScalarModel> MODELS = List.of(INT, HALF);

  private static final ClassName SHAPE = ClassName.get("org.ndprim", "Shape");
  private static final ClassName OPTIONS = ClassName.get("org.ndprim", "StridedSliceOptions");
  private static final TypeName LONGS = ArrayTypeName.of(TypeName.LONG);
  private static final TypeName INDICES = ArrayTypeName.of(ClassName.get("org.ndprim", "Index"));

  /** Each view method, by name and parameter types, with the Layout call the base makes. */
  private static final Map<String, String> LAYOUT_CALLS = Map.ofEntries(
      Map.entry("stridedSlice(long[],long[],long[],StridedSliceOptions)",
          "layout.stridedSlice(begin, end, strides, options)"),
      Map.entry("subarray(long,long)", "layout.range(start, end)"),
      Map.entry("prefix(long)", "layout.prefix(k)"),
      Map.entry("suffix(long)", "layout.suffix(k)"),
      Map.entry("transpose()", "layout.transpose()"),
      Map.entry("permute(int[])", "layout.permute(axes)"),
      Map.entry("reshape(Shape)", "layout.reshapeIfView(shape)"),
      Map.entry("reshape(long[])", "Layout.resolveShape(size(), dims)"),
      Map.entry("reshapeView(Shape)", "layout.reshape(shape)"),
      Map.entry("reshapeView(long[])", "Layout.resolveShape(size(), dims)"),
      Map.entry("broadcastTo(Shape)", "layout.broadcastTo(shape)"),
      Map.entry("squeeze()", "layout.squeeze()"),
      Map.entry("squeeze(int)", "layout.squeeze(axis)"),
      Map.entry("expandDims(int)", "layout.expandDims(axis)"),
      Map.entry("get(long[])", "layout.get(coords)"),
      Map.entry("slice(Index[])", "layout.slice(indices)"));

  private static String signature(MethodSpec m) {
    return m.name() + m.parameters().stream().map(p -> simple(p.type()))
        .collect(Collectors.joining(",", "(", ")"));
  }

  private static String simple(TypeName t) {
    if (t instanceof ArrayTypeName a) {
      return simple(a.componentType()) + "[]";
    }
    return t instanceof ClassName c ? c.simpleName() : t.toString();
  }

  private static String body(TypeSpec type, String name, TypeName... params) {
    return method(type, name, params).code().toString();
  }

  @Test
  void interfaceDeclaresEveryViewWithACovariantReturn() {
    for (ScalarModel model : MODELS) {
      TypeSpec type = ArrayInterfaceWriter.write(model);
      ClassName self = model.arrayInterface();
      List<MethodSpec> views = List.of(
          method(type, "stridedSlice", LONGS, LONGS, LONGS),
          method(type, "stridedSlice", LONGS, LONGS, LONGS, OPTIONS),
          method(type, "subarray", TypeName.LONG, TypeName.LONG),
          method(type, "prefix", TypeName.LONG),
          method(type, "suffix", TypeName.LONG),
          method(type, "transpose"),
          method(type, "permute", ArrayTypeName.of(TypeName.INT)),
          method(type, "reshape", SHAPE),
          method(type, "reshape", LONGS),
          method(type, "reshapeView", SHAPE),
          method(type, "reshapeView", LONGS),
          method(type, "broadcastTo", SHAPE),
          method(type, "squeeze"),
          method(type, "squeeze", TypeName.INT),
          method(type, "expandDims", TypeName.INT),
          method(type, "readOnly"));
      assertThat(views).allSatisfy(m -> {
        assertThat(m.returnType()).as(signature(m)).isEqualTo(self);
        // Covariant overrides of the untyped forms the root NdArray declares.
        assertThat(m.annotations()).as(signature(m)).hasSize(1);
        assertThat(m.javadoc().isEmpty()).as(signature(m)).isFalse();
      });
      assertThat(method(type, "permute", ArrayTypeName.of(TypeName.INT)).varargs()).isTrue();
      // Only the mask-free stridedSlice has a body: the default options.
      assertThat(method(type, "stridedSlice", LONGS, LONGS, LONGS).modifiers())
          .contains(Modifier.DEFAULT);
      assertThat(body(type, "stridedSlice", LONGS, LONGS, LONGS))
          .isEqualTo("return stridedSlice(begin, end, strides, org.ndprim.StridedSliceOptions"
              + ".none());\n");
      for (TypeName selector : List.of(LONGS, INDICES)) {
        MethodSpec set = method(type, "set", self, selector);
        assertThat(set.returnType()).isEqualTo(self);
        assertThat(set.varargs()).isTrue();
        assertThat(set.modifiers()).contains(Modifier.ABSTRACT);
        assertThat(set.annotations()).isEmpty(); // typed only: NdArray has no set
      }
    }
  }

  @Test
  void javadocNamesTheSemanticsSource() {
    TypeSpec type = ArrayInterfaceWriter.write(INT);
    assertThat(method(type, "stridedSlice", LONGS, LONGS, LONGS, OPTIONS).javadoc().toString())
        .contains("TF {@code StridedSlice}").contains("Mask precedence");
    assertThat(method(type, "subarray", TypeName.LONG, TypeName.LONG).javadoc().toString())
        .contains("Swift's subarray").contains("NumPy's").contains("start at 0");
    assertThat(method(type, "prefix", TypeName.LONG).javadoc().toString())
        .contains("{@code ShapedArraySlice.prefix(k)}").contains("clamps");
    assertThat(method(type, "suffix", TypeName.LONG).javadoc().toString())
        .contains("{@code ShapedArraySlice.suffix(k)}");
    assertThat(method(type, "broadcastTo", SHAPE).javadoc().toString())
        .contains("{@code numpy.broadcast_to}").contains("read-only")
        .contains("ReadOnlyArrayException");
    assertThat(method(type, "reshape", SHAPE).javadoc().toString())
        .contains("{@code a.reshape(shape)}").contains("else a new C-order copy");
    assertThat(method(type, "reshape", LONGS).javadoc().toString())
        .contains("can only specify one").contains("(5,newaxis)");
    assertThat(method(type, "reshapeView", SHAPE).javadoc().toString())
        .contains("copy=False").contains("never a copy");
    assertThat(method(type, "set", INT.arrayInterface(), LONGS).javadoc().toString())
        .contains("shape mismatch").contains("ReadOnlyArrayException");
    // Every write path documents the read-only exception.
    for (MethodSpec m : type.methodSpecs()) {
      if (m.name().startsWith("setInt") || List.of("fill", "copyFrom", "copyTo", "set")
          .contains(m.name())) {
        assertThat(m.javadoc().toString()).as(signature(m))
            .contains("@throws org.ndprim.ReadOnlyArrayException");
      }
    }
  }

  @Test
  void theViewsAreTheRuntimeBasesAndEveryImplementationMakesThemInOnePlace() {
    for (ScalarModel model : MODELS) {
      for (Storage storage : Storage.ALL) {
        TypeSpec type = ImplementationWriter.write(model, storage);
        ClassName self = model.implementation(storage);
        for (String view : LAYOUT_CALLS.keySet()) {
          assertThat(type.methodSpecs()).as(view)
              .noneMatch(m -> signature(m).equals(view));
        }
        MethodSpec view = method(type, "view", ClassName.get("org.ndprim.layout", "Layout"),
            TypeName.BOOLEAN);
        assertThat(view.modifiers()).containsExactly(Modifier.PROTECTED);
        assertThat(view.code().toString())
            .isEqualTo("return new " + self.canonicalName() + "(this, viewLayout, viewReadOnly);\n");
        // Views share the storage only through the private view constructor.
        String source = Emitter.javaFile(model, type).toString();
        assertThat(source.lines().filter(l -> l.contains("new " + self.simpleName() + "(this,")))
            .hasSize(1);
      }
    }
  }

  @Test
  void everyWritePathChecksWritableFirst() {
    for (ScalarModel model : MODELS) {
      for (Storage storage : Storage.ALL) {
        TypeSpec type = ImplementationWriter.write(model, storage);
        List<MethodSpec> writes = type.methodSpecs().stream()
            .filter(m -> m.name().equals(model.setter()) || m.name().equals("fill")
                || m.name().equals("copyFrom") || m.name().equals("set")
                || m.name().equals("mapInPlace") || m.name().equals("zipInPlace"))
            .toList();
        assertThat(writes).hasSize(5 + 1 + 1 + 2 + 1 + 1);
        assertThat(writes).allSatisfy(m -> assertThat(m.code().toString()).as(signature(m))
            .startsWith("checkWritable();\n"));
      }
    }
  }

  @Test
  void setChecksTheShapeBeforeCopyingAndNamesBothShapes() {
    TypeSpec type = ImplementationWriter.write(INT, Storage.ARRAY);
    assertThat(body(type, "set", INT.arrayInterface(), LONGS))
        .isEqualTo("checkWritable();\norg.ndprim.IntNdArray target = get(coords);\n"
            + "checkAssignShape(src, target);\ntarget.copyFrom(src);\nreturn this;\n");
    assertThat(body(type, "set", INT.arrayInterface(), INDICES))
        .isEqualTo("checkWritable();\nreturn setExact(src, indices);\n");
  }

  @Test
  void bufferStorageForcesReadOnlyForReadOnlyMemory() {
    String source = Emitter.javaFile(HALF, ImplementationWriter.write(HALF, Storage.CHUNKED))
        .toString();
    assertThat(source)
        .contains("HalfChunkedNdArray(Chunks memory, Layout layout, boolean readOnly) {")
        .contains("super(layout, readOnly || memory.isReadOnly());")
        .contains("this.shift = memory.elementShift(2);");
    assertThat(Emitter.javaFile(HALF, ImplementationWriter.write(HALF, Storage.ARRAY)).toString())
        .contains("HalfArrayNdArray(short[] data, Layout layout, boolean readOnly) {")
        .contains("super(layout, readOnly);");
  }
}
