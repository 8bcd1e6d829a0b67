package org.ndprim.processor.write;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import org.ndprim.processor.model.FunctionKind;
import org.ndprim.processor.model.ScalarModel;

/**
 * Writes {@code <name>IndexedConsumer}: an action on the coordinates and the value of one
 * element, what {@code forEachIndexed} calls. Generated for every type (the JDK has no
 * counterpart). Pure: no javac state.
 */
public final class IndexedConsumerWriter {
  private static final FunctionKind KIND = FunctionKind.INDEXED_CONSUMER;

  private IndexedConsumerWriter() {}

  /**
   * Writes the interface.
   *
   * @param model the scalar type
   * @return the interface
   */
  public static TypeSpec write(ScalarModel model) {
    TypeName x = model.logicalType();
    return FunctionalWriters.builder(model, KIND, CodeBlock.of("An action on the coordinates and"
            + " the value of one element of a\n{@link $T} (what {@code forEachIndexed} calls).\n"
            + "\n<p>The coordinates array is reused from one call to the next, so that a walk"
            + " allocates nothing\nper element: read it during the call, do not modify it, and"
            + " copy it ({@code coords.clone()})\nto keep it.\n", model.arrayInterface()))
        .addMethod(FunctionalWriters.abstractMethod(model, KIND)
            .returns(TypeName.VOID)
            .addParameter(long[].class, "coords")
            .addParameter(x, "value")
            .addJavadoc("Performs this action on one element.\n\n"
                + "@param coords the element's coordinates, one per axis (empty for rank 0);"
                + " reused by the\n    caller for the next element\n"
                + "@param value the element\n")
            .build())
        .build();
  }
}
