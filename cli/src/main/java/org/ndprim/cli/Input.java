package org.ndprim.cli;

import java.io.BufferedInputStream;
import java.io.FileInputStream;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.ndprim.NdArray;
import org.ndprim.io.Npy;
import org.ndprim.io.NpyFormatException;
import org.ndprim.io.NpyHeader;

/**
 * The {@code FILE.npy} argument. A regular file is mapped read-only ({@code Npy.map}), not read:
 * a file of any size opens in a small heap, and only the bytes a command touches are read (from
 * the page cache). {@code -} is standard input; a FIFO, {@code /dev/stdin} or a process
 * substitution ({@code <(cat a.npy)}) is opened once and read as a stream (header, then data).
 */
final class Input {
  /** What was read: the header, and the array when its dtype has a built-in type (else null). */
  record Loaded(String name, NpyHeader header, NdArray array) {}

  private Input() {}

  /**
   * @param arrayRequired true for {@code slice}: an unsupported dtype is then an error; false for
   *     {@code info}, which shows the header of any dtype
   */
  static Loaded read(String name, InputStream stdin, boolean arrayRequired) throws IOException {
    if (name.equals("-")) {
      return fromStream("<stdin>", stdin, arrayRequired);
    }
    Path path = Path.of(name);
    if (Files.isRegularFile(path)) {
      NpyHeader header = Npy.readHeader(path);
      boolean supported = !header.isStructured() && Npy.builtInType(header.dtype()).isPresent();
      return new Loaded(name, header,
          supported || arrayRequired ? Npy.map(path, Npy.MapMode.READ_ONLY) : null);
    }
    if (Files.isDirectory(path)) {
      throw new FileSystemException(name, null, "is a directory");
    }
    if (!Files.exists(path)) {
      throw new NoSuchFileException(name);
    }
    // FileInputStream, not Files.newInputStream: the latter's available() seeks, which a pipe refuses
    try (InputStream in = new FileInputStream(path.toFile())) {
      return fromStream(name, in, arrayRequired);
    } catch (FileNotFoundException e) {
      throw new AccessDeniedException(name, null, e.getMessage());
    }
  }

  private static Loaded fromStream(String name, InputStream raw, boolean arrayRequired) throws IOException {
    InputStream in = new BufferedInputStream(raw, 1 << 16);
    try {
      NpyHeader header = Npy.readHeader(in);
      boolean supported = !header.isStructured() && Npy.builtInType(header.dtype()).isPresent();
      return new Loaded(name, header, supported || arrayRequired ? Npy.readData(in, header) : null);
    } catch (NpyFormatException e) {
      throw new NpyFormatException(name + ": " + e.getMessage(), e);
    }
  }
}
