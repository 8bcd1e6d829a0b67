package org.ndprim.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ndprim.BooleanNdArray;
import org.ndprim.ByteNdArray;
import org.ndprim.CharNdArray;
import org.ndprim.DoubleNdArray;
import org.ndprim.FloatNdArray;
import org.ndprim.IntNdArray;
import org.ndprim.LongNdArray;
import org.ndprim.NdArray;
import org.ndprim.Shape;
import org.ndprim.ShortNdArray;

/**
 * A seeded mutation fuzzer for the {@code .npy} reader, run by {@code mvn verify} with
 * {@code -Xmx256m} (own surefire execution) and a fixed seed and iteration count, so that CI is
 * reproducible; the iteration count can be raised by hand with {@code -Dndprim.fuzz.iterations=N}
 * (and the seed changed with {@code -Dndprim.fuzz.seed=S}).
 *
 * <p>Seeds: every file in the test resources {@code npy/} and {@code npy/hostile/},
 * {@code data/digits.npy}, and a file of every built-in dtype in both byte orders and both storage
 * orders. Mutations: bit flips, byte overwrites with interesting values, truncation, appended
 * garbage, splices of two seeds, edits of the header text (descr swaps, shape blow-ups, flag and
 * key edits, inserted and deleted characters), edits of the version and length fields.
 *
 * <p>The rule: {@link Npy#read(InputStream)}, {@link Npy#readHeader(InputStream)} and (for one input
 * in eight) {@link Npy#read(Path)} either return or throw {@link NpyFormatException} /
 * {@link IOException}; never any other exception or error, and the bytes allocated per read stay
 * within 16 times the input plus 8 MiB. A failure prints the input in hex, to become a regression
 * case.
 *
 * <p>Why not Jazzer: {@code com.code-intelligence:jazzer-junit} resolves from Maven Central here
 * (0.24.0), but under plain {@code mvn verify} its {@code @FuzzTest} only replays a stored corpus;
 * fuzzing needs {@code JAZZER_FUZZ=1}, its native agent and one JVM per fuzz test, and a time-bound
 * coverage-guided run is not reproducible. This loop is deterministic, needs nothing beyond JUnit,
 * and its mutations know the format (header, length fields), which blind byte mutations reach
 * rarely.
 */
class NpyFuzzTest {
  private static final long SEED = Long.getLong("ndprim.fuzz.seed", 20261201L);
  private static final int ITERATIONS = Integer.getInteger("ndprim.fuzz.iterations", 150_000);
  private static final long BUDGET_NANOS = 45_000_000_000L;

  private static final String[] DESCRS = {
    "<i4", ">i4", "|b1", "?", "b", "<l", "<d", "=i4", "|u1", "<U3", "O", "<f8", ">f8", "<i8", "<u2", ">u2",
    "<f4", "<i2", "|i1", "<c16", "<M8[ns]", "|V4", "S5", "i4,f8", "<i3", "", "x", "<f16", "int32", "d", "2i4"};
  private static final String[] SHAPES = {
    "()", "(0,)", "(1,)", "(3,)", "(2, 3)", "(4, 20000000)", "(2147483639,)", "(2147483648,)",
    "(99999999999999999999,)", "(-1,)", "(4294967296, 4294967296)", "(4294967296, 4294967296, 0)",
    "(65536, 65536)", "(1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,"
        + " 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1)",
    "(3)", "[3]", "(3L,)", "(0x10,)", "(1_0,)", "(+6,)", "(00,)", "(True,)", "(3.0,)", "(1000000, 1000000, 1000000)"};
  private static final String[] SNIPPETS = {
    "'", "\"", "(", ")", "[", "]", "{", "}", ",", ":", "\\", "\n", "\r", "\t", "\u000b", "\f", "\0", "#", "L", "l",
    "u'", "b'", "r'", "'''", "True", "False", "None", "...", "0x", "1_", "9999999999999999999999", "-", "+", "j",
    "\u00e9", "'descr': '<i4', ", "'shape': (1,), ", "'fortran_order': True, ", "'x': 1, ", "[" .repeat(300)};
  private static final byte[] INTERESTING = {0, 1, 2, 0x7f, (byte) 0x80, (byte) 0xff, '(', ')', '\'', ',', '9', '-', '\n'};

  @TempDir Path dir;

  @Test
  void theReaderOnlyEverThrowsNpyFormatExceptionOrIOException() throws IOException {
    List<byte[]> seeds = seeds();
    assertThat(seeds).hasSizeGreaterThan(80);
    Random random = new Random(SEED);
    List<String> failures = new ArrayList<>();
    long start = System.nanoTime();
    int runs = 0;
    int accepted = 0;
    Path file = dir.resolve("fuzz.npy");
    for (; runs < ITERATIONS && System.nanoTime() - start < BUDGET_NANOS && failures.size() < 5; runs++) {
      byte[] input = mutate(seeds.get(random.nextInt(seeds.size())), seeds, random);
      boolean viaFile = runs % 8 == 0;
      if (viaFile) {
        Files.write(file, input);
      }
      for (int how = 0; how < (viaFile ? 3 : 2); how++) {
        long before = NpyHostileTest.allocated();
        try {
          if (how == 0) {
            Npy.read(new ByteArrayInputStream(input));
            accepted++;
          } else if (how == 1) {
            Npy.readHeader(new ByteArrayInputStream(input));
          } else {
            Npy.read(file);
          }
        } catch (NpyFormatException e) {
          // expected for most mutants
        } catch (IOException e) {
          // allowed by the rule (e.g. from a file)
        } catch (Throwable t) { // NOPMD - the point of the test: anything else is a bug
          failures.add(t + " (read #" + how + ") on " + HexFormat.of().formatHex(input));
        }
        long used = NpyHostileTest.allocated() - before;
        if (used > 16L * input.length + (8L << 20)) {
          failures.add("read #" + how + " allocated " + used + " bytes for a " + input.length + "-byte input: "
              + HexFormat.of().formatHex(input, 0, Math.min(input.length, 512)));
        }
      }
    }
    System.out.printf("NpyFuzzTest: seed %d, %d inputs from %d seeds, %d read as arrays, %.1f s%n",
        SEED, runs, seeds.size(), accepted, (System.nanoTime() - start) / 1e9);
    assertThat(failures).isEmpty();
    assertThat(runs).isGreaterThan(1000);
    assertThat(accepted).as("some mutants are still valid files").isGreaterThan(100);
  }

  // ------------------------------------------------------------------------------------- seeds

  static List<byte[]> seeds() throws IOException {
    List<byte[]> seeds = new ArrayList<>();
    for (String folder : new String[] {"/npy", "/npy/hostile"}) {
      Path p = resourceDir(folder);
      try (Stream<Path> files = Files.list(p)) {
        for (Path f : files.filter(x -> x.toString().endsWith(".npy")).sorted().collect(Collectors.toList())) {
          seeds.add(Files.readAllBytes(f));
        }
      }
    }
    Path digits = Path.of("../data/digits.npy");
    if (Files.exists(digits)) {
      seeds.add(Files.readAllBytes(digits));
    }
    NdArray[] arrays = {
      BooleanNdArray.of(Shape.of(2, 3), true, false, true, true, false, false),
      ByteNdArray.of(Shape.of(2, 3), (byte) -128, (byte) -1, (byte) 0, (byte) 1, (byte) 42, (byte) 127),
      ShortNdArray.of(Shape.of(3, 2), (short) -32768, (short) -1, (short) 0, (short) 1, (short) 258, (short) 32767),
      CharNdArray.of(Shape.of(3), (char) 0, (char) 258, (char) 65535),
      IntNdArray.of(Shape.of(2, 2, 2), 0, 1, 2, 3, 4, 5, 6, Integer.MIN_VALUE),
      LongNdArray.of(Shape.of(2), Long.MIN_VALUE, Long.MAX_VALUE),
      FloatNdArray.of(Shape.of(2, 2), Float.NaN, -0f, 1.5f, Float.POSITIVE_INFINITY),
      DoubleNdArray.of(Shape.of(1, 3), Double.NaN, -0d, 1e300),
      IntNdArray.scalar(-7),
      DoubleNdArray.zeros(Shape.of(0, 3)),
    };
    for (NdArray a : arrays) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      Npy.write(a, out);
      byte[] le = out.toByteArray();
      seeds.add(le);
      seeds.add(withHeader(le, h -> h.replace("'fortran_order': False", "'fortran_order': True")));
      seeds.add(swapped(le, a));
    }
    return seeds;
  }

  private static Path resourceDir(String folder) {
    try {
      return Path.of(NpyFuzzTest.class.getResource(folder).toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The same file with a big-endian descriptor and byte-swapped items. */
  private static byte[] swapped(byte[] le, NdArray a) {
    int itemSize = a.scalarType().itemSize();
    if (itemSize == 1) {
      return le.clone();
    }
    byte[] be = withHeader(le, h -> h.replace("'<", "'>"));
    int data = be.length - (int) a.size() * itemSize;
    for (int i = data; i + itemSize <= be.length; i += itemSize) {
      for (int k = 0; k < itemSize / 2; k++) {
        byte t = be[i + k];
        be[i + k] = be[i + itemSize - 1 - k];
        be[i + itemSize - 1 - k] = t;
      }
    }
    return be;
  }

  // --------------------------------------------------------------------------------- mutations

  private static byte[] mutate(byte[] seed, List<byte[]> seeds, Random r) {
    byte[] b = seed.clone();
    int rounds = 1 + r.nextInt(3);
    for (int k = 0; k < rounds; k++) {
      switch (r.nextInt(10)) {
        case 0: // bit flips
          for (int i = 0, n = 1 + r.nextInt(8); i < n && b.length > 0; i++) {
            b[r.nextInt(b.length)] ^= (byte) (1 << r.nextInt(8));
          }
          break;
        case 1: // interesting bytes, mostly in the header
          for (int i = 0, n = 1 + r.nextInt(4); i < n && b.length > 0; i++) {
            b[r.nextInt(Math.min(b.length, 128))] = INTERESTING[r.nextInt(INTERESTING.length)];
          }
          break;
        case 2: // truncation
          b = java.util.Arrays.copyOf(b, b.length == 0 ? 0 : r.nextInt(b.length));
          break;
        case 3: // garbage appended
          byte[] tail = new byte[r.nextInt(200)];
          r.nextBytes(tail);
          b = concat(b, tail);
          break;
        case 4: // splice two seeds
          byte[] other = seeds.get(r.nextInt(seeds.size()));
          int cut = b.length == 0 ? 0 : r.nextInt(b.length);
          int from = other.length == 0 ? 0 : r.nextInt(other.length);
          b = concat(java.util.Arrays.copyOf(b, cut), java.util.Arrays.copyOfRange(other, from, other.length));
          break;
        case 5: // descr swap
          b = withHeader(b, h -> h.replaceFirst("'descr': *'[^']*'", "'descr': '" + DESCRS[r.nextInt(DESCRS.length)] + "'"));
          break;
        case 6: // shape blow-up
          b = withHeader(b, h -> h.replaceFirst("'shape': *\\([^)]*\\)", "'shape': " + SHAPES[r.nextInt(SHAPES.length)]));
          break;
        case 7: // text inserted into or deleted from the header
          b = withHeader(b, h -> {
            int at = h.isEmpty() ? 0 : r.nextInt(h.length());
            if (r.nextBoolean() && !h.isEmpty()) {
              return h.substring(0, at) + h.substring(Math.min(h.length(), at + 1 + r.nextInt(8)));
            }
            return h.substring(0, at) + SNIPPETS[r.nextInt(SNIPPETS.length)] + h.substring(at);
          });
          break;
        case 8: // header length field
          if (b.length >= 10) {
            int v = r.nextInt(4) == 0 ? 0xffff : r.nextInt(1 << (1 + r.nextInt(16)));
            b[8] = (byte) v;
            b[9] = (byte) (v >>> 8);
          }
          break;
        default: // version byte: 2.0/3.0 read the length field as 4 bytes
          if (b.length >= 8) {
            b[6] = (byte) (1 + r.nextInt(4));
            b[7] = (byte) (r.nextInt(8) == 0 ? 1 : 0);
          }
      }
    }
    return b;
  }

  interface HeaderEdit {
    String apply(String header);
  }

  /** Rewrites the header text of a version 1.0 file (fixing its length field); other bytes as they are. */
  static byte[] withHeader(byte[] file, HeaderEdit edit) {
    if (file.length < 10 || file[6] != 1) {
      return file;
    }
    int n = (file[8] & 0xff) | (file[9] & 0xff) << 8;
    if (10 + n > file.length) {
      return file;
    }
    String h = new String(file, 10, n, StandardCharsets.ISO_8859_1);
    byte[] text = edit.apply(h).getBytes(StandardCharsets.ISO_8859_1);
    if (text.length > 0xffff) {
      return file;
    }
    byte[] out = new byte[10 + text.length + file.length - 10 - n];
    System.arraycopy(file, 0, out, 0, 8);
    out[8] = (byte) text.length;
    out[9] = (byte) (text.length >>> 8);
    System.arraycopy(text, 0, out, 10, text.length);
    System.arraycopy(file, 10 + n, out, 10 + text.length, file.length - 10 - n);
    return out;
  }

  private static byte[] concat(byte[] a, byte[] b) {
    byte[] out = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }
}
