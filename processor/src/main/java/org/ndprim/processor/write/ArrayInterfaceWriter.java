package org.ndprim.processor.write;

import static org.ndprim.processor.write.RuntimeNames.INDEX;
import static org.ndprim.processor.write.RuntimeNames.INDEX_SYNTAX;
import static org.ndprim.processor.write.RuntimeNames.INDICES;
import static org.ndprim.processor.write.RuntimeNames.LAYOUT;
import static org.ndprim.processor.write.RuntimeNames.ND_ARRAY;
import static org.ndprim.processor.write.RuntimeNames.SCALAR_TYPE;
import static org.ndprim.processor.write.RuntimeNames.SHAPE;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import java.nio.ByteBuffer;
import java.util.List;
import javax.lang.model.element.Modifier;
import org.ndprim.processor.model.ScalarModel;
import org.ndprim.processor.model.Storage;

/** Writes {@code <name>NdArray}, the public interface of one scalar type. Pure: no javac state. */
public final class ArrayInterfaceWriter {
  static final String COORDS_DOC =
      "@param coords one coordinate per axis; a negative coordinate counts from the end of its\n"
          + "    axis, as NumPy integer indexing\n";
  static final String RANK_DOC =
      "@throws $T if the number of coordinates is not {@code rank()}\n";
  static final String BOUNDS_DOC =
      "@throws IndexOutOfBoundsException if a coordinate is outside its axis (the message names\n"
          + "    the axis, the index and the axis length)\n";
  private static final List<String> AXES = List.of("i", "j", "k");

  private ArrayInterfaceWriter() {}

  /**
   * Writes the interface.
   *
   * @param model the scalar type
   * @return the interface {@code <name>NdArray extends NdArray}
   */
  public static TypeSpec write(ScalarModel model) {
    ClassName self = model.arrayInterface();
    TypeSpec.Builder type = TypeSpec.interfaceBuilder(self)
        .addModifiers(Modifier.PUBLIC)
        .addSuperinterface(LoopsWriter.opsInterface(model))
        .addJavadoc(typeDoc(model))
        .addField(typeConstant(model))
        .addMethod(zeros(model))
        .addMethod(full(model))
        .addMethod(of(model))
        .addMethod(wrap(model))
        .addMethod(wrapBuffer(model))
        .addMethod(scalar(model))
        .addMethod(vector(model))
        .addMethod(scalarType(model));
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
        .addMethod(getObject(model))
        .addMethod(view(model))
        .addMethod(slice(model))
        .addMethod(sliceString(model))
        .addMethod(copy(model))
        .addMethod(copyTo(model))
        .addMethod(copyFrom(model))
        .addMethod(toArray(model))
        .addMethod(toStorageArray(model))
        .addMethod(equalsDecl(model))
        .addMethod(hashCodeDecl(model))
        .addMethod(toStringDecl())
        .addMethods(ViewDeclarations.declarations(model))
        .addMethods(Elementwise.declarations(model))
        .addMethods(Reductions.declarations(model))
        .addMethods(Casts.declarations(model))
        .addMethods(Iteration.declarations(model))
        .build();
  }

  private static CodeBlock typeDoc(ScalarModel model) {
    return CodeBlock.builder()
        .add("An n-dimensional array of $L,\nNumPy dtype {@code $L}: a strided view over storage,"
            + " a Java array ({@code $L}, see\n{@link #wrap(Shape, $L)}) or memory in byte"
            + " buffers (heap, direct or memory-mapped, see\n{@link #wrap(Shape, $T)} and"
            + " {@code Npy.map}).\n", model.elementsDoc(), model.dtype(),
            model.storageArray(), model.storageArray(), ByteBuffer.class)
        .add("\n<p>Coordinates are {@code long}; a negative coordinate counts from the end of its"
            + " axis, as\nNumPy integer indexing. Views ({@link #get(long...)},"
            + " {@link #slice(Index...)},\n{@link #slice(String)}) share the storage, as NumPy"
            + " basic slicing: writes through a view reach\nthe base array. Bulk operations"
            + " ({@link #toArray()}, {@link #copyFrom}, {@link #fill},\n{@code equals},"
            + " {@code hashCode}, {@code toString}) visit elements in C (row-major) order of\n"
            + "the view, whatever its strides. A call that throws leaves the data untouched.\n")
        .add(ViewDeclarations.typeDoc())
        .build();
  }

  static FieldSpec typeConstant(ScalarModel model) {
    ClassName self = model.arrayInterface();
    CodeBlock.Builder factories = CodeBlock.builder();
    if (model.isComplex()) {
      ComplexWriters.typeFactories(model).forEach(f -> factories.add("$L,$W", f));
    } else {
      for (Storage storage : Storage.ALL) {
        factories.add("$L,$W", storage.typeFactory(model));
      }
    }
    factories.add("$T::copyTo,$W", self);
    return FieldSpec.builder(ParameterizedTypeName.get(SCALAR_TYPE, self), "TYPE",
            Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
        .addJavadoc("The descriptor of this type: name {@code $L}, dtype {@code $L},\nstorage"
            + " {@code $L}, logical {@code $L}, $L bytes per element.\n",
            model.name(), model.dtype(), model.storageType(), model.logicalType(),
            model.itemSize())
        .initializer("new $T<>($S, $S, $T.class, $T.class,$W$T.class, $L, $L,$W$L$L,$W$L)",
            SCALAR_TYPE, model.name(), model.dtype(), model.storageType(), model.logicalType(),
            self, model.itemSize(), model.slots(), factories.build(),
            Casts.typeConstantCasts(model), LoopsWriter.hasLoops(model)
                ? CodeBlock.of("new $T()", LoopsWriter.loopsClass(model)) : "null")
        .build();
  }

  private static MethodSpec.Builder factory(ScalarModel model, String name) {
    return MethodSpec.methodBuilder(name)
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .returns(model.arrayInterface());
  }

  /** The {@code @throws} line of {@code zeros} and {@code full}, as {@code ScalarType.zeros}. */
  static final String ZEROS_THROWS_DOC = "@throws IllegalArgumentException if the byte size"
      + " overflows a {@code long} (NumPy's \"array is\n    too big\") or exceeds the maximum heap"
      + " (NumPy's {@code MemoryError}); the message names the\n    shape and the bytes\n";

  static MethodSpec zeros(ScalarModel model) {
    return factory(model, "zeros")
        .addJavadoc("Returns a new C-order array of the given shape with every element stored"
            + " as\n{@code $L}, as NumPy's {@code zeros}.\n\n", model.storageZero())
        .addJavadoc("@param shape the shape\n")
        .addJavadoc("@return a new array with its own storage: a Java array, or zeroed heap"
            + " memory in chunks\n    when there are more elements than a Java array holds\n")
        .addJavadoc(ZEROS_THROWS_DOC)
        .addParameter(SHAPE, "shape")
        .addStatement("return TYPE.zeros(shape)")
        .build();
  }

  private static MethodSpec full(ScalarModel model) {
    return factory(model, "full")
        .addJavadoc("Returns a new C-order array of the given shape with every element set to\n"
            + "{@code value}, as NumPy's {@code full}.\n\n")
        .addJavadoc("@param shape the shape\n")
        .addJavadoc("@param value the value of every element\n")
        .addJavadoc("@return a new array with its own storage (see {@link #zeros})\n")
        .addJavadoc(ZEROS_THROWS_DOC)
        .addParameter(SHAPE, "shape")
        .addParameter(model.logicalType(), "value")
        .addStatement("return zeros(shape).fill(value)")
        .build();
  }

  private static MethodSpec of(ScalarModel model) {
    MethodSpec.Builder m = factory(model, "of")
        .addJavadoc("Returns a new array of the given shape holding a copy of {@code values} in C"
            + " order.\n\n")
        .addJavadoc("@param shape the shape\n")
        .addJavadoc("@param values the elements in C (row-major) order; exactly"
            + " {@code shape.size()} of them\n")
        .addJavadoc("@return a new array with its own storage\n")
        .addJavadoc("@throws IllegalArgumentException if {@code values.length} differs from"
            + " {@code shape.size()}\n")
        .addParameter(SHAPE, "shape")
        .addParameter(model.logicalArray(), "values")
        .varargs()
        .beginControlFlow("if (values.length != shape.size())")
        .addStatement("throw new $T(values.length + $S + shape$W+ $S + shape.size())",
            IllegalArgumentException.class, " values do not fit shape ", " of size ")
        .endControlFlow();
    if (!model.converts()) {
      return m.addStatement("return wrap(shape, values.clone())").build();
    }
    return m.addStatement("$T storage = $L", model.storageArray(),
            Storage.ARRAY.allocate(model, CodeBlock.of("values.length")).orElseThrow())
        .beginControlFlow("for (int i = 0; i < values.length; i++)")
        .addCode(Storage.ARRAY.store(model, CodeBlock.of("storage"), CodeBlock.of("i"),
            model.toStorage(CodeBlock.of("values[i]"))))
        .endControlFlow()
        .addStatement("return wrap(shape, storage)")
        .build();
  }

  private static MethodSpec wrap(ScalarModel model) {
    return factory(model, "wrap")
        .addJavadoc("Returns an array of the given shape over {@code storage}, without"
            + " copying: element {@code k}\nof {@code storage} is element {@code k} in C order,"
            + " and writes go through to it.\n\n")
        .addJavadoc("@param shape the shape\n")
        .addJavadoc("@param storage the storage, of length exactly {@code shape.size()}\n")
        .addJavadoc("@return an array sharing {@code storage}\n")
        .addJavadoc("@throws IllegalArgumentException if {@code storage.length} differs from"
            + " {@code shape.size()}\n")
        .addParameter(SHAPE, "shape")
        .addParameter(model.storageArray(), "storage")
        .addStatement("return TYPE.wrapStorage(shape, storage)")
        .build();
  }

  static MethodSpec wrapBuffer(ScalarModel model) {
    return factory(model, "wrap")
        .addJavadoc("Returns an array of the given shape over the remaining bytes of"
            + " {@code buffer}, without\ncopying: element {@code k} in C order is the $L bytes at"
            + " byte {@code k * $L} from the\nbuffer's position, read in the buffer's byte order"
            + " (so big-endian data is a view, not a\nconversion). The buffer may be on the"
            + " heap, direct or memory-mapped; writes go through to\nit, and a read-only buffer"
            + " gives a read-only array. The buffer's position, limit and order\nare read once"
            + " and may change afterwards.\n\n", model.itemSize(), model.itemSize())
        .addJavadoc("@param shape the shape\n")
        .addJavadoc("@param buffer the memory, with exactly {@code shape.size() * $L} bytes"
            + " remaining\n", model.itemSize())
        .addJavadoc("@return an array sharing the buffer's memory\n")
        .addJavadoc("@throws IllegalArgumentException if the remaining bytes do not match the"
            + " shape\n")
        .addParameter(SHAPE, "shape")
        .addParameter(ByteBuffer.class, "buffer")
        .addStatement("return TYPE.wrap(shape, buffer)")
        .build();
  }

  private static MethodSpec scalar(ScalarModel model) {
    return factory(model, "scalar")
        .addJavadoc("Returns a new array of rank 0, shape {@code ()}, holding one element.\n\n")
        .addJavadoc("@param value the element\n")
        .addJavadoc("@return a new rank-0 array\n")
        .addParameter(model.logicalType(), "value")
        .addStatement("return full($T.scalar(), value)", SHAPE)
        .build();
  }

  private static MethodSpec vector(ScalarModel model) {
    return factory(model, "vector")
        .addJavadoc("Returns a new array of rank 1, shape {@code (values.length,)}, holding a"
            + " copy of\n{@code values}.\n\n")
        .addJavadoc("@param values the elements\n")
        .addJavadoc("@return a new rank-1 array\n")
        .addParameter(model.logicalArray(), "values")
        .varargs()
        .addStatement("return of($T.of(values.length), values)", SHAPE)
        .build();
  }

  static MethodSpec scalarType(ScalarModel model) {
    return MethodSpec.methodBuilder("scalarType")
        .addModifiers(Modifier.PUBLIC, Modifier.DEFAULT)
        .addAnnotation(Override.class)
        .addJavadoc("Returns {@link #TYPE}.\n")
        .returns(ParameterizedTypeName.get(SCALAR_TYPE, model.arrayInterface()))
        .addStatement("return TYPE")
        .build();
  }

  /** Arity -1 is the varargs form. */
  private static MethodSpec getter(ScalarModel model, int arity) {
    MethodSpec.Builder m = MethodSpec.methodBuilder(model.getter())
        .addModifiers(Modifier.PUBLIC, Modifier.ABSTRACT)
        .returns(model.logicalType());
    if (arity < 0) {
      m.addJavadoc("Returns one element.\n\n")
          .addJavadoc(COORDS_DOC)
          .addParameter(long[].class, "coords")
          .varargs();
    } else {
      m.addJavadoc("Returns one element of an array of rank $L, without allocating.\n\n", arity);
      coordinateParameters(m, arity);
    }
    return m.addJavadoc("@return the element\n")
        .addJavadoc(RANK_DOC, RuntimeNames.ILLEGAL_RANK)
        .addJavadoc(BOUNDS_DOC)
        .build();
  }

  private static MethodSpec setter(ScalarModel model, int arity) {
    MethodSpec.Builder m = MethodSpec.methodBuilder(model.setter())
        .addModifiers(Modifier.PUBLIC, Modifier.ABSTRACT)
        .returns(model.arrayInterface())
        .addParameter(model.logicalType(), "value");
    if (arity < 0) {
      m.addJavadoc("Sets one element; the write reaches every array sharing this storage.\n\n")
          .addJavadoc("@param value the new value\n")
          .addJavadoc(COORDS_DOC)
          .addParameter(long[].class, "coords")
          .varargs();
    } else {
      m.addJavadoc("Sets one element of an array of rank $L, without allocating.\n\n", arity)
          .addJavadoc("@param value the new value\n");
      coordinateParameters(m, arity);
    }
    return m.addJavadoc("@return this array\n")
        .addJavadoc(Members.readOnlyThrows("this array"))
        .addJavadoc(RANK_DOC, RuntimeNames.ILLEGAL_RANK)
        .addJavadoc(BOUNDS_DOC)
        .build();
  }

  static void coordinateParameters(MethodSpec.Builder m, int arity) {
    for (int axis = 0; axis < arity; axis++) {
      m.addParameter(TypeName.LONG, AXES.get(axis))
          .addJavadoc("@param $L the coordinate on axis $L; negative counts from the end\n",
              AXES.get(axis), axis);
    }
  }

  private static MethodSpec fill(ScalarModel model) {
    return MethodSpec.methodBuilder("fill")
        .addModifiers(Modifier.PUBLIC, Modifier.ABSTRACT)
        .returns(model.arrayInterface())
        .addParameter(model.logicalType(), "value")
        .addJavadoc("Sets every element of this array (or view) to {@code value}, as NumPy's\n"
            + "{@code a[...] = value}.\n\n")
        .addJavadoc("@param value the new value of every element\n")
        .addJavadoc("@return this array\n")
        .addJavadoc(Members.readOnlyThrows("this array"))
        .build();
  }

  private static MethodSpec getObject(ScalarModel model) {
    return MethodSpec.methodBuilder("getObject")
        .addModifiers(Modifier.PUBLIC, Modifier.DEFAULT)
        .addAnnotation(Override.class)
        .returns(model.boxedLogical())
        .addParameter(long[].class, "coords")
        .varargs()
        .addJavadoc("Returns one element, boxed; prefer {@link #$N(long...)}.\n\n", model.getter())
        .addJavadoc(COORDS_DOC)
        .addJavadoc("@return the element\n")
        .addJavadoc(RANK_DOC, RuntimeNames.ILLEGAL_RANK)
        .addJavadoc(BOUNDS_DOC)
        .addStatement("return $N(coords)", model.getter())
        .build();
  }

  static MethodSpec view(ScalarModel model) {
    return MethodSpec.methodBuilder("get")
        .addModifiers(Modifier.PUBLIC, Modifier.ABSTRACT)
        .addAnnotation(Override.class)
        .returns(model.arrayInterface())
        .addParameter(long[].class, "coords")
        .varargs()
        .addJavadoc("Returns the view selected by integer indices on the leading axes:\n"
            + "{@code a.get(i, j)} is NumPy's {@code a[i, j]}, of rank"
            + " {@code rank() - coords.length}\n(rank 0 when every axis is indexed).\n\n")
        .addJavadoc("@param coords coordinates of the leading axes; negative counts from the"
            + " end\n")
        .addJavadoc("@return a view sharing this array's storage\n")
        .addJavadoc("@throws $T if more coordinates than axes are given\n",
            RuntimeNames.ILLEGAL_RANK)
        .addJavadoc(BOUNDS_DOC)
        .build();
  }

  static MethodSpec slice(ScalarModel model) {
    return MethodSpec.methodBuilder("slice")
        .addModifiers(Modifier.PUBLIC, Modifier.ABSTRACT)
        .addAnnotation(Override.class)
        .returns(model.arrayInterface())
        .addParameter(ArrayTypeName.of(INDEX), "indices")
        .varargs()
        .addJavadoc("Returns the view selected by a basic-indexing spec, as NumPy basic"
            + " slicing: integers remove\nan axis, ranges clamp their bounds, {@code newAxis()}"
            + " inserts an axis of length 1 and one\n{@code ellipsis()} stands for the remaining"
            + " axes (see {@link $T#slice(Index...)}).\n\n", LAYOUT)
        .addJavadoc("@param indices the spec, e.g. {@code Indices.flip(), Indices.sliceFrom(1)}\n")
        .addJavadoc("@return a view sharing this array's storage\n")
        .addJavadoc("@throws $T if the spec indexes more axes than there are\n",
            RuntimeNames.ILLEGAL_RANK)
        .addJavadoc("@throws IndexOutOfBoundsException if an integer index is outside its axis\n")
        .addJavadoc("@throws IllegalArgumentException if a step is zero or the spec has two"
            + " ellipses\n")
        .build();
  }

  static MethodSpec sliceString(ScalarModel model) {
    return MethodSpec.methodBuilder("slice")
        .addModifiers(Modifier.PUBLIC, Modifier.DEFAULT)
        .addAnnotation(Override.class)
        .returns(model.arrayInterface())
        .addParameter(String.class, "spec")
        .addJavadoc("Returns the view selected by a spec in NumPy syntax, as NumPy basic"
            + " slicing:\n{@code a.slice(\"::-1, 1:, ..., None\")} is NumPy's"
            + " {@code a[::-1, 1:, ..., None]}.\n\n")
        .addJavadoc("@param spec the spec, parsed by {@link $T#parse(String)}\n", INDICES)
        .addJavadoc("@return a view sharing this array's storage\n")
        .addJavadoc("@throws $T if the spec is malformed\n", INDEX_SYNTAX)
        .addJavadoc("@throws $T if the spec indexes more axes than there are\n",
            RuntimeNames.ILLEGAL_RANK)
        .addJavadoc("@throws IndexOutOfBoundsException if an integer index is outside its axis\n")
        .addStatement("return slice($T.parse(spec))", INDICES)
        .build();
  }

  static MethodSpec copy(ScalarModel model) {
    return MethodSpec.methodBuilder("copy")
        .addModifiers(Modifier.PUBLIC, Modifier.ABSTRACT)
        .addAnnotation(Override.class)
        .returns(model.arrayInterface())
        .addJavadoc("Returns a C-order copy with its own storage, equal to this array.\n\n")
        .addJavadoc("@return the copy\n")
        .build();
  }

  static MethodSpec copyTo(ScalarModel model) {
    return MethodSpec.methodBuilder("copyTo")
        .addModifiers(Modifier.PUBLIC, Modifier.ABSTRACT)
        .returns(model.arrayInterface())
        .addParameter(model.arrayInterface(), "dst")
        .addJavadoc("Copies this array's elements into {@code dst}, element by element in C"
            + " order; same as\n{@code dst.copyFrom(this)}.\n\n")
        .addJavadoc("@param dst the destination, of the same shape\n")
        .addJavadoc("@return {@code dst}\n")
        .addJavadoc("@throws IllegalArgumentException if the shapes differ (the message names"
            + " both)\n")
        .addJavadoc(Members.readOnlyThrows("{@code dst}"))
        .build();
  }

  static MethodSpec copyFrom(ScalarModel model) {
    return MethodSpec.methodBuilder("copyFrom")
        .addModifiers(Modifier.PUBLIC, Modifier.ABSTRACT)
        .returns(model.arrayInterface())
        .addParameter(model.arrayInterface(), "src")
        .addJavadoc("Copies the elements of {@code src} into this array, as NumPy's"
            + " {@code self[...] = src}: when\nthe two share storage and overlap, the result is as"
            + " if {@code src} were copied first.\n\n")
        .addJavadoc("@param src the source, of the same shape\n")
        .addJavadoc("@return this array\n")
        .addJavadoc("@throws IllegalArgumentException if the shapes differ (the message names"
            + " both); nothing\n    is written\n")
        .addJavadoc(Members.readOnlyThrows("this array"))
        .build();
  }

  private static MethodSpec toArray(ScalarModel model) {
    return MethodSpec.methodBuilder("toArray")
        .addModifiers(Modifier.PUBLIC, Modifier.ABSTRACT)
        .returns(model.logicalArray())
        .addJavadoc("Returns a new flat array of the elements in C (row-major) order, whatever"
            + " the strides.\n\n")
        .addJavadoc("@return a new array of length {@code size()}\n")
        .addJavadoc(Members.TOO_BIG_DOC)
        .build();
  }

  static MethodSpec toStorageArray(ScalarModel model) {
    return MethodSpec.methodBuilder("toStorageArray")
        .addModifiers(Modifier.PUBLIC, Modifier.ABSTRACT)
        .addAnnotation(Override.class)
        .returns(model.storageArray())
        .addJavadoc("Returns a new flat array of the stored {@code $L} values in C (row-major)"
            + " order.\n\n", model.storageType())
        .addJavadoc("@return a new array of length {@code size()}\n")
        .addJavadoc(Members.TOO_BIG_DOC)
        .build();
  }

  static MethodSpec equalsDecl(ScalarModel model) {
    return MethodSpec.methodBuilder("equals")
        .addModifiers(Modifier.PUBLIC, Modifier.ABSTRACT)
        .addAnnotation(Override.class)
        .returns(TypeName.BOOLEAN)
        .addParameter(Object.class, "obj")
        .addJavadoc("Returns whether {@code obj} is a {@code $T} of the same shape whose"
            + " elements,\nin C order, are equal $L.\nLayout-independent: a view equals its"
            + " copy.\n\n",
            model.arrayInterface(), model.equalityDoc())
        .addJavadoc("@param obj the object to compare with\n")
        .addJavadoc("@return whether the shapes and elements are equal\n")
        .build();
  }

  static MethodSpec hashCodeDecl(ScalarModel model) {
    return MethodSpec.methodBuilder("hashCode")
        .addModifiers(Modifier.PUBLIC, Modifier.ABSTRACT)
        .addAnnotation(Override.class)
        .returns(TypeName.INT)
        .addJavadoc("Returns {@code 31 * shape().hashCode() + h}, where {@code h} is\n"
            + "{@link java.util.Arrays#hashCode} of the elements' hashes in C order:"
            + " layout-independent,\nconsistent with {@link #equals}.$L\n\n",
            model.isComplex() ? CodeBlock.of(" An element's hash is\n{@code 31 * $T.hashCode(re)"
                + " + $T.hashCode(im)} of its real and imaginary parts.",
                model.storageType().box(), model.storageType().box()) : "")
        .addJavadoc("@return the hash code\n")
        .build();
  }

  static MethodSpec toStringDecl() {
    return MethodSpec.methodBuilder("toString")
        .addModifiers(Modifier.PUBLIC, Modifier.ABSTRACT)
        .addAnnotation(Override.class)
        .returns(String.class)
        .addJavadoc("Returns the elements as NumPy's {@code str()} shows them, e.g."
            + " {@code [[1 2 3]\\n [4 5 6]]};\nabove 1000 elements only 3 edge items per axis"
            + " are shown, around {@code ...}.\n\n")
        .addJavadoc("@return the text\n")
        .build();
  }
}
