package org.ndprim.io;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Replaces a file all at once or not at all: the content goes to a temporary file in the target's
 * directory, is forced to the storage device ({@link FileChannel#force}), and only then renamed
 * over the target ({@link StandardCopyOption#ATOMIC_MOVE} where the file system supports it, else
 * {@link StandardCopyOption#REPLACE_EXISTING}). If anything fails on the way (the writer throws,
 * the disk is full, the rename is refused) the temporary file is removed and the target is left as
 * it was, byte for byte.
 *
 * <p>The temporary file is named {@code .<target name>.<random>.tmp}. For a new target it is
 * created with the default permissions (as {@link Files#newOutputStream} would create the target);
 * when the target exists and its file store has POSIX permissions, the target's permissions are
 * copied to the temporary file as soon as it is created, so a {@code chmod 600} file stays
 * {@code -rw-------} (and its new content is never readable by others while it is written). The
 * rename replaces the directory entry, not the file: hard links to the old file keep the old
 * content, the new file belongs to the writing user (and the group a new file gets), and other
 * attributes of the old file (ACLs, extended attributes) are not copied. {@code np.save} instead
 * writes the existing file in place, which keeps all of that but is not atomic.
 *
 * <p>A temporary file still being written when the JVM shuts down (Ctrl-C, {@code SIGTERM},
 * {@link System#exit}) is deleted by a shutdown hook, registered the first time a temporary file
 * is created; only a JVM that is killed ({@code SIGKILL}) or halted can leave one behind.
 *
 * <p>A symbolic link as target is followed: the file it points to is replaced, the link stays;
 * a dangling link's file is created, as {@code >} in a shell creates it, and written the same
 * way, through a temporary file beside it and a rename (a failed write leaves no file there). A
 * target that exists but is not a regular file (a device such as {@code /dev/null}, a FIFO)
 * cannot be renamed over: it is written directly, as a stream. A directory as target is an
 * {@link IOException} before anything is created.
 */
public final class AtomicFile {
  private static final int BUFFER_BYTES = 1 << 16;
  private static final int NAME_ATTEMPTS = 100;

  /** The temporary files created and neither renamed nor deleted yet: the shutdown hook's list. */
  private static final Pending PENDING = new Pending();
  private static final AtomicBoolean HOOKED = new AtomicBoolean();

  private AtomicFile() {}

  /** Temporary files to delete if the JVM shuts down while they are written. */
  static final class Pending {
    private final Set<Path> files = ConcurrentHashMap.newKeySet();

    void add(Path tmp) {
      files.add(tmp);
    }

    void remove(Path tmp) {
      files.remove(tmp);
    }

    boolean contains(Path tmp) {
      return files.contains(tmp);
    }

    /** What the shutdown hook runs: deletes every pending temporary file, as far as it can. */
    void deleteAll() {
      for (Path tmp : files) {
        try {
          Files.deleteIfExists(tmp);
        } catch (IOException | RuntimeException e) {
          // nothing to report to at shutdown; the next file may still go
        }
        files.remove(tmp);
      }
    }
  }

  /** {@return the registry of the shutdown hook, for tests} */
  static Pending pending() {
    return PENDING;
  }

  /** Adds a temporary file to {@code PENDING}, registering the one shutdown hook the first time. */
  private static void register(Path tmp) {
    if (!HOOKED.get() && HOOKED.compareAndSet(false, true)) {
      try {
        Runtime.getRuntime().addShutdownHook(new Thread(PENDING::deleteAll, "ndprim AtomicFile clean-up"));
      } catch (IllegalStateException shuttingDown) {
        // the JVM is already shutting down: the writer's own clean-up is all there is
      }
    }
    PENDING.add(tmp);
  }

  /** Writes the whole content of a file to a stream; the stream must not be closed by it. */
  @FunctionalInterface
  public interface Content {
    /**
     * Writes the content.
     *
     * @param out the buffered stream to the temporary file
     * @throws IOException if writing fails; the target is then left untouched
     */
    void writeTo(OutputStream out) throws IOException;
  }

  /**
   * Replaces {@code target} with what {@code content} writes, atomically as described above.
   *
   * @param target the file to replace or create; a symbolic link is followed
   * @param content writes the new content to the stream it is given
   * @throws IOException if the content cannot be written or the target cannot be replaced (the
   *     target is then unchanged and no temporary file remains); exceptions thrown by
   *     {@code content}, checked or not, are rethrown after the clean-up
   */
  public static void write(Path target, Content content) throws IOException {
    Objects.requireNonNull(content, "content");
    replace(target, ch -> {
      OutputStream out = new BufferedOutputStream(Channels.newOutputStream(ch), BUFFER_BYTES);
      content.writeTo(out);
      out.flush(); // not closed: closing the stream would close the channel before it is forced
    }, content, null);
  }

  /** Writes the whole content of a file through its channel (positioned at 0, opened to write). */
  @FunctionalInterface
  public interface ChannelContent {
    /**
     * Writes the content, e.g. a header and then the file's final length as a sparse extension.
     *
     * @param channel the temporary file's channel; it must not be closed by the content
     * @throws IOException if writing fails; the target is then left untouched
     */
    void writeTo(FileChannel channel) throws IOException;
  }

  /**
   * Replaces the regular file {@code target} with what {@code content} writes through a file
   * channel, atomically as {@link #write(Path, Content)}: for contents that seek or set the length
   * (a memory-mappable file of a given size, made sparse).
   *
   * @param target the file to create or replace; it must not be a device or a FIFO
   * @param content what to write
   * @throws IOException if the file cannot be written; an existing target is then unchanged
   */
  public static void writeChannel(Path target, ChannelContent content) throws IOException {
    Objects.requireNonNull(content, "content");
    replace(target, content, null, null);
  }

  /** What is done with the new file, through its channel, once it has been renamed into place. */
  @FunctionalInterface
  interface Opened<T> {
    /**
     * @param channel the channel of the file just written and renamed, open to read and write
     *     (it is closed afterwards; a mapping made from it stays valid)
     */
    T apply(FileChannel channel) throws IOException;
  }

  /**
   * {@link #writeChannel(Path, ChannelContent)}, then {@code then} on the file written, through
   * the channel it was written with, kept open across the rename: the file this call made, even
   * if another writer has renamed a file of its own over the path since.
   */
  static <T> T writeChannel(Path target, ChannelContent content, Opened<T> then) throws IOException {
    Objects.requireNonNull(content, "content");
    Objects.requireNonNull(then, "then");
    return replace(target, content, null, then);
  }

  /**
   * The replacement itself; {@code inPlace} writes a device or FIFO target, which has nothing to
   * rename over (null: such a target is refused); {@code then} (if not null) is applied to the
   * file's channel after the rename.
   */
  private static <T> T replace(Path target, ChannelContent content, Content inPlace, Opened<T> then)
      throws IOException {
    Objects.requireNonNull(target, "target");
    if (Files.isDirectory(target)) {
      throw new FileSystemException(target.toString(), null, "is a directory");
    }
    if (Files.exists(target) && !Files.isRegularFile(target)) {
      if (inPlace == null) {
        throw new FileSystemException(target.toString(), null, "is not a regular file");
      }
      // a device or FIFO, also through a link (/dev/stdout, /dev/fd/1 on a pipe, whose link
      // target "pipe:[...]" is no path): there is nothing to rename over
      writeInPlace(target, inPlace);
      return null;
    }
    Path real = linkTarget(target);
    Path absolute = real.toAbsolutePath();
    Path dir = absolute.getParent();
    Set<PosixFilePermission> permissions = existingPermissions(absolute);
    Path tmp = null;
    FileChannel channel = null;
    try {
      for (int attempt = 0; channel == null; attempt++) {
        Path candidate = dir.resolve("." + absolute.getFileName() + "."
            + Long.toUnsignedString(ThreadLocalRandom.current().nextLong(), 36) + ".tmp");
        try {
          channel = then == null
              ? FileChannel.open(candidate, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)
              : FileChannel.open(candidate, StandardOpenOption.CREATE_NEW, StandardOpenOption.READ,
                  StandardOpenOption.WRITE);
          tmp = candidate;
          register(tmp);
        } catch (FileAlreadyExistsException e) {
          if (attempt >= NAME_ATTEMPTS) {
            throw e;
          }
        } catch (NoSuchFileException e) {
          throw named(new NoSuchFileException(target.toString(), null, "no such directory: " + dir), e);
        } catch (AccessDeniedException e) {
          throw named(new AccessDeniedException(target.toString(), null, "cannot create a file in " + dir), e);
        } catch (FileSystemException e) {
          throw named(new FileSystemException(target.toString(), null, e.getReason()), e);
        }
      }
      try {
        if (permissions != null) {
          Files.setPosixFilePermissions(tmp, permissions); // not subject to the umask
        }
        content.writeTo(channel);
        channel.force(true);
        if (then == null) {
          FileChannel ch = channel;
          channel = null;
          ch.close();
        }
      } catch (IOException e) {
        if (e.getClass() == IOException.class) {
          // e.g. "No space left on device", which names no file
          throw new IOException(target + ": " + Messages.reason(e) + " (the file was not replaced)", e);
        }
        throw e;
      }
      try {
        Files.move(tmp, absolute, StandardCopyOption.ATOMIC_MOVE);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(tmp, absolute, StandardCopyOption.REPLACE_EXISTING);
      }
      PENDING.remove(tmp);
      tmp = null;
      // the channel is still the file written, whatever has been renamed over the path since
      return then == null ? null : then.apply(channel);
    } finally {
      if (channel != null) {
        try {
          channel.close();
        } catch (IOException | RuntimeException suppressed) {
          // a read-write channel of a file already forced: nothing is lost
        }
      }
      if (tmp != null) {
        try {
          Files.deleteIfExists(tmp);
        } catch (IOException | RuntimeException suppressed) {
          // the original failure is the one to report
        }
        PENDING.remove(tmp);
      }
    }
  }

  /** The most symbolic links followed from a target, as Linux's {@code MAXSYMLINKS}. */
  private static final int MAX_LINKS = 40;

  /**
   * The file a target names: itself unless it is a symbolic link; the real path of an existing
   * file through links; and for a dangling link, the path its chain of links ends at, which is
   * then created (and renamed into place) there, the links staying as they are.
   */
  private static Path linkTarget(Path target) throws IOException {
    if (!Files.isSymbolicLink(target)) {
      return target;
    }
    if (Files.exists(target)) {
      return target.toRealPath();
    }
    Path p = target.toAbsolutePath();
    for (int links = 0; Files.isSymbolicLink(p); links++) {
      if (links == MAX_LINKS) {
        throw new FileSystemException(target.toString(), null, "too many levels of symbolic links");
      }
      p = p.getParent().resolve(Files.readSymbolicLink(p));
    }
    return p;
  }

  /**
   * The POSIX permissions of an existing target, to give its replacement; null for a new target
   * or a file store without POSIX permissions.
   */
  private static Set<PosixFilePermission> existingPermissions(Path target) throws IOException {
    if (!Files.exists(target, LinkOption.NOFOLLOW_LINKS)
        || !Files.getFileStore(target).supportsFileAttributeView(PosixFileAttributeView.class)) {
      return null;
    }
    try {
      return Files.getPosixFilePermissions(target, LinkOption.NOFOLLOW_LINKS);
    } catch (UnsupportedOperationException e) {
      return null;
    }
  }

  /** The error names the target, not the temporary file nobody asked for. */
  private static FileSystemException named(FileSystemException e, Throwable cause) {
    e.initCause(cause);
    return e;
  }

  private static void writeInPlace(Path path, Content content) throws IOException {
    try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(path), BUFFER_BYTES)) {
      content.writeTo(out);
    } catch (IOException e) {
      if (e.getClass() != IOException.class) {
        throw e; // a format error of the content, or an exception that names its file
      }
      // e.g. "No space left on device" from /dev/full, which names no file
      throw new IOException(path + ": " + Messages.reason(e), e);
    }
  }
}
