package org.ndprim.processor.read;

/**
 * One attribute of the {@code @NdScalar} annotation.
 *
 * @param value the value, or null when javac could not resolve it (javac then reports it)
 * @param site where it is written, or the annotation when defaulted
 * @param <T> the value type
 */
public record Attribute<T>(T value, Site site) {
  /** Returns whether javac resolved the value. */
  public boolean resolved() {
    return value != null && !(value instanceof TypeRef t && t.kind() == TypeRef.Kind.ERROR);
  }
}
