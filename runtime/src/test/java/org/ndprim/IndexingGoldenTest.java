package org.ndprim;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.ndprim.testing.GoldenTsv;

/**
 * Replays {@code golden/positions_cases.txt.gz} (made by
 * {@code src/test/python/gen_positions_cases.py}): every routine of {@link Indexing} (and
 * {@link Reduce#countNonzero}) over every built-in NumPy dtype, on contiguous, reversed,
 * strided and transposed views, empty and 0-d inputs, every axis and mode, indices of several
 * integer types, and NumPy's errors. Each case runs twice: on a view of a little-endian
 * {@code ByteBuffer} (buffer storage) and on a view of a Java-array copy. Results must match bit
 * for bit (type, shape, little-endian bytes in C order); the writing routines must leave the
 * whole base array as NumPy leaves it, and when refused leave it untouched (where NumPy's
 * {@code put} may have written the elements before a bad position).
 */
class IndexingGoldenTest {
  private static final Map<String, ScalarType<?>> TYPES = NdArraysGoldenTest.TYPES;

  private static final Map<String, Class<?>> KINDS = Map.of(
      "ValueError", IllegalArgumentException.class, "TypeError", IllegalArgumentException.class,
      "AxisError", IndexOutOfBoundsException.class, "IndexError", IndexOutOfBoundsException.class);

  /**
   * NumPy's IndexErrors that are not about a position outside an axis: ndprim throws
   * {@link IllegalArgumentException} with NumPy's text (as its advanced indexing does).
   */
  private static final List<String> ARGUMENT_INDEX_ERRORS = List.of(
      "`indices` must be an integer array", "shape mismatch: indexing arrays");

  private static final Set<String> WRITES = Set.of("put", "put_along_axis");

  static List<String[]> cases() throws IOException {
    return GoldenTsv.read("/golden/positions_cases.txt.gz");
  }

  @Test
  void theCorpusCoversEveryRoutineDtypeAndErrors() throws IOException {
    List<String[]> cases = cases();
    Set<String> ops = cases.stream().map(c -> c[0]).collect(Collectors.toSet());
    assertThat(ops).containsExactlyInAnyOrder("nonzero", "where", "argwhere", "flatnonzero",
        "count_nonzero", "take", "put", "take_along_axis", "put_along_axis", "compress",
        "extract");
    for (String dt : TYPES.keySet()) {
      for (String op : ops) {
        int at = op.equals("compress") || op.equals("extract") ? 1 : 0;
        assertThat(cases).as(op + " " + dt).anyMatch(c -> c[0].equals(op)
            && c[1].split(";")[at].startsWith(dt + " ") && c[3].startsWith("OK"));
      }
    }
    for (String mode : List.of("raise", "wrap", "clip")) {
      assertThat(cases).anyMatch(c -> c[0].equals("take") && c[2].endsWith(mode)
          && c[3].startsWith("OK"));
      assertThat(cases).anyMatch(c -> c[0].equals("put") && c[2].endsWith(mode)
          && c[3].startsWith("OK"));
    }
    for (String error : List.of("is out of bounds for axis", "cannot do a non-empty take",
        "cannot replace elements of an empty array", "`indices` must be an integer array",
        "must have the same number of dimensions", "could not be broadcast together",
        "condition must be a 1-d array", "must have a single dimension",
        "could not be broadcast to indexing result", "according to the rule 'safe'",
        "according to the rule 'same_kind'", "Calling nonzero on 0d arrays")) {
      assertThat(cases).as(error).anyMatch(c -> c[3].startsWith("ERR") && c[3].contains(error));
    }
    assertThat(cases.size()).isGreaterThan(5000);
  }

  @Test
  void everyCaseIsNumpysOnBuffersAndJavaArrays() throws IOException {
    GoldenTsv.checkOnBuffersAndJavaArrays(cases(), "positions", 10000, 30,
        c -> c[0] + " | " + c[1] + " | " + c[2], (c, copy) -> check(c, copy));
  }

  /** Null when the case matches, else what differs. */
  private static String check(String[] c, boolean copy) {
    String expected = c[3];
    String[] specs = c[1].split(";");
    NdArray[] bases = new NdArray[specs.length];
    NdArray[] in = new NdArray[specs.length];
    for (int i = 0; i < specs.length; i++) {
      String[] p = specs[i].split("\\|", -1);
      bases[i] = decode(p[0], copy);
      NdArray a = p[1].isEmpty() ? bases[i] : bases[i].slice(p[1]);
      in[i] = p[2].equals("t") ? a.transpose() : a;
    }
    String[] p = c[2].split(" ");
    boolean write = WRITES.contains(c[0]);
    String before = write ? NdArraysGoldenTest.encode(bases[0]) : null;
    List<NdArray> got;
    try {
      got = run(c[0], in, p);
    } catch (IllegalArgumentException | IndexOutOfBoundsException e) {
      if (!expected.startsWith("ERR ")) {
        return "threw " + e + ", numpy gave " + abbreviate(expected);
      }
      String[] err = expected.split(" ", 3);
      String message = err.length > 2 ? err[2].trim() : "";
      Class<?> kind = ARGUMENT_INDEX_ERRORS.stream().anyMatch(message::startsWith)
          ? IllegalArgumentException.class : KINDS.get(err[1]);
      if (kind == null || !kind.isInstance(e)) {
        return "threw " + e + ", numpy's " + err[1] + ": " + message;
      }
      String m = e.getMessage();
      if (!message.equals(m) && !(message.startsWith("shape mismatch: value array")
          && m.startsWith(message + ": "))) {
        return "message '" + m + "', numpy's '" + message + "'";
      }
      if (write && !NdArraysGoldenTest.encode(bases[0]).equals(before)) {
        return "a refused write changed the target: " + bases[0];
      }
      return null;
    }
    if (!expected.startsWith("OK ")) {
      return "returned " + describe(got) + ", numpy raised " + expected;
    }
    if (write) {
      got = List.of(bases[0]);
    }
    String actual = "OK " + describe(got);
    return actual.equals(expected) ? null
        : "got " + abbreviate(actual) + "\n    numpy " + abbreviate(expected);
  }

  private static String abbreviate(String s) {
    return s.length() > 400 ? s.substring(0, 400) + "..." : s;
  }

  private static String describe(List<? extends NdArray> arrays) {
    return arrays.stream().map(NdArraysGoldenTest::encode).collect(Collectors.joining(";"));
  }

  /** {@code DTYPE (SHAPE) HEX} as a little-endian buffer array, or a Java-array copy of it. */
  private static NdArray decode(String enc, boolean copy) {
    return GoldenTsv.decode(enc, copy, TYPES);
  }


  private static Integer axis(String s) {
    return s.equals("None") ? null : Integer.valueOf(s);
  }

  private static Indexing.Mode mode(String s) {
    return Indexing.Mode.valueOf(s.toUpperCase(java.util.Locale.ROOT));
  }

  private static List<NdArray> run(String op, NdArray[] in, String[] p) {
    NdArray a = in[0];
    Integer axis = axis(p[0]);
    switch (op) {
      case "nonzero":
        return new ArrayList<>(Indexing.nonzero(a));
      case "where":
        return new ArrayList<>(Indexing.where(a));
      case "argwhere":
        return List.of(Indexing.argwhere(a));
      case "flatnonzero":
        return List.of(Indexing.flatnonzero(a));
      case "count_nonzero":
        return List.of(axis == null ? Reduce.countNonzero(a, false)
            : Reduce.countNonzero(a, false, axis));
      case "take":
        return List.of(axis == null ? Indexing.take(a, in[1], mode(p[1]))
            : Indexing.take(a, in[1], axis, mode(p[1])));
      case "put":
        return List.of(Indexing.put(a, in[1], in[2], mode(p[1])));
      case "take_along_axis":
        return List.of(axis == null ? Indexing.takeAlongAxisFlat(a, in[1])
            : Indexing.takeAlongAxis(a, in[1], axis));
      case "put_along_axis":
        return List.of(axis == null ? Indexing.putAlongAxisFlat(a, in[1], in[2])
            : Indexing.putAlongAxis(a, in[1], in[2], axis));
      case "compress":
        return List.of(axis == null ? Indexing.compress(a, in[1])
            : Indexing.compress(a, in[1], axis));
      case "extract":
        return List.of(Indexing.extract(a, in[1]));
      default:
        throw new AssertionError("unknown routine " + op);
    }
  }
}
