package org.ndprim.processor.write;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import java.util.Objects;
import javax.lang.model.element.Modifier;
import org.ndprim.processor.model.FunctionKind;
import org.ndprim.processor.model.FunctionType;
import org.ndprim.processor.model.Primitive;
import org.ndprim.processor.model.ScalarModel;

/**
 * The small builders every writer part uses: interface declarations, implementation overrides,
 * argument checks, the read-only guard and its Javadoc, functional-interface calls.
 */
final class Members {
  private Members() {}

  /** An abstract interface method. */
  static MethodSpec.Builder declared(String name, TypeName returns) {
    return MethodSpec.methodBuilder(name)
        .addModifiers(Modifier.PUBLIC, Modifier.ABSTRACT)
        .returns(returns);
  }

  /** A public {@code @Override} in an implementation class. */
  static MethodSpec.Builder override(String name, TypeName returns) {
    return MethodSpec.methodBuilder(name)
        .addModifiers(Modifier.PUBLIC)
        .addAnnotation(Override.class)
        .returns(returns);
  }

  /** A private helper method of an implementation class. */
  static MethodSpec.Builder helper(String name, TypeName returns) {
    return MethodSpec.methodBuilder(name)
        .addModifiers(Modifier.PRIVATE)
        .returns(returns);
  }

  /** {@code Objects.requireNonNull(parameter, "parameter")}. */
  static CodeBlock requireNonNull(String parameter) {
    return CodeBlock.of("$T.requireNonNull($N, $S)", Objects.class, parameter, parameter);
  }

  /** The statement every write path of an implementation starts with (the runtime base's guard). */
  static CodeBlock checkWritable() {
    return CodeBlock.of("checkWritable();\n");
  }

  /** Javadoc line for a write method: the read-only exception, thrown before anything is written. */
  static CodeBlock readOnlyThrows(String whose) {
    return CodeBlock.of("@throws $T if $L is read-only (a broadcast or read-only view);\n"
        + "    nothing is written\n", RuntimeNames.READ_ONLY, whose);
  }

  /** The functional interface type of one kind for this model. */
  static ClassName function(ScalarModel model, FunctionKind kind) {
    return model.function(kind).type();
  }

  /** {@code target.applyAsShort(args)}: a call of the functional interface's method. */
  static CodeBlock apply(ScalarModel model, FunctionKind kind, String target, CodeBlock args) {
    FunctionType f = model.function(kind);
    return CodeBlock.of("$N.$N($L)", target, f.method(), args);
  }

  /** {@code new <implementation>(storage, layout, readOnly)}. */
  static CodeBlock newInstance(ClassName implementation, CodeBlock storage, CodeBlock layout,
      CodeBlock readOnly) {
    return CodeBlock.of("new $T($L, $L, $L)", implementation, storage, layout, readOnly);
  }

  /**
   * The {@code @throws} line of every generated method whose result is a new Java array or a new
   * array: refused, as the runtime's {@code arraySize} and {@code ScalarType.zeros} refuse it, with
   * an {@link IllegalArgumentException} (ndprim's one kind of too-big error).
   */
  static final String TOO_BIG_DOC = "@throws IllegalArgumentException if the result would not fit"
      + " one Java array or the heap\n    (the message names the operation and the shape)\n";

  /**
   * The runtime base's {@code arraySize(operation, size, shape, elementBytes)}: the length of a
   * Java array of {@code size} elements of {@code component} made by {@code operation}, or a
   * failure naming the operation, the shape and the limit (a Java array's length, or the maximum
   * heap). For the implementation classes, which inherit it.
   */
  static CodeBlock arraySize(String operation, CodeBlock size, CodeBlock shape,
      TypeName component) {
    return CodeBlock.of("arraySize($S, $L, $L, $L)", operation, size, shape, bytes(component));
  }

  /** The bytes of one element of a Java array of the primitive {@code component}. */
  static int bytes(TypeName component) {
    return Primitive.forKeyword(component.toString())
        .orElseThrow(() -> new IllegalArgumentException("not a primitive: " + component))
        .bytes();
  }

  /** {@link #arraySize} for code outside the implementation classes (the interface). */
  static CodeBlock arraySizeQualified(String operation, CodeBlock size, CodeBlock shape,
      TypeName component) {
    return CodeBlock.of("$T.arraySize($S, $L, $L, $L)", RuntimeNames.STRIDED_ND_ARRAY, operation,
        size, shape, bytes(component));
  }
}
