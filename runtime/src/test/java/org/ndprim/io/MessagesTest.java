package org.ndprim.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.io.EOFException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.zip.ZipException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A failure without a message never makes a message say {@code (null)}. */
class MessagesTest {
  @TempDir Path dir;

  @Test
  void failuresWithoutAMessageAreNamedByTheirClass() {
    assertThat(Messages.reason(new EOFException())).isEqualTo("unexpected end of file");
    assertThat(Messages.reason(new ZipException())).isEqualTo("malformed zip data");
    assertThat(Messages.reason(new EOFException("Unexpected end of ZLIB input stream")))
        .isEqualTo("Unexpected end of ZLIB input stream");
    assertThat(Messages.reason(new IOException(""))).isEqualTo("java.io.IOException (no message)");
  }

  @Test
  void aWriterFailingWithoutAMessageIsNamedByItsClass() throws IOException {
    Path target = dir.resolve("a.npz");
    Throwable e = catchThrowable(() -> Npz.writeMembers(target, Map.of("a", out -> {
      throw new IOException();
    }), true));
    assertThat(e).hasMessage(target + ": java.io.IOException (no message) (the file was not replaced)");
    assertThat(Files.exists(target)).isFalse();
  }
}
