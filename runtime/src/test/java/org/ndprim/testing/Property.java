package org.ndprim.testing;

import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Runs a property: {@code tries} times, a fresh {@link Gen} draws an input and a check asserts
 * on it. The tries are deterministic: the base seed is derived from the property's name ({@code
 * Class#method} of the caller) and try {@code t}'s seed from the base seed and {@code t}, so every
 * run checks the same inputs.
 *
 * <p>A failing try is rethrown as an {@link AssertionError} that names the property, the try, its
 * seed and the generated input, with the original failure as its cause. Running the build with
 * {@code -Dndprim.seed=<seed>} (best together with {@code -Dtest=Class#method}) runs exactly that
 * one try of each property instead of all of them.
 *
 * <p>There is no shrinking: the inputs are small by construction and the message shows them whole.
 */
public final class Property {
  /** The system property that replays a single try: its value is the try's seed. */
  public static final String SEED_PROPERTY = "ndprim.seed";

  private Property() {}

  /** Checks {@code check} on {@code tries} inputs drawn by {@code generator}. */
  public static <T> void forAll(int tries, Function<Gen, T> generator, Consumer<? super T> check) {
    forAll(callerName(), tries, generator, check);
  }

  /** As {@link #forAll(int, Function, Consumer)}, with the property's name given. */
  public static <T> void forAll(String name, int tries, Function<Gen, T> generator,
      Consumer<? super T> check) {
    if (tries < 1) {
      throw new IllegalArgumentException("tries must be positive: " + tries);
    }
    Long replay = replaySeed();
    if (replay != null) {
      runTry(name, "the replayed try (-D" + SEED_PROPERTY + ")", replay, generator, check);
      return;
    }
    long base = baseSeed(name);
    for (int t = 0; t < tries; t++) {
      runTry(name, "try " + (t + 1) + " of " + tries, trySeed(base, t), generator, check);
    }
  }

  /** True when {@code -Dndprim.seed} asks for a single try: coverage counts are then moot. */
  public static boolean isReplaying() {
    return replaySeed() != null;
  }

  private static Long replaySeed() {
    String value = System.getProperty(SEED_PROPERTY);
    return value == null || value.isBlank() ? null : Long.parseLong(value.trim());
  }

  /** A stable 64-bit hash of the name (not String.hashCode's 32 bits), mixed. */
  static long baseSeed(String name) {
    long h = 1125899906842597L;
    for (int i = 0; i < name.length(); i++) {
      h = 31 * h + name.charAt(i);
    }
    return mix64(h);
  }

  /** The seed of try {@code t}: SplittableRandom's own way of deriving a stream of seeds. */
  static long trySeed(long base, int t) {
    return mix64(base + (t + 1L) * 0x9E3779B97F4A7C15L);
  }

  private static long mix64(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  private static <T> void runTry(String name, String which, long seed,
      Function<Gen, T> generator, Consumer<? super T> check) {
    T input;
    try {
      input = generator.apply(new Gen(seed));
    } catch (RuntimeException | AssertionError e) {
      throw new AssertionError(header(name, which, seed) + "\n  while generating the input"
          + footer(name, seed, e), e);
    }
    try {
      check.accept(input);
    } catch (RuntimeException | AssertionError e) {
      throw new AssertionError(header(name, which, seed) + "\n  input: " + describeTop(input)
          + footer(name, seed, e), e);
    }
  }

  private static String header(String name, String which, long seed) {
    return "property " + name + " failed at " + which + ", seed " + seed;
  }

  private static String footer(String name, long seed, Throwable e) {
    String cause = String.valueOf(e.getMessage()).strip().replace("\n", "\n    ");
    return "\n  failure: " + e.getClass().getName() + ": " + cause
        + "\n  re-run this try alone: -Dtest='" + name + "' -D" + SEED_PROPERTY + "=" + seed;
  }

  /** A record's components one per line, anything else on one line. */
  private static String describeTop(Object input) {
    if (input != null && input.getClass().isRecord()) {
      StringBuilder sb = new StringBuilder(input.getClass().getSimpleName());
      for (RecordComponent c : input.getClass().getRecordComponents()) {
        sb.append("\n    ").append(c.getName()).append(" = ").append(describe(component(input, c)));
      }
      return sb.toString();
    }
    return describe(input);
  }

  /** toString, but arrays, lists and records of arrays show their elements. */
  public static String describe(Object o) {
    if (o == null) {
      return "null";
    } else if (o instanceof long[] a) {
      return Arrays.toString(a);
    } else if (o instanceof int[] a) {
      return Arrays.toString(a);
    } else if (o instanceof short[] a) {
      return Arrays.toString(a);
    } else if (o instanceof byte[] a) {
      return Arrays.toString(a);
    } else if (o instanceof char[] a) {
      return Arrays.toString(a);
    } else if (o instanceof boolean[] a) {
      return Arrays.toString(a);
    } else if (o instanceof float[] a) {
      return Arrays.toString(a);
    } else if (o instanceof double[] a) {
      return Arrays.toString(a);
    } else if (o instanceof Object[] a) {
      return describe(Arrays.asList(a));
    } else if (o instanceof List<?> list) {
      return list.stream().map(Property::describe).collect(Collectors.joining(", ", "[", "]"));
    } else if (o.getClass().isRecord()) {
      return Arrays.stream(o.getClass().getRecordComponents())
          .map(c -> c.getName() + "=" + describe(component(o, c)))
          .collect(Collectors.joining(", ", o.getClass().getSimpleName() + "[", "]"));
    }
    return String.valueOf(o);
  }

  private static Object component(Object record, RecordComponent c) {
    try {
      var accessor = c.getAccessor();
      accessor.setAccessible(true); // records nested in package-private test classes
      return accessor.invoke(record);
    } catch (ReflectiveOperationException | RuntimeException e) {
      return "<" + e + ">";
    }
  }

  /**
   * {@code SimpleClassName#method} of the method that called forAll; a call from a lambda is
   * named after the method the lambda is in (javac's {@code lambda$method$n}).
   */
  private static String callerName() {
    return StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE)
        .walk(frames -> frames.filter(f -> f.getDeclaringClass() != Property.class).findFirst())
        .map(f -> f.getDeclaringClass().getSimpleName() + "#"
            + f.getMethodName().replaceFirst("^lambda\\$(.*)\\$\\d+$", "$1"))
        .orElseThrow();
  }
}
