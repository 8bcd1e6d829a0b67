package org.ndprim.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;
import org.ndprim.IntNdArray;
import org.ndprim.NdArray;

/**
 * What {@link java.util.zip.ZipFile} does not check about a member's local header and Python's
 * {@code zipfile} does: where it is and which name it gives.
 */
class NpzLocalHeaderTest {
  private static final int CEN_SIGNATURE = 0x02014b50;

  @TempDir Path dir;

  /** A stored archive of one member {@code a.npy}, as np.savez writes it. */
  private byte[] archive() throws IOException {
    Path file = dir.resolve("good.npz");
    Npz.write(file, Map.of("a", IntNdArray.vector(1, 2, 3)));
    return Files.readAllBytes(file);
  }

  private static int find(byte[] zip, int signature, int from) {
    ByteBuffer b = ByteBuffer.wrap(zip).order(ByteOrder.LITTLE_ENDIAN);
    for (int i = from; i + 4 <= zip.length; i++) {
      if (b.getInt(i) == signature) {
        return i;
      }
    }
    throw new AssertionError("no signature " + Integer.toHexString(signature));
  }

  private Path save(String name, byte[] bytes) throws IOException {
    return Files.write(dir.resolve(name), bytes);
  }

  /** Each way of reading the member, each failing with the same message. */
  private static void assertEveryReadFails(Path file, String message) throws IOException {
    try (Npz npz = Npz.open(file)) {
      Npz.Member m = npz.member("a");
      List<Executable> reads = List.of(m::header, m::read, () -> m.readBlocks(16, (b, o) -> { }),
          () -> m.openStream().close());
      for (Executable read : reads) {
        Throwable e = catchThrowable(read::execute);
        assertThat(e).isInstanceOf(NpyFormatException.class)
            .hasMessage(file + ": member 'a.npy': " + message)
            .hasMessageNotContaining("null");
      }
    }
  }

  @Test
  void aLocalHeaderOffsetBeyondTheFileSaysSo() throws IOException {
    byte[] zip = archive();
    int cen = find(zip, CEN_SIGNATURE, 0);
    ByteBuffer.wrap(zip).order(ByteOrder.LITTLE_ENDIAN).putInt(cen + 42, 0x7fffffff);
    Path file = save("far.npz", zip);
    // was: "member 'a.npy': corrupt data (null)", a message-less EOFException
    assertEveryReadFails(file, "local header offset 2147483647 is beyond the end of the "
        + zip.length + "-byte file");
  }

  @Test
  void aLocalHeaderOffsetThatPointsElsewhereSaysSo() throws IOException {
    byte[] zip = archive();
    int cen = find(zip, CEN_SIGNATURE, 0);
    ByteBuffer.wrap(zip).order(ByteOrder.LITTLE_ENDIAN).putInt(cen + 42, 7);
    Path file = save("elsewhere.npz", zip);
    assertEveryReadFails(file, "no local header at offset 7, where the central directory says it is");
    ByteBuffer.wrap(zip).order(ByteOrder.LITTLE_ENDIAN).putInt(cen + 42, zip.length - 10);
    Path cut = save("cut.npz", zip);
    assertEveryReadFails(cut, "the local header at offset " + (zip.length - 10)
        + " is cut off by the end of the " + zip.length + "-byte file");
  }

  @Test
  void aLocalHeaderNamingAnotherFileIsRefusedAsNumpyRefusesIt() throws IOException {
    byte[] zip = archive();
    assertThat(new String(zip, 30, 5, StandardCharsets.UTF_8)).isEqualTo("a.npy");
    zip[30] = 'z';
    Path file = save("renamed.npz", zip);
    assertEveryReadFails(file, "the local header names the member 'z.npy', the central directory"
        + " 'a.npy' (numpy refuses such a member too: \"File name in directory ... and header ..."
        + " differ\")");
  }

  @Test
  void bytesBeforeTheArchiveShiftTheLocalHeadersAsZipFileShiftsThem() throws IOException {
    // a self-extracting prefix: ZipFile reads through it, so must the local header check
    byte[] zip = archive();
    byte[] prefixed = new byte[100 + zip.length];
    System.arraycopy(zip, 0, prefixed, 100, zip.length);
    Path file = save("prefixed.npz", prefixed);
    try (Npz npz = Npz.open(file)) {
      assertThat(((IntNdArray) npz.member("a").read()).toArray()).containsExactly(1, 2, 3);
    }
    prefixed[130] = 'z';
    Path renamed = save("prefixed-renamed.npz", prefixed);
    assertEveryReadFails(renamed, "the local header names the member 'z.npy', the central directory"
        + " 'a.npy' (numpy refuses such a member too: \"File name in directory ... and header ..."
        + " differ\")");
  }

  @Test
  void aZip64DirectoryIsFollowed() throws IOException {
    // more than 65535 entries: ZipOutputStream writes zip64 end records, which ZipFile reads
    Map<String, AtomicFile.Content> contents = new LinkedHashMap<>();
    byte[] one = NpzTest.npy(IntNdArray.vector(5));
    contents.put("a", out -> out.write(one));
    for (int i = 0; i < 65_540; i++) {
      contents.put("m" + i, out -> { });
    }
    Path file = dir.resolve("many.npz");
    Npz.writeMembers(file, contents, false);
    try (Npz npz = Npz.open(file)) {
      assertThat(npz.members()).hasSize(65_541);
      assertThat(((IntNdArray) npz.member("a").read()).toArray()).containsExactly(5);
    }
    byte[] zip = Files.readAllBytes(file);
    zip[30] = 'z';
    assertEveryReadFails(save("many-renamed.npz", zip), "the local header names the member"
        + " 'z.npy', the central directory 'a.npy' (numpy refuses such a member too: \"File name"
        + " in directory ... and header ... differ\")");
  }

  @Test
  void goodArchivesStillRead() throws IOException {
    for (String name : new String[] {"savez.npz", "savez_compressed.npz"}) {
      Map<String, NdArray> all = Npz.read(NpzTest.golden(name));
      assertThat(all).isNotEmpty();
    }
  }
}
