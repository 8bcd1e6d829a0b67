package org.ndprim.processor.read;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Reads one annotated class into a {@link ScalarSpec}: the only stage that looks at
 * {@code javax.lang.model}. It judges nothing; {@code validate} does.
 */
public final class SpecReader {
  /** Qualified name of the spec annotation; the processor never loads the runtime class. */
  public static final String ANNOTATION = "org.ndprim.NdScalar";

  /** Qualified name of the annotation on a spec's own ufunc methods. */
  public static final String UFUNC_ANNOTATION = "org.ndprim.NdScalar.Ufunc";

  /** Names of the methods a spec class may declare to customise its type. */
  public static final Set<String> OPERATION_NAMES =
      Set.of("toLogical", "toStorage", "fromLong", "fromDouble", "compare", "equal", "hash",
          "format");

  private final Elements elements;
  private final Types types;

  /**
   * Creates a reader.
   *
   * @param elements javac's element utilities
   * @param types javac's type utilities
   */
  public SpecReader(Elements elements, Types types) {
    this.elements = elements;
    this.types = types;
  }

  /**
   * Reads the spec on {@code type}.
   *
   * @param type a type annotated with {@code @org.ndprim.NdScalar}
   * @return the spec
   * @throws IllegalArgumentException if the annotation is not on {@code type}
   */
  public ScalarSpec read(TypeElement type) {
    AnnotationMirror mirror = findAnnotation(type);
    Map<? extends ExecutableElement, ? extends AnnotationValue> explicit = mirror.getElementValues();
    Map<? extends ExecutableElement, ? extends AnnotationValue> all =
        elements.getElementValuesWithDefaults(mirror);
    List<String> simpleNames = new ArrayList<>();
    boolean inner = type.getNestingKind().isNested()
        && type.getKind() == ElementKind.CLASS
        && !type.getModifiers().contains(Modifier.STATIC);
    boolean isPrivate = false;
    for (Element e = type; e instanceof TypeElement t; e = e.getEnclosingElement()) {
      simpleNames.add(0, t.getSimpleName().toString());
      isPrivate |= t.getModifiers().contains(Modifier.PRIVATE);
    }
    String packageName = elements.getPackageOf(type).getQualifiedName().toString();
    return new ScalarSpec(
        packageName,
        simpleNames,
        classKind(type),
        inner,
        isPrivate,
        attribute(type, mirror, explicit, all, "name", String.class),
        typeAttribute(type, mirror, explicit, all, "storage"),
        typeAttribute(type, mirror, explicit, all, "logical"),
        attribute(type, mirror, explicit, all, "dtype", String.class),
        attribute(type, mirror, explicit, all, "slots", Integer.class),
        operations(type),
        Site.of(type),
        new Site(type, mirror, null),
        ufuncs(type));
  }

  private static AnnotationMirror findAnnotation(TypeElement type) {
    for (AnnotationMirror m : type.getAnnotationMirrors()) {
      Element annotationType = m.getAnnotationType().asElement();
      if (annotationType instanceof TypeElement t && t.getQualifiedName().contentEquals(ANNOTATION)) {
        return m;
      }
    }
    throw new IllegalArgumentException(type + " is not annotated with @" + ANNOTATION);
  }

  private static ScalarSpec.ClassKind classKind(TypeElement type) {
    switch (type.getKind()) {
      case INTERFACE:
        return ScalarSpec.ClassKind.INTERFACE;
      case ENUM:
        return ScalarSpec.ClassKind.ENUM;
      case ANNOTATION_TYPE:
        return ScalarSpec.ClassKind.ANNOTATION;
      case RECORD:
        return ScalarSpec.ClassKind.RECORD;
      default:
        return ScalarSpec.ClassKind.CLASS;
    }
  }

  private static ExecutableElement member(
      Map<? extends ExecutableElement, ? extends AnnotationValue> values, String name) {
    for (ExecutableElement key : values.keySet()) {
      if (key.getSimpleName().contentEquals(name)) {
        return key;
      }
    }
    return null;
  }

  private static Site site(
      TypeElement type,
      AnnotationMirror mirror,
      Map<? extends ExecutableElement, ? extends AnnotationValue> explicit,
      String name) {
    ExecutableElement key = member(explicit, name);
    return new Site(type, mirror, key == null ? null : explicit.get(key));
  }

  private static <T> Attribute<T> attribute(
      TypeElement type,
      AnnotationMirror mirror,
      Map<? extends ExecutableElement, ? extends AnnotationValue> explicit,
      Map<? extends ExecutableElement, ? extends AnnotationValue> all,
      String name,
      Class<T> valueClass) {
    ExecutableElement key = member(all, name);
    AnnotationValue annotationValue = key == null ? null : all.get(key);
    Object value = annotationValue == null || erroneous(annotationValue)
        ? null : annotationValue.getValue();
    T typed = valueClass.isInstance(value) ? valueClass.cast(value) : null;
    return new Attribute<>(typed, site(type, mirror, explicit, name));
  }

  /**
   * Whether javac could not evaluate the value (an unresolved constant): javac hands such a value
   * to processors as the string {@code "<error>"}, which must not be judged as the user's text.
   */
  private static boolean erroneous(AnnotationValue value) {
    return "<error>".equals(value.getValue()) && value.getClass().getName().endsWith("Error");
  }

  private Attribute<TypeRef> typeAttribute(
      TypeElement type,
      AnnotationMirror mirror,
      Map<? extends ExecutableElement, ? extends AnnotationValue> explicit,
      Map<? extends ExecutableElement, ? extends AnnotationValue> all,
      String name) {
    ExecutableElement key = member(all, name);
    Object value = key == null ? null : all.get(key).getValue();
    TypeRef ref = value instanceof TypeMirror t ? typeRef(t) : null;
    return new Attribute<>(ref, site(type, mirror, explicit, name));
  }

  private TypeRef typeRef(TypeMirror type) {
    TypeKind kind = type.getKind();
    if (kind.isPrimitive()) {
      return new TypeRef(type.toString(), TypeRef.Kind.PRIMITIVE);
    }
    if (kind == TypeKind.VOID) {
      return new TypeRef("void", TypeRef.Kind.VOID);
    }
    if (kind == TypeKind.ERROR) {
      return new TypeRef(type.toString(), TypeRef.Kind.ERROR);
    }
    return new TypeRef(types.erasure(type).toString(), TypeRef.Kind.REFERENCE);
  }

  private List<OperationMethod> operations(TypeElement type) {
    List<OperationMethod> result = new ArrayList<>();
    for (ExecutableElement method : ElementFilter.methodsIn(type.getEnclosedElements())) {
      if (OPERATION_NAMES.contains(method.getSimpleName().toString())) {
        result.add(operation(method));
      }
    }
    return result;
  }

  private OperationMethod operation(ExecutableElement method) {
    List<TypeRef> parameters = new ArrayList<>();
    for (VariableElement p : method.getParameters()) {
      parameters.add(typeRef(p.asType()));
    }
    return new OperationMethod(
        method.getSimpleName().toString(),
        parameters,
        typeRef(method.getReturnType()),
        method.getModifiers().contains(Modifier.STATIC),
        method.getModifiers().contains(Modifier.PRIVATE),
        !method.getTypeParameters().isEmpty(),
        checkedExceptions(method),
        Site.of(method));
  }

  /** The methods annotated {@code @NdScalar.Ufunc}, with the ufunc each names. */
  private List<UfuncMethod> ufuncs(TypeElement type) {
    List<UfuncMethod> result = new ArrayList<>();
    for (ExecutableElement method : ElementFilter.methodsIn(type.getEnclosedElements())) {
      for (AnnotationMirror m : method.getAnnotationMirrors()) {
        Element annotationType = m.getAnnotationType().asElement();
        if (!(annotationType instanceof TypeElement t)
            || !t.getQualifiedName().contentEquals(UFUNC_ANNOTATION)) {
          continue;
        }
        AnnotationValue value = null;
        for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> e
            : m.getElementValues().entrySet()) {
          if (e.getKey().getSimpleName().contentEquals("value")) {
            value = e.getValue();
          }
        }
        String ufunc = value == null || erroneous(value) || !(value.getValue() instanceof String s)
            ? null : s;
        result.add(new UfuncMethod(ufunc, new Site(method, m, value), operation(method)));
      }
    }
    return result;
  }

  private List<String> checkedExceptions(ExecutableElement method) {
    TypeMirror runtime = typeOf("java.lang.RuntimeException");
    TypeMirror error = typeOf("java.lang.Error");
    List<String> checked = new ArrayList<>();
    for (TypeMirror thrown : method.getThrownTypes()) {
      boolean unchecked = thrown.getKind() == TypeKind.ERROR
          || (runtime != null && types.isSubtype(thrown, runtime))
          || (error != null && types.isSubtype(thrown, error));
      if (!unchecked) {
        checked.add(thrown.toString());
      }
    }
    return checked;
  }

  private TypeMirror typeOf(String qualifiedName) {
    TypeElement t = elements.getTypeElement(qualifiedName);
    return t == null ? null : t.asType();
  }
}
