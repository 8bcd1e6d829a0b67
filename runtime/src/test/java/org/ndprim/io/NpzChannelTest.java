package org.ndprim.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ndprim.DoubleNdArray;
import org.ndprim.IntNdArray;
import org.ndprim.LongNdArray;
import org.ndprim.NdArray;
import org.ndprim.Shape;

/**
 * {@link Npz#open(java.nio.channels.SeekableByteChannel, String)}: an archive read through a channel
 * that is not a file (a {@link BytesChannel}, short reads included) reads as through
 * {@link Npz#open(Path)}: the same members, headers, stored offsets and arrays, and the same refusals
 * of lying archives, every message starting with the name given. The seeded comparison over mutated
 * archives is in {@link NpzFuzzTest}.
 */
class NpzChannelTest {
  private static final String NAME = "hdfs://cluster/data/x.npz";

  @TempDir Path dir;

  private static Npz open(byte[] bytes) throws IOException {
    return Npz.open(new BytesChannel(bytes, 1000), NAME);
  }

  /** Everything the archive says of each member and its array, read through the file and through a channel. */
  private static void assertSameAsFile(Path file) throws IOException {
    byte[] bytes = Files.readAllBytes(file);
    try (Npz expected = Npz.open(file); Npz npz = open(bytes)) {
      assertThat(npz.path()).isNull();
      assertThat(npz.name()).isEqualTo(NAME);
      assertThat(npz.names()).isEqualTo(expected.names()).isNotEmpty();
      for (Npz.Member e : expected.members()) {
        Npz.Member m = npz.member(e.entryName());
        assertThat(m.isCompressed()).isEqualTo(e.isCompressed());
        assertThat(m.size()).isEqualTo(e.size());
        assertThat(m.compressedSize()).isEqualTo(e.compressedSize());
        assertThat(m.storedOffset()).isEqualTo(e.storedOffset());
        assertThat(m.header().toString()).isEqualTo(e.header().toString());
        assertThat(m.read()).as(m.entryName()).isEqualTo(e.read());
        try (InputStream a = e.openStream(); InputStream b = m.openStream()) {
          assertThat(b.readAllBytes()).isEqualTo(a.readAllBytes());
        }
        if (m.storedOffset() >= 0) {
          // the member's bytes are where its stored offset says, in the archive
          byte[] npy = new byte[(int) m.size()];
          System.arraycopy(bytes, (int) m.storedOffset(), npy, 0, npy.length);
          assertThat(Npy.read(new java.io.ByteArrayInputStream(npy))).isEqualTo(e.read());
        }
      }
    }
  }

  @Test
  void numpysArchivesReadAsFromTheFile() throws IOException {
    for (String name : new String[] {"savez.npz", "savez_compressed.npz", "ndprim_savez.npz",
        "ndprim_savez_compressed.npz"}) {
      assertSameAsFile(NpzTest.golden(name));
    }
  }

  @Test
  void zip64RecordsAndBytesBeforeTheArchiveAreFollowed() throws IOException {
    Map<String, NdArray> arrays = new LinkedHashMap<>();
    arrays.put("a", IntNdArray.of(Shape.of(2, 3), 1, 2, 3, 4, 5, 6));
    arrays.put("b", DoubleNdArray.of(Shape.of(3), 1.5, -2.25, 1e300));
    for (boolean compressed : new boolean[] {false, true}) {
      Path file = dir.resolve("a.npz");
      Npz.write(file, arrays, compressed, Npy.WriteOptions.DEFAULT);
      byte[] zip64 = NpzFuzzTest.zip64(Files.readAllBytes(file));
      Path zip64File = Files.write(dir.resolve("zip64.npz"), zip64);
      assertSameAsFile(zip64File);
      byte[] prefixed = new byte[100 + zip64.length];
      System.arraycopy(zip64, 0, prefixed, 100, zip64.length);
      assertSameAsFile(Files.write(dir.resolve("prefixed.npz"), prefixed));
      try (Npz npz = open(zip64)) {
        assertThat(Npz.read(zip64File)).isEqualTo(readAll(npz)).isEqualTo(arrays);
      }
    }
  }

  /**
   * Hostile pass: a ZIP64 end record claiming 2^31 - 1, 2^31 or 2^64 - 1 entries in a small file
   * made {@code Npz.open(Path)} throw java.util.zip's OutOfMemoryError or
   * NegativeArraySizeException, where the channel open reads its one member; a channel that keeps reading no bytes made the channel open spin
   * forever.
   */
  @Test
  void hugeZip64CountsAreFormatErrorsAndAStalledChannelFails() throws IOException {
    Path file = dir.resolve("one.npz");
    Npz.write(file, Map.of("x", IntNdArray.of(Shape.of(2), 1, 2)), false, Npy.WriteOptions.DEFAULT);
    byte[] zip = Files.readAllBytes(file);
    int end = zip.length - 22; // no comment
    ByteBuffer in = ByteBuffer.wrap(zip).order(ByteOrder.LITTLE_ENDIAN);
    assertThat(in.getInt(end)).isEqualTo(0x06054b50);
    long cdSize = in.getInt(end + 12) & 0xffffffffL;
    long cdOffset = in.getInt(end + 16) & 0xffffffffL;
    for (long count : new long[] {0x7fffffffL, 1L << 31, -1L}) {
      ByteBuffer b = ByteBuffer.allocate(end + 56 + 20 + 22).order(ByteOrder.LITTLE_ENDIAN);
      b.put(zip, 0, end);
      b.putInt(0x06064b50).putLong(44).putShort((short) 45).putShort((short) 45).putInt(0)
          .putInt(0).putLong(count).putLong(count).putLong(cdSize).putLong(cdOffset);
      b.putInt(0x07064b50).putInt(0).putLong(end).putInt(1);
      b.putInt(0x06054b50).putShort((short) 0).putShort((short) 0).putShort((short) -1)
          .putShort((short) -1).putInt(-1).putInt(-1).putShort((short) 0);
      Path hostile = Files.write(dir.resolve("count.npz"), b.array());
      // java.util.zip fails on it (or refuses it, by JDK); the file reads as the channel does
      try (Npz fromFile = Npz.open(hostile); Npz fromChannel = open(b.array())) {
        assertThat(readAll(fromFile)).as("count %s", Long.toUnsignedString(count))
            .isEqualTo(readAll(fromChannel)).containsOnlyKeys("x");
      }
    }
    Throwable stalled = catchThrowable(() -> Npz.open(new BytesChannel(zip, 0), NAME));
    assertThat(stalled).isInstanceOf(IOException.class).hasMessageContaining("read no bytes");
  }

  @Test
  void manyEntriesGiveZip64EndRecords() throws IOException {
    // more than 65535 entries: ZipOutputStream writes zip64 end records
    Map<String, AtomicFile.Content> contents = new LinkedHashMap<>();
    byte[] one = NpzTest.npy(LongNdArray.vector(5, 6));
    contents.put("a", out -> out.write(one));
    for (int i = 0; i < 65_540; i++) {
      contents.put("m" + i, out -> { });
    }
    Path file = dir.resolve("many.npz");
    Npz.writeMembers(file, contents, false);
    try (Npz npz = open(Files.readAllBytes(file))) {
      assertThat(npz.members()).hasSize(65_541);
      assertThat(((LongNdArray) npz.member("a").read()).toArray()).containsExactly(5, 6);
    }
  }

  private static Map<String, NdArray> readAll(Npz npz) throws IOException {
    Map<String, NdArray> out = new LinkedHashMap<>();
    for (Npz.Member m : npz.members()) {
      out.put(m.name(), m.read());
    }
    return out;
  }

  @Test
  void lyingArchivesAreRefusedAsFromTheFileNamingTheArchive() throws IOException {
    for (NpzHostileTest.Case c : NpzHostileTest.CASES) {
      byte[] bytes = Files.readAllBytes(NpzHostileTest.hostile(c.file()));
      long before = NpyHostileTest.allocated();
      Throwable e = catchThrowable(() -> {
        try (Npz npz = open(bytes)) {
          Npz.Member m = npz.member(c.member());
          m.header();
          m.read();
          m.readBlocks(1024, (block, offset) -> { });
        }
      });
      long used = NpyHostileTest.allocated() - before;
      assertThat(used).as("bytes allocated for " + c.file()).isLessThan(8L << 20);
      if (c.ndprim().equals("OK")) {
        assertThat(e).as(c.file()).isNull();
      } else {
        assertThat(e).as(c.file()).isInstanceOf(NpyFormatException.class)
            .hasMessageStartingWith(NAME + ": member '" + c.member() + (c.member().contains(".") ? "" : ".npy") + "': ")
            .hasMessageContaining(c.ndprim());
      }
    }
  }

  @Test
  void badCrcTruncatedAndUnsupportedArchives() throws IOException {
    assertThat(catchThrowable(() -> readAll(open(Files.readAllBytes(NpzHostileTest.hostile("bad_crc.npz"))))))
        .isInstanceOf(NpyFormatException.class)
        .hasMessageStartingWith(NAME + ": member 'x.npy': bad CRC-32: the data give ");
    assertThat(catchThrowable(() -> open(Files.readAllBytes(NpzHostileTest.hostile("truncated.npz")))))
        .isInstanceOf(NpyFormatException.class)
        .hasMessageStartingWith(NAME + ": not a readable .npz file (zip archive): ");
    assertThat(catchThrowable(() -> open(Files.readAllBytes(NpzHostileTest.hostile("bzip2.npz")))))
        .isInstanceOf(NpyFormatException.class)
        .hasMessageStartingWith(NAME + ": not a readable .npz file (zip archive): ")
        .hasMessageContaining("bad compression method: 12");
    assertThat(catchThrowable(() -> open(new byte[] {1, 2, 3})))
        .hasMessageStartingWith(NAME + ": not a readable .npz file (zip archive): ");
    try (Npz npz = open(Files.readAllBytes(NpzHostileTest.hostile("empty.npz")))) {
      assertThat(npz.members()).isEmpty();
      assertThat(catchThrowable(() -> npz.member("x"))).hasMessage("no member 'x' in " + NAME
          + "; its members are none (the archive is empty)");
    }
  }

  @Test
  void everyCutOfAnArchiveFailsNamedOrReadsWhatIsThere() throws IOException {
    Path file = dir.resolve("cut.npz");
    Map<String, NdArray> arrays = Map.of("x", DoubleNdArray.of(Shape.of(40), new double[40]));
    for (boolean compressed : new boolean[] {false, true}) {
      Npz.write(file, arrays, compressed, Npy.WriteOptions.DEFAULT);
      byte[] whole = Files.readAllBytes(file);
      for (int length = 0; length < whole.length; length++) {
        byte[] cut = java.util.Arrays.copyOf(whole, length);
        Throwable e = catchThrowable(() -> readAll(open(cut)));
        assertThat(e).as("cut at " + length).isInstanceOf(NpyFormatException.class)
            .hasMessageStartingWith(NAME + ": ");
      }
    }
  }

  @Test
  void aCommentPastTheEndIsRefusedAsFromTheFile() throws IOException {
    Path file = dir.resolve("comment.npz");
    Npz.write(file, Map.of("x", IntNdArray.vector(1, 2, 3)));
    byte[] zip = Files.readAllBytes(file);
    ByteBuffer.wrap(zip).order(ByteOrder.LITTLE_ENDIAN).putShort(zip.length - 2, (short) 100);
    assertThat(catchThrowable(() -> open(zip))).isInstanceOf(NpyFormatException.class)
        .hasMessage(NAME + ": not a readable .npz file (zip archive): the end of central directory record"
            + " claims a 100-byte archive comment, but the file ends 0 bytes after the record; ndprim,"
            + " as java.util.zip, cannot read such an archive (Python's zipfile, so numpy, takes the"
            + " bytes there are as the comment)");
  }

  @Test
  void theArchiveClosesItsChannelAndAFailedOpenToo() throws IOException {
    Path file = dir.resolve("a.npz");
    Npz.write(file, Map.of("x", IntNdArray.vector(1, 2, 3)));
    BytesChannel ch = new BytesChannel(Files.readAllBytes(file));
    Npz npz = Npz.open(ch, NAME);
    assertThat(ch.isOpen()).isTrue();
    npz.close();
    assertThat(ch.isOpen()).isFalse();
    BytesChannel bad = new BytesChannel(new byte[100]);
    assertThat(catchThrowable(() -> Npz.open(bad, NAME))).isInstanceOf(NpyFormatException.class);
    assertThat(bad.isOpen()).isFalse();
  }

  @Test
  void severalThreadsReadOneArchive() throws Exception {
    Map<String, NdArray> arrays = new LinkedHashMap<>();
    for (int i = 0; i < 8; i++) {
      double[] v = new double[5000];
      for (int k = 0; k < v.length; k++) {
        v[k] = i * 10_000 + k;
      }
      arrays.put("m" + i, DoubleNdArray.of(Shape.of(v.length), v));
    }
    for (boolean compressed : new boolean[] {false, true}) {
      Path file = dir.resolve("threads.npz");
      Npz.write(file, arrays, compressed, Npy.WriteOptions.DEFAULT);
      ExecutorService pool = Executors.newFixedThreadPool(4);
      try (Npz npz = Npz.open(new BytesChannel(Files.readAllBytes(file), 333), NAME)) {
        List<Future<NdArray>> reads = new ArrayList<>();
        for (int round = 0; round < 3; round++) {
          for (Npz.Member m : npz.members()) {
            reads.add(pool.submit(() -> m.read()));
          }
        }
        for (int k = 0; k < reads.size(); k++) {
          assertThat(reads.get(k).get()).isEqualTo(arrays.get("m" + k % arrays.size()));
        }
      } finally {
        pool.shutdown();
      }
    }
  }
}
