package org.ndprim.processor.write;

import static org.ndprim.processor.write.Members.override;
import static org.ndprim.processor.write.Members.requireNonNull;
import static org.ndprim.processor.write.RuntimeNames.CAST_WRITER;
import static org.ndprim.processor.write.RuntimeNames.ND_ARRAY;
import static org.ndprim.processor.write.RuntimeNames.SCALAR_TYPE;
import static org.ndprim.processor.write.RuntimeNames.SHAPE;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeVariableName;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Modifier;
import org.ndprim.processor.model.Carrier;
import org.ndprim.processor.model.ScalarModel;
import org.ndprim.processor.model.Storage;
import org.ndprim.processor.write.Walks.Side;

/**
 * {@code astype}: every type reads its elements into its carrier ({@link ScalarModel#carrier()}:
 * {@code long}, unsigned {@code long}, {@code double} or complex parts) and hands blocks of them
 * to the runtime's {@code CastWriter} for the target type, which converts each carrier value once
 * ({@link ScalarModel#fromCarrier}) into a new array. N types need 4N conversions, not N squared,
 * and a cast allocates its result and one block.
 */
final class Casts {
  private Casts() {}

  /**
   * The public static factories of {@code <name>NdArray}, one per carrier ({@code fromLongs},
   * {@code fromUnsignedLongs}, {@code fromDoubles}, {@code fromComplex}), and the private block
   * conversions behind them, which the {@code TYPE} constant hands to the runtime.
   */
  static List<MethodSpec> declarations(ScalarModel model) {
    List<MethodSpec> out = new ArrayList<>();
    for (Carrier carrier : Carrier.values()) {
      out.add(factory(model, carrier));
    }
    for (Carrier carrier : Carrier.values()) {
      out.add(block(model, carrier));
    }
    return out;
  }

  /**
   * Returns the trailing arguments of the {@code TYPE} constant's constructor call: the block
   * conversions {@code <name>NdArray::castLongs, ...}, so that any type's {@code astype} can make
   * arrays of this one.
   */
  static CodeBlock typeConstantCasts(ScalarModel model) {
    CodeBlock.Builder b = CodeBlock.builder();
    Carrier[] carriers = Carrier.values();
    for (int i = 0; i < carriers.length; i++) {
      b.add(i == 0 ? "$T::$N" : ",$W$T::$N", model.arrayInterface(), blockName(carriers[i]));
    }
    return b.add(",$W$L", model.takesSmallIntegersAsDoubles()).build();
  }

  private static String blockName(Carrier carrier) {
    return "cast" + carrier.writerMethod().substring("put".length());
  }

  /** {@code astype} over {@code storage}: one pass, blocks of carrier values to the writer. */
  static List<MethodSpec> implementations(ScalarModel model, Storage storage) {
    Carrier carrier = model.carrier();
    if (model.isSmallInteger()) {
      // Into float64 (and the other targets that take doubles) one int-to-double loop, which
      // C2 vectorises, rather than int-to-long here and long-to-double in the target.
      List<MethodSpec> out = new ArrayList<>(astype(walk(model, storage, "castRun"), carrier,
          true));
      out.add(astypeAsDoubles(walk(model, storage, "castRunAsDoubles")));
      out.add(astypeAsFloats(walk(model, storage, "castRunAsFloats")));
      out.add(castRun(model, storage, carrier, "castRun"));
      out.add(castRun(model, storage, Carrier.DOUBLE, "castRunAsDoubles"));
      out.add(castRunAsFloats(model, storage));
      return out;
    }
    List<MethodSpec> out = new ArrayList<>(astype(walk(model, storage, "castRun"), carrier,
        false));
    out.add(castRun(model, storage, carrier, "castRun"));
    return out;
  }

  /** A generic helper {@code <A extends NdArray> name(CastWriter<A> w)} returning the writer's result. */
  private static MethodSpec.Builder castHelper(String name, String javadoc) {
    TypeVariableName a = TypeVariableName.get("A", ND_ARRAY);
    return Members.helper(name, ParameterizedTypeName.get(CAST_WRITER, a))
        .addTypeVariable(a)
        .addJavadoc(javadoc)
        .addParameter(ParameterizedTypeName.get(CAST_WRITER, a), "w");
  }

  /** {@code castAsDoubles(w)}: a small integer type's {@code astype} handing doubles over. */
  private static MethodSpec astypeAsDoubles(CodeBlock walk) {
    return castHelper("castAsDoubles", "{@code astype} into a type that takes integers as"
            + " doubles, exact for values of at most 32 bits.\n")
        .addStatement("double[] block = w.doublesBlock()")
        .addStatement("int filled = 0")
        .addCode(walk)
        .addStatement("return w.putDoubles(block, filled)")
        .build();
  }

  /**
   * {@code castAsFloats(w)}: a small integer type's {@code astype} into {@code float32}, each
   * value written once, as {@code (float)}, into the target's own array (one pass, where the
   * doubles' path makes two: int to double, then double to float).
   */
  private static MethodSpec astypeAsFloats(CodeBlock walk) {
    return castHelper("castAsFloats", "{@code astype} into {@code float32} in a Java array:"
            + " Java's {@code (float)} of an integer of at most\n32 bits is NumPy's rounding.\n")
        .addStatement("float[] block = w.floatsTarget()")
        .addStatement("int start = w.floatsStart(size())")
        .addStatement("int filled = start")
        .addCode(walk)
        .addStatement("return w.putFloats(filled - start)")
        .build();
  }

  /**
   * {@code castRunAsFloats}: a segment's {@code n} elements at {@code at, at + st, ...} written
   * as {@code float} into {@code block} from {@code filled} (the target itself); returns the new
   * fill. ({@code w} is unused: the walk passes it to every cast helper.) A source over a Java
   * array with unit-stride rows (one run, or rows of at least 16) of a type with a run cast
   * never comes here: the runtime casts it by that ({@code StridedNdArray.castAll},
   * {@code LoopsWriter}'s {@code castRun}, where uint8's lanes are).
   */
  private static MethodSpec castRunAsFloats(ScalarModel model, Storage storage) {
    TypeVariableName a = TypeVariableName.get("A", ND_ARRAY);
    MethodSpec.Builder m = Members.helper("castRunAsFloats", TypeName.INT)
        .addTypeVariable(a)
        .addJavadoc("Writes the {@code n} elements at {@code at, at + st, ...} of a segment as"
            + " {@code float}s into\n{@code block} from {@code filled}; returns the new fill.\n")
        .addParameter(ParameterizedTypeName.get(CAST_WRITER, a), "w")
        .addParameter(ArrayTypeName.of(TypeName.FLOAT), "block")
        .addParameter(TypeName.INT, "filled");
    storage.segmentParameter(model).ifPresent(m::addParameter);
    m.addParameter(TypeName.INT, "at")
        .addParameter(TypeName.INT, "st")
        .addParameter(TypeName.LONG, "n");
    java.util.function.Function<String, CodeBlock> x = index -> CodeBlock.of("(float) $L",
        Walks.helperElement(model, storage, CodeBlock.of(index)).value());
    // the target is one Java float[] holding the whole cast (checked by floatsStart), so n fits
    m.addStatement("int take = $T.toIntExact(n)", Math.class);
    return m.addCode(fillLoops(x))
        .addStatement("return filled + take")
        .build();
  }

  /**
   * {@code block[filled + q] = x(at + q * st)} for {@code q < take}: a unit-stride loop (one
   * index, which C2 vectorises where it can) and a strided one.
   */
  private static CodeBlock fillLoops(java.util.function.Function<String, CodeBlock> x) {
    return CodeBlock.builder()
        .beginControlFlow("if (st == 1)")
        .beginControlFlow("for (int q = 0; q < take; q++)")
        .addStatement("block[filled + q] = $L", x.apply("at + q"))
        .endControlFlow()
        .nextControlFlow("else")
        .beginControlFlow("for (int q = 0; q < take; q++)")
        .addStatement("block[filled + q] = $L", x.apply("at + q * st"))
        .endControlFlow()
        .endControlFlow()
        .build();
  }

  private static CodeBlock walk(ScalarModel model, Storage storage, String helper) {
    return Walks.forEachSegment(List.of(Side.self(model, storage)),
        (segs, count) -> CodeBlock.of("filled = $N(w, block, filled, $L$L, $L, $L);\n", helper,
            segs.get(0).helperArguments(), segs.get(0).index(), segs.get(0).stride(),
            count.expr()));
  }

  /**
   * {@code castRun}: a segment's elements' carrier values appended to {@code block} in stretches
   * as long as the block has room, each a tight loop of its own (a unit-stride one for contiguous
   * data, which C2 vectorises), full blocks handed to the writer.
   */
  private static MethodSpec castRun(ScalarModel model, Storage storage, Carrier carrier,
      String name) {
    TypeVariableName a = TypeVariableName.get("A", ND_ARRAY);
    MethodSpec.Builder m = Members.helper(name, TypeName.INT)
        .addTypeVariable(a)
        .addJavadoc("Appends the carrier values of {@code n} elements at {@code at, at + st, ...}"
            + " of a segment to\n{@code block} from {@code filled}, handing full blocks to"
            + " {@code w}; returns the new fill.\n")
        .addParameter(ParameterizedTypeName.get(CAST_WRITER, a), "w")
        .addParameter(ArrayTypeName.of(carrier.type()), "block")
        .addParameter(TypeName.INT, "filled");
    storage.segmentParameter(model).ifPresent(m::addParameter);
    m.addParameter(TypeName.INT, "at")
        .addParameter(TypeName.INT, "st")
        .addParameter(TypeName.LONG, "n");
    // A small integer's logical value widens to a double[] element as it is (int to double).
    java.util.function.Function<String, CodeBlock> x = index -> carrier == model.carrier()
        ? model.toCarrier(Walks.helperElement(model, storage, CodeBlock.of(index)).value())
        : Walks.helperElement(model, storage, CodeBlock.of(index)).value();
    return m.addStatement("long left = n")
        .beginControlFlow("while (left > 0)")
        .addStatement("int take = (int) Math.min(left, block.length - filled)")
        .addCode(fillLoops(x))
        .addStatement("at += take * st")
        .addStatement("filled += take")
        .addStatement("left -= take")
        .beginControlFlow("if (filled == block.length)")
        .addStatement("w.$N(block, filled)", carrier.writerMethod())
        .addStatement("filled = 0")
        .endControlFlow()
        .endControlFlow()
        .addStatement("return filled")
        .build();
  }

  /**
   * The body of an {@code astype} walk for one element: appends its carrier values (one, or the
   * real and imaginary parts) to {@code block} at {@code filled}, and hands a full block to the writer
   * {@code w}.
   */
  static CodeBlock append(Carrier carrier, CodeBlock... values) {
    CodeBlock.Builder b = CodeBlock.builder();
    for (CodeBlock v : values) {
      b.addStatement("block[filled++] = $L", v);
    }
    return b.beginControlFlow("if (filled == block.length)")
        .addStatement("w.$N(block, $L)", carrier.writerMethod(), elements(carrier))
        .addStatement("filled = 0")
        .endControlFlow()
        .build();
  }

  /** The element count of the {@code filled} values in a block. */
  private static String elements(Carrier carrier) {
    return carrier.valuesPerElement() == 1 ? "filled" : "filled / " + carrier.valuesPerElement();
  }

  /**
   * The {@code astype} method around a walk that appends each element's carrier values to
   * {@code block} at {@code filled} and flushes full blocks to the writer {@code w}; a cast to
   * the array's own type is {@code copy()}, bit for bit as NumPy's.
   */
  static List<MethodSpec> astype(CodeBlock walk, Carrier carrier, boolean asDoublesHelper) {
    TypeVariableName a = TypeVariableName.get("A", ND_ARRAY);
    MethodSpec astype = override("astype", a)
        .addTypeVariable(a)
        .addParameter(ParameterizedTypeName.get(SCALAR_TYPE, a), "type")
        .addStatement(requireNonNull("type"))
        .beginControlFlow("if (type == TYPE)")
        .addComment("To its own type NumPy copies the elements bit for bit (NaN payloads, signalling")
        .addComment("NaNs); the carrier would quiet or canonicalise them.")
        .addStatement("return type.arrayType().cast(copy())")
        .endControlFlow()
        .addStatement("return castInParts(type)")
        .build();
    CodeBlock asDoubles = !asDoublesHelper ? CodeBlock.of("") : CodeBlock.builder()
        .beginControlFlow("if (w.takesFloats())")
        .addStatement("return castAsFloats(w)")
        .endControlFlow()
        .beginControlFlow("if (w.type().takesSmallIntegersAsDoubles())")
        .addStatement("return castAsDoubles(w)")
        .endControlFlow()
        .build();
    MethodSpec castInto = MethodSpec.methodBuilder("castInto")
        .addAnnotation(Override.class)
        .addModifiers(Modifier.PROTECTED)
        .addTypeVariable(a)
        .returns(ParameterizedTypeName.get(CAST_WRITER, a))
        .addParameter(ParameterizedTypeName.get(CAST_WRITER, a), "w")
        .addCode(asDoubles)
        .addStatement("$T[] block = w.$N()", carrier.type(), carrier == Carrier.DOUBLE
            ? "doublesBlock" : carrier == Carrier.COMPLEX ? "partsBlock" : "longsBlock")
        .addStatement("int filled = 0")
        .addCode(walk)
        .addStatement("return w.$N(block, $L)", carrier.writerMethod(), elements(carrier))
        .build();
    return List.of(astype, castInto);
  }

  private static MethodSpec factory(ScalarModel model, Carrier carrier) {
    boolean parts = carrier.valuesPerElement() == 2;
    String param = parts ? "parts" : "values";
    return MethodSpec.methodBuilder(carrier.factory())
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .returns(model.arrayInterface())
        .addJavadoc("Returns a new C-order array holding {@code $N} cast to this type as NumPy's"
            + "\n{@code astype} casts {@code $L} to it: $L.\nThe target of every {@code astype}"
            + " to this type, through {@link #TYPE}.\n\n", param, carrier.numpy(),
            castDoc(model, carrier))
        .addJavadoc("@param shape the shape\n")
        .addJavadoc(parts
            ? "@param parts real and imaginary parts interleaved, {@code 2 * shape.size()} of"
                + " them\n"
            : "@param values the elements in C order; exactly {@code shape.size()} of them\n")
        .addJavadoc("@return a new array with its own storage\n")
        .addJavadoc("@throws IllegalArgumentException if {@code $N.length} does not fit"
            + " {@code shape}\n", param)
        .addParameter(SHAPE, "shape")
        .addParameter(ArrayTypeName.of(carrier.type()), param)
        .varargs()
        .addStatement("return TYPE.$N(shape, $N)", carrier.factory(), param)
        .build();
  }

  /**
   * {@code private static void castLongs(XNdArray flat, long start, long[] values, int count)}:
   * converts a block into storage values and copies them into the elements
   * {@code [start, start + count)} of the rank-1 array {@code flat}.
   */
  private static MethodSpec block(ScalarModel model, Carrier carrier) {
    MethodSpec.Builder m = MethodSpec.methodBuilder(blockName(carrier))
        .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
        .addJavadoc("Casts {@code count} {@code $L} values (the runtime's {@code CastWriter}"
            + " hands them over) into\nelements {@code [start, start + count)} of {@code flat},"
            + " a new rank-1 array: $L.\n", carrier.numpy(), castDoc(model, carrier))
        .addParameter(model.arrayInterface(), "flat")
        .addParameter(TypeName.LONG, "start")
        .addParameter(ArrayTypeName.of(carrier.type()), "values")
        .addParameter(TypeName.INT, "count");
    if (model.isComplex()) {
      return m.addStatement("$T storage = $L", model.storageArray(),
              Storage.ARRAY.allocate(model, CodeBlock.of("2 * count")).orElseThrow())
          .addCode(convert(model, carrier, CodeBlock.of("storage"), "0"))
          .addStatement("flat.subarray(start, start + count).copyFrom(wrap($T.of(count),"
              + " storage))", SHAPE)
          .build();
    }
    ClassName arrays = model.implementation(Storage.ARRAY);
    // The result of a cast is a new C-order array: over a Java array (offset 0, stride 1)
    // unless it holds more elements than one, so the values go straight into its storage.
    return m.beginControlFlow("if (flat instanceof $T a && a.layout().offset() == 0"
            + " && a.isContiguous())", arrays)
        .addStatement("int base = (int) start")
        .addCode(convert(model, carrier, Storage.ARRAY.segmentOf("a", CodeBlock.of("base")),
            "base"))
        .addStatement("return")
        .endControlFlow()
        .addStatement("$T storage = $L", model.storageArray(),
            Storage.ARRAY.allocate(model, CodeBlock.of("count")).orElseThrow())
        .addCode(convert(model, carrier, CodeBlock.of("storage"), "0"))
        .addStatement("flat.subarray(start, start + count).copyFrom(wrap($T.of(count), storage))",
            SHAPE)
        .build();
  }

  /** The loop converting {@code values[0..count)} into {@code storage[base..]}. */
  private static CodeBlock convert(ScalarModel model, Carrier carrier, CodeBlock storage,
      String base) {
    boolean complexSource = carrier == Carrier.COMPLEX;
    CodeBlock value = CodeBlock.of(complexSource ? "values[2 * i]" : "values[i]");
    CodeBlock imag = complexSource ? CodeBlock.of("values[2 * i + 1]") : null;
    CodeBlock.Builder b = CodeBlock.builder()
        .beginControlFlow("for (int i = 0; i < count; i++)");
    String at = base.equals("0") ? "i" : base + " + i";
    if (model.isComplex()) {
      b.add(Storage.ARRAY.store(model, storage, CodeBlock.of("2 * i"),
              model.partFromCarrier(complexSource ? Carrier.DOUBLE : carrier, value)))
          .add(Storage.ARRAY.store(model, storage, CodeBlock.of("2 * i + 1"), complexSource
              ? model.partFromCarrier(Carrier.DOUBLE, imag) : model.storageZero()));
    } else {
      b.add(Storage.ARRAY.store(model, storage, CodeBlock.of(at),
          model.toStorage(model.fromCarrier(carrier, value, imag))));
    }
    return b.endControlFlow().build();
  }

  /** Javadoc: how a carrier value becomes a value of this type. */
  private static String castDoc(ScalarModel model, Carrier carrier) {
    if (model.isComplex()) {
      return carrier == Carrier.COMPLEX
          ? "each part is rounded to {@code " + model.storageType() + "} once"
          : "the value, rounded to {@code " + model.storageType() + "} once, is the real part;"
              + " the imaginary part is 0";
    }
    CodeBlock v = CodeBlock.of("v");
    String code = model.fromCarrier(carrier, v, CodeBlock.of("im")).toString();
    String text = carrier == Carrier.COMPLEX
        ? "of each value {@code v + im j}, {@code " + code + "}"
        : "each value {@code v} becomes {@code " + code + "}";
    if (model.converts()) {
      text += ",\nthen stored with {@code " + model.specSourceName() + ".toStorage}";
    }
    return text;
  }
}
