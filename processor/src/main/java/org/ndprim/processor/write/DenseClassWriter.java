package org.ndprim.processor.write;

import static org.ndprim.processor.write.KernelMethods.override;
import static org.ndprim.processor.write.RuntimeNames.INDEX;
import static org.ndprim.processor.write.RuntimeNames.LAYOUT;
import static org.ndprim.processor.write.RuntimeNames.ND_FORMAT;
import static org.ndprim.processor.write.RuntimeNames.SHAPE;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import java.util.Arrays;
import java.util.List;
import javax.lang.model.element.Modifier;
import org.ndprim.processor.model.ScalarModel;

/**
 * Writes {@code <name>DenseNdArray}, the array-backed implementation: one storage array and a
 * {@code Layout}. Index and stride math are calls into {@code Layout}; loops walk
 * {@code RunCursor}s through the shapes in {@link Walks}. Pure: no javac state.
 */
public final class DenseClassWriter {
  private static final List<String> AXES = List.of("i", "j", "k");

  private DenseClassWriter() {}

  /**
   * Writes the class.
   *
   * @param model the scalar type
   * @return the final class {@code <name>DenseNdArray implements <name>NdArray}
   */
  public static TypeSpec write(ScalarModel model) {
    TypeSpec.Builder type = TypeSpec.classBuilder(model.denseClass())
        .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
        .addSuperinterface(model.arrayInterface())
        .addAnnotation(RuntimeNames.generated(model))
        .addJavadoc("The array-backed {@link $T}: a {@code $T} storage array and a\n{@link $T}"
                + " (offset, shape and strides) into it. Every view is a new instance over the"
                + "\nsame storage. Obtain instances through the factories of {@link $T}.\n",
            model.arrayInterface(), model.storageArray(), LAYOUT, model.arrayInterface())
        .addJavadoc("\n<p>$L\n", RuntimeNames.origin(model))
        .addField(FieldSpec.builder(model.storageArray(), "data", Modifier.PRIVATE, Modifier.FINAL)
            .build())
        .addField(FieldSpec.builder(LAYOUT, "layout", Modifier.PRIVATE, Modifier.FINAL).build())
        .addField(ViewMethods.readOnlyField())
        .addMethod(constructor(model))
        .addMethod(MethodSpec.methodBuilder("shape")
            .addModifiers(Modifier.PUBLIC)
            .addAnnotation(Override.class)
            .returns(SHAPE)
            .addStatement("return layout.shape()")
            .build())
        .addMethod(MethodSpec.methodBuilder("layout")
            .addModifiers(Modifier.PUBLIC)
            .addAnnotation(Override.class)
            .returns(LAYOUT)
            .addStatement("return layout")
            .build());
    type.addMethod(getter(model, -1));
    for (int arity = 0; arity <= 3; arity++) {
      type.addMethod(getter(model, arity));
    }
    type.addMethod(setter(model, -1));
    for (int arity = 0; arity <= 3; arity++) {
      type.addMethod(setter(model, arity));
    }
    return type
        .addMethod(fill(model))
        .addMethod(view(model))
        .addMethod(slice(model))
        .addMethod(copy(model))
        .addMethod(copyTo(model))
        .addMethod(copyFrom(model))
        .addMethod(toArray(model))
        .addMethod(toStorageArray(model))
        .addMethod(equalsMethod(model))
        .addMethod(hashCodeMethod(model))
        .addMethod(toStringMethod(model))
        .addMethod(source(model))
        .addMethod(dense(model))
        .addMethods(ViewMethods.denseMethods(model))
        .addMethods(KernelMethods.denseMethods(model))
        .build();
  }

  private static MethodSpec constructor(ScalarModel model) {
    return MethodSpec.constructorBuilder()
        .addJavadoc("Creates a writable array over {@code data}; {@code layout} must stay within"
            + " it.\n")
        .addParameter(model.storageArray(), "data")
        .addParameter(LAYOUT, "layout")
        .addStatement("this(data, layout, false)")
        .build();
  }

  /** {@code layout.storageIndex(coords)} or the fixed-arity form. */
  private static CodeBlock offset(int arity) {
    return CodeBlock.of("layout.storageIndex($L)",
        arity < 0 ? "coords" : String.join(", ", AXES.subList(0, arity)));
  }

  private static void coordinates(MethodSpec.Builder m, int arity) {
    if (arity < 0) {
      m.addParameter(long[].class, "coords").varargs();
    } else {
      for (int axis = 0; axis < arity; axis++) {
        m.addParameter(TypeName.LONG, AXES.get(axis));
      }
    }
  }

  private static MethodSpec getter(ScalarModel model, int arity) {
    MethodSpec.Builder m = override(model.getter(), model.logicalType());
    coordinates(m, arity);
    CodeBlock element = CodeBlock.of("data[$L]", offset(arity));
    return m.addStatement("return $L", model.toLogical(element)).build();
  }

  private static MethodSpec setter(ScalarModel model, int arity) {
    MethodSpec.Builder m = override(model.setter(), model.arrayInterface())
        .addParameter(model.logicalType(), "value");
    coordinates(m, arity);
    // The offset is computed (and checked) before the store, so a bad coordinate writes nothing.
    return m.addCode(ViewMethods.checkWritable())
        .addStatement("data[$L] = $L", offset(arity), model.toStorage(CodeBlock.of("value")))
        .addStatement("return this")
        .build();
  }

  private static MethodSpec fill(ScalarModel model) {
    return override("fill", model.arrayInterface())
        .addParameter(model.logicalType(), "value")
        .addCode(ViewMethods.checkWritable())
        .addStatement("$T stored = $L", model.storageType(),
            model.toStorage(CodeBlock.of("value")))
        .addCode(Walks.forEachOffset(CodeBlock.of("data[o] = stored;\n")))
        .addStatement("return this")
        .build();
  }

  private static MethodSpec view(ScalarModel model) {
    return override("get", model.arrayInterface())
        .addParameter(long[].class, "coords")
        .varargs()
        .addStatement("return $N(layout.get(coords))", ViewMethods.VIEW)
        .build();
  }

  private static MethodSpec slice(ScalarModel model) {
    return override("slice", model.arrayInterface())
        .addParameter(ArrayTypeName.of(INDEX), "indices")
        .varargs()
        .addStatement("return $N(layout.slice(indices))", ViewMethods.VIEW)
        .build();
  }

  private static MethodSpec copy(ScalarModel model) {
    return override("copy", model.arrayInterface())
        .addStatement("return new $T(toStorageArray(), $T.cOrder(shape()))",
            model.denseClass(), LAYOUT)
        .build();
  }

  private static MethodSpec copyTo(ScalarModel model) {
    return override("copyTo", model.arrayInterface())
        .addParameter(model.arrayInterface(), "dst")
        .addStatement("dst.copyFrom(this)")
        .addStatement("return dst")
        .build();
  }

  private static MethodSpec copyFrom(ScalarModel model) {
    ClassName dense = model.denseClass();
    return override("copyFrom", model.arrayInterface())
        .addParameter(model.arrayInterface(), "src")
        .addCode(ViewMethods.checkWritable())
        .beginControlFlow("if (!src.shape().equals(shape()))")
        .addStatement("throw new $T($S + src.shape()$W+ $S + shape())",
            IllegalArgumentException.class, "cannot copy an array of shape ",
            " into an array of shape ")
        .endControlFlow()
        .addStatement("$T other = source(src)", dense)
        .addCode(Walks.forEachRunPair("other", CodeBlock.builder()
            .beginControlFlow("if (st == 1 && pst == 1)")
            .addStatement("$T.arraycopy(other.data, p, data, o, (int) c.length())", System.class)
            .nextControlFlow("else")
            .beginControlFlow("for (long k = 0, n = c.length(); k < n; k++, o += st, p += pst)")
            .addStatement("data[o] = other.data[p]")
            .endControlFlow()
            .endControlFlow()
            .build()))
        .addStatement("return this")
        .build();
  }

  /**
   * A fresh C-order array of every element. When {@code element} is the stored value itself
   * ({@code raw}), a contiguous layout is one {@code Arrays.copyOfRange} (no zeroing of the new
   * array) and every unit-stride run one {@code System.arraycopy}.
   */
  private static MethodSpec flatten(String name, ArrayTypeName arrayType, CodeBlock element,
      boolean raw) {
    MethodSpec.Builder m = override(name, arrayType)
        .addStatement("int size = $T.toIntExact(size())", Math.class);
    if (!raw) {
      return m.addStatement("$T out = new $T[size]", arrayType, arrayType.componentType())
          .addStatement("int i = 0")
          .addCode(Walks.forEachOffset(CodeBlock.of("out[i++] = $L;\n", element)))
          .addStatement("return out")
          .build();
    }
    return m.beginControlFlow("if (size > 0 && layout.isContiguous())")
        .addStatement("return $T.copyOfRange(data, (int) layout.offset(),$W(int) layout.offset() + size)",
            Arrays.class)
        .endControlFlow()
        .addStatement("$T out = new $T[size]", arrayType, arrayType.componentType())
        .addStatement("int i = 0")
        .addCode(Walks.forEachRun(CodeBlock.builder()
            .beginControlFlow("if (st == 1)")
            .addStatement("$T.arraycopy(data, o, out, i, (int) c.length())", System.class)
            .addStatement("i += (int) c.length()")
            .addStatement("continue")
            .endControlFlow()
            .beginControlFlow("for (long k = 0, n = c.length(); k < n; k++, o += st)")
            .add("out[i++] = $L;\n", element)
            .endControlFlow()
            .build()))
        .addStatement("return out")
        .build();
  }

  private static MethodSpec toArray(ScalarModel model) {
    return flatten("toArray", model.logicalArray(), model.toLogical(CodeBlock.of("data[o]")),
        !model.converts());
  }

  private static MethodSpec toStorageArray(ScalarModel model) {
    if (!model.converts()) {
      return override("toStorageArray", model.storageArray())
          .addStatement("return toArray()")
          .build();
    }
    return flatten("toStorageArray", model.storageArray(), CodeBlock.of("data[o]"), true);
  }

  private static MethodSpec equalsMethod(ScalarModel model) {
    CodeBlock mine = model.toLogical(CodeBlock.of("data[o]"));
    CodeBlock theirs = model.toLogical(CodeBlock.of("other.data[p]"));
    return override("equals", TypeName.BOOLEAN)
        .addParameter(Object.class, "obj")
        .beginControlFlow("if (obj == this)")
        .addStatement("return true")
        .endControlFlow()
        .beginControlFlow("if (!(obj instanceof $T that) || !shape().equals(that.shape()))",
            model.arrayInterface())
        .addStatement("return false")
        .endControlFlow()
        .addStatement("$T other = dense(that)", model.denseClass())
        .addCode(Walks.forEachOffsetPair("other", CodeBlock.builder()
            .beginControlFlow("if (!($L))", model.equal(mine, theirs))
            .addStatement("return false")
            .endControlFlow()
            .build()))
        .addStatement("return true")
        .build();
  }

  private static MethodSpec hashCodeMethod(ScalarModel model) {
    CodeBlock element = model.toLogical(CodeBlock.of("data[o]"));
    return override("hashCode", TypeName.INT)
        .addStatement("int h = 1")
        .addCode(Walks.forEachOffset(CodeBlock.of("h = 31 * h + $L;\n", model.hash(element))))
        .addStatement("return 31 * shape().hashCode() + h")
        .build();
  }

  private static MethodSpec toStringMethod(ScalarModel model) {
    CodeBlock element = model.toLogical(CodeBlock.of("data[(int) offset]"));
    return override("toString", ClassName.get(String.class))
        .addStatement("return $T.format(layout, offset ->$W$L)", ND_FORMAT, model.format(element))
        .build();
  }

  private static MethodSpec source(ScalarModel model) {
    ClassName dense = model.denseClass();
    return MethodSpec.methodBuilder("source")
        .addModifiers(Modifier.PRIVATE)
        .addJavadoc("Returns {@code src} as an array-backed source that shares no element with this"
            + " array:\nas NumPy, an overlapping copy behaves as if the source were copied"
            + " first.\n")
        .returns(dense)
        .addParameter(model.arrayInterface(), "src")
        .addStatement("$T d = dense(src)", dense)
        .addStatement("return d.data == data && d.layout.overlaps(layout)$W? new $T(d.toStorageArray(),"
            + " $T.cOrder(d.shape()))$W: d", dense, LAYOUT)
        .build();
  }

  private static MethodSpec dense(ScalarModel model) {
    ClassName dense = model.denseClass();
    return MethodSpec.methodBuilder("dense")
        .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
        .addJavadoc("Returns {@code array} itself if array-backed, else a C-order copy of it.\n")
        .returns(dense)
        .addParameter(model.arrayInterface(), "array")
        .addStatement("return array instanceof $T d$W? d$W: new $T(array.toStorageArray(),"
            + " $T.cOrder(array.shape()))", dense, dense, LAYOUT)
        .build();
  }
}
