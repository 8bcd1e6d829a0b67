package org.ndprim.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.ndprim.NdArray;

/**
 * Archives that lie (made by {@code gen_npz_golden.py}; {@code npz/hostile/manifest.tsv} says what
 * numpy does with each): every one is read as numpy reads it or refused with an
 * {@link NpyFormatException} naming archive and member, in bounded memory. Runs in the
 * {@code -Xmx256m} hostile-input execution with NpyHostileTest.
 */
class NpzHostileTest {
  @TempDir Path dir;

  /** A file, a member, and ndprim's outcome: "OK" or a fragment of the error message. */
  record Case(String file, String member, String ndprim) {}

  /**
   * Where ndprim differs from numpy it is stricter: a claim that cannot be true is refused (numpy
   * reads bzip2 and ignores the sizes; java.util.zip has no bzip2).
   */
  static final List<Case> CASES = List.of(
      new Case("bad_crc.npz", "x", "bad CRC-32: the data give"),
      new Case("claims_4GB_deflated.npz", "x", "the archive claims 4294967294 bytes inflated from"),
      new Case("header_claims_640MB.npz", "x",
          "truncated data: shape (4, 20000000) of '<f8' needs 640000000 data bytes, the member holds 8"),
      new Case("inflates_less.npz", "x", "the member ends after 1600128 of the 1620128 bytes the archive claims"),
      new Case("inflates_more.npz", "x", "truncated data: shape (1000,) of '<f8' needs 8000 data bytes, the member holds 7900"),
      new Case("not_npy_member.npz", "notes.txt", "not a .npy file"),
      new Case("not_npy_member.npz", "x", "OK"),
      new Case("stored_claims_more.npz", "x", "the archive claims 8128000 compressed bytes, but the file has only"));

  static Path hostile(String name) {
    return NpzTest.golden("hostile/" + name);
  }

  @Test
  void runsWithTheConstrainedHeap() {
    assumeTrue(Boolean.getBoolean("ndprim.hostile"), "run by -Dtest outside the hostile-input execution");
    assertThat(Runtime.getRuntime().maxMemory()).isLessThanOrEqualTo(300L << 20);
  }

  @Test
  void everyManifestLineHasACase() throws IOException {
    for (String line : Files.readAllLines(hostile("manifest.tsv"))) {
      String[] c = line.split("\t");
      if (line.startsWith("#") || c[1].equals("-") || c[0].equals("bzip2.npz")) {
        continue;
      }
      assertThat(CASES.stream().anyMatch(k -> k.file.equals(c[0]) && k.member.equals(c[1]))).as(line).isTrue();
    }
  }

  @TestFactory
  Stream<DynamicTest> eachLieIsRefusedInBoundedMemory() {
    return CASES.stream().map(c -> DynamicTest.dynamicTest(c.file + " " + c.member + " -> " + c.ndprim, () -> {
      Path path = hostile(c.file);
      long before = NpyHostileTest.allocated();
      Throwable e = catchThrowable(() -> {
        try (Npz npz = Npz.open(path)) {
          Npz.Member m = npz.member(c.member);
          m.header();
          m.read();
          m.readBlocks(1024, (block, offset) -> { });
        }
      });
      long used = NpyHostileTest.allocated() - before;
      assertThat(used).as("bytes allocated for a " + Files.size(path) + "-byte archive").isLessThan(8L << 20);
      if (c.ndprim.equals("OK")) {
        assertThat(e).isNull();
      } else {
        assertThat(e).isInstanceOf(NpyFormatException.class)
            .hasMessageStartingWith(path + ": member '" + c.member + (c.member.contains(".") ? "" : ".npy") + "': ")
            .hasMessageContaining(c.ndprim);
      }
    }));
  }

  @Test
  void bzip2IsRefusedWhenOpened() {
    // numpy reads it; java.util.zip refuses the whole archive
    Path bzip2 = hostile("bzip2.npz");
    assertThat(catchThrowable(() -> Npz.open(bzip2))).isInstanceOf(NpyFormatException.class)
        .hasMessage(bzip2 + ": not a readable .npz file (zip archive): invalid CEN header (bad compression method: 12);"
            + " java.util.zip reads stored and deflated members, as np.savez and np.savez_compressed write them");
  }

  @Test
  void aTruncatedOrEmptyArchive() throws IOException {
    Path cut = hostile("truncated.npz");
    assertThat(catchThrowable(() -> Npz.open(cut))).isInstanceOf(NpyFormatException.class)
        .hasMessageStartingWith(cut + ": not a readable .npz file (zip archive): ");
    try (Npz npz = Npz.open(hostile("empty.npz"))) {
      assertThat(npz.members()).isEmpty();
      assertThat(catchThrowable(() -> npz.member("x"))).hasMessageEndingWith("its members are none (the archive is empty)");
    }
  }

  /**
   * Seeded mutations of numpy's archives: any outcome but an exception other than an
   * {@link IOException} (a {@link NpyFormatException} for a bad member), and little memory.
   */
  @Test
  void mutatedArchivesFailCleanly() throws IOException {
    Random random = new Random(11);
    int failures = 0;
    for (String name : new String[] {"savez.npz", "savez_compressed.npz"}) {
      byte[] good = Files.readAllBytes(NpzTest.golden(name));
      for (int i = 0; i < 400; i++) {
        byte[] bad = good.clone();
        int flips = 1 + random.nextInt(4);
        for (int k = 0; k < flips; k++) {
          int at = random.nextInt(bad.length);
          bad[at] = random.nextInt(3) == 0 ? (byte) 0xff : (byte) random.nextInt(256);
        }
        Path file = dir.resolve("m.npz");
        Files.write(file, bad);
        long before = NpyHostileTest.allocated();
        Throwable e = catchThrowable(() -> {
          try (Npz npz = Npz.open(file)) {
            for (Npz.Member m : npz.members()) {
              try {
                NdArray a = m.read();
                assertThat(a).isNotNull();
              } catch (NpyFormatException expected) {
                assertThat(expected.getMessage()).startsWith(file + ": member '");
              }
            }
          }
        });
        long used = NpyHostileTest.allocated() - before;
        assertThat(used).as("mutation %d of %s", i, name).isLessThan(16L << 20);
        if (e != null) {
          failures++;
          assertThat(e).as("mutation %d of %s: %s", i, name, e).isInstanceOf(IOException.class);
        }
      }
    }
    assertThat(failures).isGreaterThan(0);
  }

  @Test
  void manyTinyArchivesClaimingHugeMembers() throws IOException {
    // a header claiming far more than the heap, really deflated: refused before anything grows
    List<Path> files = new ArrayList<>();
    for (long n : new long[] {1L << 26, 1L << 32, Long.MAX_VALUE / 16}) {
      Path file = dir.resolve("claim" + n + ".npz");
      byte[] header = Npy.header("<f8", new long[] {n});
      Npz.writeMembers(file, java.util.Map.of("x", out -> out.write(header)), true);
      files.add(file);
    }
    for (Path file : files) {
      long before = NpyHostileTest.allocated();
      Throwable e = catchThrowable(() -> {
        try (Npz npz = Npz.open(file)) {
          npz.member("x").read();
        }
      });
      assertThat(NpyHostileTest.allocated() - before).isLessThan(4L << 20);
      assertThat(e).isInstanceOf(NpyFormatException.class).hasMessageContaining("truncated data: shape (");
    }
  }
}
