package org.ndprim.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ndprim.BooleanNdArray;
import org.ndprim.ByteNdArray;
import org.ndprim.DoubleNdArray;
import org.ndprim.IntNdArray;
import org.ndprim.LongNdArray;
import org.ndprim.NdArray;
import org.ndprim.Shape;
import org.ndprim.ShortNdArray;

/**
 * A seeded mutation fuzzer for the {@code .npz} reader, as {@link NpyFuzzTest} is for {@code .npy}
 * headers: run by {@code mvn verify} in the {@code -Xmx256m} hostile-input execution with a fixed
 * seed, a fixed number of inputs and a time bound of 20 s ({@code -Dndprim.fuzz.npz.iterations=N},
 * {@code -Dndprim.fuzz.npz.seconds=T} and {@code -Dndprim.fuzz.seed=S} to run more or others by
 * hand).
 *
 * <p>Seeds: archives written by {@link Npz} through {@link java.util.zip} (stored and deflated;
 * several members, empty, 0-d, Fortran-order and big-endian arrays, an empty archive, an empty
 * member), the same with their offsets and sizes moved by hand into zip64 extra fields, and the
 * golden and hostile archives of the test resources. Mutations know the format: fields of the
 * local headers, the central directory and the end record (flags, version needed, method, CRC,
 * sizes, name and extra lengths, offsets, counts, comment length) set to edge values, entry names
 * rewritten (other names, {@code .npy} dropped or doubled, duplicates, path tricks, non-UTF-8
 * bytes), zip64 extra fields with lying values, truncations (mostly inside the directory),
 * appended bytes, a central record repeated or dropped, bit flips and splices.
 *
 * <p>The rule: {@link Npz#open}, then for every member {@link Npz.Member#header()},
 * {@link Npz.Member#read()} and {@link Npz.Member#readBlocks}, either succeed or throw
 * {@link NpyFormatException} / {@link IOException} whose message is one line (not counting the
 * member names the archive holds, whose escaping is the printer's business), names the archive
 * and does not say "null"; never any other exception or error, and the bytes allocated stay
 * bounded. An unmutated seed must read as it was written. A failure prints the input in hex.
 *
 * <p>Every mutant is also read through {@link Npz#open(java.nio.channels.SeekableByteChannel,
 * String)} (a {@link BytesChannel} giving at most 4099 bytes a read), under the same rule, and must
 * give the same outcome as through the file and {@code ZipFile}: opened or not, and for every
 * member and every way of reading it, success with equal arrays or failure.
 */
class NpzFuzzTest {
  private static final long SEED = Long.getLong("ndprim.fuzz.seed", 20261201L);
  private static final int ITERATIONS = Integer.getInteger("ndprim.fuzz.npz.iterations", 1_500);
  private static final long BUDGET_NANOS = Long.getLong("ndprim.fuzz.npz.seconds", 20) * 1_000_000_000L;

  private static final int LOCAL = 0x04034b50;
  private static final int CEN = 0x02014b50;
  private static final int END = 0x06054b50;
  private static final int ZIP64_END = 0x06064b50;
  private static final int ZIP64_LOCATOR = 0x07064b50;

  private static final long[] EDGES = {0, 1, 2, 0x7f, 0x80, 0xff, 0x100, 0x7fff, 0x8000, 0xffff, 0x10000,
    0x7fffffffL, 0x80000000L, 0xfffffffeL, 0xffffffffL};
  private static final String[] NAMES = {"x.npy", "x", "y.npy", "", ".npy", "x.npy.npy", "../evil.npy",
    "/abs.npy", "a/b.npy", "a/", "dir/", "C:/x.npy", "..\\x.npy", "\u00e9t\u00e9.npy", "x".repeat(300) + ".npy",
    "arr_0.npy", "x.NPY", " x.npy"};

  @TempDir Path dir;

  /** A seed and, for the ones written here, the arrays it holds. */
  record Seed(byte[] bytes, Map<String, NdArray> arrays) {}

  @Test
  void theReaderOnlyEverThrowsNamedOneLineExceptions() throws IOException {
    List<Seed> seeds = seeds();
    assertThat(seeds).hasSizeGreaterThan(20);
    Path file = dir.resolve("fuzz.npz");
    List<String> failures = new ArrayList<>();
    List<String> differences = new ArrayList<>();
    // every seed as it is: read exactly as written
    for (Seed s : seeds) {
      Files.write(file, s.bytes);
      Outcome o = readAll(file, failures, s.bytes);
      if (s.arrays != null) {
        assertThat(o.arrays).as("seed holding %s", s.arrays.keySet()).isEqualTo(s.arrays);
      }
      Outcome c = readAll(file, true, failures, s.bytes);
      assertThat(c.opened).as("seed opened through a channel").isEqualTo(o.opened);
      if (o.opened) {
        assertThat(c.outcomes).as("seed read through a channel").isEqualTo(o.outcomes);
      }
      assertThat(c.arrays).as("seed read through a channel").isEqualTo(o.arrays);
    }
    Random random = new Random(SEED);
    long start = System.nanoTime();
    int runs = 0;
    int opened = 0;
    int read = 0;
    for (; runs < ITERATIONS && System.nanoTime() - start < BUDGET_NANOS && failures.size() < 5; runs++) {
      byte[] input = mutate(seeds.get(random.nextInt(seeds.size())).bytes, seeds, random);
      Files.write(file, input);
      long before = NpyHostileTest.allocated();
      Outcome o = readAll(file, failures, input);
      long used = NpyHostileTest.allocated() - before;
      if (used > 2048L * input.length + (16L << 20)) {
        failures.add("allocated " + used + " bytes for a " + input.length + "-byte archive: " + hex(input));
      }
      before = NpyHostileTest.allocated();
      Outcome c = readAll(file, true, failures, input);
      used = NpyHostileTest.allocated() - before;
      if (used > 2048L * input.length + (16L << 20)) {
        failures.add("through a channel: allocated " + used + " bytes for a " + input.length + "-byte archive: " + hex(input));
      }
      if (!c.arrays.equals(o.arrays) || c.opened != o.opened
          || o.opened && !c.outcomes.equals(o.outcomes)) {
        differences.add(o.outcomes + " / " + c.outcomes + " on " + hex(input));
      }
      opened += o.opened ? 1 : 0;
      read += o.arrays.size();
    }
    System.out.printf("NpzFuzzTest: seed %d, %d archives from %d seeds, %d opened, %d members read, %.1f s%n",
        SEED, runs, seeds.size(), opened, read, (System.nanoTime() - start) / 1e9);
    assertThat(failures).isEmpty();
    assertThat(differences).as("archives read otherwise through a channel than from the file").isEmpty();
    assertThat(runs).as("archives tried in the time bound").isGreaterThanOrEqualTo(Math.min(ITERATIONS, 300));
    assertThat(opened).as("mutants that still open").isGreaterThan(runs / 5);
    assertThat(read).as("members that still read").isGreaterThan(runs / 20);
  }

  /** What reading an archive gave. */
  record Outcome(boolean opened, Map<String, NdArray> arrays, Map<String, String> outcomes) {}

  /** Reads every member every way; records any break of the rule in {@code failures}. */
  private static Outcome readAll(Path file, List<String> failures, byte[] input) {
    return readAll(file, false, failures, input);
  }

  /** {@link #readAll(Path, List, byte[])}, through {@link Npz#open(java.nio.channels.SeekableByteChannel, String)} if {@code channel}. */
  private static Outcome readAll(Path file, boolean channel, List<String> failures, byte[] input) {
    Map<String, NdArray> arrays = new LinkedHashMap<>();
    Map<String, String> outcomes = new LinkedHashMap<>();
    List<String> names = new ArrayList<>();
    boolean opened = false;
    try (Npz npz = channel ? Npz.open(new BytesChannel(input, 4099), file.toString()) : Npz.open(file)) {
      opened = true;
      for (Npz.Member m : npz.members()) {
        names.add(m.entryName());
      }
      for (Npz.Member m : npz.members()) {
        for (int how = 0; how < 3; how++) {
          try {
            if (how == 0) {
              m.header();
            } else if (how == 1) {
              arrays.put(m.name(), m.read());
            } else {
              long[] count = {0};
              m.readBlocks(1000, (block, offset) -> count[0] += block.size());
            }
            outcomes.put(m.entryName() + "#" + how, "ok");
          } catch (IOException e) {
            outcomes.put(m.entryName() + "#" + how, "failed");
            check(e, file, names, failures, input);
          }
        }
      }
    } catch (IOException e) {
      outcomes.put("open", e.getMessage());
      check(e, file, names, failures, input);
    } catch (Throwable t) { // NOPMD - the point of the test: anything else is a bug
      failures.add((channel ? "through a channel: " : "") + t + " on " + hex(input));
    }
    return new Outcome(opened, arrays, outcomes);
  }

  private static void check(IOException e, Path file, List<String> names, List<String> failures, byte[] input) {
    String message = String.valueOf(e.getMessage());
    String withoutNames = message;
    for (String n : names) {
      if (!n.isEmpty()) {
        withoutNames = withoutNames.replace(n, "");
      }
    }
    if (names.isEmpty()) {
      withoutNames = withoutNames.replaceAll("(?s)member '.*?': ", "member '': ");
    }
    if (!message.startsWith(file.toString())
        || withoutNames.contains("\n") || withoutNames.contains("\r") || withoutNames.contains("null")) {
      failures.add(e.getClass().getName() + ": " + message + " on " + hex(input));
    }
  }

  private static String hex(byte[] b) {
    return HexFormat.of().formatHex(b, 0, Math.min(b.length, 2048));
  }

  // ------------------------------------------------------------------------------------- seeds

  private List<Seed> seeds() throws IOException {
    List<Seed> seeds = new ArrayList<>();
    List<Map<String, NdArray>> sets = new ArrayList<>();
    Map<String, NdArray> several = new LinkedHashMap<>();
    several.put("a", IntNdArray.of(Shape.of(2, 3), 1, 2, 3, 4, 5, 6));
    several.put("b", DoubleNdArray.of(Shape.of(3), 1.5, -2.25, 1e300));
    several.put("c", BooleanNdArray.of(Shape.of(2), true, false));
    sets.add(several);
    sets.add(Map.of("x", LongNdArray.scalar(-7)));
    sets.add(Map.of("x", DoubleNdArray.zeros(Shape.of(5, 0, 3))));
    sets.add(Map.of("x", ByteNdArray.zeros(Shape.of(4000)))); // deflates well
    sets.add(Map.of("arr_0", ShortNdArray.of(Shape.of(2, 2), (short) 1, (short) -2, (short) 3, (short) 300)));
    sets.add(Map.of());
    Path seedFile = dir.resolve("seed.npz");
    for (Map<String, NdArray> set : sets) {
      for (boolean compressed : new boolean[] {false, true}) {
        Npz.write(seedFile, set, compressed, Npy.WriteOptions.DEFAULT);
        byte[] zip = Files.readAllBytes(seedFile);
        seeds.add(new Seed(zip, set));
        if (!set.isEmpty()) {
          seeds.add(new Seed(zip64(zip), set));
        }
        Npz.write(seedFile, set, compressed, Npy.WriteOptions.DEFAULT
            .withByteOrder(ByteOrder.BIG_ENDIAN).withFortranOrder(true));
        seeds.add(new Seed(Files.readAllBytes(seedFile), set));
      }
    }
    Npz.writeMembers(seedFile, Map.of("empty", out -> { }), false);
    seeds.add(new Seed(Files.readAllBytes(seedFile), null));
    for (String folder : new String[] {"/npz", "/npz/hostile"}) {
      try (Stream<Path> files = Files.list(resourceDir(folder))) {
        for (Path f : files.filter(p -> p.toString().endsWith(".npz")).sorted().collect(Collectors.toList())) {
          if (Files.size(f) <= 1 << 20) {
            seeds.add(new Seed(Files.readAllBytes(f), null));
          }
        }
      }
    }
    return seeds;
  }

  private static Path resourceDir(String folder) {
    try {
      return Path.of(NpzFuzzTest.class.getResource(folder).toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * The archive with every central record's sizes and local-header offset moved into a zip64
   * extra field (0xffffffff in their places), as a writer of members over 4 GiB does.
   */
  static byte[] zip64(byte[] zip) {
    ByteBuffer in = le(zip);
    int end = last(zip, END);
    if (end < 0) {
      return zip;
    }
    int cenStart = (int) (in.getInt(end + 16) & 0xffffffffL);
    int count = in.getShort(end + 10) & 0xffff;
    ByteBuffer out = ByteBuffer.allocate(zip.length + 28 * count).order(ByteOrder.LITTLE_ENDIAN);
    out.put(zip, 0, cenStart);
    int p = cenStart;
    for (int i = 0; i < count; i++) {
      if (p + 46 > zip.length || in.getInt(p) != CEN) {
        return zip;
      }
      int nameLength = in.getShort(p + 28) & 0xffff;
      int extraLength = in.getShort(p + 30) & 0xffff;
      int commentLength = in.getShort(p + 32) & 0xffff;
      long csize = in.getInt(p + 20) & 0xffffffffL;
      long usize = in.getInt(p + 24) & 0xffffffffL;
      long offset = in.getInt(p + 42) & 0xffffffffL;
      int at = out.position();
      out.put(zip, p, 46 + nameLength + extraLength);
      out.putInt(at + 20, -1).putInt(at + 24, -1).putInt(at + 42, -1);
      out.putShort(at + 30, (short) (extraLength + 28));
      out.putShort((short) 1).putShort((short) 24).putLong(usize).putLong(csize).putLong(offset);
      out.put(zip, p + 46 + nameLength + extraLength, commentLength);
      p += 46 + nameLength + extraLength + commentLength;
    }
    int cenLength = out.position() - cenStart;
    out.put(zip, end, zip.length - end);
    byte[] b = Arrays.copyOf(out.array(), out.position());
    int newEnd = b.length - (zip.length - end);
    le(b).putInt(newEnd + 12, cenLength);
    return b;
  }

  private static ByteBuffer le(byte[] b) {
    return ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
  }

  private static int last(byte[] b, int signature) {
    ByteBuffer buf = le(b);
    for (int i = b.length - 4; i >= 0; i--) {
      if (buf.getInt(i) == signature) {
        return i;
      }
    }
    return -1;
  }

  private static List<Integer> all(byte[] b, int signature) {
    List<Integer> at = new ArrayList<>();
    ByteBuffer buf = le(b);
    for (int i = 0; i + 4 <= b.length; i++) {
      if (buf.getInt(i) == signature) {
        at.add(i);
      }
    }
    return at;
  }

  // --------------------------------------------------------------------------------- mutations

  private static byte[] mutate(byte[] seed, List<Seed> seeds, Random r) {
    byte[] b = seed.clone();
    int rounds = 1 + r.nextInt(3);
    for (int k = 0; k < rounds; k++) {
      try {
        b = mutateOnce(b, seeds, r);
      } catch (IndexOutOfBoundsException | java.nio.BufferOverflowException e) {
        // a mutator reading a record that an earlier round broke: keep the input as it is
      }
    }
    return b;
  }

  private static byte[] mutateOnce(byte[] input, List<Seed> seeds, Random r) {
    byte[] b = input;
    {
      switch (r.nextInt(12)) {
        case 0: case 1: case 2:
          b = field(b, r);
          break;
        case 3:
          b = rename(b, r);
          break;
        case 4: // truncation, mostly inside the directory
          if (b.length > 0) {
            int cen = first(b, CEN);
            int from = cen >= 0 && r.nextBoolean() ? cen : 0;
            b = Arrays.copyOf(b, from + r.nextInt(b.length - from));
          }
          break;
        case 5: // bytes appended (a comment the record does not count, or garbage)
          byte[] tail = new byte[r.nextInt(100)];
          r.nextBytes(tail);
          b = concat(b, tail);
          break;
        case 6: // a central record repeated or dropped: a lying directory
          b = repeatOrDrop(b, r);
          break;
        case 7:
          b = zip64Field(b, r);
          break;
        case 8: // splice two seeds
          byte[] other = seeds.get(r.nextInt(seeds.size())).bytes;
          int cut = b.length == 0 ? 0 : r.nextInt(b.length);
          int from = other.length == 0 ? 0 : r.nextInt(other.length);
          b = concat(Arrays.copyOf(b, cut), Arrays.copyOfRange(other, from, other.length));
          break;
        case 9: // a whole seed converted to zip64 records
          b = zip64(b);
          break;
        default: // bit flips anywhere
          b = b.clone();
          for (int i = 0, n = 1 + r.nextInt(6); i < n && b.length > 0; i++) {
            b[r.nextInt(b.length)] ^= (byte) (1 << r.nextInt(8));
          }
      }
    }
    return b;
  }

  private static int first(byte[] b, int signature) {
    List<Integer> at = all(b, signature);
    return at.isEmpty() ? -1 : at.get(0);
  }

  /** One field of a local header, a central record, an end record or a zip64 end record. */
  private static byte[] field(byte[] b, Random r) {
    int[] signatures = {LOCAL, CEN, CEN, END, ZIP64_END, ZIP64_LOCATOR};
    int signature = signatures[r.nextInt(signatures.length)];
    List<Integer> at = all(b, signature);
    if (at.isEmpty()) {
      return b;
    }
    int p = at.get(r.nextInt(at.size()));
    // offset and width of the fields of each record
    int[][] fields = signature == LOCAL ? new int[][] {{4, 2}, {6, 2}, {8, 2}, {14, 4}, {18, 4}, {22, 4}, {26, 2}, {28, 2}}
        : signature == CEN ? new int[][] {{4, 2}, {6, 2}, {8, 2}, {10, 2}, {16, 4}, {20, 4}, {24, 4}, {28, 2}, {30, 2},
          {32, 2}, {34, 2}, {42, 4}}
        : signature == END ? new int[][] {{4, 2}, {6, 2}, {8, 2}, {10, 2}, {12, 4}, {16, 4}, {20, 2}}
        : signature == ZIP64_END ? new int[][] {{4, 8}, {24, 8}, {32, 8}, {40, 8}, {48, 8}}
        : new int[][] {{4, 4}, {8, 8}, {16, 4}};
    int[] f = fields[r.nextInt(fields.length)];
    if (p + f[0] + f[1] > b.length) {
      return b;
    }
    ByteBuffer buf = le(b);
    long old = f[1] == 2 ? buf.getShort(p + f[0]) & 0xffff : f[1] == 4 ? buf.getInt(p + f[0]) & 0xffffffffL
        : buf.getLong(p + f[0]);
    long v;
    switch (r.nextInt(5)) {
      case 0:
        v = EDGES[r.nextInt(EDGES.length)];
        break;
      case 1:
        v = old + r.nextInt(9) - 4;
        break;
      case 2:
        v = old ^ (1L << r.nextInt(f[1] * 8));
        break;
      case 3:
        v = f[1] == 8 ? (r.nextBoolean() ? Long.MIN_VALUE + r.nextInt(3) : -1L - r.nextInt(3)) : r.nextLong();
        break;
      default:
        v = r.nextInt(b.length + 64);
    }
    if (f[1] == 2) {
      buf.putShort(p + f[0], (short) v);
    } else if (f[1] == 4) {
      buf.putInt(p + f[0], (int) v);
    } else {
      buf.putLong(p + f[0], v);
    }
    return b;
  }

  /** The offset of a random central record whose fixed part lies in the file, or -1. */
  private static int randomCentralRecord(byte[] b, Random r) {
    List<Integer> cens = all(b, CEN);
    if (cens.isEmpty()) {
      return -1;
    }
    int p = cens.get(r.nextInt(cens.size()));
    return p + 46 > b.length ? -1 : p;
  }

  /** An entry name rewritten in a central record (and in its local header, or not). */
  private static byte[] rename(byte[] b, Random r) {
    int p = randomCentralRecord(b, r);
    if (p < 0) {
      return b;
    }
    ByteBuffer buf = le(b);
    int nameLength = buf.getShort(p + 28) & 0xffff;
    if (p + 46 + nameLength > b.length) {
      return b;
    }
    byte[] name;
    switch (r.nextInt(4)) {
      case 0:
        name = NAMES[r.nextInt(NAMES.length)].getBytes(StandardCharsets.UTF_8);
        break;
      case 1: // not UTF-8
        name = new byte[] {'x', (byte) (0x80 + r.nextInt(0x80)), '.', 'n', 'p', 'y'};
        break;
      case 2: // the name of another record: a duplicate
        List<Integer> cens = all(b, CEN);
        int q = cens.get(r.nextInt(cens.size()));
        int otherLength = q + 30 <= b.length ? buf.getShort(q + 28) & 0xffff : 0;
        name = q + 46 + otherLength <= b.length ? Arrays.copyOfRange(b, q + 46, q + 46 + otherLength) : new byte[0];
        break;
      default: // the same length, other letters
        name = Arrays.copyOfRange(b, p + 46, p + 46 + nameLength);
        if (name.length > 0) {
          name[r.nextInt(name.length)] = (byte) ('a' + r.nextInt(26));
        }
    }
    byte[] out = concat(concat(Arrays.copyOf(b, p + 46), name), Arrays.copyOfRange(b, p + 46 + nameLength, b.length));
    le(out).putShort(p + 28, (short) name.length);
    int end = last(out, END);
    if (end >= 0 && end + 16 <= out.length) {
      le(out).putInt(end + 12, le(out).getInt(end + 12) + name.length - nameLength);
    }
    if (r.nextBoolean() && name.length == nameLength) {
      long local = buf.getInt(p + 42) & 0xffffffffL;
      if (local + 30 + nameLength <= out.length && le(out).getInt((int) local) == LOCAL) {
        System.arraycopy(name, 0, out, (int) local + 30, nameLength);
      }
    }
    return out;
  }

  /** A central record repeated after itself, or dropped, with or without the counts fixed. */
  private static byte[] repeatOrDrop(byte[] b, Random r) {
    List<Integer> cens = all(b, CEN);
    int end = last(b, END);
    if (cens.isEmpty() || end < 0 || end + 22 > b.length) {
      return b;
    }
    int i = r.nextInt(cens.size());
    int p = cens.get(i);
    int q = i + 1 < cens.size() ? cens.get(i + 1) : end;
    if (q <= p || q > b.length) {
      return b;
    }
    byte[] record = Arrays.copyOfRange(b, p, q);
    boolean drop = r.nextBoolean();
    byte[] out = drop ? concat(Arrays.copyOf(b, p), Arrays.copyOfRange(b, q, b.length))
        : concat(concat(Arrays.copyOf(b, q), record), Arrays.copyOfRange(b, q, b.length));
    if (r.nextInt(4) != 0) {
      int e = last(out, END);
      ByteBuffer buf = le(out);
      int delta = drop ? -1 : 1;
      buf.putShort(e + 8, (short) (buf.getShort(e + 8) + delta));
      buf.putShort(e + 10, (short) (buf.getShort(e + 10) + delta));
      buf.putInt(e + 12, buf.getInt(e + 12) + (drop ? -record.length : record.length));
    }
    return out;
  }

  /** A value of a zip64 extra field (usize, csize, offset) set to a lie. */
  private static byte[] zip64Field(byte[] b, Random r) {
    int p = randomCentralRecord(b, r);
    if (p < 0) {
      return b;
    }
    ByteBuffer buf = le(b);
    int nameLength = buf.getShort(p + 28) & 0xffff;
    int extraLength = buf.getShort(p + 30) & 0xffff;
    int x = p + 46 + nameLength;
    if (extraLength < 12 || x + extraLength > b.length || (buf.getShort(x) & 0xffff) != 1) {
      return b;
    }
    int size = buf.getShort(x + 2) & 0xffff;
    int values = Math.min(size, extraLength - 4) / 8;
    if (values == 0) {
      return b;
    }
    long[] lies = {0, 1, -1, Long.MIN_VALUE, Long.MAX_VALUE, 1L << 32, b.length, b.length - 1, 1L << 40};
    buf.putLong(x + 4 + 8 * r.nextInt(values), lies[r.nextInt(lies.length)]);
    return b;
  }

  private static byte[] concat(byte[] a, byte[] b) {
    byte[] out = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }
}
