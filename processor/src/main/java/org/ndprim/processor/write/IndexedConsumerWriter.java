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
        .addType(ofRank(model, 2))
        .addType(ofRank(model, 3))
        .build();
  }

  /** The name of the nested per-rank consumer, {@code Of2} or {@code Of3}. */
  static String rankName(int rank) {
    return "Of" + rank;
  }

  /** The coordinate parameter names of a per-rank consumer. */
  static final java.util.List<String> AXES = java.util.List.of("i", "j", "k");

  /**
   * {@code Of<rank>}: the action of {@code forEachIndexed} for arrays of rank 2 or 3, with the
   * coordinates as parameters, so a walk allocates nothing at all. (No rank 1: a two-parameter
   * lambda {@code (c, v) -> ...} would then be ambiguous with the {@code (coords, value)} form.)
   */
  private static TypeSpec ofRank(ScalarModel model, int rank) {
    com.palantir.javapoet.MethodSpec.Builder accept =
        com.palantir.javapoet.MethodSpec.methodBuilder("accept")
            .addModifiers(javax.lang.model.element.Modifier.PUBLIC,
                javax.lang.model.element.Modifier.ABSTRACT)
            .addJavadoc("Performs this action on one element.\n\n");
    for (int a = 0; a < rank; a++) {
      accept.addParameter(TypeName.LONG, AXES.get(a))
          .addJavadoc("@param $L the coordinate on axis $L\n", AXES.get(a), a);
    }
    accept.addParameter(model.logicalType(), "value").addJavadoc("@param value the element\n");
    return TypeSpec.interfaceBuilder(rankName(rank))
        .addModifiers(javax.lang.model.element.Modifier.PUBLIC,
            javax.lang.model.element.Modifier.STATIC)
        .addAnnotation(FunctionalInterface.class)
        .addJavadoc("An action on the $L coordinates and the value of one element of a rank-$L\n"
            + "{@link $T}: what {@code forEachIndexed} calls without any array per call.\n",
            rank, rank, model.arrayInterface())
        .addMethod(accept.build())
        .build();
  }
}
