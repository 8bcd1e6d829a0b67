package org.ndprim.benchmarks;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Arrays;

/**
 * A diagnostic beside the JMH suite, not a replacement for it: runs variants of one workload in
 * the same JVM, alternating them round by round, and prints each variant's median and minimum
 * time per call and its ratio to the first variant. On this project's 2-core VM the machine's
 * speed drifts by 10-20 % over minutes, which JMH's forks, run one after another, see as
 * differences between variants; interleaving exposes every variant to the same drift, so a
 * ratio such as ndprim/plain is steadier from run to run. Comparing one ratio across two jars
 * (two commits) is how the A/Bs of the README's Performance section were checked.
 *
 * <pre>{@code
 * java -Xms3g -Xmx3g -cp benchmarks/target/benchmarks.jar org.ndprim.benchmarks.Interleave \
 *     W5RowSums plain,ndprim 100 40
 * }</pre>
 *
 * <p>Arguments: the workload class (in this package), the comma-separated benchmark methods, the
 * calls per round and the measured rounds (half as many rounds again run first, unmeasured, as
 * warm-up). The calls go through reflection, the same for every variant; absolute times are
 * therefore not JMH's, only the ratios are meant to be compared.
 *
 * <p>With {@code -Dndprim.cpuTime=true} each round is timed by the calling thread's CPU time
 * ({@code ThreadMXBean.getCurrentThreadCpuTime()}) instead of wall time: on a machine shared with
 * other work, time spent waiting for a core then counts for no variant. The README's figures
 * measured so say so.
 */
public final class Interleave {
  private Interleave() {}

  public static void main(String[] args) throws ReflectiveOperationException {
    if (args.length != 4) {
      System.err.println("usage: Interleave <workload class, e.g. W5RowSums> <variants, e.g."
          + " plain,ndprim> <calls per round> <rounds>");
      System.exit(2);
    }
    Class<?> workload = Class.forName(Interleave.class.getPackageName() + "." + args[0]);
    Object state = workload.getConstructor().newInstance();
    workload.getMethod("setup").invoke(state);
    String[] names = args[1].split(",");
    int calls = positive(args[2], "calls per round");
    int rounds = positive(args[3], "rounds");
    Method[] variants = new Method[names.length];
    for (int v = 0; v < names.length; v++) {
      variants[v] = workload.getMethod(names[v]);
    }
    double[][] perCall = new double[names.length][rounds];
    boolean cpu = Boolean.getBoolean("ndprim.cpuTime");
    java.lang.management.ThreadMXBean threads =
        java.lang.management.ManagementFactory.getThreadMXBean();
    Object sink = null;
    for (int r = -rounds / 2; r < rounds; r++) {
      for (int v = 0; v < variants.length; v++) {
        long t0 = cpu ? threads.getCurrentThreadCpuTime() : System.nanoTime();
        for (int k = 0; k < calls; k++) {
          sink = call(variants[v], state);
        }
        long t1 = cpu ? threads.getCurrentThreadCpuTime() : System.nanoTime();
        if (r >= 0) {
          perCall[v][r] = (t1 - t0) / 1e3 / calls;
        }
      }
    }
    double[] first = sorted(perCall[0]);
    for (int v = 0; v < names.length; v++) {
      double[] t = sorted(perCall[v]);
      System.out.printf("%-14s median %10.2f us  min %10.2f us  median/first %.3f  min/first %.3f%n",
          names[v], t[rounds / 2], t[0], t[rounds / 2] / first[rounds / 2], t[0] / first[0]);
    }
    if (sink == null) {
      System.out.println("(the last call returned null)");
    }
  }

  private static Object call(Method m, Object state) throws IllegalAccessException {
    try {
      return m.invoke(state);
    } catch (InvocationTargetException e) {
      throw new IllegalStateException(m.getName() + " threw", e.getCause());
    }
  }

  private static int positive(String text, String what) {
    int n = Integer.parseInt(text);
    if (n <= 0) {
      throw new IllegalArgumentException(what + " must be positive, got " + n);
    }
    return n;
  }

  private static double[] sorted(double[] x) {
    double[] s = x.clone();
    Arrays.sort(s);
    return s;
  }
}
