package org.ndprim.processor.write;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import javax.lang.model.element.Modifier;
import org.ndprim.processor.model.FunctionKind;
import org.ndprim.processor.model.FunctionType;
import org.ndprim.processor.model.ScalarModel;

/**
 * The functional interfaces generated for one scalar type (one small writer per kind) and what
 * they share. Pure: no javac state.
 */
public final class FunctionalWriters {
  private FunctionalWriters() {}

  /**
   * Writes every functional interface the model says ndprim generates, in {@link FunctionKind}
   * order: none of the first four for a logical {@code int}, {@code long} or {@code double}
   * (the JDK's are used), always the indexed consumer.
   *
   * @param model the scalar type
   * @return the interfaces, each its own file
   */
  public static List<TypeSpec> writeAll(ScalarModel model) {
    List<TypeSpec> out = new ArrayList<>();
    for (FunctionType f : model.generatedFunctions()) {
      out.add(write(model, f.kind()));
    }
    return out;
  }

  /**
   * Writes the interface of one kind, whether or not the model would use the JDK's instead.
   *
   * @param model the scalar type
   * @param kind the kind
   * @return the interface
   */
  public static TypeSpec write(ScalarModel model, FunctionKind kind) {
    switch (kind) {
      case UNARY_OPERATOR:
        return UnaryOperatorWriter.write(model);
      case BINARY_OPERATOR:
        return BinaryOperatorWriter.write(model);
      case PREDICATE:
        return PredicateWriter.write(model);
      case CONSUMER:
        return ConsumerWriter.write(model);
      default:
        return IndexedConsumerWriter.write(model);
    }
  }

  /**
   * Starts a public {@code @FunctionalInterface} named as the model says, with the type Javadoc
   * {@code doc} (the emitter adds {@code @Generated} and the origin sentence).
   */
  static TypeSpec.Builder builder(ScalarModel model, FunctionKind kind, CodeBlock doc) {
    return TypeSpec.interfaceBuilder(model.function(kind).type())
        .addModifiers(Modifier.PUBLIC)
        .addAnnotation(FunctionalInterface.class)
        .addJavadoc(doc);
  }

  /** Starts the single abstract method of {@code kind}. */
  static MethodSpec.Builder abstractMethod(ScalarModel model, FunctionKind kind) {
    return MethodSpec.methodBuilder(model.function(kind).method())
        .addModifiers(Modifier.PUBLIC, Modifier.ABSTRACT);
  }

  /** Starts a default method returning the same interface, taking {@code other} (non-null). */
  static MethodSpec.Builder combinator(ScalarModel model, FunctionKind kind, String name,
      String other) {
    return MethodSpec.methodBuilder(name)
        .addModifiers(Modifier.PUBLIC, Modifier.DEFAULT)
        .returns(model.function(kind).type())
        .addParameter(model.function(kind).type(), other)
        .addStatement("$T.requireNonNull($N, $S)", Objects.class, other, other);
  }

  /** {@code {@code float} values of a Float16NdArray}: what the interface operates on. */
  static String values(ScalarModel model) {
    return "{@code " + model.logicalType() + "} values of a {@link " + model.arrayInterface()
        .simpleName() + "}";
  }
}
