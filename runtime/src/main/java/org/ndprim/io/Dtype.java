package org.ndprim.io;

import java.nio.ByteOrder;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A NumPy type descriptor string as {@code numpy.dtype(str)} reads it: byte order, kind letter and
 * item size, normalised to NumPy's {@code dtype.str} (e.g. {@code "?"} &rarr; {@code "|b1"},
 * {@code "<l"} &rarr; {@code "<i8"}, {@code "d"} &rarr; {@code "<f8"}, {@code "int32"} &rarr;
 * {@code "<i4"}, {@code ">U3"} stays {@code ">U3"}).
 *
 * <p>Accepted, as numpy 2.x on a 64-bit Linux: an optional byte order character ({@code '<'}
 * little-endian, {@code '>'} big-endian, {@code '|'} not applicable, {@code '='} native; missing
 * means native, i.e. {@link ByteOrder#nativeOrder()} of the reading machine, as {@code numpy.load})
 * followed by one type character ({@code ?bBhHiIlLqQpPefdgFDGSaUVOMmc}), or a kind letter and an
 * item size parsed as C's {@code strtol} does (so {@code "<i04"}, {@code "<i 4"} and {@code "<i+4"}
 * are {@code "<i4"}) among {@code b1 i1 i2 i4 i8 u1 u2 u4 u8 f2 f4 f8 f16 c8 c16 c32 O4 O8 M8 m8}
 * and {@code Sn an Un Vn}; datetimes take a unit ({@code "<M8[ns]"}, {@code "m8[10ms]"}). Or one of
 * NumPy's type names without byte order ({@code "bool"}, {@code "int64"}, {@code "double"},
 * {@code "datetime64[D]"}, ...; only the datetime names also take one, {@code ">datetime64[ns]"}). A comma-separated list ({@code "i4, f8"}) is a structured dtype:
 * {@link #parse} returns it with kind {@code 'V'} and {@link #structured()} true.
 */
record Dtype(String descr, char order, char kind, int itemSize, String unit, boolean structured) {

  private static final Pattern DATETIME_UNIT =
      Pattern.compile("\\[([0-9]*)(Y|M|W|D|h|m|s|ms|us|\u03bcs|ns|ps|fs|as|generic)\\]");

  /** A subarray in a string: a shape such as {@code (2,)} or {@code 2} before a simple descriptor. */
  private static final Pattern SUBARRAY =
      Pattern.compile("(\\(\\s*[0-9]+(?:\\s*,\\s*[0-9]+)*\\s*,?\\s*\\)|[0-9]+)\\s*([^,]+)");

  /** NumPy's type names ({@code numpy.sctypeDict}, numpy 2.x, 64-bit Linux) and their {@code dtype.str}. */
  private static final Map<String, String> NAMES = Map.ofEntries(
      Map.entry("bool", "|b1"), Map.entry("bool_", "|b1"), Map.entry("byte", "|i1"),
      Map.entry("bytes", "|S0"), Map.entry("bytes_", "|S0"), Map.entry("cdouble", "=c16"),
      Map.entry("clongdouble", "=c32"), Map.entry("complex", "=c16"), Map.entry("complex128", "=c16"),
      Map.entry("complex256", "=c32"), Map.entry("complex64", "=c8"), Map.entry("csingle", "=c8"),
      Map.entry("datetime64", "=M8"), Map.entry("double", "=f8"), Map.entry("float", "=f8"),
      Map.entry("float128", "=f16"), Map.entry("float16", "=f2"), Map.entry("float32", "=f4"),
      Map.entry("float64", "=f8"), Map.entry("half", "=f2"), Map.entry("int", "=i8"),
      Map.entry("int16", "=i2"), Map.entry("int32", "=i4"), Map.entry("int64", "=i8"),
      Map.entry("int8", "|i1"), Map.entry("int_", "=i8"), Map.entry("intc", "=i4"),
      Map.entry("intp", "=i8"), Map.entry("long", "=i8"), Map.entry("longdouble", "=f16"),
      Map.entry("longlong", "=i8"), Map.entry("object", "|O8"), Map.entry("object_", "|O8"),
      Map.entry("short", "=i2"), Map.entry("single", "=f4"), Map.entry("str", "=U0"),
      Map.entry("str_", "=U0"), Map.entry("timedelta64", "=m8"), Map.entry("ubyte", "|u1"),
      Map.entry("uint", "=u8"), Map.entry("uint16", "=u2"), Map.entry("uint32", "=u4"),
      Map.entry("uint64", "=u8"), Map.entry("uint8", "|u1"), Map.entry("uintc", "=u4"),
      Map.entry("uintp", "=u8"), Map.entry("ulong", "=u8"), Map.entry("ulonglong", "=u8"),
      Map.entry("unicode", "=U0"), Map.entry("ushort", "=u2"), Map.entry("void", "|V0"));

  /** One-character type codes and the kind + item size they stand for. */
  private static final String CODES = "?bBhHiIlLqQpPefdgFDGSaUVOMmc";
  private static final String[] CODE_TYPES = {
    "b1", "i1", "u1", "i2", "u2", "i4", "u4", "i8", "u8", "i8", "u8", "i8", "u8",
    "f2", "f4", "f8", "f16", "c8", "c16", "c32", "S0", "S0", "U0", "V0", "O8", "M8", "m8", "S1"};

  /**
   * Parses a descriptor string as {@code numpy.dtype} does; returns null when NumPy would not
   * understand it.
   */
  static Dtype parse(String descr) {
    Matcher sub = SUBARRAY.matcher(descr);
    if (sub.matches()) {
      Dtype base = parse(sub.group(2));
      return base == null || base.structured ? null : new Dtype(descr, '|', 'V', -1, "", true);
    }
    if (descr.indexOf(',') >= 0) {
      return commaString(descr);
    }
    Dtype named = named(descr);
    if (named != null) {
      return named;
    }
    if (descr.isEmpty()) {
      return null;
    }
    char first = descr.charAt(0);
    char order = '=';
    String body = descr;
    if (first == '<' || first == '>' || first == '|' || first == '=') {
      order = first;
      body = descr.substring(1);
    }
    if (body.isEmpty()) {
      return null;
    }
    char code = body.charAt(0);
    String rest = body.substring(1);
    if (rest.isEmpty()) {
      int c = CODES.indexOf(code);
      return c < 0 ? null : of(descr, order, CODE_TYPES[c].charAt(0), Integer.parseInt(CODE_TYPES[c].substring(1)), "");
    }
    String unit = "";
    if (code == 'M' || code == 'm') {
      int bracket = rest.indexOf('[');
      if (bracket >= 0) {
        Matcher m = DATETIME_UNIT.matcher(rest.substring(bracket));
        if (!m.matches()) {
          return null;
        }
        unit = unit(m);
        rest = rest.substring(0, bracket);
      }
    }
    long size = strtol(rest);
    if (size < 0) {
      return null;
    }
    switch (code) {
      case 'b':
        return size == 1 ? of(descr, order, 'b', 1, "") : null;
      case 'i':
      case 'u':
        return size == 1 || size == 2 || size == 4 || size == 8 ? of(descr, order, code, (int) size, "") : null;
      case 'f':
        return size == 2 || size == 4 || size == 8 || size == 16 ? of(descr, order, 'f', (int) size, "") : null;
      case 'c':
        return size == 8 || size == 16 || size == 32 ? of(descr, order, 'c', (int) size, "") : null;
      case 'O':
        return size == 4 || size == 8 ? of(descr, order, 'O', 8, "") : null;
      case 'M':
      case 'm':
        return size == 8 ? of(descr, order, code, 8, unit) : null;
      case 'S':
      case 'a':
      case 'V':
        return size <= Integer.MAX_VALUE ? of(descr, order, code == 'a' ? 'S' : code, (int) size, "") : null;
      case 'U':
        return size <= Integer.MAX_VALUE / 4 ? of(descr, order, 'U', (int) size * 4, "") : null;
      default:
        return null;
    }
  }

  private static Dtype named(String descr) {
    if (!descr.isEmpty() && "<>|=".indexOf(descr.charAt(0)) >= 0
        && (descr.startsWith("datetime64", 1) || descr.startsWith("timedelta64", 1))) {
      // the only names numpy takes with a byte order ('>datetime64[ns]'; not '<int32')
      Dtype d = named(descr.substring(1));
      return d == null ? null : of(descr, descr.charAt(0), d.kind, d.itemSize, d.unit);
    }
    String name = descr;
    String unit = "";
    int bracket = descr.indexOf('[');
    if (bracket > 0 && (descr.startsWith("datetime64[") || descr.startsWith("timedelta64["))) {
      Matcher m = DATETIME_UNIT.matcher(descr.substring(bracket));
      if (!m.matches()) {
        return null;
      }
      name = descr.substring(0, bracket);
      unit = unit(m);
    }
    String str = NAMES.get(name);
    if (str == null) {
      return null;
    }
    return of(descr, str.charAt(0), str.charAt(1), Integer.parseInt(str.substring(2)), unit);
  }

  private static String unit(Matcher m) {
    String u = m.group(2);
    if (u.equals("generic")) {
      return "";
    }
    return "[" + m.group(1) + (u.equals("\u03bcs") ? "us" : u) + "]";
  }

  /** {@code "i4, f8"}: every part a simple descriptor; a trailing comma is allowed, as in numpy. */
  private static Dtype commaString(String descr) {
    if (Character.isWhitespace(descr.charAt(0))) {
      return null;
    }
    String[] parts = descr.split(",", -1);
    for (int i = 0; i < parts.length; i++) {
      String p = parts[i].strip();
      if (p.isEmpty() && i == parts.length - 1 && i > 0) {
        continue;
      }
      Dtype d = p.isEmpty() ? null : parse(p);
      if (d == null || d.structured) {
        return null;
      }
    }
    return new Dtype(descr, '|', 'V', -1, "", true);
  }

  /** C's {@code strtol} on the whole of {@code s}: leading white space and a sign allowed; -1 if not a number or negative. */
  private static long strtol(String s) {
    int i = 0;
    while (i < s.length() && " \t\n\u000b\f\r".indexOf(s.charAt(i)) >= 0) {
      i++;
    }
    boolean negative = false;
    if (i < s.length() && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
      negative = s.charAt(i) == '-';
      i++;
    }
    int digits = i;
    long v = 0;
    while (i < s.length() && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
      v = v * 10 + (s.charAt(i) - '0');
      if (v > Integer.MAX_VALUE * 8L) {
        return -1; // far beyond any item size numpy accepts
      }
      i++;
    }
    if (i == digits || i != s.length() || (negative && v != 0)) {
      return -1;
    }
    return v;
  }

  private static Dtype of(String descr, char order, char kind, int itemSize, String unit) {
    boolean orderless = kind == 'b' || kind == 'S' || kind == 'V' || kind == 'O' || itemSize == 1 && kind != 'U';
    char o;
    if (orderless) {
      o = '|';
    } else if (order == '<' || order == '>') {
      o = order;
    } else {
      o = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN ? '<' : '>';
    }
    return new Dtype(descr, o, kind, itemSize, unit, false);
  }

  /**
   * NumPy's {@code dtype.str} for this descriptor ({@code "<i4"}, {@code "|b1"}, {@code "<U3"},
   * {@code "|O"}, {@code "<M8[ns]"}); for a structured dtype the descriptor as written.
   */
  String str() {
    if (structured) {
      return descr;
    }
    if (kind == 'O') {
      return "|O";
    }
    return "" + order + kind + (kind == 'U' ? itemSize / 4 : itemSize) + unit;
  }

  /** The byte order in which items of this dtype are stored ({@code '|'}: irrelevant, native). */
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

  /** Same kind and item size, whatever the byte order (and neither structured). */
  boolean sameKindAndSize(Dtype other) {
    return !structured && !other.structured && kind == other.kind && itemSize == other.itemSize
        && unit.equals(other.unit);
  }

  /** The descriptor {@link Npy} writes: {@code '|'} for one-byte items, else little-endian {@code '<'}. */
  String littleEndianDescr() {
    return descr(ByteOrder.LITTLE_ENDIAN);
  }

  /**
   * The descriptor numpy writes for this kind and size in {@code byteOrder}: {@code '|'} for
   * one-byte items (and booleans), else {@code '<'} or {@code '>'}, e.g. {@code ">f8"}.
   */
  String descr(ByteOrder byteOrder) {
    char o = itemSize == 1 ? '|' : byteOrder == ByteOrder.BIG_ENDIAN ? '>' : '<';
    return "" + o + kind + itemSize;
  }
}
