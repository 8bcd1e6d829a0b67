package org.ndprim.io;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
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
   * offset, the name's bytes, the general-purpose flags and the version needed to extract.
   */
  record Entry(long offset, long shift, byte[] name, int flags, int versionNeeded) {}

  private ZipDirectory() {}

  /**
   * Reads the central directory of the archive open in {@code ch}.
   *
   * @param ch the archive
   * @param names the entry names {@code ZipFile} lists, in its order
   * @return entry name &rarr; its record (for a repeated name the last, as {@code ZipFile} reads
   *     it); empty if the directory found is not the one {@code ZipFile} read
   * @throws IOException if the file cannot be read
   */
  static Map<String, Entry> read(FileChannel ch, List<String> names) throws IOException {
    long size = ch.size();
    if (size < END_HEADER) {
      return Map.of();
    }
    int tail = (int) Math.min(size, END_HEADER + MAGIC16);
    ByteBuffer buf = readAt(ch, size - tail, tail);
    if (buf == null) {
      return Map.of();
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
      }
      endPos = at;
      cenLength = length;
      cenOffset = offset;
      cenCount = u16(buf, i + 10);
      break;
    }
    if (endPos < 0) {
      return Map.of();
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
    long cenPos = endPos - cenLength;
    long shift = cenPos - cenOffset; // bytes before the archive (a self-extracting prefix)
    if (cenLength < 0 || cenPos < 0 || shift < 0 || cenLength > Integer.MAX_VALUE - 8) {
      return Map.of();
    }
    ByteBuffer cen = readAt(ch, cenPos, (int) cenLength);
    if (cen == null) {
      return Map.of();
    }
    Map<String, Entry> entries = new HashMap<>();
    List<String> found = new ArrayList<>();
    int p = 0;
    while (p + CEN_HEADER <= cenLength && found.size() < names.size()) {
      if (cen.getInt(p) != CEN_SIGNATURE) {
        return Map.of();
      }
      // The low byte is the version (Python's zipfile reads extract_version as one byte and the
      // high byte as 'reserved', where some writers put a host system): 0x0314 is version 2.0.
      int versionNeeded = cen.get(p + 6) & 0xff;
      int flags = u16(cen, p + 8);
      long csize = u32(cen, p + 20);
      long usize = u32(cen, p + 24);
      int nameLength = u16(cen, p + 28);
      int extraLength = u16(cen, p + 30);
      int commentLength = u16(cen, p + 32);
      long local = u32(cen, p + 42);
      int next = p + CEN_HEADER + nameLength + extraLength + commentLength;
      if (next > cenLength) {
        return Map.of();
      }
      byte[] name = new byte[nameLength];
      cen.get(p + CEN_HEADER, name);
      if (local == MAGIC32) {
        Long offset64 = zip64Offset(cen, p + CEN_HEADER + nameLength, extraLength, usize == MAGIC32, csize == MAGIC32);
        if (offset64 == null) {
          return Map.of();
        }
        local = offset64; // may be 2^63 or more, negative as a long: Npz says it is beyond the file
      }
      String decoded = new String(name, StandardCharsets.UTF_8);
      found.add(decoded);
      entries.put(decoded, new Entry(local, shift, name, flags, versionNeeded));
      p = next;
    }
    return found.equals(names) ? entries : Map.of();
  }

  /**
   * The offset in a zip64 extra field (after the sizes it holds), unsigned (negative from 2^63);
   * null if there is none.
   */
  private static Long zip64Offset(ByteBuffer cen, int start, int length, boolean hasSize,
      boolean hasCompressedSize) {
    int p = start;
    int end = start + length;
    while (p + 4 <= end) {
      int id = u16(cen, p);
      int size = u16(cen, p + 2);
      if (p + 4 + size > end) {
        return null;
      }
      if (id == ZIP64_EXTRA) {
        int at = p + 4 + (hasSize ? 8 : 0) + (hasCompressedSize ? 8 : 0);
        return at + 8 <= p + 4 + size ? cen.getLong(at) : null;
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
  static String commentPastTheEnd(FileChannel ch) throws IOException {
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
        return comment > left ? "the end of central directory record claims a " + comment
            + "-byte archive comment, but the file ends " + left + " bytes after the record" : null;
      }
    }
    return null;
  }

  /** {@code length} bytes at {@code position}, little-endian; null if the file ends before. */
  static ByteBuffer readAt(FileChannel ch, long position, int length) throws IOException {
    ByteBuffer buf = ByteBuffer.allocate(length).order(ByteOrder.LITTLE_ENDIAN);
    while (buf.hasRemaining()) {
      if (ch.read(buf, position + buf.position()) < 0) {
        return null;
      }
    }
    return buf.clear();
  }

  private static int signatureAt(FileChannel ch, long position) throws IOException {
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
