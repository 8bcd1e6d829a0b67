package org.ndprim.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ndprim.IntNdArray;
import org.ndprim.NdArray;
import org.ndprim.Shape;

/**
 * Issue 9 item 1: a failed {@link Npy#write(org.ndprim.NdArray, Path)} or {@link AtomicFile#write}
 * leaves the old file byte for byte and no temporary file behind.
 */
class AtomicWriteTest {
  @TempDir Path dir;
  private Path target;
  private byte[] old;

  @BeforeEach
  void existingFile() throws IOException {
    target = dir.resolve("a.npy");
    Npy.write(IntNdArray.vector(1, 2, 3), target);
    old = Files.readAllBytes(target);
  }

  private void assertUntouched() throws IOException {
    assertThat(Files.readAllBytes(target)).isEqualTo(old);
    try (Stream<Path> files = Files.list(dir)) {
      assertThat(files.map(p -> p.getFileName().toString()).collect(Collectors.toList())).containsExactly("a.npy");
    }
  }

  @Test
  void aFullDeviceIsNamedInTheError() {
    Path full = Path.of("/dev/full");
    assumeTrue(Files.exists(full), "/dev/full");
    // A device is written in place; its "No space left on device" names no file of its own.
    IntNdArray a = IntNdArray.zeros(Shape.of(100_000));
    assertThatThrownBy(() -> Npy.write(a, full))
        .isInstanceOf(IOException.class)
        .hasMessageStartingWith("/dev/full: ");
  }

  @Test
  void aBroadcastTooLargeToWriteFailsBeforeTheFileIsTouched() throws IOException {
    // The hostile-input run: a write that failed (then: too large for a Java array) truncated the
    // file to a 128-byte header. A broadcast whose byte size overflows a long fails at once.
    IntNdArray huge = IntNdArray.scalar(5).broadcastTo(Shape.of(1L << 31, 1L << 31));
    assertThatThrownBy(() -> Npy.write(huge, target))
        .isInstanceOf(ArithmeticException.class)
        .hasMessage("cannot write an array of shape (2147483648, 2147483648) of Int: it has more"
            + " than 2^63-1 data bytes");
    assertUntouched();
    assertThatThrownBy(() -> Npy.write(huge, dir.resolve("new.npy"))).isInstanceOf(ArithmeticException.class);
    assertUntouched();
  }

  @Test
  void aWriterThatFailsMidwayLeavesTheOldFile() throws IOException {
    assertThatThrownBy(() -> AtomicFile.write(target, out -> {
      out.write(new byte[200_000]); // more than the buffer: bytes reach the temporary file
      throw new IOException("No space left on device");
    })).isInstanceOf(IOException.class).hasMessage(target + ": No space left on device (the file was not replaced)");
    assertUntouched();
  }

  @Test
  void uncheckedFailuresAndErrorsAlsoCleanUp() throws IOException {
    assertThatThrownBy(() -> AtomicFile.write(target, out -> {
      out.write(1);
      throw new IllegalStateException("boom");
    })).isInstanceOf(IllegalStateException.class);
    assertUntouched();
    assertThatThrownBy(() -> AtomicFile.write(target, out -> {
      out.write(new byte[100_000]);
      throw new OutOfMemoryError("simulated");
    })).isInstanceOf(OutOfMemoryError.class);
    assertUntouched();
  }

  @Test
  void aReadOnlyDirectoryRefusesTheTemporaryFile() throws IOException {
    assumeTrue(!"root".equals(System.getProperty("user.name")), "root ignores directory permissions");
    Set<PosixFilePermission> before = Files.getPosixFilePermissions(dir);
    Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("r-xr-xr-x"));
    try {
      assertThatThrownBy(() -> Npy.write(IntNdArray.vector(9), target)).isInstanceOf(AccessDeniedException.class);
    } finally {
      Files.setPosixFilePermissions(dir, before);
    }
    assertUntouched();
  }

  @Test
  void aDirectoryAsTargetIsRefusedAndNothingIsCreated() throws IOException {
    Path sub = Files.createDirectory(dir.resolve("sub"));
    assertThatThrownBy(() -> Npy.write(IntNdArray.vector(9), sub)).isInstanceOf(IOException.class)
        .hasMessageContaining("is a directory");
    try (Stream<Path> files = Files.list(dir)) {
      assertThat(files.count()).isEqualTo(2);
    }
    assertThat(Files.readAllBytes(target)).isEqualTo(old);
  }

  @Test
  void aSuccessfulWriteReplacesTheContentWithDefaultPermissions() throws IOException {
    Npy.write(IntNdArray.vector(7, 8), target);
    assertThat(((IntNdArray) Npy.read(target)).toArray()).containsExactly(7, 8);
    Path plain = dir.resolve("plain");
    Files.newOutputStream(plain).close();
    Path fresh = dir.resolve("fresh.npy");
    Npy.write(IntNdArray.vector(7, 8), fresh);
    assertThat(Files.getPosixFilePermissions(fresh)).isEqualTo(Files.getPosixFilePermissions(plain));
    try (Stream<Path> files = Files.list(dir)) {
      assertThat(files.map(p -> p.getFileName().toString()).sorted().collect(Collectors.toList()))
          .isEqualTo(List.of("a.npy", "fresh.npy", "plain"));
    }
  }

  @Test
  void aSymbolicLinkIsFollowedAndKept() throws IOException {
    Path link = Files.createSymbolicLink(dir.resolve("link.npy"), target);
    Npy.write(IntNdArray.vector(4), link);
    assertThat(Files.isSymbolicLink(link)).isTrue();
    assertThat(((IntNdArray) Npy.read(target)).toArray()).containsExactly(4);
  }

  @Test
  void aDeviceIsWrittenInPlace() throws IOException {
    Path devNull = Path.of("/dev/null");
    assumeTrue(Files.exists(devNull));
    Npy.write(IntNdArray.vector(4), devNull);
    assertThat(Files.exists(devNull)).isTrue();
    assertThat(Files.isRegularFile(devNull)).isFalse();
  }

  private static boolean posix(Path p) throws IOException {
    return Files.getFileStore(p).supportsFileAttributeView("posix");
  }

  @Test
  void replacingAFileKeepsItsPermissions() throws IOException {
    assumeTrue(posix(dir), "a file store with POSIX permissions");
    // np.save writes in place and keeps the mode; the rename must not turn 600 into 644
    Set<PosixFilePermission> ownerOnly = PosixFilePermissions.fromString("rw-------");
    Files.setPosixFilePermissions(target, ownerOnly);
    Npy.write(IntNdArray.vector(7, 8), target);
    assertThat(Files.getPosixFilePermissions(target)).isEqualTo(ownerOnly);
    assertThat(((IntNdArray) Npy.read(target)).toArray()).containsExactly(7, 8);

    Path npz = dir.resolve("b.npz");
    Npz.write(npz, Map.of("x", IntNdArray.vector(1)));
    Set<PosixFilePermission> group = PosixFilePermissions.fromString("rw-r-----");
    Files.setPosixFilePermissions(npz, group);
    Npz.writeCompressed(npz, Map.<String, NdArray>of("x", IntNdArray.vector(2)));
    assertThat(Files.getPosixFilePermissions(npz)).isEqualTo(group);

    // mapNew replaces through the same path; a read-only file stays read-only (the directory
    // is writable, so it can be replaced, as rm can remove it)
    Set<PosixFilePermission> readOnly = PosixFilePermissions.fromString("r--r--r--");
    Files.setPosixFilePermissions(target, readOnly);
    IntNdArray mapped = Npy.mapNew(target, IntNdArray.TYPE, Shape.of(2));
    assertThat(mapped.size()).isEqualTo(2);
    assertThat(Files.getPosixFilePermissions(target)).isEqualTo(readOnly);
    Files.setPosixFilePermissions(target, ownerOnly);
  }

  @Test
  void theRenameReplacesTheDirectoryEntryNotTheFile() throws IOException {
    // as AtomicFile's Javadoc says: a hard link to the old file keeps the old content
    Path link = Files.createLink(dir.resolve("link.npy"), target);
    Npy.write(IntNdArray.vector(9), target);
    assertThat(Files.readAllBytes(link)).isEqualTo(old);
    assertThat(((IntNdArray) Npy.read(target)).toArray()).containsExactly(9);
  }

  @Test
  void aTemporaryFileIsPendingWhileWrittenAndNotAfter() throws IOException {
    Path[] seen = new Path[1];
    AtomicFile.write(target, out -> {
      seen[0] = temporaryFile();
      assertThat(AtomicFile.pending().contains(seen[0])).isTrue();
      out.write(1);
    });
    assertThat(AtomicFile.pending().contains(seen[0])).isFalse();
    assertThatThrownBy(() -> AtomicFile.write(target, out -> {
      seen[0] = temporaryFile();
      throw new IOException("boom");
    })).hasMessageContaining("boom");
    assertThat(AtomicFile.pending().contains(seen[0])).isFalse();
  }

  /** The one temporary file beside the target. */
  private Path temporaryFile() throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      List<Path> tmp = files.filter(p -> p.getFileName().toString().endsWith(".tmp"))
          .collect(Collectors.toList());
      assertThat(tmp).hasSize(1);
      assertThat(tmp.get(0).getFileName().toString()).startsWith(".a.npy.");
      return tmp.get(0);
    }
  }

  @Test
  void theShutdownHookDeletesPendingTemporaryFiles() throws IOException {
    AtomicFile.Pending pending = new AtomicFile.Pending(); // not the JVM's: other writes are safe
    Path one = Files.write(dir.resolve(".one.npy.x.tmp"), new byte[10]);
    Path two = dir.resolve(".two.npy.y.tmp"); // already gone: nothing to do
    pending.add(one);
    pending.add(two);
    pending.deleteAll();
    assertThat(one).doesNotExist();
    assertThat(pending.contains(one)).isFalse();
    assertThat(pending.contains(two)).isFalse();
    assertUntouched();
  }

  @Test
  void aTerminatedJvmLeavesNoTemporaryFile() throws Exception {
    // SIGTERM (what Ctrl-C's SIGINT also does) runs the shutdown hooks
    String launcher = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    String classPath = location(AtomicFile.class) + java.io.File.pathSeparator + location(AtomicFileChild.class);
    Process child = new ProcessBuilder(launcher, "-Xshare:auto", "-XX:TieredStopAtLevel=1", "-cp", classPath,
        AtomicFileChild.class.getName(), target.toString()).redirectErrorStream(true).start();
    try {
      BufferedReader lines = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
      assertThat(lines.readLine()).isEqualTo("writing");
      temporaryFile();
      child.destroy();
      assertThat(child.waitFor(20, TimeUnit.SECONDS)).isTrue();
    } finally {
      child.destroyForcibly();
    }
    assertUntouched();
  }

  private static Path location(Class<?> c) throws URISyntaxException {
    return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
  }
}
