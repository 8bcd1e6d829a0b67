package org.ndprim.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.ndprim.DoubleNdArray;
import org.ndprim.FloatNdArray;
import org.ndprim.IntNdArray;
import org.ndprim.NdArray;
import org.ndprim.Shape;
import org.ndprim.ShortNdArray;

/**
 * Reading numpy's archives (src/test/python/gen_npz_golden.py made them with np.savez and
 * np.savez_compressed) and writing archives numpy reads.
 */
class NpzTest {
  @TempDir Path dir;

  static Path golden(String name) {
    URL url = NpzTest.class.getResource("/npz/" + name);
    if (url == null) {
      throw new IllegalArgumentException("no golden file " + name + "; run src/test/python/gen_npz_golden.py");
    }
    try {
      return Path.of(url.toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  record Expected(String archive, String member, String dtype, boolean fortran, String shape, String sha256) {}

  static List<Expected> expected() throws IOException {
    List<Expected> out = new ArrayList<>();
    for (String line : Files.readAllLines(golden("expected.tsv"))) {
      if (!line.startsWith("#")) {
        String[] c = line.split("\t");
        out.add(new Expected(c[0], c[1], c[2], Boolean.parseBoolean(c[3]), c[4], c[5]));
      }
    }
    return out;
  }

  static String sha256(byte[] bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    } catch (NoSuchAlgorithmException e) {
      throw new AssertionError(e);
    }
  }

  static byte[] npy(NdArray a) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    Npy.write(a, out);
    return out.toByteArray();
  }

  // -------------------------------------------------------------------------------------- read

  @ParameterizedTest
  @ValueSource(strings = {"savez.npz", "savez_compressed.npz"})
  void listsMembersAndHeadersAsNumpyDoes(String archive) throws IOException {
    List<Expected> want = expected().stream().filter(e -> e.archive.equals(archive)).toList();
    try (Npz npz = Npz.open(golden(archive))) {
      assertThat(npz.names()).containsExactlyElementsOf(want.stream().map(Expected::member).toList());
      for (Expected e : want) {
        Npz.Member m = npz.member(e.member);
        assertThat(m.entryName()).isEqualTo(e.member + ".npy");
        assertThat(m.isCompressed()).isEqualTo(archive.contains("compressed"));
        NpyHeader h = m.header();
        assertThat(h.dtype()).as(e.member).isEqualTo(e.dtype);
        assertThat(h.fortranOrder()).as(e.member).isEqualTo(e.fortran);
        assertThat(h.shape().toString()).as(e.member).isEqualTo(e.shape);
      }
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"savez.npz", "savez_compressed.npz"})
  void everyMemberReadsAsNumpyLoadsIt(String archive) throws IOException {
    List<Expected> want = expected().stream().filter(e -> e.archive.equals(archive)).toList();
    Map<String, NdArray> all = Npz.read(golden(archive));
    assertThat(all.keySet()).containsExactlyElementsOf(want.stream().map(Expected::member).toList());
    for (Expected e : want) {
      // Npy.write of what was read gives np.save of numpy's array (little-endian C-order copy)
      assertThat(sha256(npy(all.get(e.member)))).as(e.member).isEqualTo(e.sha256);
    }
    assertThat(all.get("int16")).isEqualTo(ShortNdArray.fromJava(new short[][] {{-32768, -1, 0}, {1, 258, 32767}}));
    assertThat(all.get("fortran_float32").slice("1")).isEqualTo(FloatNdArray.vector(1, 1.25f, 1.5f, 1.75f));
    assertThat(all.get("big_int32")).isEqualTo(IntNdArray.vector(1, -2, 0x01020304, Integer.MIN_VALUE));
  }

  @Test
  void findsByEntryNameOrNameAndSaysWhatIsThere() throws IOException {
    try (Npz npz = Npz.open(golden("savez.npz"))) {
      assertThat(npz.member("image.npy").name()).isEqualTo("image");
      assertThat(npz.find("image")).isPresent();
      assertThat(npz.find("nope")).isEmpty();
      assertThat(catchThrowable(() -> npz.member("nope")))
          .isInstanceOf(NoSuchElementException.class)
          .hasMessageStartingWith("no member 'nope' in " + golden("savez.npz") + "; its members are 'int16', 'float64',");
    }
  }

  @Test
  void readsBlocksInStorageOrder() throws IOException {
    try (Npz npz = Npz.open(golden("savez_compressed.npz"))) {
      List<Object> seen = new ArrayList<>();
      NpyHeader h = npz.member("fortran_float32").readBlocks(5, (block, offset) -> {
        assertThat(block.rank()).isEqualTo(1);
        assertThat(offset).isEqualTo(seen.size());
        for (long i = 0; i < block.size(); i++) {
          seen.add(block.getObject(i));
        }
      });
      assertThat(h.fortranOrder()).isTrue();
      // column-major: a[:, 0] first
      assertThat(seen).containsExactly(0f, 1f, 2f, 0.25f, 1.25f, 2.25f, 0.5f, 1.5f, 2.5f, 0.75f, 1.75f, 2.75f);
    }
  }

  @Test
  void notAnArchive() throws IOException {
    Path npyFile = dir.resolve("a.npy");
    Npy.write(IntNdArray.vector(1, 2), npyFile);
    assertThat(catchThrowable(() -> Npz.open(npyFile))).isInstanceOf(NpyFormatException.class)
        .hasMessageStartingWith(npyFile + ": not a readable .npz file (zip archive): ");
    assertThat(catchThrowable(() -> Npz.open(dir))).isInstanceOf(java.nio.file.FileSystemException.class)
        .hasMessageContaining("is a directory");
    assertThat(catchThrowable(() -> Npz.open(dir.resolve("missing.npz"))))
        .isInstanceOf(java.nio.file.NoSuchFileException.class);
  }

  // ------------------------------------------------------------------------------------- write

  static Map<String, NdArray> numpyArrays() throws IOException {
    return Npz.read(golden("savez.npz"));
  }

  /**
   * What ndprim writes for numpy's arrays is what numpy loaded when the committed
   * ndprim_savez*.npz were checked by hand with {@code gen_npz_golden.py --check} (its output is
   * ndprim_check.txt): the same bytes, every time (numpy 2's entry dates, no clock).
   */
  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void writesTheArchiveNumpyWasCheckedToLoad(boolean compressed) throws IOException {
    Path out = dir.resolve("out.npz");
    if (compressed) {
      Npz.writeCompressed(out, numpyArrays());
    } else {
      Npz.write(out, numpyArrays());
    }
    String name = compressed ? "ndprim_savez_compressed.npz" : "ndprim_savez.npz";
    if (Boolean.getBoolean("ndprim.npzCheck")) {
      Path check = Path.of("target", "npz-check");
      Files.createDirectories(check);
      Files.copy(out, check.resolve(name), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }
    assertThat(Files.readAllBytes(out)).isEqualTo(Files.readAllBytes(golden(name)));
  }

  /** Each member is the .npy file np.save writes, stored or deflated, named as np.savez names it. */
  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void membersAreNumpysNpyBytes(boolean compressed) throws IOException {
    Path out = dir.resolve("out.npz");
    Map<String, NdArray> arrays = numpyArrays();
    if (compressed) {
      Npz.writeCompressed(out, arrays);
    } else {
      Npz.write(out, arrays);
    }
    Map<String, String> digests = new LinkedHashMap<>();
    for (Expected e : expected()) {
      if (e.archive.equals("savez.npz")) {
        digests.put(e.member + ".npy", e.sha256);
      }
    }
    try (ZipFile zip = new ZipFile(out.toFile())) {
      List<String> names = new ArrayList<>();
      for (ZipEntry e : java.util.Collections.list(zip.entries())) {
        names.add(e.getName());
        assertThat(e.getMethod()).isEqualTo(compressed ? ZipEntry.DEFLATED : ZipEntry.STORED);
        assertThat(e.getTimeLocal()).isEqualTo(java.time.LocalDateTime.of(1980, 1, 1, 0, 0));
        try (InputStream in = zip.getInputStream(e)) {
          assertThat(sha256(in.readAllBytes())).as(e.getName()).isEqualTo(digests.get(e.getName()));
        }
      }
      assertThat(names).containsExactlyElementsOf(digests.keySet());
    }
    assertThat(Npz.read(out)).isEqualTo(arrays);
  }

  @Test
  void positionalArraysAreArrN() throws IOException {
    Path out = dir.resolve("pos.npz");
    Npz.write(out, IntNdArray.vector(1, 2), DoubleNdArray.scalar(0.5));
    try (Npz npz = Npz.open(out)) {
      assertThat(npz.names()).containsExactly("arr_0", "arr_1");
      assertThat(npz.member("arr_1").read()).isEqualTo(DoubleNdArray.scalar(0.5));
    }
  }

  @Test
  void writeOptionsGiveNumpysBytesForOtherOrders() throws IOException {
    // numpy: np.save(f, np.asfortranarray(np.arange(6, dtype='>f8').reshape(2, 3)))
    DoubleNdArray a = DoubleNdArray.wrap(Shape.of(2, 3), new double[] {0, 1, 2, 3, 4, 5});
    Npy.WriteOptions bigFortran = Npy.WriteOptions.DEFAULT.withByteOrder(ByteOrder.BIG_ENDIAN).withFortranOrder(true);
    Path out = dir.resolve("o.npz");
    Npz.write(out, Map.of("a", a), false, bigFortran);
    try (Npz npz = Npz.open(out)) {
      NpyHeader h = npz.member("a").header();
      assertThat(h.descr()).isEqualTo(">f8");
      assertThat(h.fortranOrder()).isTrue();
      assertThat(npz.member("a").read()).isEqualTo(a);
    }
  }

  @Test
  void badNamesAndArraysFailBeforeTheFileIsTouched() throws IOException {
    Path out = dir.resolve("keep.npz");
    Files.writeString(out, "old");
    assertThat(catchThrowable(() -> Npz.write(out, Map.of("", IntNdArray.vector(1)))))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("a member name must not be empty");
    assertThat(catchThrowable(() -> Npz.write(out, Map.of("a\0b", IntNdArray.vector(1)))))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("NUL");
    assertThat(catchThrowable(() -> Npz.write(out, Map.of("x".repeat(70000), IntNdArray.vector(1)))))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("longer than a zip entry name");
    assertThat(Files.readString(out)).isEqualTo("old");
    try (var files = Files.list(dir)) {
      assertThat(files.map(p -> p.getFileName().toString())).containsExactly("keep.npz");
    }
  }

  @Test
  void aFailingMemberLeavesTheOldArchive() throws IOException {
    Path out = dir.resolve("keep.npz");
    Npz.write(out, Map.of("a", IntNdArray.vector(1)));
    byte[] before = Files.readAllBytes(out);
    Map<String, AtomicFile.Content> contents = new LinkedHashMap<>();
    contents.put("good", o -> Npy.write(IntNdArray.vector(2), o));
    contents.put("bad", o -> {
      throw new IOException("disk on fire");
    });
    assertThat(catchThrowable(() -> Npz.writeMembers(out, contents, true))).hasMessageContaining("disk on fire");
    assertThat(Files.readAllBytes(out)).isEqualTo(before);
  }

  @Test
  void transcodeStreamsAMemberIntoAnotherType() throws IOException {
    try (Npz npz = Npz.open(golden("savez_compressed.npz"))) {
      Npz.Member m = npz.member("image");
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      try (InputStream in = new java.io.BufferedInputStream(m.openStream())) {
        NpyHeader h = Npy.readHeader(in);
        Npy.transcode(in, h, out, Npy.WriteOptions.DEFAULT.withType(DoubleNdArray.TYPE).withByteOrder(ByteOrder.BIG_ENDIAN));
      }
      NdArray back = Npy.read(new ByteArrayInputStream(out.toByteArray()));
      assertThat(back).isEqualTo(m.read().astype(DoubleNdArray.TYPE));
      assertThat(new String(out.toByteArray(), 0, 60, StandardCharsets.ISO_8859_1)).contains("'descr': '>f8'");
    }
  }
}
