package org.ndprim.processor.model;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;

/** What the model tests share: a plain model of any primitive and rendering of its code. */
final class ModelTesting {
  private ModelTesting() {}

  /**
   * Renders a code block as generated code would show it, on one line.
   * ({@code CodeBlock.toString()} drops everything after a {@code $W} wrapping point in Palantir
   * JavaPoet 0.22.)
   */
  static String render(CodeBlock code) {
    String method = MethodSpec.methodBuilder("m").addStatement("$L", code).build().toString();
    return method.substring(method.indexOf('{') + 1, method.lastIndexOf(';')).strip()
        .replaceAll("\\s+", " ");
  }

  /** A built-in-like model of {@code p}: logical = storage, default operations. */
  static ScalarModel plain(Primitive p) {
    return ScalarModel.plain(ClassName.get("p", "S"), "X", "|b1", p);
  }
}
