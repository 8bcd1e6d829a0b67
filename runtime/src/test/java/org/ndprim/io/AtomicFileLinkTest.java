package org.ndprim.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 18 item 8: a dangling symbolic link as target is written as any new file is, through a
 * temporary file beside the link's target and a rename, so a write that fails midway (a full disk)
 * leaves nothing at the target; the link stays a link.
 */
class AtomicFileLinkTest {
  @TempDir Path dir;

  private List<String> names(Path d) throws IOException {
    try (Stream<Path> s = Files.list(d)) {
      return s.map(p -> p.getFileName().toString()).sorted().collect(Collectors.toList());
    }
  }

  @Test
  void aFailedWriteThroughADanglingLinkLeavesNothingAtItsTarget() throws IOException {
    Path elsewhere = Files.createDirectory(dir.resolve("elsewhere"));
    Path target = elsewhere.resolve("out.npy");
    Path link = Files.createSymbolicLink(dir.resolve("link.npy"), target);
    assertThatThrownBy(() -> AtomicFile.write(link, out -> {
      out.write(new byte[40 << 10]);
      out.flush();
      throw new IOException("No space left on device");
    })).isInstanceOf(IOException.class).hasMessageContaining("No space left on device");
    assertThat(Files.exists(target, LinkOption.NOFOLLOW_LINKS)).as("a partial file at the link's target").isFalse();
    assertThat(names(elsewhere)).as("no temporary file left").isEmpty();
    assertThat(Files.isSymbolicLink(link)).isTrue();
    assertThat(names(dir)).containsExactly("elsewhere", "link.npy");
  }

  @Test
  void aDanglingLinksTargetIsCreatedByARenameAndTheLinkKept() throws IOException {
    Path target = dir.resolve("out.npy");
    // a relative link, through a second link: the chain is followed from each link's directory
    Path first = Files.createSymbolicLink(dir.resolve("first.npy"), Path.of("second.npy"));
    Files.createSymbolicLink(dir.resolve("second.npy"), Path.of("out.npy"));
    AtomicFile.write(first, out -> out.write(new byte[] {1, 2, 3}));
    assertThat(Files.isSymbolicLink(first)).isTrue();
    assertThat(Files.isSymbolicLink(dir.resolve("second.npy"))).isTrue();
    assertThat(Files.isRegularFile(target, LinkOption.NOFOLLOW_LINKS)).isTrue();
    assertThat(Files.readAllBytes(target)).containsExactly(1, 2, 3);
    assertThat(names(dir)).containsExactly("first.npy", "out.npy", "second.npy");
  }

  @Test
  void aDanglingLinkIntoAMissingDirectoryNamesTheLink() throws IOException {
    Path link = Files.createSymbolicLink(dir.resolve("link.npy"), dir.resolve("no/such/dir/out.npy"));
    assertThatThrownBy(() -> AtomicFile.write(link, out -> out.write(1)))
        .isInstanceOf(FileSystemException.class).hasMessageContaining("link.npy");
    assertThat(names(dir)).containsExactly("link.npy");
  }

  @Test
  void aLoopOfLinksIsRefused() throws IOException {
    Path a = Files.createSymbolicLink(dir.resolve("a.npy"), Path.of("b.npy"));
    Files.createSymbolicLink(dir.resolve("b.npy"), Path.of("a.npy"));
    assertThatThrownBy(() -> AtomicFile.write(a, out -> out.write(1)))
        .isInstanceOf(FileSystemException.class).hasMessageContaining("symbolic links");
    assertThat(names(dir)).containsExactly("a.npy", "b.npy");
  }
}
