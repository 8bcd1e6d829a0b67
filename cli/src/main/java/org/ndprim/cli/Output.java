package org.ndprim.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The {@code OUT} a command writes ({@code convert}'s OUT, {@code slice -o}, {@code show -o}),
 * checked before any work: a name that does not fit or cannot be written fails before anything is
 * read, printed or created, with one message.
 */
final class Output {
  private Output() {}

  /**
   * Checks that {@code name} is not a directory and ends in one of {@code extensions}
   * (case-insensitive), unless it is an existing device or FIFO ({@code /dev/stdout}), which is
   * written as it is.
   *
   * @param label how the command line names it, e.g. {@code "-o"} or {@code "OUT"}
   * @param why the end of the message when the name does not fit, e.g. "slice writes a .npy file"
   * @param extensions the accepted endings, e.g. {@code ".npy"}
   * @throws OutputError if it is a directory
   * @throws Usage if the name is empty or does not end in one of {@code extensions}
   */
  static void checkName(String name, String label, String why, String... extensions) throws OutputError {
    if (name.isEmpty()) { // Path.of("") is the working directory
      throw new Usage(label + " is an empty name: it must end in " + String.join(" or ", extensions)
          + "; " + why);
    }
    Path path = Path.of(name);
    if (Files.isDirectory(path)) {
      throw new OutputError("cannot write " + name + ": it is a directory");
    }
    if (isSpecial(path)) {
      return;
    }
    String lower = name.toLowerCase(Locale.ROOT);
    for (String e : extensions) {
      if (lower.endsWith(e)) {
        return;
      }
    }
    throw new Usage(label + " " + name + ": the name must end in " + String.join(" or ", extensions) + "; " + why);
  }

  /**
   * Whether OUT names this process's standard output: {@code -}, or a path that is the file
   * descriptor 1 is open on ({@code /dev/stdout}, {@code /dev/fd/1}, also when that is a pipe).
   * False when it cannot be told (no such path, no {@code /dev/stdout}).
   */
  static boolean isStandardOutput(String name) {
    if (name.equals("-")) {
      return true;
    }
    try {
      return Files.isSameFile(Path.of(name), Path.of("/dev/stdout"));
    } catch (IOException | RuntimeException unknown) {
      return false;
    }
  }

  /**
   * Checks that {@code name} can be written: not a directory, in an existing directory that this
   * process may create files in (the file is written beside its target and renamed over it,
   * {@code AtomicFile}), or an existing device or FIFO.
   *
   * @throws OutputError if it cannot be written
   */
  static void checkWritable(String name) throws IOException {
    Path path = Path.of(name);
    if (Files.isDirectory(path)) {
      throw new OutputError("cannot write " + name + ": it is a directory");
    }
    if (isSpecial(path)) {
      return;
    }
    boolean exists = Files.exists(path);
    if (!exists && Files.isSymbolicLink(path)) {
      try {
        path.toRealPath();
      } catch (java.nio.file.NoSuchFileException dangling) {
        // fine: the write creates the link's target
      } catch (java.nio.file.FileSystemException loop) {
        // a loop of links ("Too many levels of symbolic links"), said before anything is printed
        throw new OutputError("cannot write " + name + ": " + loop.getReason());
      }
    }
    Path dir = (exists ? path.toRealPath() : path.toAbsolutePath()).getParent();
    String shown = !exists && path.getParent() != null ? path.getParent().toString() : String.valueOf(dir);
    if (dir == null || !Files.exists(dir)) {
      throw new OutputError("cannot write " + name + ": no such directory " + shown);
    }
    if (!Files.isDirectory(dir)) {
      throw new OutputError("cannot write " + name + ": " + shown + " is not a directory");
    }
    if (!Files.isWritable(dir)) {
      throw new OutputError("cannot write " + name + ": no permission to create files in " + shown);
    }
  }

  /** An existing file that is neither regular nor a directory: a device or a FIFO, written in place. */
  private static boolean isSpecial(Path path) {
    return Files.exists(path) && !Files.isRegularFile(path) && !Files.isDirectory(path);
  }
}
