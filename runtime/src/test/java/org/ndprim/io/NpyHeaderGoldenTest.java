package org.ndprim.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.ndprim.NdArray;
import org.ndprim.Shape;

/**
 * Replays {@code golden/npy_header_cases.txt} (made by {@code src/test/python/gen_header_cases.py}
 * with numpy): every header variant is read by {@link Npy#readHeader(InputStream)}, which must
 * accept exactly what numpy's header parser accepts and report the same dtype ({@code dtype.str}),
 * shape and order; where the dtype has a built-in type, {@link Npy#read(InputStream)} must succeed
 * exactly when {@code numpy.load} does.
 */
class NpyHeaderGoldenTest {
  private static final String RESOURCE = "/golden/npy_header_cases.txt";

  record Case(int version, byte[] header, String headerOutcome, String loadOutcome, int line) {
    String label() {
      String text = new String(header, version == 3 ? StandardCharsets.UTF_8 : StandardCharsets.ISO_8859_1);
      return "line " + line + " v" + version + " " + text.replace("\n", "\\n").replace("\r", "\\r") + " -> " + headerOutcome;
    }
  }

  static List<Case> cases() {
    List<Case> cases = new ArrayList<>();
    try (InputStream in = NpyHeaderGoldenTest.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException(RESOURCE + " missing; run src/test/python/gen_header_cases.py");
      }
      String[] lines = new String(in.readAllBytes(), StandardCharsets.US_ASCII).split("\n", -1);
      for (int i = 0; i < lines.length; i++) {
        if (lines[i].isEmpty() || lines[i].startsWith("#")) {
          continue;
        }
        String[] c = lines[i].split("\t", -1);
        cases.add(new Case(Integer.parseInt(c[0]), unescape(c[1]), c[2], c[3], i + 1));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return cases;
  }

  static byte[] unescape(String s) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c != '\\') {
        out.write(c);
      } else if (s.charAt(i + 1) == '\\') {
        out.write('\\');
        i++;
      } else {
        out.write(Integer.parseInt(s.substring(i + 2, i + 4), 16));
        i += 3;
      }
    }
    return out.toByteArray();
  }

  /** magic, version, length field, header bytes, then {@code data} zero bytes. */
  static byte[] file(int version, byte[] header, int data) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(new byte[] {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y', (byte) version, 0});
    int n = header.length;
    out.write(n);
    out.write(n >>> 8);
    if (version > 1) {
      out.write(n >>> 16);
      out.write(n >>> 24);
    }
    out.writeBytes(header);
    out.writeBytes(new byte[data]);
    return out.toByteArray();
  }

  @Test
  void corpusCoversWhatTheIssueNamed() {
    List<Case> cases = cases();
    assertThat(cases).hasSizeGreaterThan(300);
    assertThat(cases).filteredOn(c -> c.headerOutcome.startsWith("OK")).hasSizeGreaterThan(100);
    assertThat(cases).filteredOn(c -> c.headerOutcome.startsWith("ERR")).hasSizeGreaterThan(100);
    assertThat(cases).extracting(Case::version).contains(1, 2, 3);
  }

  @TestFactory
  Stream<DynamicTest> everyHeaderIsReadAsNumpyReadsIt() {
    return cases().stream().map(c -> DynamicTest.dynamicTest(c.label(), () -> check(c)));
  }

  private static void check(Case c) throws IOException {
    String[] ok = c.headerOutcome.split(" ");
    if (!ok[0].equals("OK")) {
      Throwable e = catchThrowable(() -> Npy.readHeader(new ByteArrayInputStream(file(c.version, c.header, 0))));
      assertThat(e).as("numpy: " + c.headerOutcome).isInstanceOf(NpyFormatException.class);
      Throwable r = catchThrowable(() -> Npy.read(new ByteArrayInputStream(file(c.version, c.header, 64))));
      assertThat(r).isInstanceOf(NpyFormatException.class);
      return;
    }
    long[] dims = tuple(ok[2]);
    long size = Arrays.stream(dims).anyMatch(d -> d == 0) ? 0
        : Arrays.stream(dims).reduce(1, (a, b) -> a > 4096 || b > 4096 ? 4097 : a * b);
    NpyHeader h = Npy.readHeader(new ByteArrayInputStream(file(c.version, c.header, 0)));
    if (ok[1].equals("STRUCT")) {
      assertThat(h.isStructured()).as("structured").isTrue();
    } else {
      assertThat(h.isStructured()).as("structured").isFalse();
      assertThat(h.dtype()).as("dtype").isEqualTo(ok[1]);
    }
    assertThat(h.shape()).isEqualTo(Shape.of(dims));
    assertThat(h.fortranOrder()).isEqualTo(Boolean.parseBoolean(ok[3].toLowerCase()));
    assertThat(h.version()).isEqualTo(c.version + ".0");
    if (h.isStructured() || Npy.builtInType(h.descr()).isEmpty()) {
      return;
    }
    int bytes = size * h.itemSize() <= 4096 ? (int) size * h.itemSize() : 0;
    byte[] file = file(c.version, c.header, bytes);
    Throwable e = catchThrowable(() -> Npy.read(new ByteArrayInputStream(file)));
    if (c.loadOutcome.equals("OK")) {
      assertThat(e).as("numpy.load reads it").isNull();
      NdArray a = Npy.read(new ByteArrayInputStream(file));
      assertThat(a.shape()).isEqualTo(Shape.of(dims));
      assertThat(Npy.builtInType(h.dtype())).contains(a.scalarType());
    } else {
      assertThat(e).as("numpy.load: " + c.loadOutcome).isInstanceOf(NpyFormatException.class);
    }
  }

  /** "(2,3)", "(5,)", "()" */
  private static long[] tuple(String t) {
    String inner = t.substring(1, t.length() - 1);
    return Arrays.stream(inner.split(",")).filter(x -> !x.isEmpty()).mapToLong(Long::parseLong).toArray();
  }
}
