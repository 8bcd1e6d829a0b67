package org.ndprim.processor.write;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterSpec;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import java.util.List;
import java.util.Set;
import org.ndprim.processor.emit.Emitter;
import org.ndprim.processor.model.Operation;
import org.ndprim.processor.model.Primitive;
import org.ndprim.processor.model.ScalarModel;

/** The hand-built models and lookups the writer tests share: no javac, no Filer. */
final class WriterTesting {
  static final ScalarModel SHORT = ScalarModel.plain(
      ClassName.get("org.ndprim", "ShortScalar"), "Short", "<i2", Primitive.SHORT);
  static final ScalarModel DOUBLE = ScalarModel.plain(
      ClassName.get("org.ndprim", "DoubleScalar"), "Double", "<f8", Primitive.DOUBLE);
  /** A user type as Float16: {@code short} storage, {@code float} logical, its conversions. */
  static final ScalarModel HALF = new ScalarModel(
      ClassName.get("com.example", "Half"), "Half", "<f2", Primitive.SHORT, Primitive.FLOAT,
      Set.of(Operation.TO_LOGICAL, Operation.TO_STORAGE));

  private WriterTesting() {}

  /** Every method of {@code type} named {@code name}, in declaration order. */
  static List<MethodSpec> methods(TypeSpec type, String name) {
    return type.methodSpecs().stream().filter(m -> m.name().equals(name)).toList();
  }

  /** The method {@code name} with exactly these parameter types; fails if there is none. */
  static MethodSpec method(TypeSpec type, String name, TypeName... params) {
    return type.methodSpecs().stream()
        .filter(m -> m.name().equals(name))
        .filter(m -> m.parameters().stream().map(ParameterSpec::type).toList()
            .equals(List.of(params)))
        .findFirst()
        .orElseThrow(() -> new AssertionError(type.name() + " lacks " + name + List.of(params)));
  }

  /** The source file the processor would write for {@code type}. */
  static String file(ScalarModel model, TypeSpec type) {
    return Emitter.javaFile(model, type).toString();
  }
}
