package org.ndprim.processor.write;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import javax.lang.model.element.Modifier;
import org.ndprim.processor.model.FunctionKind;
import org.ndprim.processor.model.ScalarModel;

/**
 * Writes {@code <name>Predicate}, as {@code java.util.function.IntPredicate}. Pure: no javac
 * state.
 */
public final class PredicateWriter {
  private static final FunctionKind KIND = FunctionKind.PREDICATE;

  private PredicateWriter() {}

  /**
   * Writes the interface.
   *
   * @param model the scalar type
   * @return the interface
   */
  public static TypeSpec write(ScalarModel model) {
    TypeName x = model.logicalType();
    return FunctionalWriters.builder(model, KIND, CodeBlock.of("A condition on one of the $L,\n"
            + "the {@code $L} specialisation of {@link java.util.function.Predicate}.\n",
            FunctionalWriters.values(model), x))
        .addMethod(FunctionalWriters.abstractMethod(model, KIND)
            .returns(TypeName.BOOLEAN)
            .addParameter(x, "value")
            .addJavadoc("Evaluates this predicate.\n\n@param value the value\n"
                + "@return whether {@code value} satisfies it\n")
            .build())
        .addMethod(FunctionalWriters.combinator(model, KIND, "and", "other")
            .addJavadoc("Returns the short-circuiting logical AND of this predicate and"
                + " {@code other}.\n\n@param other the predicate evaluated second\n"
                + "@return the combined predicate\n"
                + "@throws NullPointerException if {@code other} is null\n")
            .addStatement("return value -> test(value) && other.test(value)")
            .build())
        .addMethod(FunctionalWriters.combinator(model, KIND, "or", "other")
            .addJavadoc("Returns the short-circuiting logical OR of this predicate and"
                + " {@code other}.\n\n@param other the predicate evaluated second\n"
                + "@return the combined predicate\n"
                + "@throws NullPointerException if {@code other} is null\n")
            .addStatement("return value -> test(value) || other.test(value)")
            .build())
        .addMethod(MethodSpec.methodBuilder("negate")
            .addModifiers(Modifier.PUBLIC,
                Modifier.DEFAULT)
            .returns(model.function(KIND).type())
            .addJavadoc("Returns the logical negation of this predicate.\n\n"
                + "@return the negated predicate\n")
            .addStatement("return value -> !test(value)")
            .build())
        .build();
  }
}
