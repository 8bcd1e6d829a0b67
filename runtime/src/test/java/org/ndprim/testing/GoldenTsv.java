package org.ndprim.testing;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.zip.GZIPInputStream;
import org.ndprim.NdArray;
import org.ndprim.ScalarType;
import org.ndprim.Shape;

/** The golden corpora written by the numpy scripts: gzipped lines of tab-separated fields. */
public final class GoldenTsv {
  private GoldenTsv() {}

  /**
   * Reads a corpus from the test class path, skipping blank lines and {@code #} comments.
   *
   * @param resource the resource path, e.g. {@code /golden/sorting_cases.txt.gz}
   * @return each line's fields, empty fields kept
   * @throws IOException if the resource is missing or unreadable
   */
  public static List<String[]> read(String resource) throws IOException {
    List<String[]> out = new ArrayList<>();
    try (InputStream in = GoldenTsv.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IOException("no golden corpus " + resource + " on the test class path");
      }
      BufferedReader r = new BufferedReader(new InputStreamReader(new GZIPInputStream(in),
          StandardCharsets.UTF_8));
      for (String line; (line = r.readLine()) != null; ) {
        if (!line.startsWith("#") && !line.isEmpty()) {
          out.add(line.split("\t", -1));
        }
      }
    }
    return out;
  }

  /**
   * An array written as {@code DTYPE (SHAPE) HEX} (the C-order little-endian bytes, {@code -} for
   * none): a little-endian heap-buffer array over those bytes, or a Java-array copy of it.
   *
   * @param enc the encoded array
   * @param copy whether the Java-array copy
   * @param types the scalar type of each NumPy dtype name ({@code f8}, {@code u1}, ...)
   * @return the array
   */
  public static NdArray decode(String enc, boolean copy, Map<String, ScalarType<?>> types) {
    String[] f = enc.split(" ");
    String dims = f[1].substring(1, f[1].length() - 1);
    Shape shape = dims.isEmpty() ? Shape.scalar()
        : Shape.of(Arrays.stream(dims.split(",")).mapToLong(Long::parseLong).toArray());
    byte[] bytes = f[2].equals("-") ? new byte[0] : HexFormat.of().parseHex(f[2]);
    ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
    NdArray a = types.get(f[0]).wrap(shape, b);
    return copy ? a.copy() : a;
  }

  /**
   * Checks every case twice, its inputs over buffers and over Java arrays, and fails with the
   * first {@code shown} failures; with the environment variable {@code NDPRIM_DUMP_FAILURES} set,
   * all failures are also written to {@code target/<corpus>-failures.txt}.
   *
   * @param cases the corpus
   * @param corpus the corpus's name, for the dump file
   * @param atLeast the fewest checks that count as a run (a truncated corpus fails)
   * @param shown how many failures the message shows
   * @param name a case's name in a failure
   * @param check null when a case (and whether over Java arrays) matches, else what differs; an
   *     exception or assertion error it throws is a failure too
   * @throws IOException if the dump cannot be written
   */
  public static void checkOnBuffersAndJavaArrays(List<String[]> cases, String corpus, int atLeast,
      int shown, Function<String[], String> name, BiFunction<String[], Boolean, String> check)
      throws IOException {
    List<String> failures = new ArrayList<>();
    int checked = 0;
    for (String[] c : cases) {
      for (boolean copy : new boolean[] {false, true}) {
        String problem;
        try {
          problem = check.apply(c, copy);
        } catch (RuntimeException | AssertionError e) {
          problem = "threw " + e;
        }
        if (problem != null) {
          failures.add(name.apply(c) + (copy ? " (Java array)" : " (buffer)") + ": " + problem);
        }
        checked++;
      }
    }
    if (checked < atLeast) {
      throw new AssertionError("only " + checked + " checks of " + corpus + ", expected at least "
          + atLeast);
    }
    if (System.getenv("NDPRIM_DUMP_FAILURES") != null) {
      java.nio.file.Files.write(java.nio.file.Path.of("target/" + corpus + "-failures.txt"),
          failures);
    }
    if (!failures.isEmpty()) {
      throw new AssertionError(failures.size() + " failures, the first:\n"
          + failures.stream().limit(shown).collect(Collectors.joining("\n")));
    }
  }
}
