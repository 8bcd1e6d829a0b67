package org.ndprim;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.ndprim.testing.GoldenTsv;

/**
 * Replays {@code golden/sorting_cases.txt.gz} (made by
 * {@code src/test/python/gen_sorting_cases.py}): every routine of {@link Sorting} over every
 * built-in NumPy dtype, on contiguous, reversed, strided and transposed views, empty and 0-d
 * inputs, every axis and NumPy's errors. Each case runs twice: on a view of a little-endian
 * {@code ByteBuffer} (buffer storage) and on a view of a Java-array copy. Results must match bit
 * for bit (type, shape, little-endian bytes in C order), but for {@code partition} and
 * {@code argpartition}, whose order NumPy leaves unspecified: there the elements at the kth
 * positions must be NumPy's, every line must be a permutation of the input's, and the partition
 * property must hold.
 */
class SortingGoldenTest {
  private static final Map<String, ScalarType<?>> TYPES = NdArraysGoldenTest.TYPES;

  private static final Map<String, Class<?>> KINDS = Map.of(
      "ValueError", IllegalArgumentException.class, "TypeError", IllegalArgumentException.class,
      "UFuncTypeError", IllegalArgumentException.class,
      "AxisError", IndexOutOfBoundsException.class, "IndexError", IndexOutOfBoundsException.class);

  static List<String[]> cases() throws IOException {
    return GoldenTsv.read("/golden/sorting_cases.txt.gz");
  }

  @Test
  void theCorpusCoversEveryRoutineDtypeAndErrors() throws IOException {
    List<String[]> cases = cases();
    Set<String> ops = cases.stream().map(c -> c[0]).collect(Collectors.toSet());
    assertThat(ops).containsExactlyInAnyOrder("sort", "argsort", "partition", "argpartition",
        "unique", "searchsorted", "median", "quantile", "quantile_arr", "percentile",
        "percentile_arr", "histogram", "histogram_range", "histogram_edges", "histogram_density",
        "bincount", "histogram_w", "histogram_range_w", "histogram_edges_w");
    for (String dt : TYPES.keySet()) {
      assertThat(cases).as(dt).anyMatch(c -> c[0].equals("sort") && c[1].startsWith(dt + " "));
    }
    for (String dt : new String[] {"c8", "c16"}) { // complex medians, NaN lines among them
      assertThat(cases.stream().filter(c -> c[0].equals("median") && c[1].startsWith(dt + " ")
          && c[3].startsWith("OK " + dt)).count()).as(dt).isGreaterThan(40);
    }
    assertThat(cases.stream().filter(c -> c[3].startsWith("ERR")).count()).isGreaterThan(1000);
    assertThat(cases.size()).isGreaterThan(15000);
  }

  @Test
  void everyCaseIsNumpysOnBuffersAndJavaArrays() throws IOException {
    GoldenTsv.checkOnBuffersAndJavaArrays(cases(), "sorting", 30000, 40,
        c -> c[0] + " | " + c[1].replaceAll(" [0-9a-f-]{40,}", " ...") + " | " + c[2], (c, copy) -> check(c, copy));
  }

  /** Null when the case matches, else what differs. */
  private static String check(String[] c, boolean copy) {
    String expected = c[3];
    NdArray[] in = Arrays.stream(c[1].split(";")).map(s -> input(s, copy))
        .toArray(NdArray[]::new);
    String[] p = c[2].isEmpty() ? new String[0] : c[2].split(" ");
    List<NdArray> got;
    try {
      got = run(c[0], in, p);
    } catch (IllegalArgumentException | IndexOutOfBoundsException e) {
      if (!expected.startsWith("ERR ")) {
        return "threw " + e + ", numpy gave " + abbreviate(expected);
      }
      String[] err = expected.split(" ", 3);
      Class<?> kind = KINDS.get(err[1]);
      if (kind == null || !kind.isInstance(e)) {
        return "threw " + e + ", numpy's " + err[1] + ": " + err[2];
      }
      String message = err.length > 2 ? err[2] : "";
      if (!message.equals(e.getMessage()) && !ownMessage(c[0], message)) {
        return "message '" + e.getMessage() + "', numpy's '" + message + "'";
      }
      return null;
    }
    if (!expected.startsWith("OK ")) {
      return "returned " + describe(got) + ", numpy raised " + expected;
    }
    if (c[0].endsWith("partition")) {
      return partitioned(c[0], in[0], got.get(0), expected.substring(3), p);
    }
    String actual = "OK " + describe(got);
    if (actual.equals(expected) || ZERO_SIGN_UNSPECIFIED.contains(c[0])
        && equalButZeroSigns(got, expected.substring(3))) {
      return null;
    }
    if (c[0].equals("histogram_edges_w") && hasTies(in[0])
        && withinSumOrder(got.get(0), expected.substring(3).split(";")[0], in[2],
            p[0].equals("1"))) {
      return null; // documented: NumPy's unstable argsort adds tied elements' weights in its order
    }
    return "got " + abbreviate(actual) + "\n    numpy " + abbreviate(expected);
  }

  /**
   * The routines whose zero signs NumPy leaves to its unstable partition (median, quantiles:
   * which of {@code -0.0} and {@code 0.0} lands at a position) or to its hash table
   * ({@code unique}: which of the equal zeros is kept); ndprim's are its stable order's. Their
   * results must match NumPy's bit for bit but for the sign of zeros.
   */
  private static final Set<String> ZERO_SIGN_UNSPECIFIED = Set.of("unique", "median",
      "quantile", "quantile_arr", "percentile", "percentile_arr");

  private static boolean equalButZeroSigns(List<NdArray> got, String numpy) {
    String[] expected = numpy.split(";");
    if (expected.length != got.size()) {
      return false;
    }
    for (int i = 0; i < expected.length; i++) {
      NdArray e = decode(expected[i], false);
      NdArray g = got.get(i);
      if (e.scalarType() != g.scalarType() || !e.shape().equals(g.shape())) {
        return false;
      }
      boolean floating = "fc".indexOf(e.scalarType().kind()) >= 0;
      if (floating ? !sameValues(g, e)
          : !NdArraysGoldenTest.encode(g).equals(NdArraysGoldenTest.encode(e))) {
        return false;
      }
    }
    return true;
  }

  /** NumPy messages ndprim words itself: its supplied-range text prints Java's doubles. */
  private static boolean ownMessage(String op, String message) {
    return op.startsWith("histogram_range") && message.startsWith("supplied range of [");
  }

  /**
   * Checks a partition (or the elements an argpartition selects) against NumPy's: the same
   * elements at the kth positions, each line a permutation of the input's line, and nothing
   * before a kth position above it nor after it below it (in {@link Sorting}'s order).
   */
  private static String partitioned(String op, NdArray a, NdArray result, String numpy,
      String[] p) {
    int axis = Shape.normalizeAxis(Integer.parseInt(p[1]), a.rank());
    NdArray values = result;
    if (op.equals("argpartition")) {
      values = takeAlongAxis(a, (LongNdArray) result, axis);
    }
    NdArray expected = decode(numpy, false);
    NdArray sorted = Sorting.sort(a, axis);
    if (!NdArraysGoldenTest.encode(Sorting.sort(values, axis))
        .equals(NdArraysGoldenTest.encode(sorted))) {
      return "not a permutation of each line: " + values;
    }
    long n = a.shape().dim(axis);
    if (a.size() == 0) {
      return null;
    }
    for (String k : p[0].replace("[", "").replace("]", "").split(",")) {
      long kth = Long.parseLong(k);
      kth = kth < 0 ? kth + n : kth;
      Index[] at = new Index[a.rank()];
      Arrays.fill(at, Indices.all());
      at[axis] = Indices.at(kth);
      if (!sameValues(values.slice(at), expected.slice(at))) {
        return "element " + kth + " differs: " + values + " numpy " + expected;
      }
      // property: the sorted lines of the parts before and after kth stay on their side
      at[axis] = Indices.range(0, kth + 1);
      NdArray before = Sorting.sort(values.slice(at), axis);
      at[axis] = Indices.range(kth, n);
      NdArray after = Sorting.sort(values.slice(at), axis);
      at[axis] = Indices.range(0, kth + 1);
      if (!NdArraysGoldenTest.encode(before).equals(NdArraysGoldenTest.encode(sorted.slice(at)
          .copy()))) {
        return "elements before " + kth + " are not the smallest: " + values;
      }
      at[axis] = Indices.range(kth, n);
      if (!NdArraysGoldenTest.encode(after).equals(NdArraysGoldenTest.encode(sorted.slice(at)
          .copy()))) {
        return "elements after " + kth + " are not the largest: " + values;
      }
    }
    return null;
  }

  /** Whether two arrays hold equal values ({@code -0.0 == 0.0}, NaN equals NaN). */
  /** Whether two elements of {@code a} are equal (NaNs too). */
  private static boolean hasTies(NdArray a) {
    double[] v = ((DoubleNdArray) a.astype(DoubleNdArray.TYPE)).toArray();
    Arrays.sort(v);
    for (int i = 1; i < v.length; i++) {
      if (Double.compare(v[i - 1], v[i]) == 0) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether weighted sums (or their densities) equal NumPy's but for the order of their
   * additions: the same type and shape, NaN where NumPy's is, and each sum within
   * {@code 4 n u sum(|w|)} of NumPy's ({@code u} the unit roundoff of the weights' type,
   * {@code n} the weights; a forward error bound of a sum in any order, Higham 4.2), a density
   * within that bound relative to the largest density times {@code sum(|w|) / |sum(w)|}.
   */
  private static boolean withinSumOrder(NdArray got, String numpy, NdArray weights,
      boolean density) {
    NdArray e = decode(numpy, false);
    if (e.scalarType() != got.scalarType() || !e.shape().equals(got.shape())
        || e.scalarType().kind() != 'f') {
      return false;
    }
    double[] x = ((DoubleNdArray) got.astype(DoubleNdArray.TYPE)).toArray();
    double[] y = ((DoubleNdArray) e.astype(DoubleNdArray.TYPE)).toArray();
    double[] w = ((DoubleNdArray) weights.astype(DoubleNdArray.TYPE)).toArray();
    double abs = 0;
    double sum = 0;
    for (double v : w) {
      abs += Math.abs(v);
      sum += v;
    }
    int size = weights.scalarType().itemSize();
    int bits = size == 2 ? 11 : size == 4 ? 24 : 53;
    double bound = 4.0 * w.length * Math.scalb(1.0, -bits) * abs;
    if (density) {
      double largest = 0;
      for (double v : y) {
        largest = Double.isFinite(v) ? Math.max(largest, Math.abs(v)) : largest;
      }
      bound = bound / Math.abs(sum) * largest;
    }
    for (int i = 0; i < x.length; i++) {
      if (Double.isNaN(x[i]) != Double.isNaN(y[i]) || Math.abs(x[i] - y[i]) > bound) {
        return false;
      }
    }
    return true;
  }

  private static boolean sameValues(NdArray x, NdArray y) {
    double[] a = (double[]) x.astype(Complex128NdArray.TYPE).toStorageArray();
    double[] b = (double[]) y.astype(Complex128NdArray.TYPE).toStorageArray();
    for (int i = 0; i < a.length; i++) {
      if (!(a[i] == b[i] || a[i] != a[i] && b[i] != b[i])) {
        return false;
      }
    }
    return a.length == b.length;
  }

  /** {@code np.take_along_axis(a, idx, axis)} by element, for the test only. */
  private static NdArray takeAlongAxis(NdArray a, LongNdArray idx, int axis) {
    NdArray out = a.copy();
    long size = a.size();
    for (long k = 0; k < size; k++) {
      long[] at = a.shape().unravel(k);
      long[] from = at.clone();
      from[axis] = idx.getLong(at);
      Index[] dst = Arrays.stream(at).mapToObj(Indices::at).toArray(Index[]::new);
      Index[] src = Arrays.stream(from).mapToObj(Indices::at).toArray(Index[]::new);
      out.scalarType().copy(a.slice(src), out.slice(dst));
    }
    return out;
  }

  private static String abbreviate(String s) {
    return s.length() > 400 ? s.substring(0, 400) + "..." : s;
  }

  private static String describe(List<NdArray> arrays) {
    return arrays.stream().map(NdArraysGoldenTest::encode).collect(Collectors.joining(";"));
  }

  /** {@code DTYPE (SHAPE) HEX} as a little-endian buffer view, or a Java-array copy of it. */
  private static NdArray decode(String enc, boolean copy) {
    return GoldenTsv.decode(enc, copy, TYPES);
  }


  /** An input: the decoded base array, indexed and maybe transposed. */
  private static NdArray input(String spec, boolean copy) {
    String[] p = spec.split("\\|", -1);
    NdArray a = decode(p[0], copy);
    if (!p[1].isEmpty()) {
      a = a.slice(p[1]);
    }
    return p[2].equals("t") ? a.transpose() : a;
  }

  private static boolean none(String s) {
    return s.equals("None");
  }

  private static int i(String s) {
    return Integer.parseInt(s);
  }

  private static double d(String s) {
    return s.equals("inf") ? Double.POSITIVE_INFINITY : Double.parseDouble(s);
  }

  private static long[] longs(String s) {
    return Arrays.stream(s.replace("[", "").replace("]", "").split(","))
        .mapToLong(Long::parseLong).toArray();
  }

  private static double[] doubles(String s) {
    return Arrays.stream(s.substring(1, s.length() - 1).split(","))
        .mapToDouble(Double::parseDouble).toArray();
  }

  private static List<NdArray> run(String op, NdArray[] in, String[] p) {
    NdArray a = in[0];
    switch (op) {
      case "sort":
        return List.of(none(p[0]) ? Sorting.sortFlat(a) : Sorting.sort(a, i(p[0])));
      case "argsort":
        return List.of(none(p[0]) ? Sorting.argsortFlat(a) : Sorting.argsort(a, i(p[0])));
      case "partition":
        return List.of(Sorting.partition(a, longs(p[0]), i(p[1])));
      case "argpartition":
        return List.of(Sorting.argpartition(a, longs(p[0]), i(p[1])));
      case "unique": {
        Sorting.Unique<NdArray> u = Sorting.unique(a, p[0].equals("1"), p[1].equals("1"),
            p[2].equals("1"));
        List<NdArray> out = new ArrayList<>();
        out.add(u.values());
        for (NdArray x : new NdArray[] {u.index(), u.inverse(), u.counts()}) {
          if (x != null) {
            out.add(x);
          }
        }
        return out;
      }
      case "searchsorted": {
        boolean sorter = p[1].equals("1");
        NdArray s = sorter ? a : Sorting.sort(a);
        return List.of(Sorting.searchsorted(s, in[1], p[0].equals("right"),
            sorter ? Sorting.argsort(a) : null));
      }
      case "median":
        return List.of(none(p[0]) ? Sorting.median(a) : Sorting.median(a, i(p[0])));
      case "quantile":
        return List.of(none(p[1]) ? Sorting.quantile(a, d(p[0]))
            : Sorting.quantile(a, d(p[0]), i(p[1])));
      case "quantile_arr":
        return List.of(none(p[1]) ? Sorting.quantile(a, doubles(p[0]))
            : Sorting.quantile(a, doubles(p[0]), i(p[1])));
      case "percentile":
        return List.of(none(p[1]) ? Sorting.percentile(a, d(p[0]))
            : Sorting.percentile(a, d(p[0]), i(p[1])));
      case "percentile_arr":
        return List.of(none(p[1]) ? Sorting.percentile(a, doubles(p[0]))
            : Sorting.percentile(a, doubles(p[0]), i(p[1])));
      case "histogram": {
        Sorting.Histogram h = Sorting.histogram(a, i(p[0]));
        return List.of(h.counts(), h.edges());
      }
      case "histogram_range": {
        Sorting.Histogram h = Sorting.histogram(a, i(p[0]), d(p[1]), d(p[2]));
        return List.of(h.counts(), h.edges());
      }
      case "histogram_edges": {
        Sorting.Histogram h = Sorting.histogram(a, in[1]);
        return List.of(p[0].equals("1") ? h.density() : h.counts(), h.edges());
      }
      case "histogram_density": {
        Sorting.Histogram h = Sorting.histogram(a, i(p[0]));
        return List.of(h.density(), h.edges());
      }
      case "histogram_w": {
        Sorting.WeightedHistogram h = Sorting.histogram(a, i(p[0]), in[1]);
        return List.of(p[1].equals("1") ? h.density() : h.sums(), h.edges());
      }
      case "histogram_range_w": {
        Sorting.WeightedHistogram h = Sorting.histogram(a, i(p[0]), d(p[1]), d(p[2]), in[1]);
        return List.of(p[3].equals("1") ? h.density() : h.sums(), h.edges());
      }
      case "histogram_edges_w": {
        Sorting.WeightedHistogram h = Sorting.histogram(a, in[1], in[2]);
        return List.of(p[0].equals("1") ? h.density() : h.sums(), h.edges());
      }
      case "bincount":
        return List.of(in.length > 1 ? Sorting.bincount(a, in[1], i(p[0]))
            : Sorting.bincount(a, i(p[0])));
      default:
        throw new AssertionError("unknown routine " + op);
    }
  }
}
