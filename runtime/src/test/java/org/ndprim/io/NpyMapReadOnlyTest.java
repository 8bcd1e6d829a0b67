package org.ndprim.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ndprim.IntNdArray;
import org.ndprim.NdArray;
import org.ndprim.io.Npy.MapMode;

/**
 * {@link MapMode#COPY_ON_WRITE} of a file this process may not write gives a heap copy, as its
 * Javadoc promises: not only for permission denied, also on a read-only file system (it threw
 * "Read-only file system").
 */
class NpyMapReadOnlyTest {
  @TempDir Path dir;

  @Test
  void theFallbackDecisionTakesEveryWayOfNotBeingAllowedToWrite() throws IOException {
    Path file = Files.write(dir.resolve("a.npy"), NpzTest.npy(IntNdArray.vector(1, 2, 3)));
    String name = file.toString();
    assertThat(Npy.mayNotWrite(file, new AccessDeniedException(name))).isTrue();
    assertThat(Npy.mayNotWrite(file, new FileSystemException(name, null, "Read-only file system"))).isTrue();
    assertThat(Npy.mayNotWrite(file, new FileSystemException(name, null, "Operation not permitted"))).isTrue();
    // not a reason to copy: the file is missing, or something else failed on a writable store
    assertThat(Npy.mayNotWrite(dir.resolve("missing.npy"), new NoSuchFileException(name))).isFalse();
    assertThat(Npy.mayNotWrite(file, new FileSystemException(name, null, "Too many open files"))).isFalse();
    assertThat(Npy.mayNotWrite(file, new FileSystemException(name, null, null))).isFalse();
  }

  /**
   * A real read-only mount (tmpfs, remounted read-only): needs root and the right to mount, so it
   * is skipped where either is missing.
   */
  @Test
  void copyOnWriteOfAFileOnAReadOnlyMountIsAHeapCopy() throws Exception {
    assumeTrue(System.getProperty("os.name").toLowerCase().contains("linux"), "Linux mounts");
    Path mount = Files.createDirectory(dir.resolve("ro"));
    assumeTrue(run("mount", "-t", "tmpfs", "-o", "size=1m", "ndprim-test", mount.toString()),
        "cannot mount a tmpfs here (not root, or no CAP_SYS_ADMIN)");
    try {
      Path file = Files.write(mount.resolve("a.npy"), NpzTest.npy(IntNdArray.vector(1, 2, 3)));
      assumeTrue(run("mount", "-o", "remount,ro", mount.toString()), "cannot remount read-only");
      Throwable rw = catchThrowable(() -> Npy.map(file, MapMode.READ_WRITE));
      assertThat(rw).as("the mount is read-only").isInstanceOf(FileSystemException.class);
      assertThat(Npy.mayNotWrite(file, (FileSystemException) rw)).isTrue();

      NdArray copy = Npy.map(file, MapMode.COPY_ON_WRITE); // was: FileSystemException "Read-only file system"
      assertThat(((IntNdArray) copy).toArray()).containsExactly(1, 2, 3);
      ((IntNdArray) copy).setInt(7, 0); // writes stay in memory
      assertThat(((IntNdArray) copy).toArray()).containsExactly(7, 2, 3);
      IntNdArray typed = Npy.map(file, MapMode.COPY_ON_WRITE, IntNdArray.TYPE);
      assertThat(typed.toArray()).containsExactly(1, 2, 3);
      assertThat(((IntNdArray) Npy.read(file)).toArray()).containsExactly(1, 2, 3);
    } finally {
      if (!run("umount", mount.toString())) {
        run("umount", "-l", mount.toString());
      }
    }
  }

  private static boolean run(String... command) throws InterruptedException {
    try {
      Process p = new ProcessBuilder(command).redirectErrorStream(true)
          .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
      return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
    } catch (IOException e) {
      return false;
    }
  }
}
