package org.ndprim.io;

import java.nio.ByteOrder;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A simple NumPy type descriptor such as {@code "<i4"}: byte order, kind letter and item size.
 *
 * <p>Byte order characters: {@code '<'} little-endian, {@code '>'} big-endian, {@code '|'} "not
 * applicable" and {@code '='} native; a missing one means native too. As in {@code numpy.load},
 * native means the byte order of the machine that reads ({@link ByteOrder#nativeOrder()}), and for
 * one-byte items the byte order character is irrelevant.
 */
record Dtype(String descr, char order, char kind, int itemSize) {

  private static final Pattern SIMPLE = Pattern.compile("([<>|=]?)([a-zA-Z])([0-9]{1,4})");

  /** Parses a simple descriptor; returns null when {@code descr} is not of the form {@code [<>|=]?<letter><digits>}. */
  static Dtype parse(String descr) {
    Matcher m = SIMPLE.matcher(descr);
    if (!m.matches()) {
      return null;
    }
    char order = m.group(1).isEmpty() ? '=' : m.group(1).charAt(0);
    int size = Integer.parseInt(m.group(3));
    if (size == 0) {
      return null;
    }
    return new Dtype(descr, order, m.group(2).charAt(0), size);
  }

  /** The byte order in which items of this dtype are stored. */
  ByteOrder byteOrder() {
    switch (order) {
      case '<':
        return ByteOrder.LITTLE_ENDIAN;
      case '>':
        return ByteOrder.BIG_ENDIAN;
      default:
        return ByteOrder.nativeOrder();
    }
  }

  /** Same kind and item size, whatever the byte order. */
  boolean sameKindAndSize(Dtype other) {
    return kind == other.kind && itemSize == other.itemSize;
  }

  /** The descriptor {@link Npy} writes: {@code '|'} for one-byte items, else little-endian {@code '<'}. */
  String littleEndianDescr() {
    return (itemSize == 1 ? "|" : "<") + kind + itemSize;
  }
}
