package org.ndprim.layout;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.ndprim.Indices;
import org.ndprim.Shape;

/**
 * Helpers of the layout tests: C-order layouts over an arange base, where each value equals its
 * storage offset, NumPy tuple and value parsing, and the golden corpora.
 */
public final class LayoutTesting {
  private LayoutTesting() {}

  /** The layout of {@code np.arange(size).reshape(dims)}: element values are storage offsets. */
  public static Layout arange(long... dims) {
    return Layout.cOrder(Shape.of(dims));
  }

  /** Parses a Python tuple such as {@code "(2, 3, 4)"}, {@code "(5,)"}, {@code "()"}. */
  public static long[] tuple(String text) {
    String inner = text.trim();
    if (!inner.startsWith("(") || !inner.endsWith(")")) {
      throw new IllegalArgumentException("not a tuple: " + text);
    }
    inner = inner.substring(1, inner.length() - 1);
    List<Long> dims = new ArrayList<>();
    for (String part : inner.split(",")) {
      if (!part.isBlank()) {
        dims.add(Long.parseLong(part.trim()));
      }
    }
    return dims.stream().mapToLong(Long::longValue).toArray();
  }

  /** Parses space-separated longs; blank gives an empty array. */
  static long[] longs(String text) {
    if (text.isBlank()) {
      return new long[0];
    }
    String[] parts = text.trim().split("\\s+");
    long[] out = new long[parts.length];
    for (int i = 0; i < parts.length; i++) {
      out[i] = Long.parseLong(parts[i]);
    }
    return out;
  }

  /** The storage offsets of all elements in logical C order, read with the RunCursor. */
  static long[] values(Layout layout) {
    long size = layout.size();
    long[] out = new long[Math.toIntExact(size)];
    int k = 0;
    for (RunCursor c = layout.runs(); c.next(); ) {
      long o = c.offset();
      long st = c.stride();
      for (long i = 0, n = c.length(); i < n; i++, o += st) {
        out[k++] = o;
      }
    }
    if (k != size) {
      throw new AssertionError("RunCursor visited " + k + " elements, size is " + size);
    }
    return out;
  }

  /** Applies a spec in NumPy syntax. */
  static Layout slice(Layout layout, String spec) {
    return layout.slice(Indices.parse(spec));
  }

  /**
   * The cases of a golden corpus on the test classpath ({@code "/golden/slicing_cases.txt"}):
   * one tab-separated line each, skipping blank lines and {@code #} comments.
   */
  static List<String[]> goldenCases(String resource) throws IOException {
    List<String[]> cases = new ArrayList<>();
    try (InputStream in = LayoutTesting.class.getResourceAsStream(resource)) {
      assertThat(in).as(resource).isNotNull();
      BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
      for (String line; (line = reader.readLine()) != null; ) {
        if (!line.startsWith("#") && !line.isEmpty()) {
          cases.add(line.split("\t", -1));
        }
      }
    }
    return cases;
  }
}
