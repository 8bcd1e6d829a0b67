package org.ndprim.processor.write;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import javax.lang.model.element.Modifier;
import org.ndprim.processor.model.FunctionKind;
import org.ndprim.processor.model.ScalarModel;

/**
 * Writes {@code <name>UnaryOperator}, as {@code java.util.function.IntUnaryOperator}: what
 * {@code map} and {@code mapInPlace} apply. Pure: no javac state.
 */
public final class UnaryOperatorWriter {
  private static final FunctionKind KIND = FunctionKind.UNARY_OPERATOR;

  private UnaryOperatorWriter() {}

  /**
   * Writes the interface.
   *
   * @param model the scalar type
   * @return the interface
   */
  public static TypeSpec write(ScalarModel model) {
    TypeName self = model.function(KIND).type();
    String apply = model.function(KIND).method();
    TypeName x = model.logicalType();
    return FunctionalWriters.builder(model, KIND, CodeBlock.of("An operation on one of the $L producing"
            + " another,\nthe {@code $L} specialisation of"
            + " {@link java.util.function.UnaryOperator}\n(what {@code map} and {@code mapInPlace}"
            + " apply).\n", FunctionalWriters.values(model), x))
        .addMethod(FunctionalWriters.abstractMethod(model, KIND)
            .returns(x)
            .addParameter(x, "operand")
            .addJavadoc("Applies this operator.\n\n@param operand the operand\n"
                + "@return the result\n")
            .build())
        .addMethod(FunctionalWriters.combinator(model, KIND, "compose", "before")
            .addJavadoc("Returns the operator applying {@code before}, then this one.\n\n"
                + "@param before the operator applied first\n@return the composed operator\n"
                + "@throws NullPointerException if {@code before} is null\n")
            .addStatement("return operand -> $N(before.$N(operand))", apply, apply)
            .build())
        .addMethod(FunctionalWriters.combinator(model, KIND, "andThen", "after")
            .addJavadoc("Returns the operator applying this one, then {@code after}.\n\n"
                + "@param after the operator applied second\n@return the composed operator\n"
                + "@throws NullPointerException if {@code after} is null\n")
            .addStatement("return operand -> after.$N($N(operand))", apply, apply)
            .build())
        .addMethod(MethodSpec.methodBuilder("identity")
            .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
            .returns(self)
            .addJavadoc("Returns the operator that returns its operand.\n\n"
                + "@return the identity operator\n")
            .addStatement("return operand -> operand")
            .build())
        .build();
  }
}
