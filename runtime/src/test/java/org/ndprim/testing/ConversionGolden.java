package org.ndprim.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;

/**
 * A conversion golden file written by one of the {@code gen_*_golden.py} scripts over
 * {@code conversion_inputs.py}: per kind of conversion, SHA-256 digests of the reference's outputs
 * per chunk of inputs, explicit cases, and counts.
 *
 * <pre>
 * digest|&lt;kind&gt;|&lt;chunk&gt;|&lt;first index&gt;|&lt;count&gt;|&lt;sha256&gt;
 * case|&lt;kind&gt;|&lt;input bits, hex&gt;|&lt;output bits, hex&gt;|&lt;input value&gt;
 * count|&lt;name&gt;|&lt;n&gt;
 * </pre>
 *
 * <p>The SHA-256 is over the outputs of the chunk as little-endian unsigned integers.
 */
public final class ConversionGolden {
  /** One digest line. */
  public record Digest(int chunk, int from, int count, String sha256) {}

  /** One explicit case. */
  public record Case(long in, long out, String text) {}

  private final Path path;
  private final List<String[]> lines = new ArrayList<>();

  private ConversionGolden(Path path) {
    this.path = path;
    try {
      for (String line : Files.readAllLines(path, StandardCharsets.UTF_8)) {
        if (!line.startsWith("#") && !line.isEmpty()) {
          lines.add(line.split("\\|", -1));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Reads a golden file.
   *
   * @param path the file
   * @return its contents
   */
  public static ConversionGolden read(Path path) {
    return new ConversionGolden(path);
  }

  /**
   * Returns the digests of one kind, in chunk order.
   *
   * @param kind e.g. {@code f2h}
   * @return the digests; at least one
   */
  public List<Digest> digests(String kind) {
    List<Digest> out = new ArrayList<>();
    for (String[] l : lines) {
      if (l[0].equals("digest") && l[1].equals(kind)) {
        out.add(new Digest(Integer.parseInt(l[2]), Integer.parseInt(l[3]),
            Integer.parseInt(l[4]), l[5]));
      }
    }
    assertThat(out).as("digests of %s in %s", kind, path).isNotEmpty();
    return out;
  }

  /**
   * Returns the explicit cases of one kind.
   *
   * @param kind e.g. {@code f2h}
   * @return the cases; at least one
   */
  public List<Case> cases(String kind) {
    List<Case> out = new ArrayList<>();
    for (String[] l : lines) {
      if (l[0].equals("case") && l[1].equals(kind)) {
        out.add(new Case(Long.parseUnsignedLong(l[2], 16), Long.parseUnsignedLong(l[3], 16),
            l[4]));
      }
    }
    assertThat(out).as("cases of %s in %s", kind, path).isNotEmpty();
    return out;
  }

  /**
   * Returns a count line's number.
   *
   * @param name the count's name
   * @return the number
   */
  public long count(String name) {
    for (String[] l : lines) {
      if (l[0].equals("count") && l[1].equals(name)) {
        return Long.parseLong(l[2]);
      }
    }
    throw new AssertionError("no count " + name + " in " + path);
  }

  /**
   * Checks {@code outputs} (as unsigned integers of {@code bytes} bytes) against every digest of
   * {@code kind}: the chunks must cover the outputs exactly, and a failing chunk is named with
   * its range of inputs.
   *
   * @param kind the kind
   * @param outputs the outputs in input order
   * @param bytes the width of an output
   * @param what describes the conversion, with the failing chunk's input range in the message
   * @param firstInput describes the first input of a failing chunk (its bits, say)
   */
  public void checkDigests(String kind, long[] outputs, int bytes, String what,
      IntFunction<String> firstInput) {
    List<Digest> digests = digests(kind);
    int covered = 0;
    for (Digest d : digests) {
      assertThat(d.from()).as("%s chunk %d", kind, d.chunk()).isEqualTo(covered);
      covered += d.count();
      assertThat(ConversionInputs.sha256(outputs, d.from(), d.count(), bytes))
          .as("%s: %s of inputs %d..%d (the first %s) differs from the reference; the case lines"
              + " of %s localise it", what, kind, d.from(), d.from() + d.count() - 1,
              firstInput.apply(d.from()), path.getFileName())
          .isEqualTo(d.sha256());
    }
    assertThat(covered).as("%s: inputs covered by the digests", kind).isEqualTo(outputs.length);
  }
}
