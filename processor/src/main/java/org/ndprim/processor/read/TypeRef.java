package org.ndprim.processor.read;

/**
 * A type as written in a spec, reduced to what validation needs.
 *
 * @param name the type as Java source spells it: {@code short}, {@code void},
 *     {@code java.lang.String}, {@code short[]}
 * @param kind what sort of type it is
 */
public record TypeRef(String name, Kind kind) {
  /** The sorts of type a spec can mention. */
  public enum Kind {
    /** One of the eight primitive types. */
    PRIMITIVE,
    /** {@code void}. */
    VOID,
    /** A class, interface, array or type variable. */
    REFERENCE,
    /** A type javac could not resolve; javac reports it, ndprim stays silent and generates nothing. */
    ERROR
  }

  /** Returns whether this is the primitive type or reference type spelled {@code name}. */
  public boolean is(String typeName) {
    return kind != Kind.ERROR && name.equals(typeName);
  }

  @Override
  public String toString() {
    return name;
  }
}
