package org.ndprim.processor.write;

import static org.ndprim.processor.write.Members.override;
import static org.ndprim.processor.write.Members.requireNonNull;
import static org.ndprim.processor.write.RuntimeNames.ND_ARRAY;
import static org.ndprim.processor.write.RuntimeNames.SCALAR_TYPE;
import static org.ndprim.processor.write.RuntimeNames.SHAPE;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeVariableName;
import java.util.List;
import javax.lang.model.element.Modifier;
import org.ndprim.processor.model.ScalarModel;
import org.ndprim.processor.model.Storage;
import org.ndprim.processor.write.Walks.Side;

/**
 * {@code astype}: every type reads its elements into the cast carrier ({@code long} or
 * {@code double}, {@link ScalarModel#castCarrier()}) and hands them to the target type's
 * {@code fromLongs} or {@code fromDoubles}, so N types need N casts, not N squared.
 */
final class Casts {
  private Casts() {}

  /** The static cast targets of {@code <name>NdArray}: {@code fromLongs}, {@code fromDoubles}. */
  static List<MethodSpec> declarations(ScalarModel model) {
    return List.of(castFactory(model, "fromLongs", TypeName.LONG, "int64"),
        castFactory(model, "fromDoubles", TypeName.DOUBLE, "float64"));
  }

  /**
   * Returns the trailing arguments of the {@code TYPE} constant's constructor call: the cast
   * targets {@code <name>NdArray::fromLongs, <name>NdArray::fromDoubles}, so that any type's
   * {@code astype} can make arrays of this one.
   */
  static CodeBlock typeConstantCasts(ScalarModel model) {
    return CodeBlock.of("$T::fromLongs,$W$T::fromDoubles", model.arrayInterface(),
        model.arrayInterface());
  }

  /** {@code astype} over {@code storage}. */
  static List<MethodSpec> implementations(ScalarModel model, Storage storage) {
    TypeVariableName a = TypeVariableName.get("A", ND_ARRAY);
    TypeName carrier = model.castCarrier();
    return List.of(override("astype", a)
        .addTypeVariable(a)
        .addParameter(ParameterizedTypeName.get(SCALAR_TYPE, a), "type")
        .addStatement(requireNonNull("type"))
        .addStatement("$T[] values = new $T[$L]", carrier, carrier,
            Members.arraySize("astype", CodeBlock.of("size()"), CodeBlock.of("shape()")))
        .addStatement("int w = 0")
        .addCode(Walks.forEachElement(List.of(Side.self(model, storage)),
            e -> CodeBlock.of("values[w++] = $L;\n", model.toCastCarrier(e.get(0).value()))))
        .addStatement("return type.$N(shape(), values)", model.castFactory())
        .build());
  }

  private static MethodSpec castFactory(ScalarModel model, String name, TypeName carrier,
      String numpy) {
    CodeBlock value = CodeBlock.of("values[i]");
    CodeBlock logical = carrier.equals(TypeName.LONG) ? model.fromLong(value)
        : model.fromDouble(value);
    return MethodSpec.methodBuilder(name)
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .returns(model.arrayInterface())
        .addJavadoc("Returns a new C-order array holding {@code values} cast to this type as"
            + " NumPy casts\n{@code $L} to it ({@code astype}): $L.\nThe target of every"
            + " {@code astype} to this type, through {@link #TYPE}.\n\n", numpy,
            castDoc(model, carrier))
        .addJavadoc("@param shape the shape\n")
        .addJavadoc("@param values the elements in C order; exactly {@code shape.size()} of them\n")
        .addJavadoc("@return a new array with its own storage\n")
        .addJavadoc("@throws IllegalArgumentException if {@code values.length} differs from"
            + " {@code shape.size()}\n")
        .addParameter(SHAPE, "shape")
        .addParameter(ArrayTypeName.of(carrier), "values")
        .varargs()
        .beginControlFlow("if (values.length != shape.size())")
        .addStatement("throw new $T(values.length + $S + shape$W+ $S + shape.size())",
            IllegalArgumentException.class, " values do not fit shape ", " of size ")
        .endControlFlow()
        .addStatement("$T[] storage = new $T[values.length]", model.storageType(),
            model.storageType())
        .beginControlFlow("for (int i = 0; i < values.length; i++)")
        .addStatement("storage[i] = $L", model.toStorage(logical))
        .endControlFlow()
        .addStatement("return wrap(shape, storage)")
        .build();
  }

  /** Javadoc: how a long or double becomes a logical value of this type. */
  private static String castDoc(ScalarModel model, TypeName carrier) {
    CodeBlock v = CodeBlock.of("v");
    String code = (carrier.equals(TypeName.LONG) ? model.fromLong(v) : model.fromDouble(v))
        .toString();
    String conversion = "{@code " + code + "}";
    if (model.converts()) {
      conversion += ",\nthen stored with {@code " + model.specSourceName() + ".toStorage}";
    }
    return "each value {@code v} becomes " + conversion;
  }
}
