package org.ndprim.processor.model;

import java.util.Map;
import java.util.Optional;

/**
 * The built-in scalar types of the runtime, {@code org.ndprim.<Name>NdArray}, and their spec
 * classes: a spec elsewhere in package {@code org.ndprim} must not take one of these names, or it
 * would silently replace the built-in. The runtime's build checks that this table and its specs
 * agree.
 */
public final class BuiltIns {
  /** The package of the built-in types. */
  public static final String PACKAGE = "org.ndprim";

  private static final Map<String, String> SPECS = Map.ofEntries(
      Map.entry("Boolean", "BooleanScalar"), Map.entry("Byte", "ByteScalar"),
      Map.entry("Short", "ShortScalar"), Map.entry("Char", "CharScalar"),
      Map.entry("Int", "IntScalar"), Map.entry("Long", "LongScalar"),
      Map.entry("Float", "FloatScalar"), Map.entry("Double", "DoubleScalar"),
      Map.entry("UInt8", "UInt8Scalar"), Map.entry("UInt16", "UInt16Scalar"),
      Map.entry("UInt32", "UInt32Scalar"), Map.entry("UInt64", "UInt64Scalar"),
      Map.entry("Float16", "Float16Scalar"), Map.entry("BFloat16", "BFloat16Scalar"),
      Map.entry("Complex64", "Complex64Scalar"), Map.entry("Complex128", "Complex128Scalar"));

  private BuiltIns() {}

  /** Returns the names of the built-in types, e.g. {@code Int} for {@code IntNdArray}. */
  public static java.util.Set<String> names() {
    return SPECS.keySet();
  }

  /**
   * Returns the qualified spec class of the built-in named {@code name}, if there is one.
   *
   * @param name a spec name, e.g. {@code "Int"}
   * @return e.g. {@code org.ndprim.IntScalar}
   */
  public static Optional<String> specOf(String name) {
    return Optional.ofNullable(SPECS.get(name)).map(simple -> PACKAGE + "." + simple);
  }
}
