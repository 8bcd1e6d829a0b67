package org.ndprim.cli;

import java.util.Locale;
import java.util.concurrent.Callable;

/** Turns an {@link OutOfMemoryError} into a message saying what was asked and how much heap there is. */
final class Memory {
  private Memory() {}

  /** The heap ran out while doing something the user asked for. */
  static final class Exhausted extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Exhausted(String message) {
      super(message);
    }
  }

  static <T> T guard(String what, Callable<T> work) throws Exception {
    try {
      return work.call();
    } catch (OutOfMemoryError e) {
      throw exhausted(what);
    }
  }

  static Exhausted exhausted(String what) {
    Runtime rt = Runtime.getRuntime();
    return new Exhausted(String.format(Locale.ROOT,
        "out of memory %s: the Java heap (at most %.0f MiB) cannot hold it; run java with a larger -Xmx,"
            + " e.g. java -Xmx%dg -jar ndprim.jar ...", what, rt.maxMemory() / 1048576.0,
        Math.max(2, 2 * (rt.maxMemory() >> 30) + 1)));
  }
}
