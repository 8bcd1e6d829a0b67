package org.ndprim.testing;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Function;
import java.util.function.ToLongFunction;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * The random source of one try of a {@link Property}: a thin wrapper over {@link
 * SplittableRandom} with the few draws the property tests need. Everything a try generates comes
 * from one {@code Gen}, so its seed reproduces the try.
 *
 * <p>Draws are uniform unless said otherwise; there is no hidden bias. Where a property depends
 * on boundary values (0, 1, -1, {@code Long.MIN_VALUE}, {@code Long.MAX_VALUE}, empty axes, rank
 * 0), its generator asks for them explicitly with {@link #weighted} or {@link #withEdges}.
 */
public final class Gen {
  /** {@link #withEdges} picks an edge value in 1 of this many draws. */
  public static final int EDGE_ONE_IN = 8;

  private final long seed;
  private final SplittableRandom random;

  public Gen(long seed) {
    this.seed = seed;
    this.random = new SplittableRandom(seed);
  }

  /** The seed this generator started from. */
  public long seed() {
    return seed;
  }

  public boolean bool() {
    return random.nextBoolean();
  }

  /** True with probability {@code 1 / n}. */
  public boolean oneIn(int n) {
    return random.nextInt(n) == 0;
  }

  /** Uniform in {@code [0, n)}, like {@code Random.nextInt(n)}. */
  public int intBelow(int n) {
    return random.nextInt(n);
  }

  /** Uniform in {@code [lo, hi]}, both inclusive. */
  public int intBetween(int lo, int hi) {
    return (int) longBetween(lo, hi);
  }

  /** Uniform in {@code [lo, hi]}, both inclusive; any range, also the whole of {@code long}. */
  public long longBetween(long lo, long hi) {
    if (lo > hi) {
      throw new IllegalArgumentException("empty range [" + lo + ", " + hi + "]");
    }
    if (hi < Long.MAX_VALUE) {
      return random.nextLong(lo, hi + 1);
    }
    return lo == Long.MIN_VALUE ? random.nextLong() : random.nextLong(lo - 1, hi) + 1;
  }

  /** Uniform over all of {@code long}. */
  public long anyLong() {
    return random.nextLong();
  }

  /**
   * {@code draw}, except that 1 draw in {@link #EDGE_ONE_IN} is one of {@code edges} (equally
   * likely): the explicit form of the edge cases a property relies on.
   */
  public <T> T withEdges(Function<Gen, T> draw, List<T> edges) {
    if (!edges.isEmpty() && oneIn(EDGE_ONE_IN)) {
      return pick(edges);
    }
    return draw.apply(this);
  }

  /**
   * An index {@code i} with probability {@code weights[i] / sum(weights)}: the counterpart of a
   * frequency table; switch on the result.
   */
  public int weighted(int... weights) {
    int total = Arrays.stream(weights).sum();
    int r = random.nextInt(total);
    for (int i = 0; i < weights.length; i++) {
      r -= weights[i];
      if (r < 0) {
        return i;
      }
    }
    throw new AssertionError("unreachable: weights " + Arrays.toString(weights));
  }

  /** One of the options, uniformly. */
  public <T> T pick(List<T> options) {
    return options.get(random.nextInt(options.size()));
  }

  /** One of the options, uniformly. */
  @SafeVarargs
  public final <T> T pick(T... options) {
    return options[random.nextInt(options.length)];
  }

  /** One constant of an enum, uniformly. */
  public <E extends Enum<E>> E pick(Class<E> type) {
    return pick(type.getEnumConstants());
  }

  /** A list of a uniform size in {@code [minSize, maxSize]} of independent elements. */
  public <T> List<T> listOf(int minSize, int maxSize, Function<Gen, T> element) {
    int size = intBetween(minSize, maxSize);
    return IntStream.range(0, size).mapToObj(i -> element.apply(this))
        .collect(Collectors.toList());
  }

  /** An array of a uniform length in {@code [minLength, maxLength]} of independent elements. */
  public long[] longArray(int minLength, int maxLength, ToLongFunction<Gen> element) {
    long[] out = new long[intBetween(minLength, maxLength)];
    for (int i = 0; i < out.length; i++) {
      out[i] = element.applyAsLong(this);
    }
    return out;
  }

  /** Fisher-Yates shuffle in place. */
  public <T> void shuffle(List<T> list) {
    for (int i = list.size() - 1; i > 0; i--) {
      int j = random.nextInt(i + 1);
      list.set(i, list.set(j, list.get(i)));
    }
  }

  @Override
  public String toString() {
    return "Gen(seed " + seed + ")";
  }
}
