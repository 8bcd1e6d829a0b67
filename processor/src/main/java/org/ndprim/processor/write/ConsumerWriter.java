package org.ndprim.processor.write;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import org.ndprim.processor.model.FunctionKind;
import org.ndprim.processor.model.ScalarModel;

/**
 * Writes {@code <name>Consumer}, as {@code java.util.function.IntConsumer}: what
 * {@code forEach} calls. Pure: no javac state.
 */
public final class ConsumerWriter {
  private static final FunctionKind KIND = FunctionKind.CONSUMER;

  private ConsumerWriter() {}

  /**
   * Writes the interface.
   *
   * @param model the scalar type
   * @return the interface
   */
  public static TypeSpec write(ScalarModel model) {
    TypeName x = model.logicalType();
    String accept = model.function(KIND).method();
    return FunctionalWriters.builder(model, KIND, CodeBlock.of("An action on one of the $L,\n"
            + "the {@code $L} specialisation of {@link java.util.function.Consumer}\n(what"
            + " {@code forEach} calls).\n", FunctionalWriters.values(model), x))
        .addMethod(FunctionalWriters.abstractMethod(model, KIND)
            .returns(TypeName.VOID)
            .addParameter(x, "value")
            .addJavadoc("Performs this action.\n\n@param value the value\n")
            .build())
        .addMethod(FunctionalWriters.combinator(model, KIND, "andThen", "after")
            .addJavadoc("Returns the action performing this one, then {@code after}.\n\n"
                + "@param after the action performed second\n@return the composed action\n"
                + "@throws NullPointerException if {@code after} is null\n")
            .addCode(CodeBlock.builder()
                .add("return value -> {\n").indent()
                .addStatement("$N(value)", accept)
                .addStatement("after.$N(value)", accept)
                .unindent().add("};\n")
                .build())
            .build())
        .build();
  }
}
