package org.ndprim.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;
import org.ndprim.DoubleNdArray;
import org.ndprim.IntNdArray;
import org.ndprim.NdArray;
import org.ndprim.Shape;

/**
 * Rules of Python's {@code zipfile} (so of {@code np.load}) that {@link java.util.zip} does not
 * apply, and archives it cannot read: each refused with a one-line message naming the archive
 * (and the member), never a bare {@link java.io.EOFException} or "Invalid argument".
 */
class NpzArchiveRulesTest {
  private static final int LOCAL = 0x04034b50;
  private static final int CEN = 0x02014b50;
  private static final int END = 0x06054b50;

  @TempDir Path dir;

  private byte[] archive(NdArray a, boolean compressed) throws IOException {
    Path file = dir.resolve("good.npz");
    if (compressed) {
      Npz.writeCompressed(file, Map.of("x", a));
    } else {
      Npz.write(file, Map.of("x", a));
    }
    return Files.readAllBytes(file);
  }

  private static int find(byte[] zip, int signature) {
    ByteBuffer b = le(zip);
    for (int i = zip.length - 4; i >= 0; i--) {
      if (b.getInt(i) == signature) {
        return i;
      }
    }
    throw new AssertionError("no signature " + Integer.toHexString(signature));
  }

  private static ByteBuffer le(byte[] zip) {
    return ByteBuffer.wrap(zip).order(ByteOrder.LITTLE_ENDIAN);
  }

  /** Every way of reading member x fails with exactly {@code message} after archive and member. */
  private static void assertEveryReadFails(Path file, String message) throws IOException {
    try (Npz npz = Npz.open(file)) {
      Npz.Member m = npz.member("x");
      List<Executable> reads = List.of(m::header, m::read, () -> m.readBlocks(16, (b, o) -> { }),
          () -> Npz.read(file));
      for (Executable read : reads) {
        assertThat(catchThrowable(read::execute)).isInstanceOf(NpyFormatException.class)
            .hasMessage(file + ": member 'x.npy': " + message);
      }
    }
  }

  // ------------------------------------------------------------------- item 14: empty members

  @Test
  void anEmptyMemberWithABadCrcIsRefusedAsNumpyRefusesIt() throws IOException {
    // numpy: BadZipFile "Bad CRC-32 for file 'x.npy'"; a header read (ndprim info) accepted it
    for (boolean compressed : new boolean[] {false, true}) {
      for (NdArray empty : new NdArray[] {DoubleNdArray.zeros(Shape.of(0)), IntNdArray.zeros(Shape.of(3, 0))}) {
        byte[] zip = archive(empty, compressed);
        int crc = le(zip).getInt(find(zip, CEN) + 16);
        le(zip).putInt(find(zip, CEN) + 16, ~crc);
        le(zip).putInt(find(zip, LOCAL) + 14, ~crc);
        Path file = Files.write(dir.resolve("crc-" + compressed + ".npz"), zip);
        assertEveryReadFails(file, String.format("bad CRC-32: the data give %08x, the archive says %08x",
            crc, ~crc));
      }
    }
  }

  @Test
  void aZeroByteMemberWithABadCrcIsABadCrc() throws IOException {
    for (boolean compressed : new boolean[] {false, true}) {
      Path file = dir.resolve("zero-" + compressed + ".npz");
      Npz.writeMembers(file, Map.of("x", out -> { }), compressed);
      byte[] zip = Files.readAllBytes(file);
      le(zip).putInt(find(zip, CEN) + 16, 0x12345678);
      le(zip).putInt(find(zip, LOCAL) + 14, 0x12345678);
      Files.write(file, zip);
      assertEveryReadFails(file, "bad CRC-32: the data give 00000000, the archive says 12345678");
    }
  }

  @Test
  void anEmptyMemberWithAGoodCrcReads() throws IOException {
    Path file = Files.write(dir.resolve("ok.npz"), archive(DoubleNdArray.zeros(Shape.of(5, 0, 3)), true));
    try (Npz npz = Npz.open(file)) {
      assertThat(npz.member("x").header().shape()).isEqualTo(Shape.of(5, 0, 3));
      assertThat(npz.member("x").read().shape()).isEqualTo(Shape.of(5, 0, 3));
    }
  }

  // ------------------------------------------------------- item 16: flags and version needed

  @Test
  void flagBits5And6AreRefusedAsPythonsZipfileRefusesThem() throws IOException {
    String[] reasons = {
      "the member is compressed patched data (zip flag bit 5), which Python's zipfile (so numpy) refuses to read",
      "the member is strongly encrypted (zip flag bit 6), which Python's zipfile (so numpy) refuses to read"};
    for (int bit = 5; bit <= 6; bit++) {
      byte[] zip = archive(IntNdArray.vector(1, 2, 3), bit == 6);
      int cen = find(zip, CEN) + 8;
      le(zip).putShort(cen, (short) (le(zip).getShort(cen) | 1 << bit));
      Path file = Files.write(dir.resolve("flag" + bit + ".npz"), zip);
      assertEveryReadFails(file, reasons[bit - 5]); // was: read as [1 2 3]
    }
  }

  @Test
  void aVersionNeededAbove63IsRefusedWhenTheArchiveIsOpened() throws IOException {
    byte[] zip = archive(IntNdArray.vector(1, 2, 3), false);
    le(zip).putShort(find(zip, CEN) + 6, (short) 63);
    Path ok = Files.write(dir.resolve("v63.npz"), zip);
    assertThat(((IntNdArray) Npz.read(ok).get("x")).toArray()).containsExactly(1, 2, 3);
    // the high byte is no part of the version (zipfile reads it as 'reserved'): 0x0314 is 2.0
    le(zip).putShort(find(zip, CEN) + 6, (short) 0x0314);
    Path host = Files.write(dir.resolve("v0314.npz"), zip);
    assertThat(((IntNdArray) Npz.read(host).get("x")).toArray()).containsExactly(1, 2, 3);
    le(zip).putShort(find(zip, CEN) + 6, (short) 64);
    Path file = Files.write(dir.resolve("v64.npz"), zip);
    // numpy: NotImplementedError "zip file version 6.4", from zipfile.ZipFile(...) itself
    assertThat(catchThrowable(() -> Npz.open(file))).isInstanceOf(NpyFormatException.class)
        .hasMessage(file + ": member 'x.npy': it needs zip version 6.4 to be extracted; Python's zipfile"
            + " (so numpy) reads up to 6.3 and refuses the archive (\"zip file version\")");
  }

  // -------------------------------------------------- item 20: a comment past the end

  @Test
  void anEndRecordWhoseCommentRunsPastTheEndNamesTheArchiveAndTheProblem() throws IOException {
    byte[] zip = archive(IntNdArray.vector(1, 2, 3), false);
    le(zip).putShort(find(zip, END) + 20, (short) 100);
    Path file = Files.write(dir.resolve("comment.npz"), zip);
    // was: a bare EOFException (the CLI printed "I/O error: null"); numpy reads this archive,
    // java.util.zip cannot
    assertThat(catchThrowable(() -> Npz.open(file))).isInstanceOf(NpyFormatException.class)
        .hasMessage(file + ": not a readable .npz file (zip archive): the end of central directory record"
            + " claims a 100-byte archive comment, but the file ends 0 bytes after the record;"
            + " java.util.zip cannot read such an archive (Python's zipfile, so numpy, takes the"
            + " bytes there are as the comment)");
  }

  // ----------------------------------------------- item 21: a zip64 offset of 2^63 or more

  @Test
  void aZip64LocalHeaderOffsetOf2To63OrMoreNamesArchiveAndMember() throws IOException {
    for (long offset : new long[] {Long.MIN_VALUE, -1L, Long.MAX_VALUE, 1L << 40}) {
      Path file = Files.write(dir.resolve("zip64.npz"), withZip64Offset(archive(IntNdArray.vector(1, 2, 3), false), offset));
      // was: "I/O error: Invalid argument" / "Negative seek offset", naming neither.
      // JDK 25's ZipFile refuses some such offsets itself when the archive is opened; then
      // Npz.open fails, one line naming the archive, and there is no member to read.
      Throwable atOpen = catchThrowable(() -> Npz.open(file).close());
      if (atOpen != null) {
        assertThat(Runtime.version().feature()).as("only a newer ZipFile refuses it at open")
            .isGreaterThan(17);
        assertThat(atOpen).isInstanceOf(NpyFormatException.class)
            .hasMessageStartingWith(file + ": not a readable .npz file")
            .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
        continue;
      }
      assertEveryReadFails(file, "local header offset " + Long.toUnsignedString(offset)
          + " is beyond the end of the " + Files.size(file) + "-byte file");
    }
  }

  /** The archive with its one central record's offset moved into a zip64 extra field. */
  static byte[] withZip64Offset(byte[] zip, long offset) {
    int cen = find(zip, CEN);
    int nameLength = le(zip).getShort(cen + 28) & 0xffff;
    int extraLength = le(zip).getShort(cen + 30) & 0xffff;
    int rest = cen + 46 + nameLength + extraLength;
    ByteBuffer out = ByteBuffer.allocate(zip.length + 12).order(ByteOrder.LITTLE_ENDIAN);
    out.put(zip, 0, cen + 46 + nameLength + extraLength);
    out.putShort((short) 1).putShort((short) 8).putLong(offset); // zip64 extra: the offset only
    out.put(zip, rest, zip.length - rest);
    byte[] b = out.array();
    le(b).putShort(cen + 30, (short) (extraLength + 12));
    le(b).putInt(cen + 42, -1);
    int end = find(b, END);
    le(b).putInt(end + 12, le(b).getInt(end + 12) + 12);
    return b;
  }
}
