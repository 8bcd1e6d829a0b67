package org.ndprim.io;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Where each entry's local header is: {@link java.util.zip.ZipFile} keeps the offsets to itself,
 * and Python's {@code zipfile} (so numpy) checks that the local header there names the entry the
 * central directory names. The central directory is found as {@code ZipFile} finds it (the last
 * end record from the end whose comment length fits, or that points at a central directory and a
 * local header; a zip64 end record when its locator is there and agrees; bytes before the archive
 * shift every offset); offsets over 4 GiB come from the zip64 extra field.
 *
 * <p>What is read must be what {@code ZipFile} read: unless the entry names found are the names
 * {@code ZipFile} lists, in the same order, nothing is known (an empty map) and the local headers
 * are left to {@code ZipFile}'s own checks.
 */
final class ZipDirectory {
  static final int LOCAL_HEADER = 30;
  static final int LOCAL_SIGNATURE = 0x04034b50;

  private static final int CEN_SIGNATURE = 0x02014b50;
  private static final int CEN_HEADER = 46;
  private static final int END_SIGNATURE = 0x06054b50;
  private static final int END_HEADER = 22;
  private static final int ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
  private static final int ZIP64_LOCATOR = 20;
  private static final int ZIP64_END_SIGNATURE = 0x06064b50;
  private static final int ZIP64_END = 56;
  private static final long MAGIC32 = 0xffffffffL;
  private static final int MAGIC16 = 0xffff;
  private static final int ZIP64_EXTRA = 0x0001;

  /**
   * One central-directory record: its local header's offset as the record says it (unsigned: a
   * zip64 offset of 2^63 or more is negative here), the bytes before the archive that shift every
   * offset, the name's bytes, the general-purpose flags and the version needed to extract; its
   * compression method, CRC-32 and sizes (from the zip64 extra field where the record says so;
   * unsigned, so negative from 2^63).
   */
  record Entry(long offset, long shift, byte[] name, int flags, int versionNeeded, int method, long crc,
      long compressedSize, long size) {
    String decodedName() {
      return new String(name, StandardCharsets.UTF_8);
    }
  }

  /**
   * Positioned reads of an archive: a {@link FileChannel}'s own, or a
   * {@link SeekableByteChannel}'s (position, then read) under a lock, so that several threads may
   * read one archive.
   */
  interface Source extends Closeable {
    /** How many reads in a row may deliver no bytes before a channel counts as stalled. */
    int ZERO_READS = 10_000;

    long size() throws IOException;

    /** As {@link FileChannel#read(ByteBuffer, long)}: bytes read, -1 at the end. */
    int read(ByteBuffer dst, long position) throws IOException;

    static Source of(SeekableByteChannel ch) {
      if (ch instanceof FileChannel fc) {
        return new Source() {
          @Override
          public long size() throws IOException {
            return fc.size();
          }

          @Override
          public int read(ByteBuffer dst, long position) throws IOException {
            return fc.read(dst, position);
          }

          @Override
          public void close() throws IOException {
            fc.close();
          }
        };
      }
      return new Source() {
        @Override
        public long size() throws IOException {
          synchronized (this) {
            return ch.size();
          }
        }

        @Override
        public int read(ByteBuffer dst, long position) throws IOException {
          synchronized (this) {
            // a channel that keeps delivering nothing (a stalled stream) would make every reader
            // loop forever: it gets ZERO_READS tries, then fails
            for (int zeros = 0; ; zeros++) {
              ch.position(position);
              int n = ch.read(dst);
              if (n != 0 || !dst.hasRemaining()) {
                return n;
              }
              if (zeros == ZERO_READS) {
                throw new IOException("the channel read no bytes at byte " + position + " "
                    + ZERO_READS + " times in a row");
              }
              Thread.yield();
            }
          }
        }

        @Override
        public void close() throws IOException {
          ch.close();
        }
      };
    }
  }

  /** Why a central directory cannot be read: the words for the message. */
  static final class Unreadable extends Exception {
    private static final long serialVersionUID = 1L;

    Unreadable(String reason) {
      super(reason, null, false, false);
    }
  }

  private ZipDirectory() {}

  /**
   * Reads the central directory of the archive open in {@code ch}, to check the local headers of
   * what {@code ZipFile} read.
   *
   * @param ch the archive
   * @param names the entry names {@code ZipFile} lists, in its order
   * @return entry name &rarr; its record (for a repeated name the last, as {@code ZipFile} reads
   *     it); empty if the directory found is not the one {@code ZipFile} read
   * @throws IOException if the file cannot be read
   */
  static Map<String, Entry> read(Source ch, List<String> names) throws IOException {
    List<Entry> found;
    try {
      found = entries(ch, names.size(), false);
    } catch (Unreadable e) {
      return Map.of();
    }
    Map<String, Entry> entries = new HashMap<>();
    List<String> decoded = new ArrayList<>();
    for (Entry e : found) {
      String name = e.decodedName();
      decoded.add(name);
      entries.put(name, e);
    }
    return decoded.equals(names) ? entries : Map.of();
  }

  /**
   * Reads the whole central directory of an archive that no {@code ZipFile} has read, with the
   * checks {@code ZipFile} makes when it opens one: an end record (the comment it claims inside
   * the file), a directory inside the file that is a sequence of whole records filling exactly
   * the length the end record gives, names in UTF-8, stored and deflated members only.
   *
   * @param ch the archive
   * @return the records, in directory order
   * @throws Unreadable if the archive is not one {@code ZipFile} would read; the reason
   * @throws IOException if the file cannot be read
   */
  static List<Entry> entries(Source ch) throws IOException, Unreadable {
    return entries(ch, Integer.MAX_VALUE, true);
  }

  /** The first {@code limit} records; {@code strict}: as {@link #entries(Source)}. */
  private static List<Entry> entries(Source ch, int limit, boolean strict) throws IOException, Unreadable {
    long size = ch.size();
    if (size < END_HEADER) {
      throw new Unreadable("the file has " + size + " bytes, fewer than a zip end record (" + END_HEADER + ")");
    }
    int tail = (int) Math.min(size, END_HEADER + MAGIC16);
    ByteBuffer buf = readAt(ch, size - tail, tail);
    if (buf == null) {
      throw new Unreadable("the file ends before its size");
    }
    long endPos = -1;
    long cenLength = 0;
    long cenOffset = 0;
    long cenCount = 0;
    for (int i = tail - END_HEADER; i >= 0; i--) {
      if (buf.getInt(i) != END_SIGNATURE) {
        continue;
      }
      long at = size - tail + i;
      long length = u32(buf, i + 12);
      long offset = u32(buf, i + 16);
      int comment = u16(buf, i + 20);
      if (at + END_HEADER + comment != size) {
        // bytes after the comment: ZipFile takes this record if it points at a directory
        long cen = at - length;
        long loc = cen - offset;
        if (cen < 0 || loc < 0 || signatureAt(ch, cen) != CEN_SIGNATURE
            || signatureAt(ch, loc) != LOCAL_SIGNATURE) {
          continue;
        }
        if (strict && at + END_HEADER + comment > size) {
          throw new Unreadable(commentPastTheEnd(comment, size - at - END_HEADER) + "; ndprim, as"
              + " java.util.zip, cannot read such an archive (Python's zipfile, so numpy, takes the bytes"
              + " there are as the comment)");
        }
      }
      endPos = at;
      cenLength = length;
      cenOffset = offset;
      cenCount = u16(buf, i + 10);
      break;
    }
    if (endPos < 0) {
      throw new Unreadable("zip END header not found (no end of central directory record: not a zip"
          + " archive, or cut off)");
    }
    if (endPos >= ZIP64_LOCATOR) {
      ByteBuffer locator = readAt(ch, endPos - ZIP64_LOCATOR, ZIP64_LOCATOR);
      if (locator != null && locator.getInt(0) == ZIP64_LOCATOR_SIGNATURE) {
        long end64Pos = locator.getLong(8);
        ByteBuffer end64 = end64Pos < 0 || end64Pos > size - ZIP64_END ? null : readAt(ch, end64Pos, ZIP64_END);
        if (end64 != null && end64.getInt(0) == ZIP64_END_SIGNATURE) {
          long count64 = end64.getLong(32);
          long length64 = end64.getLong(40);
          long offset64 = end64.getLong(48);
          if ((length64 == cenLength || cenLength == MAGIC32)
              && (offset64 == cenOffset || cenOffset == MAGIC32)
              && (count64 == cenCount || cenCount == MAGIC16)) {
            cenLength = length64;
            cenOffset = offset64;
            endPos = end64Pos;
          }
        }
      }
    }
    if (strict && endPos == 0) {
      return List.of(); // ZipFile reads an end record at the very start as an empty archive
    }
    long cenPos = endPos - cenLength;
    long shift = cenPos - cenOffset; // bytes before the archive (a self-extracting prefix)
    if (cenLength < 0 || cenPos < 0 || shift < 0 || cenLength > Integer.MAX_VALUE - 8) {
      throw new Unreadable("the end record's central directory (" + Long.toUnsignedString(cenLength)
          + " bytes at offset " + Long.toUnsignedString(cenOffset) + ") is not inside the "
          + size + "-byte file before the end record at " + endPos);
    }
    ByteBuffer cen = readAt(ch, cenPos, (int) cenLength);
    if (cen == null) {
      throw new Unreadable("the file ends inside the central directory");
    }
    List<Entry> found = new ArrayList<>();
    int p = 0;
    while (p + CEN_HEADER <= cenLength && found.size() < limit) {
      if (cen.getInt(p) != CEN_SIGNATURE) {
        throw new Unreadable("no central directory record at offset " + (cenPos + p)
            + " (record " + found.size() + ")");
      }
      // The low byte is the version (Python's zipfile reads extract_version as one byte and the
      // high byte as 'reserved', where some writers put a host system): 0x0314 is version 2.0.
      int versionNeeded = cen.get(p + 6) & 0xff;
      int flags = u16(cen, p + 8);
      int method = u16(cen, p + 10);
      long crc = u32(cen, p + 16);
      long csize = u32(cen, p + 20);
      long usize = u32(cen, p + 24);
      int nameLength = u16(cen, p + 28);
      int extraLength = u16(cen, p + 30);
      int commentLength = u16(cen, p + 32);
      long local = u32(cen, p + 42);
      int next = p + CEN_HEADER + nameLength + extraLength + commentLength;
      if (next > cenLength) {
        throw new Unreadable("central directory record " + found.size() + " runs past the end of the directory");
      }
      byte[] name = new byte[nameLength];
      cen.get(p + CEN_HEADER, name);
      String where = strict ? "the central directory record of '" + describe(name) + "'" : "";
      if (strict && !validUtf8(name)) {
        throw new Unreadable("central directory record " + found.size()
            + ": its name is not UTF-8 (invalid CEN header (bad entry name))");
      }
      if (strict && commentLength > 0) {
        byte[] comment = new byte[commentLength];
        cen.get(p + CEN_HEADER + nameLength + extraLength, comment);
        if (!validUtf8(comment)) {
          throw new Unreadable(where + ": its comment is not UTF-8 (java.util.zip cannot decode it)");
        }
      }
      if (strict && (flags & 1) != 0) {
        throw new Unreadable(where + ": invalid CEN header (encrypted entry)");
      }
      if (strict && method != 0 && method != 8) {
        throw new Unreadable(where + ": invalid CEN header (bad compression method: " + method + ")");
      }
      if (strict) {
        checkExtraFields(cen, p + CEN_HEADER + nameLength, extraLength, where);
      }
      if (usize == MAGIC32 || csize == MAGIC32 || local == MAGIC32) {
        long[] zip64 = zip64Values(cen, p + CEN_HEADER + nameLength, extraLength,
            usize == MAGIC32, csize == MAGIC32, local == MAGIC32);
        if (zip64 == null) {
          // values of 0xffffffff without the field: ZipFile takes them as they are (an offset
          // there is beyond the file, which Npz says when the member is read); the other
          // members' local headers are still checked
        } else {
          usize = usize == MAGIC32 ? zip64[0] : usize;
          csize = csize == MAGIC32 ? zip64[1] : csize;
          local = local == MAGIC32 ? zip64[2] : local; // may be 2^63 or more: Npz says beyond the file
        }
      }
      found.add(new Entry(local, shift, name, flags, versionNeeded, method, crc, csize, usize));
      p = next;
    }
    if (strict && p != cenLength) {
      throw new Unreadable("the central directory has " + (cenLength - p)
          + " bytes after its last record (invalid CEN header (bad header size))");
    }
    return found;
  }

  /**
   * The extra field's blocks as {@code ZipFile} checks them when it opens an archive: each
   * inside the field, a zip64 block of 8, 16, 24 or 28 bytes.
   */
  private static void checkExtraFields(ByteBuffer cen, int start, int length, String where) throws Unreadable {
    int p = start;
    int end = start + length;
    while (p + 4 <= end) {
      int id = u16(cen, p);
      int size = u16(cen, p + 2);
      if (p + 4 + size > end) {
        throw new Unreadable(where + String.format(java.util.Locale.ROOT,
            ": its extra field's block 0x%04x runs past the field (invalid CEN header (invalid extra data field size))", id));
      }
      if (id == ZIP64_EXTRA && size != 8 && size != 16 && size != 24 && size != 28) {
        throw new Unreadable(where + ": its zip64 extra field has " + size
            + " bytes, not 8, 16, 24 or 28 (invalid CEN header (invalid zip64 extra data field size))");
      }
      p += 4 + size;
    }
  }

  private static boolean validUtf8(byte[] name) {
    try {
      StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(name));
      return true;
    } catch (CharacterCodingException e) {
      return false;
    }
  }

  private static String describe(byte[] name) {
    String s = new String(name, StandardCharsets.UTF_8);
    return org.ndprim.text.Printable.escape(s.length() <= 100 ? s : s.substring(0, 100) + "...");
  }

  /**
   * The values a zip64 extra field holds, in its order (size, compressed size, local header
   * offset), each only where the record says it is there ({@code hasSize} ...): unsigned
   * (negative from 2^63), -1 where absent; null if the field is missing or too short.
   */
  private static long[] zip64Values(ByteBuffer cen, int start, int length, boolean hasSize,
      boolean hasCompressedSize, boolean hasOffset) {
    int p = start;
    int end = start + length;
    while (p + 4 <= end) {
      int id = u16(cen, p);
      int size = u16(cen, p + 2);
      if (p + 4 + size > end) {
        return null;
      }
      if (id == ZIP64_EXTRA) {
        long[] values = {-1, -1, -1};
        boolean[] present = {hasSize, hasCompressedSize, hasOffset};
        int at = p + 4;
        for (int k = 0; k < 3; k++) {
          if (present[k]) {
            if (at + 8 > p + 4 + size) {
              return null;
            }
            values[k] = cen.getLong(at);
            at += 8;
          }
        }
        return values;
      }
      p += 4 + size;
    }
    return null;
  }

  /**
   * Why {@code ZipFile} could not find the end of the central directory, if the last end record
   * from the end of the file claims a comment longer than what follows it (Python's
   * {@code zipfile} takes the bytes there are as the comment and reads the archive); null if
   * that is not the case.
   */
  static String commentPastTheEnd(Source ch) throws IOException {
    long size = ch.size();
    if (size < END_HEADER) {
      return null;
    }
    int tail = (int) Math.min(size, END_HEADER + MAGIC16);
    ByteBuffer buf = readAt(ch, size - tail, tail);
    if (buf == null) {
      return null;
    }
    for (int i = tail - END_HEADER; i >= 0; i--) {
      if (buf.getInt(i) == END_SIGNATURE) {
        int comment = u16(buf, i + 20);
        long left = tail - i - END_HEADER;
        return comment > left ? commentPastTheEnd(comment, left) : null;
      }
    }
    return null;
  }

  private static String commentPastTheEnd(int comment, long left) {
    return "the end of central directory record claims a " + comment
        + "-byte archive comment, but the file ends " + left + " bytes after the record";
  }

  /** {@code length} bytes at {@code position}, little-endian; null if the file ends before. */
  static ByteBuffer readAt(Source ch, long position, int length) throws IOException {
    ByteBuffer buf = ByteBuffer.allocate(length).order(ByteOrder.LITTLE_ENDIAN);
    while (buf.hasRemaining()) {
      if (ch.read(buf, position + buf.position()) < 0) {
        return null;
      }
    }
    return buf.clear();
  }

  private static int signatureAt(Source ch, long position) throws IOException {
    ByteBuffer b = readAt(ch, position, 4);
    return b == null ? 0 : b.getInt(0);
  }

  static int u16(ByteBuffer b, int at) {
    return b.getShort(at) & 0xffff;
  }

  static long u32(ByteBuffer b, int at) {
    return b.getInt(at) & MAGIC32;
  }
}
