package org.ndprim.processor.read;

import java.util.List;

/**
 * Everything ndprim reads from one {@code @NdScalar} class, as plain data plus {@link Site}
 * handles for diagnostics.
 *
 * @param packageName the package of the annotated class ({@code ""} for the unnamed package)
 * @param simpleNames the class name and its enclosing classes, outermost first
 * @param kind what sort of type is annotated
 * @param innerClass whether it is a nested class that is not static (or nested in one)
 * @param privateClass whether it or an enclosing class is private
 * @param name the {@code name} attribute
 * @param storage the {@code storage} attribute
 * @param logical the {@code logical} attribute ({@code void} when defaulted)
 * @param dtype the {@code dtype} attribute
 * @param slots the {@code slots} attribute (1 when defaulted)
 * @param operations methods named like operations, in declaration order
 * @param element the annotated class
 * @param annotation the annotation on it
 * @param ufuncs methods annotated {@code @NdScalar.Ufunc}, in declaration order
 */
public record ScalarSpec(
    String packageName,
    List<String> simpleNames,
    ClassKind kind,
    boolean innerClass,
    boolean privateClass,
    Attribute<String> name,
    Attribute<TypeRef> storage,
    Attribute<TypeRef> logical,
    Attribute<String> dtype,
    Attribute<Integer> slots,
    List<OperationMethod> operations,
    Site element,
    Site annotation,
    List<UfuncMethod> ufuncs) {

  /** What sort of type carries the annotation. */
  public enum ClassKind {
    /** A class: the only valid kind. */
    CLASS,
    /** An interface. */
    INTERFACE,
    /** An enum. */
    ENUM,
    /** A record. */
    RECORD,
    /** An annotation interface. */
    ANNOTATION;

    /** Returns the word Java uses for this kind, e.g. {@code "annotation interface"}. */
    public String word() {
      return this == ANNOTATION ? "annotation interface" : name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  /** Creates the record with immutable copies of the lists. */
  public ScalarSpec {
    simpleNames = List.copyOf(simpleNames);
    operations = List.copyOf(operations);
    ufuncs = List.copyOf(ufuncs);
  }

  /** Creates the record of a spec that declares no ufuncs. */
  public ScalarSpec(String packageName, List<String> simpleNames, ClassKind kind,
      boolean innerClass, boolean privateClass, Attribute<String> name, Attribute<TypeRef> storage,
      Attribute<TypeRef> logical, Attribute<String> dtype, Attribute<Integer> slots,
      List<OperationMethod> operations, Site element, Site annotation) {
    this(packageName, simpleNames, kind, innerClass, privateClass, name, storage, logical, dtype,
        slots, operations, element, annotation, List.of());
  }

  /** Returns the source name of the spec class: {@code Outer.Inner} or {@code Float16Scalar}. */
  public String className() {
    return String.join(".", simpleNames);
  }

  /** Returns the qualified name of the spec class. */
  public String qualifiedName() {
    return packageName.isEmpty() ? className() : packageName + "." + className();
  }
}
