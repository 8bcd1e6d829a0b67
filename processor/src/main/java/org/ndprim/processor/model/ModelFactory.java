package org.ndprim.processor.model;

import com.palantir.javapoet.ClassName;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.ndprim.processor.read.OperationMethod;
import org.ndprim.processor.read.ScalarSpec;
import org.ndprim.processor.read.TypeRef;
import org.ndprim.processor.read.UfuncMethod;

/** Turns a spec that passed validation into its {@link ScalarModel}. */
public final class ModelFactory {
  private ModelFactory() {}

  /**
   * Builds the model of a valid spec.
   *
   * @param spec a spec that validation accepted
   * @return its model
   * @throws IllegalArgumentException if the spec was not valid (a bug in the caller)
   */
  public static ScalarModel build(ScalarSpec spec) {
    Primitive storage = primitive(spec.storage().value());
    TypeRef logicalRef = spec.logical().value();
    Primitive logical = logicalRef.kind() == TypeRef.Kind.VOID ? storage : primitive(logicalRef);
    Set<Operation> user = EnumSet.noneOf(Operation.class);
    for (OperationMethod m : spec.operations()) {
      Operation.forMethodName(m.name())
          .filter(op -> !op.isConversion() || storage != logical)
          .ifPresent(user::add);
    }
    List<String> names = spec.simpleNames();
    ClassName specClass = ClassName.get(
        spec.packageName(), names.get(0), names.subList(1, names.size()).toArray(new String[0]));
    java.util.Map<String, String> ufuncs = new java.util.LinkedHashMap<>();
    for (UfuncMethod m : spec.ufuncs()) {
      ufuncs.put(m.ufunc(), m.method().name());
    }
    return new ScalarModel(specClass, spec.name().value(), spec.dtype().value(), storage, logical,
        user, spec.slots().value(), ufuncs);
  }

  private static Primitive primitive(TypeRef ref) {
    return Primitive.forKeyword(ref.name())
        .orElseThrow(() -> new IllegalArgumentException("not a primitive: " + ref));
  }
}
