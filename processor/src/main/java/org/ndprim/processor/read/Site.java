package org.ndprim.processor.read;

import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;

/**
 * A place in the user's source to attach a diagnostic to. Only diagnostics look inside: the
 * handles are opaque to every stage after {@code read}.
 *
 * @param element the element, never null
 * @param annotation the annotation on it, or null to point at the element
 * @param value the annotation value, or null to point at the annotation (a defaulted value has no
 *     position of its own)
 */
public record Site(Element element, AnnotationMirror annotation, AnnotationValue value) {
  /** A site pointing at an element. */
  public static Site of(Element element) {
    return new Site(element, null, null);
  }
}
