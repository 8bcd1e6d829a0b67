package org.ndprim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.ndprim.io.Npy;
import org.ndprim.layout.Layout;
import org.ndprim.layout.ReducedAxes;
import org.ndprim.testing.RandomArrays;

/**
 * Ufuncs, copies and casts split across threads give the bits of one thread: the same seeded calls (every layout
 * the driver walks: contiguous runs, strided, reversed and transposed views, broadcast operands,
 * buffer storage and casts per tile, outputs of another dtype, an output that overlaps an input,
 * {@code where=} masks, short rows) run with splitting off, then with 1, 2, 3 and 4 threads and
 * a grain lowered so that these small arrays split, and every output is compared byte for byte
 * (as written to {@code .npy}). Copies ({@code copyFrom}, {@code copyTo}) and casts
 * ({@code astype}) likewise, between Java-array and buffer storage of every layout.
 */
class ParallelKernelsTest {
  private static final List<ScalarType<?>> TYPES = List.of(UInt8NdArray.TYPE, IntNdArray.TYPE,
      LongNdArray.TYPE, Float16NdArray.TYPE, FloatNdArray.TYPE, DoubleNdArray.TYPE,
      Complex64NdArray.TYPE);
  private static final List<Ufunc> BINARY = List.of(Ufunc.ADD, Ufunc.SUBTRACT, Ufunc.MULTIPLY,
      Ufunc.TRUE_DIVIDE, Ufunc.MAXIMUM, Ufunc.LESS);
  private static final List<Ufunc> UNARY = List.of(Ufunc.SQRT, Ufunc.NEGATIVE, Ufunc.SQUARE);
  private static final double[] SPECIAL = {Double.NaN, Double.POSITIVE_INFINITY,
      Double.NEGATIVE_INFINITY, -0.0, 0.0, 1e300, -1e-300};

  private final int threads = Parallelism.maxThreads();
  private final int grain = UfuncDriver.grain;
  private final int copyGrain = StridedNdArray.copyGrain;
  private final int castGrain = StridedNdArray.castGrain;
  private final ForkJoinPool pool = Parallelism.pool();
  private final int reduceGrain = Reduce.grain;
  private final int sumGrain = ParallelSum.grain;

  @AfterEach
  void restore() {
    Parallelism.setMaxThreads(threads);
    UfuncDriver.grain = grain;
    StridedNdArray.copyGrain = copyGrain;
    StridedNdArray.castGrain = castGrain;
    Parallelism.setPool(pool);
    Reduce.grain = reduceGrain;
    ParallelSum.grain = sumGrain;
    Reduce.partSize = Reduce.PART;
    Reduce.varCopyLimit = 1 << 22;
  }

  private static final List<ScalarType<?>> REDUCED = List.of(ByteNdArray.TYPE, UInt8NdArray.TYPE,
      ShortNdArray.TYPE, UInt16NdArray.TYPE, IntNdArray.TYPE, UInt32NdArray.TYPE,
      LongNdArray.TYPE, UInt64NdArray.TYPE, Float16NdArray.TYPE, BFloat16NdArray.TYPE,
      FloatNdArray.TYPE, DoubleNdArray.TYPE, BooleanNdArray.TYPE, Complex64NdArray.TYPE,
      Complex128NdArray.TYPE);

  /**
   * Every reduction of {@code Reduce} (sum, prod, min, max, mean, var, std, countNonzero, any,
   * all; over every axis, some or none, with and without keepdims) of seeded inputs of every
   * dtype (NaNs, infinities, signed zeros, wrapping integers) and layout (contiguous, strided,
   * reversed, transposed, broadcast; Java-array and buffer storage) is the same bytes with splitting off
   * and with 2 and 7 threads, the reduction and pairwise grains lowered so that these small
   * inputs split (and the carrier parts lowered, so that parts are copied part by part).
   */
  @Test
  void reductionsGiveTheBitsOfOneThread() {
    Random seeds = new Random(20261204L);
    for (int round = 0; round < 300; round++) {
      long seed = seeds.nextLong();
      Parallelism.setMaxThreads(1);
      Reduce.grain = reduceGrain;
      ParallelSum.grain = sumGrain;
      Reduce.partSize = Reduce.PART;
      Reduce.varCopyLimit = 1 << 22;
      List<String> expected = reductions(seed);
      for (int t : new int[] {1, 2, 7}) {
        Random lowered = new Random(seed + t);
        Parallelism.setMaxThreads(t);
        Reduce.grain = 1 + lowered.nextInt(64);
        ParallelSum.grain = 16 + lowered.nextInt(300);
        Reduce.partSize = lowered.nextBoolean() ? Reduce.PART : 8 + lowered.nextInt(200);
        Reduce.varCopyLimit = Reduce.partSize;
        List<String> actual = reductions(seed);
        for (int i = 0; i < expected.size(); i++) {
          assertThat(actual.get(i)).as("seed %d, %d threads, grain %d, sum grain %d, part %d",
              seed, t, Reduce.grain, ParallelSum.grain, Reduce.partSize)
              .isEqualTo(expected.get(i));
        }
      }
    }
  }

  /**
   * The typed arrays' own reductions, flat {@code argMin()}/{@code argMax()}, {@code
   * argMin(axis)}/{@code argMax(axis)} along every axis, and the whole-array {@code min()},
   * {@code max()} and {@code sum()}, of seeded inputs of every dtype and layout (Java-array,
   * buffer and chunked storage; strided, reversed, transposed, broadcast views), many of them
   * full of ties (a few distinct values, signed zeros, infinities, NaNs or none), give with 1, 2
   * and 7 threads (grains lowered so that they split, often with parts of a few elements) what
   * they give with splitting off; and the flat indices are a naive walk's, the first extreme in
   * C order with the first NaN winning. Folding the parts' results in another order, or letting
   * a later part win a tie, fails here.
   */
  @Test
  void argExtremesAndTypedReductionsGiveTheResultsOfOneThread() throws Exception {
    Random seeds = new Random(20261205L);
    for (int round = 0; round < 400; round++) {
      long seed = seeds.nextLong();
      Parallelism.setMaxThreads(1);
      Reduce.grain = reduceGrain;
      ParallelSum.grain = sumGrain;
      List<String> expected = typedReductions(seed);
      for (int t : new int[] {1, 2, 7}) {
        Random lowered = new Random(seed + t);
        Parallelism.setMaxThreads(t);
        Reduce.grain = 1 + lowered.nextInt(32);
        ParallelSum.grain = 16 + lowered.nextInt(300);
        List<String> actual = typedReductions(seed);
        for (int i = 0; i < expected.size(); i++) {
          assertThat(actual.get(i)).as("seed %d, %d threads, grain %d, sum grain %d", seed, t,
              Reduce.grain, ParallelSum.grain).isEqualTo(expected.get(i));
        }
      }
    }
  }

  /** The typed reductions of one seeded input, named, with their results. */
  private static List<String> typedReductions(long seed) throws Exception {
    Random random = new Random(seed);
    ScalarType<?> type = REDUCED.get(random.nextInt(REDUCED.size()));
    NdArray a = reductionInput(random, type);
    if (random.nextInt(3) != 0) {
      // mostly ties: a few values, each many times (the copy keeps the layout's strides)
      tiesInto(random, a);
    }
    if (random.nextInt(4) == 0) {
      // chunked storage (64-byte chunks: runs and lines cross them), maybe transposed
      NdArray c = type.wrap(a.shape(), org.ndprim.storage.Chunks.allocate(
          type.byteSize(a.shape()), 64));
      copyInto(a, c);
      a = random.nextBoolean() ? c : c.transpose();
    }
    String what = type.name() + " " + a.layout() + " " + a.getClass().getSimpleName() + ": ";
    List<String> out = new java.util.ArrayList<>();
    if (a.size() == 0) {
      return out;
    }
    long argMin = a.argMin();
    long argMax = a.argMax();
    if (type.kind() != 'c') {
      double[] v = ((DoubleNdArray) a.astype(DoubleNdArray.TYPE)).toArray();
      assertThat(argMin).as(what + "argMin").isEqualTo(firstExtreme(v, false));
      assertThat(argMax).as(what + "argMax").isEqualTo(firstExtreme(v, true));
    }
    out.add(what + "argMin " + argMin);
    out.add(what + "argMax " + argMax);
    Class<?> typed = type.arrayType();
    for (String name : new String[] {"min", "max", "sum"}) {
      java.lang.reflect.Method m;
      try {
        m = typed.getMethod(name);
      } catch (NoSuchMethodException e) {
        continue; // complex min/max, boolean sum
      }
      out.add(what + name + " " + scalarBits(m.invoke(a), "sum".equals(name)));
    }
    for (int axis = -a.rank(); axis < a.rank(); axis++) {
      for (String name : new String[] {"argMin", "argMax"}) {
        java.lang.reflect.Method m;
        try {
          m = typed.getMethod(name, int.class);
        } catch (NoSuchMethodException e) {
          continue; // complex
        }
        String result;
        try {
          result = Arrays.toString(((LongNdArray) m.invoke(a, axis)).toArray());
        } catch (java.lang.reflect.InvocationTargetException e) {
          result = e.getCause().getClass().getName(); // an axis of length 0
        }
        out.add(what + name + "(" + axis + ") " + result);
      }
    }
    return out;
  }

  /**
   * Overwrites {@code a} with a few distinct values (for floats: inexact sums, signed zeros,
   * infinities, NaNs).
   */
  private static void tiesInto(Random random, NdArray a) {
    if (a.isReadOnly() || a.layout().hasStrideZero()) {
      return; // a broadcast view
    }
    ScalarType<?> type = a.scalarType();
    boolean floating = type.kind() == 'f' || type.kind() == 'c' || type == BFloat16NdArray.TYPE;
    double[] pool = floating
        ? new double[] {0.1, -0.0, 0.0, 1.0 / 3, -2.7, 1e10, Double.POSITIVE_INFINITY,
            Double.NEGATIVE_INFINITY}
        : new double[] {0, 1, 7, 100};
    int distinct = 1 + random.nextInt(pool.length);
    int nans = floating ? random.nextInt(3) : 0; // none, or one or a few
    double[] values = new double[(int) a.size()];
    for (int i = 0; i < values.length; i++) {
      values[i] = pool[random.nextInt(distinct)];
    }
    for (int k = 0; k < nans * random.nextInt(3) && values.length > 0; k++) {
      values[random.nextInt(values.length)] = Double.NaN;
    }
    copyInto(DoubleNdArray.of(a.shape(), values).astype(type), a);
  }

  /** The naive first extreme in C order, a NaN (the first) winning. */
  private static long firstExtreme(double[] v, boolean max) {
    long best = 0;
    for (int i = 0; i < v.length; i++) {
      if (Double.isNaN(v[i])) {
        return i;
      }
      if (max ? v[i] > v[(int) best] : v[i] < v[(int) best]) {
        best = i;
      }
    }
    return best;
  }

  /** A scalar's exact bits; a sum's NaN canonical (two NaN operands give either's payload). */
  private static String scalarBits(Object x, boolean sum) {
    if (x instanceof Double d) {
      return sum && d.isNaN() ? "NaN" : Long.toHexString(Double.doubleToRawLongBits(d));
    }
    if (x instanceof Float f) {
      return sum && f.isNaN() ? "NaN" : Integer.toHexString(Float.floatToRawIntBits(f));
    }
    if (x instanceof Complex c) {
      return c.toString();
    }
    return String.valueOf(x);
  }

  /**
   * Every reduction of one seeded input, named, with its result's bytes in hexadecimal (a
   * refused one: its exception's class).
   */
  private static List<String> reductions(long seed) {
    Random random = new Random(seed);
    ScalarType<?> type = REDUCED.get(random.nextInt(REDUCED.size()));
    NdArray a = reductionInput(random, type);
    int rank = a.rank();
    List<Integer> all = new java.util.ArrayList<>();
    for (int i = 0; i < rank; i++) {
      all.add(i);
    }
    java.util.Collections.shuffle(all, random);
    int[] axes = all.subList(0, random.nextInt(rank + 1)).stream().mapToInt(i -> i).toArray();
    if (axes.length > 0 && random.nextBoolean()) {
      axes[0] -= rank; // a negative axis
    }
    boolean keep = random.nextBoolean();
    boolean complex = type.kind() == 'c';
    List<String> out = new java.util.ArrayList<>();
    String what = type.name() + " " + a.layout() + " axes " + Arrays.toString(axes) + " keepdims "
        + keep + ": ";
    List<java.util.function.Supplier<NdArray>> ops = new java.util.ArrayList<>(List.of(
        () -> Reduce.countNonzero(a, keep, axes),
        () -> Reduce.anyAll(a, false, keep, axes),
        () -> Reduce.anyAll(a, true, keep, axes)));
    if (!complex) {
      ops.addAll(List.of(
          () -> Reduce.sum(a, NdArray.class, keep, axes),
          () -> Reduce.prod(a, NdArray.class, keep, axes),
          () -> Reduce.extreme(a, NdArray.class, false, keep, axes),
          () -> Reduce.extreme(a, NdArray.class, true, keep, axes),
          () -> Reduce.mean(a, NdArray.class, keep, axes),
          () -> Reduce.var(a, NdArray.class, false, 0, keep, axes),
          () -> Reduce.var(a, NdArray.class, true, 1, keep, axes)));
    }
    String[] names = {"countNonzero", "any", "all", "sum", "prod", "min", "max", "mean", "var",
        "std ddof=1"};
    for (int i = 0; i < ops.size(); i++) {
      String result;
      try {
        result = canonical(ops.get(i).get());
      } catch (IllegalStateException e) {
        result = e.getClass().getName();
      }
      out.add(what + names[i] + " " + result);
    }
    return out;
  }

  /**
   * A result's dtype, shape, layout and bits, every NaN as Java's canonical one: the sign and
   * payload of a NaN from two NaN operands are not Java's to keep (C2 may swap the operands of an
   * addition, and x86 keeps the first's), even on one thread.
   */
  private static String canonical(NdArray r) {
    char k = r.scalarType().kind();
    if (k != 'f' && r.scalarType() != BFloat16NdArray.TYPE) {
      return java.util.HexFormat.of().formatHex(bytes(r));
    }
    StringBuilder s = new StringBuilder(r.scalarType().name()).append(r.layout().shape())
        .append(Arrays.toString(r.layout().strides())).append(':');
    for (double v : ((DoubleNdArray) r.astype(DoubleNdArray.TYPE)).toArray()) {
      s.append(Long.toHexString(Double.doubleToLongBits(v))).append(',');
    }
    return s.toString();
  }

  /**
   * Rank 1 to 4, up to a few thousand elements (sometimes none): contiguous, a strided or
   * reversed view, transposed, broadcast, or a transposed view.
   */
  private static NdArray reductionInput(Random random, ScalarType<?> type) {
    int rank = 1 + random.nextInt(4);
    long[] dims = new long[rank];
    for (int i = 0; i < rank; i++) {
      dims[i] = random.nextInt(40) == 0 ? 0 : 1 + random.nextInt(switch (rank) {
        case 1 -> 3000;
        case 2 -> 60;
        case 3 -> 16;
        default -> 8;
      });
    }
    int[] perm = new int[rank];
    for (int i = 0; i < rank; i++) {
      perm[i] = i;
    }
    for (int i = rank - 1; i > 0; i--) {
      int j = random.nextInt(i + 1);
      int x = perm[i];
      perm[i] = perm[j];
      perm[j] = x;
    }
    long[] permuted = new long[rank];
    for (int i = 0; i < rank; i++) {
      permuted[i] = dims[perm[i]];
    }
    switch (random.nextInt(5)) {
      case 0:
        return fill(random, RandomArrays.storage(random, type, Shape.of(dims)));
      case 1:
        return RandomArrays.view(random,
            fill(random, RandomArrays.storage(random, type, bigger(dims))), dims);
      case 2: // transposed: stored in another axis order
        return fill(random, RandomArrays.storage(random, type, Shape.of(permuted)))
            .permute(ReducedAxes.positions(perm));
      case 3: { // broadcast: some axes of stride 0
        long[] own = dims.clone();
        for (int i = 0; i < rank; i++) {
          if (random.nextInt(3) == 0) {
            own[i] = 1;
          }
        }
        return fill(random, RandomArrays.storage(random, type, Shape.of(own)))
            .broadcastTo(Shape.of(dims));
      }
      default:
        return RandomArrays.view(random,
            fill(random, RandomArrays.storage(random, type, bigger(permuted))), permuted)
            .permute(ReducedAxes.positions(perm));
    }
  }

  @Test
  void copiesAndCastsGiveTheBitsOfOneThread() {
    Random seeds = new Random(20261203L);
    for (int round = 0; round < 400; round++) {
      long seed = seeds.nextLong();
      Parallelism.setMaxThreads(1);
      StridedNdArray.copyGrain = copyGrain;
      StridedNdArray.castGrain = castGrain;
      byte[] expected = copyOrCast(seed);
      for (int t = 1; t <= 4; t++) {
        Parallelism.setMaxThreads(t);
        StridedNdArray.copyGrain = 1 + new Random(seed + t).nextInt(40);
        StridedNdArray.castGrain = StridedNdArray.copyGrain;
        assertThat(copyOrCast(seed)).as("round %d, seed %d, %d threads, grain %d", round, seed,
            t, StridedNdArray.copyGrain).isEqualTo(expected);
      }
    }
  }

  @Test
  void aCapOfOneCopiesAndCastsOnTheCallersThread() {
    AtomicInteger workers = new AtomicInteger();
    ForkJoinPool counting = new ForkJoinPool(2, p -> {
      workers.incrementAndGet();
      return new ForkJoinWorkerThread(p) {};
    }, null, false);
    try {
      Parallelism.setPool(counting);
      StridedNdArray.copyGrain = 1;
      StridedNdArray.castGrain = 1;
      DoubleNdArray a = DoubleNdArray.zeros(Shape.of(64, 50));
      DoubleNdArray b = DoubleNdArray.zeros(Shape.of(50, 64));
      Parallelism.setMaxThreads(1);
      b.transpose().copyFrom(a);
      a.astype(FloatNdArray.TYPE);
      assertThat(workers.get()).as("pool threads started with a cap of 1").isZero();
      Parallelism.setMaxThreads(2);
      a.astype(FloatNdArray.TYPE);
      assertThat(workers.get()).as("pool threads started with a cap of 2").isPositive();
    } finally {
      counting.shutdownNow();
    }
  }

  /** One seeded copy or cast; returns the bytes of its result (the whole target storage). */
  private static byte[] copyOrCast(long seed) {
    Random random = new Random(seed);
    long[] dims = shape(random);
    ScalarType<?> type = TYPES.get(random.nextInt(TYPES.size()));
    NdArray src = operand(random, type, dims).broadcastTo(Shape.of(dims));
    switch (random.nextInt(4)) {
      case 2 -> { // into a target whose elements alias: one thread writes, in C order
        NdArray base = fill(random, type.zeros(Shape.of(Arrays.stream(dims).sum())));
        long[] ones = new long[dims.length];
        Arrays.fill(ones, 1);
        copyInto(src, base.asStrided(Layout.of(0, dims, ones)));
        return bytes(base);
      }
      case 0 -> {
        NdArray base = fill(random, RandomArrays.storage(random, type, bigger(dims)));
        copyInto(src, RandomArrays.view(random, base, dims));
        return bytes(base);
      }
      case 1 -> { // into a transposed view
        NdArray base = fill(random, RandomArrays.storage(random, type, bigger(dims)));
        NdArray target = RandomArrays.view(random, base, dims);
        copyInto(src.transpose(), target.transpose());
        return bytes(base);
      }
      default -> {
        return bytes(src.astype(TYPES.get(random.nextInt(TYPES.size()))));
      }
    }
  }

  @Test
  void everyLayoutGivesTheBitsOfOneThread() {
    Random seeds = new Random(20261202L);
    for (int round = 0; round < 400; round++) {
      long seed = seeds.nextLong();
      Parallelism.setMaxThreads(1);
      UfuncDriver.grain = grain;
      byte[] expected = run(seed);
      for (int t = 1; t <= 4; t++) {
        Parallelism.setMaxThreads(t);
        UfuncDriver.grain = 1 + new Random(seed + t).nextInt(40);
        assertThat(run(seed)).as("round %d, seed %d, %d threads, grain %d", round, seed, t,
            UfuncDriver.grain).isEqualTo(expected);
      }
    }
  }

  @Test
  void aCapOfOneRunsOnTheCallersThread() {
    AtomicInteger workers = new AtomicInteger();
    ForkJoinPool counting = new ForkJoinPool(2, p -> {
      workers.incrementAndGet();
      return new ForkJoinWorkerThread(p) {};
    }, null, false);
    try {
      Parallelism.setPool(counting);
      UfuncDriver.grain = 1;
      DoubleNdArray a = DoubleNdArray.zeros(Shape.of(64, 50));
      DoubleNdArray b = DoubleNdArray.zeros(Shape.of(64, 50));
      Parallelism.setMaxThreads(1);
      Ufunc.ADD.apply(a, b); // the trivial loop
      Ufunc.ADD.apply(a.transpose(), b.transpose().slice("::-1")); // the walk
      assertThat(workers.get()).as("pool threads started with a cap of 1").isZero();
      Parallelism.setMaxThreads(2);
      Ufunc.ADD.apply(a, b);
      assertThat(workers.get()).as("pool threads started with a cap of 2").isPositive();
    } finally {
      counting.shutdownNow();
    }
  }

  @Test
  void aFailingPartThrowsWhatOneThreadThrows() {
    IntNdArray base = IntNdArray.zeros(Shape.of(1000));
    IntNdArray exponents = IntNdArray.zeros(Shape.of(1000));
    exponents.setInt(-1, 900);
    exponents.setInt(-2, 100);
    Parallelism.setMaxThreads(1);
    Throwable one = catchThrowable(() -> Ufunc.POWER.apply(base, exponents));
    Throwable oneWalk = catchThrowable(() -> Ufunc.POWER.apply(base.slice("::-1"),
        exponents.slice("::-1")));
    assertThat(one).isInstanceOf(ArithmeticException.class);
    for (int t = 2; t <= 4; t++) {
      Parallelism.setMaxThreads(t);
      UfuncDriver.grain = 10;
      Throwable split = catchThrowable(() -> Ufunc.POWER.apply(base, exponents));
      assertThat(split).isInstanceOf(one.getClass()).hasMessage(one.getMessage());
      Throwable splitWalk = catchThrowable(() -> Ufunc.POWER.apply(base.slice("::-1"),
          exponents.slice("::-1")));
      assertThat(splitWalk).isInstanceOf(oneWalk.getClass()).hasMessage(oneWalk.getMessage());
    }
  }

  /** One seeded call; returns the bytes of its output (the whole storage if shared). */
  private static byte[] run(long seed) {
    Random random = new Random(seed);
    long[] dims = shape(random);
    Ufunc ufunc = random.nextInt(5) == 0 ? UNARY.get(random.nextInt(UNARY.size()))
        : BINARY.get(random.nextInt(BINARY.size()));
    boolean unary = ufunc.inputs() == 1;
    ScalarType<?> ta = TYPES.get(random.nextInt(TYPES.size()));
    if (ufunc == Ufunc.SQRT && ta == Complex64NdArray.TYPE) {
      ufunc = Ufunc.NEGATIVE; // ndprim has no complex sqrt kernel
    }
    ScalarType<?> tb = random.nextBoolean() ? ta : TYPES.get(random.nextInt(TYPES.size()));
    NdArray a = operand(random, ta, dims);
    NdArray b = unary ? null : operand(random, tb, dims);
    ScalarType<?> outType = unary ? ufunc.resultType(ta) : ufunc.resultType(ta, tb);
    switch (random.nextInt(7)) {
      case 5 -> { // an out whose elements alias (offset = sum of coordinates): one thread writes
        NdArray base = fill(random, outType.zeros(Shape.of(Arrays.stream(dims).sum())));
        long[] ones = new long[dims.length];
        Arrays.fill(ones, 1);
        NdArray out = base.asStrided(Layout.of(0, dims, ones));
        if (unary) {
          ufunc.into(out, a);
        } else {
          ufunc.into(out, a, b);
        }
        return bytes(base);
      }
      case 0 -> {
        return bytes(unary ? ufunc.apply(a) : ufunc.apply(a, b));
      }
      case 1 -> { // out of the result's type or wider, any view
        ScalarType<?> wide = outType == BooleanNdArray.TYPE || random.nextBoolean() ? outType
            : Ufunc.ADD.resultType(outType, DoubleNdArray.TYPE);
        NdArray out = RandomArrays.view(random, fill(random, wide.zeros(bigger(dims))), dims);
        return bytes(unary ? ufunc.into(out, a) : ufunc.into(out, a, b));
      }
      case 2 -> { // where=
        NdArray out = RandomArrays.view(random, fill(random, outType.zeros(bigger(dims))), dims);
        BooleanNdArray mask = (BooleanNdArray) operand(random, BooleanNdArray.TYPE, dims);
        return bytes(unary ? ufunc.intoWhere(out, mask, a) : ufunc.intoWhere(out, mask, a, b));
      }
      case 3 -> { // out overlaps an input: in place, or shifted by one element
        NdArray base = fill(random, outType.zeros(Shape.of(2 * Shape.of(dims).size() + 2)));
        NdArray out = base.asStrided(Layout.of(1, dims, Layout.cOrder(Shape.of(dims)).strides()));
        NdArray in = random.nextBoolean() ? out : base.asStrided(Layout.of(random.nextInt(3),
            dims, Layout.cOrder(Shape.of(dims)).strides()));
        if (unary) {
          ufunc.into(out, in);
        } else {
          ufunc.into(out, in, b.scalarType() == outType ? b : in);
        }
        return bytes(base);
      }
      case 4 -> { // transposed operands (a.T + b.T) into a transposed out
        NdArray out = RandomArrays.view(random, fill(random, outType.zeros(bigger(dims))), dims);
        NdArray at = a.broadcastTo(Shape.of(dims)).transpose();
        NdArray bt = unary ? null : b.broadcastTo(Shape.of(dims)).transpose();
        NdArray ot = out.transpose();
        return bytes(unary ? ufunc.into(ot, at) : ufunc.into(ot, at, bt));
      }
      default -> { // the trivial loop: contiguous operands of the loop's type
        NdArray ca = fill(random, outType == BooleanNdArray.TYPE ? ta.zeros(Shape.of(dims))
            : outType.zeros(Shape.of(dims)));
        NdArray cb = unary ? null : fill(random, ca.scalarType().zeros(Shape.of(dims)));
        if (random.nextBoolean()) {
          return bytes(unary ? ufunc.apply(ca) : ufunc.apply(ca, cb));
        }
        NdArray out = unary ? ca : ufunc.resultType(ca.scalarType(), cb.scalarType())
            == ca.scalarType() ? ca : ufunc.apply(ca, cb);
        return bytes(unary ? ufunc.into(out, ca) : ufunc.into(out, ca, cb));
      }
    }
  }

  /** Rank 1 to 3, up to a few thousand elements; sometimes short rows. */
  private static long[] shape(Random random) {
    int rank = 1 + random.nextInt(3);
    long[] dims = new long[rank];
    for (int i = 0; i < rank; i++) {
      dims[i] = 1 + random.nextInt(rank == 1 ? 3000 : rank == 2 ? 60 : 16);
    }
    return dims;
  }

  /** A random operand that broadcasts to {@code dims}: some axes 1, some leading axes dropped. */
  private static NdArray operand(Random random, ScalarType<?> type, long[] dims) {
    int drop = random.nextInt(4) == 0 ? random.nextInt(dims.length) : 0;
    long[] own = Arrays.copyOfRange(dims, drop, dims.length);
    for (int i = 0; i < own.length; i++) {
      if (random.nextInt(5) == 0) {
        own[i] = 1;
      }
    }
    NdArray base = fill(random, RandomArrays.storage(random, type, bigger(own)));
    return RandomArrays.view(random, base, own);
  }

  private static Shape bigger(long[] dims) {
    long[] b = new long[dims.length];
    for (int i = 0; i < b.length; i++) {
      b[i] = 2 * dims[i];
    }
    return Shape.of(b);
  }

  /** Random values with fractions and specials for the float types, small integers else. */
  private static NdArray fill(Random random, NdArray a) {
    ScalarType<?> type = a.scalarType();
    double[] values = new double[(int) a.size()];
    boolean floating = type.kind() == 'f' || type.kind() == 'c' || type == BFloat16NdArray.TYPE;
    for (int i = 0; i < values.length; i++) {
      values[i] = type == BooleanNdArray.TYPE ? random.nextInt(2)
          : floating && random.nextInt(20) == 0 ? SPECIAL[random.nextInt(SPECIAL.length)]
          : floating ? random.nextGaussian() * 100 : random.nextInt(120);
    }
    copyInto(DoubleNdArray.of(a.shape(), values).astype(type), a);
    return a;
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static void copyInto(NdArray from, NdArray to) {
    ((ScalarType) to.scalarType()).copy(from, to);
  }

  private static byte[] bytes(NdArray a) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      Npy.write(a, out);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }

  @Test
  void busyOrShutDownPoolWorkersNeverMakeTheCallerWait() throws Exception {
    // a pool whose every worker waits on something the caller would do after the call: the
    // caller parked in ForkJoinTask.join for ever (ufuncs, copies and matmul; hostile pass)
    ForkJoinPool busy = new ForkJoinPool(2);
    java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
    java.util.concurrent.CountDownLatch started = new java.util.concurrent.CountDownLatch(2);
    try {
      for (int i = 0; i < 2; i++) {
        busy.execute(() -> {
          started.countDown();
          try {
            release.await();
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
        });
      }
      started.await();
      Parallelism.setPool(busy);
      Parallelism.setMaxThreads(4);
      UfuncDriver.grain = 64;
      StridedNdArray.copyGrain = 64;
      DoubleNdArray a = DoubleNdArray.zeros(Shape.of(4096));
      a.fill(1.5);
      java.util.concurrent.Future<double[]> call = java.util.concurrent.Executors
          .newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "caller");
            t.setDaemon(true);
            return t;
          }).submit(() -> {
            DoubleNdArray sum = (DoubleNdArray) Ufunc.ADD.apply(a, a);
            DoubleNdArray copy = DoubleNdArray.zeros(Shape.of(4096));
            copy.copyFrom(sum);
            DoubleNdArray big = DoubleNdArray.zeros(Shape.of(512, 512));
            big.fill(1.5); // 512^3 multiply-adds: matmul splits its blocks
            DoubleNdArray m = (DoubleNdArray) org.ndprim.linalg.LinAlg.matmul(big, big);
            return new double[] {copy.getDouble(17), m.getDouble(3, 5)};
          });
      assertThat(call.get(60, java.util.concurrent.TimeUnit.SECONDS)).containsExactly(3.0, 1152.0);
    } finally {
      release.countDown();
      busy.shutdown();
    }
    // a pool that cannot start a worker: the caller runs every part (it threw the factory's
    // exception)
    Parallelism.setPool(new ForkJoinPool(2, p -> {
      throw new IllegalStateException("cannot create thread");
    }, null, false));
    DoubleNdArray c = DoubleNdArray.zeros(Shape.of(4096));
    c.fill(3);
    assertThat(((DoubleNdArray) Ufunc.ADD.apply(c, c)).getDouble(17)).isEqualTo(6.0);
    // a shut-down pool: the caller runs every part (it threw RejectedExecutionException)
    ForkJoinPool down = new ForkJoinPool(2);
    down.shutdown();
    Parallelism.setPool(down);
    DoubleNdArray b = DoubleNdArray.zeros(Shape.of(4096));
    b.fill(2);
    assertThat(((DoubleNdArray) Ufunc.ADD.apply(b, b)).getDouble(4095)).isEqualTo(4.0);
  }

  /**
   * Helper tasks that start too late to claim a part (forked by a caller that is the pool's only
   * worker, or queued behind blocked workers) keep neither the work's state alive nor pile up in
   * the caller's queue: a task of a pool of one that called matmul in a loop kept every call's
   * packed {@code B} (16 MiB a run) and ran out of memory after ten (hostile pass).
   */
  @Test
  void helpersThatStartTooLateKeepNothingAlive() throws Exception {
    Parallelism.setMaxThreads(4);
    ForkJoinPool one = new ForkJoinPool(1);
    ForkJoinPool blocked = new ForkJoinPool(1);
    java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
    try {
      Parallelism.setPool(one);
      long[] queued = one.submit(() -> {
        java.lang.ref.WeakReference<Object> state = forPartsHoldingState();
        long left = java.util.concurrent.ForkJoinTask.getQueuedTaskCount();
        DoubleNdArray big = DoubleNdArray.zeros(Shape.of(512, 512));
        big.fill(1.5);
        org.ndprim.linalg.LinAlg.matmul(big, big);
        long afterMatmul = java.util.concurrent.ForkJoinTask.getQueuedTaskCount();
        return new long[] {left, afterMatmul, collected(state) ? 1 : 0};
      }).get(60, java.util.concurrent.TimeUnit.SECONDS);
      assertThat(queued).as("queued after forParts, after matmul, state collected")
          .containsExactly(0, 0, 1);
      blocked.execute(() -> {
        try {
          release.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      });
      Parallelism.setPool(blocked);
      assertThat(collected(forPartsHoldingState())).as("state of helpers queued behind a blocked"
          + " worker").isTrue();
    } finally {
      release.countDown();
      one.shutdown();
      blocked.shutdown();
    }
  }

  /** Runs 4 parts whose body holds a large object; returns a weak reference to it. */
  private static java.lang.ref.WeakReference<Object> forPartsHoldingState() {
    Object state = new long[1 << 20];
    AtomicInteger ran = new AtomicInteger();
    Parallelism.forParts(4, p -> {
      if (state != null) {
        ran.incrementAndGet();
      }
    });
    assertThat(ran.get()).isEqualTo(4);
    return new java.lang.ref.WeakReference<>(state);
  }

  private static boolean collected(java.lang.ref.WeakReference<Object> ref) {
    for (int i = 0; i < 20 && ref.get() != null; i++) {
      System.gc();
      try {
        Thread.sleep(10);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
    }
    return ref.get() == null;
  }
}
