package org.ndprim.processor.write;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import org.ndprim.processor.model.FunctionKind;
import org.ndprim.processor.model.ScalarModel;

/**
 * Writes {@code <name>BinaryOperator}, as {@code java.util.function.IntBinaryOperator}: what
 * {@code zip} and {@code zipInPlace} apply. Pure: no javac state.
 */
public final class BinaryOperatorWriter {
  private static final FunctionKind KIND = FunctionKind.BINARY_OPERATOR;

  private BinaryOperatorWriter() {}

  /**
   * Writes the interface.
   *
   * @param model the scalar type
   * @return the interface
   */
  public static TypeSpec write(ScalarModel model) {
    TypeName x = model.logicalType();
    return FunctionalWriters.builder(model, KIND, CodeBlock.of("An operation on two of the $L producing"
            + " a third,\nthe {@code $L} specialisation of"
            + " {@link java.util.function.BinaryOperator}\n(what {@code zip} and"
            + " {@code zipInPlace} apply).\n", FunctionalWriters.values(model), x))
        .addMethod(FunctionalWriters.abstractMethod(model, KIND)
            .returns(x)
            .addParameter(x, "left")
            .addParameter(x, "right")
            .addJavadoc("Applies this operator.\n\n@param left the first operand\n"
                + "@param right the second operand\n@return the result\n")
            .build())
        .build();
  }
}
