package org.ndprim.storage;

/** What the tests expect of the memory on this JVM: the multi-release jar's JDK 22+ part or not. */
public final class Segments {
  private Segments() {}

  /**
   * {@return whether {@link Chunks} runs its JDK 22+ classes: a JDK 22 or later running the
   * packaged multi-release jar (a JVM running from {@code target/classes} ignores
   * {@code META-INF/versions} and runs the Java 17 ones)}
   */
  public static boolean inUse() {
    String location = Chunks.class.getProtectionDomain().getCodeSource().getLocation().toString();
    return Runtime.version().feature() >= 22 && location.endsWith(".jar");
  }
}
