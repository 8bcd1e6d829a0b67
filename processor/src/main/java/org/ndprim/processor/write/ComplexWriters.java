package org.ndprim.processor.write;

import static org.ndprim.processor.write.ArrayInterfaceWriter.BOUNDS_DOC;
import static org.ndprim.processor.write.ArrayInterfaceWriter.COORDS_DOC;
import static org.ndprim.processor.write.ArrayInterfaceWriter.RANK_DOC;
import static org.ndprim.processor.write.Members.checkWritable;
import static org.ndprim.processor.write.Members.declared;
import static org.ndprim.processor.write.Members.override;
import static org.ndprim.processor.write.RuntimeNames.LAYOUT;
import static org.ndprim.processor.write.RuntimeNames.ND_ARRAY_SEQUENCE;
import static org.ndprim.processor.write.RuntimeNames.ND_FORMAT;
import static org.ndprim.processor.write.RuntimeNames.RUN_CURSOR;
import static org.ndprim.processor.write.RuntimeNames.SHAPE;
import static org.ndprim.processor.write.RuntimeNames.STRIDED_ND_ARRAY;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Modifier;
import org.ndprim.processor.model.Carrier;
import org.ndprim.processor.model.ScalarModel;
import org.ndprim.processor.model.Storage;

/**
 * Writes a complex type ({@code slots = 2}): the interface {@code <name>NdArray} and its one
 * implementation {@code <name>PartsNdArray}. A complex array is an element layout over an array
 * of its parts' type ({@code FloatNdArray} for {@code complex64}) that spans the storage: element
 * {@code o} of the layout is parts {@code 2o} (real) and {@code 2o + 1} (imaginary), as NumPy lays
 * out complex numbers. So the complex type never touches storage itself: {@code real()} and
 * {@code imag()} are strided views of the parts ({@code Layout.part}), and copies, fills,
 * equality and casts run the parts' generated loops over any storage (array, buffer, chunks).
 * Views come from the runtime's {@code StridedNdArray}, as for every type. Pure: no javac state.
 */
public final class ComplexWriters {
  private static final ClassName COMPLEX = ClassName.get("org.ndprim", "Complex");

  private ComplexWriters() {}

  /** The implementation class, {@code <name>PartsNdArray}. */
  static ClassName implementation(ScalarModel model) {
    return ClassName.get(model.spec().packageName(), model.name() + Storage.PARTS_KIND + "NdArray");
  }

  /**
   * The three storage factories of the {@code TYPE} constant: over a Java array of parts, over
   * one buffer and over chunks, each wrapping the storage as a rank-1 parts array first.
   */
  static List<CodeBlock> typeFactories(ScalarModel model) {
    ClassName impl = implementation(model);
    ClassName parts = model.partArray();
    CodeBlock overArray = CodeBlock.of("(storage, layout) -> $T.over($T.TYPE.wrapStorage("
            + "$T.of(((($T) storage).length)), storage), layout)", impl, parts, SHAPE,
        model.storageArray());
    CodeBlock overMemory = CodeBlock.of("(memory, layout) -> $T.over($T.TYPE.wrap($T.of("
            + "memory.byteSize() / $L), memory), layout)", impl, parts, SHAPE,
        model.itemSize() / 2);
    return List.of(overArray, overMemory, overMemory);
  }

  // ------------------------------------------------------------------------------- interface

  /**
   * Writes the interface.
   *
   * @param model a complex scalar type
   * @return {@code <name>NdArray extends NdArray}
   */
  public static TypeSpec writeInterface(ScalarModel model) {
    ClassName self = model.arrayInterface();
    String part = model.storageType().toString();
    TypeSpec.Builder type = TypeSpec.interfaceBuilder(self)
        .addModifiers(Modifier.PUBLIC)
        .addSuperinterface(LoopsWriter.opsInterface(model))
        .addJavadoc("An n-dimensional array of complex numbers with {@code $L} parts, NumPy dtype"
            + " {@code $L}:\na strided view over storage of parts, the real part of each element"
            + " followed by its\nimaginary part, as NumPy lays out complex numbers: a Java"
            + " array ({@code $L}, see\n{@link #wrap(Shape, $L)}) or memory in byte buffers"
            + " (see {@link #wrap(Shape, $T)} and\n{@code Npy.map}).\n", part, model.dtype(),
            model.storageArray(), model.storageArray(), ByteBuffer.class)
        .addJavadoc("\n<p>{@link #real()} and {@link #imag()} are {@link $T} views of the parts,"
            + " as NumPy's\n{@code .real} and {@code .imag}: writes through them reach this"
            + " array. Element-wise work on\ncomplex values goes through them; the accessors"
            + " {@link #getReal(long...)},\n{@link #getImag(long...)} and"
            + " {@link #$N($L, $L, long...)} read and write single elements\nwithout"
            + " allocating. Coordinates are {@code long}; a negative coordinate counts from the"
            + " end of\nits axis. Views share the storage, as NumPy basic slicing. Bulk"
            + " operations visit elements in\nC (row-major) order. A call that throws leaves the"
            + " data untouched.\n", model.partArray(), model.setter(), part, part)
        .addJavadoc(ViewDeclarations.typeDoc())
        .addField(ArrayInterfaceWriter.typeConstant(model))
        .addMethod(ArrayInterfaceWriter.zeros(model))
        .addMethod(full(model))
        .addMethod(of(model))
        .addMethod(wrap(model))
        .addMethod(ArrayInterfaceWriter.wrapBuffer(model))
        .addMethod(scalar(model))
        .addMethod(vector(model))
        .addMethod(ArrayInterfaceWriter.scalarType(model));
    for (String which : List.of("Real", "Imag")) {
      for (int arity = -1; arity <= 3; arity++) {
        type.addMethod(partGetter(model, which, arity));
      }
    }
    for (int arity = -1; arity <= 3; arity++) {
      type.addMethod(setter(model, arity));
    }
    return type
        .addMethod(fill(model))
        .addMethod(getObject(model))
        .addMethod(partView(model, "real", "real", ".real"))
        .addMethod(partView(model, "imag", "imaginary", ".imag"))
        .addMethod(ArrayInterfaceWriter.view(model))
        .addMethod(ArrayInterfaceWriter.slice(model))
        .addMethod(ArrayInterfaceWriter.sliceString(model))
        .addMethod(ArrayInterfaceWriter.copy(model))
        .addMethod(ArrayInterfaceWriter.copyTo(model))
        .addMethod(ArrayInterfaceWriter.copyFrom(model))
        .addMethod(toArray(model))
        .addMethod(ArrayInterfaceWriter.toStorageArray(model))
        .addMethod(ArrayInterfaceWriter.equalsDecl(model))
        .addMethod(ArrayInterfaceWriter.hashCodeDecl(model))
        .addMethod(ArrayInterfaceWriter.toStringDecl())
        .addMethods(ViewDeclarations.declarations(model))
        .addMethods(Casts.declarations(model))
        .addMethods(sequences(model))
        .build();
  }

  private static MethodSpec.Builder factory(ScalarModel model, String name) {
    return MethodSpec.methodBuilder(name)
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .returns(model.arrayInterface());
  }

  private static MethodSpec full(ScalarModel model) {
    return factory(model, "full")
        .addJavadoc("Returns a new C-order array of the given shape with every element set to"
            + " {@code real + imag j},\nas NumPy's {@code full}.\n\n")
        .addJavadoc("@param shape the shape\n")
        .addJavadoc("@param real the real part of every element\n")
        .addJavadoc("@param imag the imaginary part of every element\n")
        .addJavadoc("@return a new array with its own storage (see {@link #zeros})\n")
        .addJavadoc(ArrayInterfaceWriter.ZEROS_THROWS_DOC)
        .addParameter(SHAPE, "shape")
        .addParameter(model.storageType(), "real")
        .addParameter(model.storageType(), "imag")
        .addStatement("return zeros(shape).fill(real, imag)")
        .build();
  }

  private static MethodSpec of(ScalarModel model) {
    return factory(model, "of")
        .addJavadoc("Returns a new array of the given shape holding a copy of {@code parts}: the"
            + " real and\nimaginary parts of each element in turn, elements in C order.\n\n")
        .addJavadoc("@param shape the shape\n")
        .addJavadoc("@param parts {@code 2 * shape.size()} values: {@code re0, im0, re1, im1,"
            + " ...}\n")
        .addJavadoc("@return a new array with its own storage\n")
        .addJavadoc("@throws IllegalArgumentException if {@code parts.length} is not"
            + " {@code 2 * shape.size()}\n")
        .addParameter(SHAPE, "shape")
        .addParameter(model.storageArray(), "parts")
        .varargs()
        .addStatement("return wrap(shape, parts.clone())")
        .build();
  }

  private static MethodSpec wrap(ScalarModel model) {
    return factory(model, "wrap")
        .addJavadoc("Returns an array of the given shape over {@code parts}, without copying:"
            + " element {@code k} in\nC order is {@code parts[2k] + parts[2k + 1] j}, as NumPy's"
            + " {@code parts.view($L)}; writes go\nthrough to it.\n\n", model.dtype())
        .addJavadoc("@param shape the shape\n")
        .addJavadoc("@param parts the storage, of length exactly {@code 2 * shape.size()}\n")
        .addJavadoc("@return an array sharing {@code parts}\n")
        .addJavadoc("@throws IllegalArgumentException if {@code parts.length} is not"
            + " {@code 2 * shape.size()}\n")
        .addParameter(SHAPE, "shape")
        .addParameter(model.storageArray(), "parts")
        .addStatement("return TYPE.wrapStorage(shape, parts)")
        .build();
  }

  private static MethodSpec scalar(ScalarModel model) {
    return factory(model, "scalar")
        .addJavadoc("Returns a new array of rank 0, shape {@code ()}, holding one element.\n\n")
        .addJavadoc("@param real the real part\n")
        .addJavadoc("@param imag the imaginary part\n")
        .addJavadoc("@return a new rank-0 array\n")
        .addParameter(model.storageType(), "real")
        .addParameter(model.storageType(), "imag")
        .addStatement("return full($T.scalar(), real, imag)", SHAPE)
        .build();
  }

  private static MethodSpec vector(ScalarModel model) {
    return factory(model, "vector")
        .addJavadoc("Returns a new array of rank 1, shape {@code (parts.length / 2,)}, holding a"
            + " copy of\n{@code parts}: {@code re0, im0, re1, im1, ...}.\n\n")
        .addJavadoc("@param parts the parts, an even number of them\n")
        .addJavadoc("@return a new rank-1 array\n")
        .addJavadoc("@throws IllegalArgumentException if {@code parts.length} is odd\n")
        .addParameter(model.storageArray(), "parts")
        .varargs()
        .beginControlFlow("if (parts.length % 2 != 0)")
        .addStatement("throw new $T(parts.length + $S)", IllegalArgumentException.class,
            " parts cannot be complex numbers: their count must be even")
        .endControlFlow()
        .addStatement("return of($T.of(parts.length / 2), parts)", SHAPE)
        .build();
  }

  private static MethodSpec partGetter(ScalarModel model, String which, int arity) {
    MethodSpec.Builder m = declared("get" + which, model.storageType());
    String part = which.equals("Real") ? "real" : "imaginary";
    if (arity < 0) {
      m.addJavadoc("Returns the $L part of one element.\n\n", part)
          .addJavadoc(COORDS_DOC)
          .addParameter(long[].class, "coords")
          .varargs();
    } else {
      m.addJavadoc("Returns the $L part of one element of an array of rank $L, without"
          + " allocating.\n\n", part, arity);
      ArrayInterfaceWriter.coordinateParameters(m, arity);
    }
    return m.addJavadoc("@return the $L part\n", part)
        .addJavadoc(RANK_DOC, RuntimeNames.ILLEGAL_RANK)
        .addJavadoc(BOUNDS_DOC)
        .build();
  }

  private static MethodSpec setter(ScalarModel model, int arity) {
    MethodSpec.Builder m = declared(model.setter(), model.arrayInterface())
        .addParameter(model.storageType(), "real")
        .addParameter(model.storageType(), "imag");
    if (arity < 0) {
      m.addJavadoc("Sets one element to {@code real + imag j}; the write reaches every array"
              + " sharing this\nstorage.\n\n")
          .addJavadoc("@param real the new real part\n")
          .addJavadoc("@param imag the new imaginary part\n")
          .addJavadoc(COORDS_DOC)
          .addParameter(long[].class, "coords")
          .varargs();
    } else {
      m.addJavadoc("Sets one element of an array of rank $L, without allocating.\n\n", arity)
          .addJavadoc("@param real the new real part\n")
          .addJavadoc("@param imag the new imaginary part\n");
      ArrayInterfaceWriter.coordinateParameters(m, arity);
    }
    return m.addJavadoc("@return this array\n")
        .addJavadoc(Members.readOnlyThrows("this array"))
        .addJavadoc(RANK_DOC, RuntimeNames.ILLEGAL_RANK)
        .addJavadoc(BOUNDS_DOC)
        .build();
  }

  private static MethodSpec fill(ScalarModel model) {
    return declared("fill", model.arrayInterface())
        .addParameter(model.storageType(), "real")
        .addParameter(model.storageType(), "imag")
        .addJavadoc("Sets every element of this array (or view) to {@code real + imag j}, as"
            + " NumPy's\n{@code a[...] = complex(real, imag)}.\n\n")
        .addJavadoc("@param real the new real part of every element\n")
        .addJavadoc("@param imag the new imaginary part of every element\n")
        .addJavadoc("@return this array\n")
        .addJavadoc(Members.readOnlyThrows("this array"))
        .build();
  }

  private static MethodSpec getObject(ScalarModel model) {
    return MethodSpec.methodBuilder("getObject")
        .addModifiers(Modifier.PUBLIC, Modifier.DEFAULT)
        .addAnnotation(Override.class)
        .returns(COMPLEX)
        .addParameter(long[].class, "coords")
        .varargs()
        .addJavadoc("Returns one element as a {@link $T} value; prefer"
            + " {@link #getReal(long...)} and\n{@link #getImag(long...)}, which do not"
            + " allocate.\n\n", COMPLEX)
        .addJavadoc(COORDS_DOC)
        .addJavadoc("@return the element\n")
        .addJavadoc(RANK_DOC, RuntimeNames.ILLEGAL_RANK)
        .addJavadoc(BOUNDS_DOC)
        .addStatement("return new $T(getReal(coords), getImag(coords))", COMPLEX)
        .build();
  }

  private static MethodSpec partView(ScalarModel model, String name, String part, String numpy) {
    return declared(name, model.partArray())
        .addJavadoc("Returns the $L parts as a view of this array's storage, NumPy's"
            + " {@code a$L}: the same\nshape, strides twice this array's in parts, writes"
            + " reaching this array (read-only if this\narray is).\n\n", part, numpy)
        .addJavadoc("@return a view sharing this array's storage\n")
        .build();
  }

  private static MethodSpec toArray(ScalarModel model) {
    return declared("toArray", model.storageArray())
        .addJavadoc("Returns a new flat array of the parts in C (row-major) order of the"
            + " elements: {@code re0, im0,\nre1, im1, ...}, whatever the strides.\n\n")
        .addJavadoc("@return a new array of length {@code 2 * size()}\n")
        .addJavadoc(Members.TOO_BIG_DOC)
        .build();
  }

  private static List<MethodSpec> sequences(ScalarModel model) {
    TypeName sequence = ParameterizedTypeName.get(ND_ARRAY_SEQUENCE, model.arrayInterface());
    return List.of(
        declared("elements", sequence)
            .addParameter(TypeName.INT, "axis")
            .addJavadoc("Returns the elements along the leading axes {@code 0..axis}, in C"
                + " order, as views of rank\n{@code rank() - axis - 1} (TF-Java's"
                + " {@code elements(axis)}), read-only if this array is.\n\n")
            .addJavadoc("@param axis the last leading axis; a negative value counts from the"
                + " end\n")
            .addJavadoc("@return the sequence of views\n")
            .addJavadoc("@throws IndexOutOfBoundsException if {@code axis} is not in"
                + " {@code [-rank, rank)}\n")
            .build(),
        declared("scalars", sequence)
            .addJavadoc("Returns every element as a rank-0 view, in C order (TF-Java's"
                + " {@code scalars()}).\n\n")
            .addJavadoc("@return the sequence of rank-0 views\n")
            .build());
  }

  // -------------------------------------------------------------------------- implementation

  /**
   * Writes the implementation.
   *
   * @param model a complex scalar type
   * @return the final class {@code <name>PartsNdArray}
   */
  public static TypeSpec writeImplementation(ScalarModel model) {
    ClassName self = implementation(model);
    ClassName parts = model.partArray();
    TypeSpec.Builder type = TypeSpec.classBuilder(self)
        .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
        .superclass(ParameterizedTypeName.get(STRIDED_ND_ARRAY, model.arrayInterface()))
        .addSuperinterface(model.arrayInterface())
        .addJavadoc("The {@link $T} over a {@link $T} of its parts: element {@code o} of the"
            + " layout is\nparts {@code 2o} (real) and {@code 2o + 1} (imaginary) of the rank-1"
            + " parts array, which spans\nthe storage (a Java array or memory). Obtain instances"
            + " through the factories of {@link $T}.\n", model.arrayInterface(), parts,
            model.arrayInterface())
        .addField(parts, "parts", Modifier.PRIVATE, Modifier.FINAL)
        .addMethod(MethodSpec.constructorBuilder()
            .addModifiers(Modifier.PRIVATE)
            .addParameter(parts, "parts")
            .addParameter(LAYOUT, "layout")
            .addParameter(TypeName.BOOLEAN, "readOnly")
            .addStatement("super(layout, readOnly || parts.isReadOnly())")
            .addStatement("this.parts = parts")
            .build())
        .addMethod(MethodSpec.methodBuilder("over")
            .addModifiers(Modifier.STATIC)
            .addJavadoc("An array with {@code layout} over {@code parts}, a rank-1 C-order array"
                + " spanning the storage;\nread-only if the parts are.\n")
            .returns(self)
            .addParameter(parts, "parts")
            .addParameter(LAYOUT, "layout")
            .addStatement("return new $T(parts, layout, false)", self)
            .build())
        .addMethod(MethodSpec.methodBuilder("view")
            .addModifiers(Modifier.PROTECTED)
            .addAnnotation(Override.class)
            .returns(model.arrayInterface())
            .addParameter(LAYOUT, "viewLayout")
            .addParameter(TypeName.BOOLEAN, "viewReadOnly")
            .addStatement("return new $T(parts, viewLayout, viewReadOnly)", self)
            .build())
        .addMethod(MethodSpec.methodBuilder("storage")
            .addModifiers(Modifier.PROTECTED)
            .addAnnotation(Override.class)
            .returns(Object.class)
            .addStatement("return parts")
            .build());
    for (int part = 0; part < 2; part++) {
      for (int arity = -1; arity <= 3; arity++) {
        type.addMethod(partGetterImpl(model, part, arity));
      }
    }
    for (int arity = -1; arity <= 3; arity++) {
      type.addMethod(setterImpl(model, arity));
    }
    return type
        .addMethod(partViewImpl(model, "real", 0))
        .addMethod(partViewImpl(model, "imag", 1))
        .addMethod(override("fill", model.arrayInterface())
            .addParameter(model.storageType(), "real")
            .addParameter(model.storageType(), "imag")
            .addCode(checkWritable())
            .addStatement("real().fill(real)")
            .addStatement("imag().fill(imag)")
            .addStatement("return this")
            .build())
        .addMethods(ImplementationWriter.assignments(model))
        .addMethod(override("copy", model.arrayInterface())
            .addStatement("return TYPE.zeros(shape()).copyFrom(this)")
            .build())
        .addMethod(ImplementationWriter.copyTo(model))
        .addMethod(override("copyFrom", model.arrayInterface())
            .addParameter(model.arrayInterface(), "src")
            .addCode(checkWritable())
            .addStatement("checkCopyShape(src)")
            .addComment("The real parts are copied before the imaginary ones: a source whose"
                + " memory this")
            .addComment("array's shares (e.g. two wraps of one buffer a float apart) is read"
                + " from a copy,")
            .addComment("as the first pass could overwrite parts the second reads.")
            .addStatement("$T from = mayShareMemory(src) ? src.copy() : src",
                model.arrayInterface())
            .addStatement("real().copyFrom(from.real())")
            .addStatement("imag().copyFrom(from.imag())")
            .addStatement("return this")
            .build())
        .addMethod(override("toArray", model.storageArray())
            .addStatement("$T out = new $T[arraySize($S, size(), 2, shape(), $L)]",
                model.storageArray(), model.storageType(), "toArray",
                Members.bytes(model.storageType()))
            .addStatement("$T.wrap(shape(), out).copyFrom(this)", model.arrayInterface())
            .addStatement("return out")
            .build())
        .addMethod(override("toStorageArray", model.storageArray())
            .addStatement("return toArray()")
            .build())
        .addMethod(override("equals", TypeName.BOOLEAN)
            .addParameter(Object.class, "obj")
            .beginControlFlow("if (obj == this)")
            .addStatement("return true")
            .endControlFlow()
            .addStatement("return obj instanceof $T other && shape().equals(other.shape())$W"
                + "&& real().equals(other.real()) && imag().equals(other.imag())",
                model.arrayInterface())
            .build())
        .addMethod(hashCodeImpl(model))
        .addMethod(toStringImpl(model))
        .addMethods(astypeImpl(model))
        .addMethod(extreme(model, "argMin", "argmin"))
        .addMethod(extremeIn(model, "argMin", "<", "argmin"))
        .addMethod(laterWins(model, "Min", "<"))
        .addMethod(extreme(model, "argMax", "argmax"))
        .addMethod(extremeIn(model, "argMax", ">", "argmax"))
        .addMethod(laterWins(model, "Max", ">"))
        .build();
  }

  /** The storage slot of part {@code part} of the element at coordinates {@code args}. */
  private static CodeBlock slot(CodeBlock args, int part) {
    return CodeBlock.of("2 * layout.offsetOf($L)$L", args, part == 0 ? "" : " + 1");
  }

  private static MethodSpec partGetterImpl(ScalarModel model, int part, int arity) {
    MethodSpec.Builder m = override(part == 0 ? "getReal" : "getImag", model.storageType());
    CodeBlock args = ImplementationWriter.coordinates(m, arity);
    return m.addStatement("return parts.$N($L)", model.partGetter(), slot(args, part)).build();
  }

  private static MethodSpec setterImpl(ScalarModel model, int arity) {
    MethodSpec.Builder m = override(model.setter(), model.arrayInterface())
        .addParameter(model.storageType(), "real")
        .addParameter(model.storageType(), "imag");
    CodeBlock args = ImplementationWriter.coordinates(m, arity);
    // The offset is computed (and checked) before the stores, so a bad coordinate writes nothing.
    return m.addCode(checkWritable())
        .addStatement("long slot = $L", slot(args, 0))
        .addStatement("parts.$N(real, slot)", model.partSetter())
        .addStatement("parts.$N(imag, slot + 1)", model.partSetter())
        .addStatement("return this")
        .build();
  }

  private static MethodSpec partViewImpl(ScalarModel model, String name, int part) {
    return override(name, model.partArray())
        .addStatement("$T view = parts.asStrided(layout.part(2, $L))", model.partArray(), part)
        .addStatement("return readOnly ? view.readOnly() : view")
        .build();
  }

  private static MethodSpec toStringImpl(ScalarModel model) {
    return override("toString", ClassName.get(String.class))
        .addStatement("return $T.formatComplex(layout, offset -> parts.$N(2 * offset),$W"
            + "offset -> parts.$N(2 * offset + 1), $L)", ND_FORMAT, model.partGetter(),
            model.partGetter(), model.floatFormat().orElseThrow())
        .build();
  }

  /** The element walk every complex loop uses: runs of the layout, parts read by slot. */
  private static CodeBlock walk(CodeBlock body) {
    return CodeBlock.builder()
        .beginControlFlow("for ($T c = layout.runs(); c.next(); )", RUN_CURSOR)
        .addStatement("long o = c.offset()")
        .addStatement("long st = c.stride()")
        .beginControlFlow("for (long q = 0, len = c.length(); q < len; q++, o += st)")
        .add(body)
        .endControlFlow()
        .endControlFlow()
        .build();
  }

  /** The formula of {@code hashCodeDecl}: each element's hash its parts' hashes combined. */
  private static MethodSpec hashCodeImpl(ScalarModel model) {
    TypeName boxed = model.storageType().box();
    return override("hashCode", TypeName.INT)
        .addStatement("int h = 1")
        .addCode(walk(CodeBlock.builder()
            .addStatement("h = 31 * h + (31 * $T.hashCode(parts.$N(2 * o))$W+ $T.hashCode(parts.$N(2 * o"
                + " + 1)))", boxed, model.partGetter(), boxed, model.partGetter())
            .build()))
        .addStatement("return 31 * shape().hashCode() + h")
        .build();
  }

  private static List<MethodSpec> astypeImpl(ScalarModel model) {
    return Casts.astype(walk(Casts.append(Carrier.COMPLEX,
        CodeBlock.of("parts.$N(2 * o)", model.partGetter()),
        CodeBlock.of("parts.$N(2 * o + 1)", model.partGetter()))), Carrier.COMPLEX, false);
  }

  /**
   * {@code argMin}/{@code argMax} as NumPy's for complex dtypes: lexicographic on (real,
   * imaginary), the first element with a NaN part is the result.
   */
  private static MethodSpec extreme(ScalarModel model, String name, String numpy) {
    String title = name.substring(3);
    return override(name, TypeName.LONG)
        .beginControlFlow("if (size() == 0)")
        .addStatement("throw new $T($S)", IllegalStateException.class,
            "attempt to get " + numpy + " of an empty sequence")
        .endControlFlow()
        .beginControlFlow("if ($T.splits(size()))", Reductions.REDUCE)
        .addStatement("return $T.argExtreme(layout, this::$N, this::$N)", Reductions.REDUCE,
            name + "In", "later" + title)
        .endControlFlow()
        .addStatement("return $N(layout)", name + "In")
        .addJavadoc("As NumPy's {@code $L()} of a complex array: elements order by real part,"
            + " then imaginary\npart; the first element with a NaN part is the result.\n", numpy)
        .build();
  }

  /** The one-thread {@code argMin()}/{@code argMax()} over a layout of the parts. */
  private static MethodSpec extremeIn(ScalarModel model, String name, String op, String numpy) {
    TypeName part = model.storageType();
    return MethodSpec.methodBuilder(name + "In")
        .addModifiers(Modifier.PRIVATE)
        .returns(TypeName.LONG)
        .addJavadoc("The flat C-order index of the first $L of the non-empty {@code layout}, on"
            + " this thread.\n", numpy)
        .addParameter(RuntimeNames.LAYOUT, "layout")
        .addStatement("long best = 0")
        .addStatement("long index = 0")
        .addStatement("$T bestRe = 0", part)
        .addStatement("$T bestIm = 0", part)
        .addCode(walk(CodeBlock.builder()
            .addStatement("$T re = parts.$N(2 * o)", part, model.partGetter())
            .addStatement("$T im = parts.$N(2 * o + 1)", part, model.partGetter())
            .beginControlFlow("if (re != re || im != im)")
            .addStatement("return index")
            .endControlFlow()
            .beginControlFlow("if (index == 0 || re $L bestRe || (re == bestRe && im $L bestIm))",
                op, op)
            .addStatement("best = index")
            .addStatement("bestRe = re")
            .addStatement("bestIm = im")
            .endControlFlow()
            .addStatement("index++")
            .build()))
        .addStatement("return best")
        .build();
  }

  /**
   * {@code Reduce.LaterWins} of a complex array: the later element wins when the earlier has no
   * NaN part and the later has one, or is lexicographically better.
   */
  private static MethodSpec laterWins(ScalarModel model, String title, String op) {
    TypeName part = model.storageType();
    return MethodSpec.methodBuilder("later" + title)
        .addModifiers(Modifier.PRIVATE)
        .returns(TypeName.BOOLEAN)
        .addParameter(TypeName.LONG, "earlier")
        .addParameter(TypeName.LONG, "later")
        .addStatement("$T mRe = parts.$N(2 * earlier)", part, model.partGetter())
        .addStatement("$T mIm = parts.$N(2 * earlier + 1)", part, model.partGetter())
        .beginControlFlow("if (mRe != mRe || mIm != mIm)")
        .addStatement("return false")
        .endControlFlow()
        .addStatement("$T re = parts.$N(2 * later)", part, model.partGetter())
        .addStatement("$T im = parts.$N(2 * later + 1)", part, model.partGetter())
        .addStatement("return re != re || im != im || re $L mRe || (re == mRe && im $L mIm)", op,
            op)
        .build();
  }
}
