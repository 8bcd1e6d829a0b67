package org.ndprim.testing;

import java.util.Map;
import java.util.TreeMap;

/**
 * Counts of the case classes a property's tries reached, and checks that each class that matters
 * was reached often enough: a generator change that stops producing (say) empty views then fails
 * the test instead of silently testing less. Checks are skipped when a single try is replayed
 * ({@link Property#isReplaying()}).
 */
public final class Coverage {
  private final Map<String, Map<String, Long>> counts = new TreeMap<>();

  /** Counts one occurrence of {@code value} under {@code label}. */
  public void count(String label, Object value) {
    counts.computeIfAbsent(label, k -> new TreeMap<>())
        .merge(String.valueOf(value), 1L, Long::sum);
  }

  /** How often {@code value} was counted under {@code label}. */
  public long get(String label, Object value) {
    return counts.getOrDefault(label, Map.of()).getOrDefault(String.valueOf(value), 0L);
  }

  /** Fails unless {@code value} was counted under {@code label} at least {@code min} times. */
  public void requireAtLeast(String label, Object value, long min) {
    if (Property.isReplaying()) {
      return;
    }
    long n = get(label, value);
    if (n < min) {
      throw new AssertionError("coverage: " + label + " = " + value + " occurred " + n
          + " times, expected at least " + min + "; all counts: " + this);
    }
  }

  @Override
  public String toString() {
    return counts.toString();
  }
}
