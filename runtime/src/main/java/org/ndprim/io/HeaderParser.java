package org.ndprim.io;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.ndprim.layout.Layout;

/**
 * Parses a {@code .npy} header exactly as {@code numpy.load} does ({@code numpy/lib/_format_impl.py},
 * {@code _read_array_header}): the text is a Python literal read as {@code ast.literal_eval} reads
 * it ({@link PyLiteral}); it must be a dict with exactly the keys {@code 'descr'},
 * {@code 'fortran_order'} and {@code 'shape'} (in any order; a repeated key keeps its last value);
 * {@code 'shape'} a tuple of ints, {@code 'fortran_order'} a bool, {@code 'descr'} a dtype
 * descriptor {@code numpy.dtype} understands ({@link Dtype}: a string such as {@code '<i4'} or an
 * alias such as {@code '?'}, {@code 'd'}, {@code 'int64'}; or a structured list of
 * {@code (name, descr[, shape])} tuples, or a {@code (descr, shape)} subarray, which are accepted
 * here and reported as structured).
 *
 * <p>Checks numpy.load makes later, before reading data, are made here too: dimensions are
 * non-negative and not bools (numpy fails on both), at most {@value Layout#MAX_RANK} of them.
 * Every problem is an {@link NpyFormatException} with the 0-based position in the header text.
 */
final class HeaderParser {
  private static final Set<String> KEYS = Set.of("descr", "fortran_order", "shape");

  private final String text;

  private HeaderParser(String text) {
    this.text = text;
  }

  /**
   * The parsed dict: the descriptor (the string as written, or the repr of a structured
   * descriptor), its dtype, the Fortran flag and the dims (each &ge; 0).
   */
  record Fields(String descr, Dtype dtype, boolean fortranOrder, long[] shape) {}

  /**
   * @param legacyLongSuffix format versions 1.0 and 2.0: numpy accepts Python 2's {@code 6L}
   */
  static Fields parse(String text, boolean legacyLongSuffix) throws NpyFormatException {
    return new HeaderParser(text).fields(legacyLongSuffix);
  }

  private Fields fields(boolean legacyLongSuffix) throws NpyFormatException {
    Object value;
    try {
      value = PyLiteral.parse(text, legacyLongSuffix);
    } catch (PyLiteral.SyntaxError e) {
      throw error(e.getMessage(), e.position);
    }
    if (!(value instanceof PyLiteral.Dict)) {
      throw error("the header is not a Python dict: " + abbreviate(PyLiteral.repr(value)), firstNonBlank());
    }
    PyLiteral.Dict dict = (PyLiteral.Dict) value;
    Set<String> keys = new TreeSet<>();
    for (Object k : dict.entries().keySet()) {
      if (!(k instanceof String) || !KEYS.contains(k)) {
        int at = dict.positions().get(k);
        throw error("unexpected key " + abbreviate(PyLiteral.repr(k))
            + "; a .npy header has exactly 'descr', 'fortran_order' and 'shape'", at);
      }
      keys.add((String) k);
    }
    for (String k : KEYS.stream().sorted().toList()) {
      if (!keys.contains(k)) {
        throw new NpyFormatException("bad header: no '" + k + "' key in " + quoted());
      }
    }
    long[] shape = shape(dict.entries().get("shape"), dict.positions().get("shape"));
    Object fortran = dict.entries().get("fortran_order");
    if (!(fortran instanceof Boolean)) {
      throw error("fortran_order must be True or False, not " + abbreviate(PyLiteral.repr(fortran)),
          dict.positions().get("fortran_order"));
    }
    Object descr = dict.entries().get("descr");
    int descrPos = dict.positions().get("descr");
    Dtype dtype;
    String descrText;
    if (descr instanceof String) {
      descrText = (String) descr;
      dtype = Dtype.parse(descrText);
      if (dtype == null) {
        throw error("descr " + abbreviate(PyLiteral.repr(descr)) + " is not a dtype numpy understands", descrPos);
      }
    } else if (descr instanceof PyLiteral.PyList || descr instanceof PyLiteral.Tuple) {
      if (!structured(descr, 0)) {
        throw error("descr " + abbreviate(PyLiteral.repr(descr)) + " is not a valid structured dtype descriptor", descrPos);
      }
      descrText = PyLiteral.repr(descr);
      dtype = new Dtype(descrText, '|', 'V', -1, "", true);
    } else {
      throw error("descr must be a dtype string such as '<i4', not " + abbreviate(PyLiteral.repr(descr)), descrPos);
    }
    return new Fields(descrText, dtype, (Boolean) fortran, shape);
  }

  private long[] shape(Object v, int at) throws NpyFormatException {
    if (!(v instanceof PyLiteral.Tuple)) {
      String hint = v instanceof BigInteger ? "; a 1-d shape is written (n,)" : "";
      throw error("shape must be a tuple such as (2, 3), (5,) or (), not " + abbreviate(PyLiteral.repr(v)) + hint, at);
    }
    List<Object> items = ((PyLiteral.Tuple) v).items();
    long[] dims = new long[items.size()];
    for (int i = 0; i < dims.length; i++) {
      Object d = items.get(i);
      if (!(d instanceof BigInteger)) {
        throw error("shape " + abbreviate(PyLiteral.repr(v)) + " is not valid: dimension " + i + " is "
            + abbreviate(PyLiteral.repr(d)) + ", not an int", at);
      }
      BigInteger b = (BigInteger) d;
      if (b.signum() < 0) {
        throw error("negative dimension in shape " + abbreviate(PyLiteral.repr(v)), at);
      }
      if (b.bitLength() > 63) {
        throw error("dimension " + abbreviate(b.toString()) + " of the shape is too large (more than 2^63-1)", at);
      }
      dims[i] = b.longValue();
    }
    if (dims.length > Layout.MAX_RANK) {
      throw error("shape has " + dims.length + " dimensions; at most " + Layout.MAX_RANK
          + " are supported (as NumPy)", at);
    }
    return dims;
  }

  /** numpy's {@code descr_to_dtype} on a list of fields or a (descr, shape) tuple, as far as the header goes. */
  private static boolean structured(Object descr, int depth) {
    if (depth > 32) {
      return false;
    }
    if (descr instanceof String) {
      Dtype d = Dtype.parse((String) descr);
      return d != null;
    }
    if (descr instanceof PyLiteral.Tuple) {
      List<Object> t = ((PyLiteral.Tuple) descr).items();
      // descr_to_dtype reads descr[0] and descr[1] only
      return t.size() >= 2 && structured(t.get(0), depth + 1) && subShape(t.get(1));
    }
    if (!(descr instanceof PyLiteral.PyList)) {
      return false;
    }
    List<String> names = new ArrayList<>();
    for (Object field : ((PyLiteral.PyList) descr).items()) {
      List<Object> f = field instanceof PyLiteral.Tuple ? ((PyLiteral.Tuple) field).items()
          : field instanceof PyLiteral.PyList ? ((PyLiteral.PyList) field).items() : null;
      if (f == null || f.size() < 2 || f.size() > 3) {
        return false;
      }
      Object name = f.get(0);
      if (name instanceof PyLiteral.Tuple && ((PyLiteral.Tuple) name).items().size() == 2) {
        name = ((PyLiteral.Tuple) name).items().get(1);
      }
      if (!(name instanceof String) || !structured(f.get(1), depth + 1) || f.size() == 3 && !subShape(f.get(2))) {
        return false;
      }
      if (!((String) name).isEmpty() && names.contains(name)) {
        return false; // "field 'a' occurs more than once"
      }
      names.add((String) name);
    }
    return true;
  }

  private static boolean subShape(Object s) {
    if (s instanceof BigInteger) {
      return ((BigInteger) s).signum() >= 0 && ((BigInteger) s).bitLength() < 32;
    }
    if (!(s instanceof PyLiteral.Tuple)) {
      return false;
    }
    for (Object d : ((PyLiteral.Tuple) s).items()) {
      if (!(d instanceof BigInteger) || ((BigInteger) d).signum() < 0 || ((BigInteger) d).bitLength() >= 32) {
        return false;
      }
    }
    return true;
  }

  private int firstNonBlank() {
    int i = 0;
    while (i < text.length() && Character.isWhitespace(text.charAt(i))) {
      i++;
    }
    return i;
  }

  private static String abbreviate(String s) {
    return s.length() <= 80 ? s : s.substring(0, 77) + "...";
  }

  private NpyFormatException error(String what, int pos) {
    String at = pos >= text.length() ? "at the end" : "at position " + pos;
    return new NpyFormatException("bad header: " + what + " (" + at + " of " + quoted() + ")");
  }

  private String quoted() {
    String t = text.stripTrailing();
    if (t.length() > 200) {
      t = t.substring(0, 200) + "...";
    }
    StringBuilder sb = new StringBuilder("\"");
    for (int i = 0; i < t.length(); i++) {
      char c = t.charAt(i);
      if (c == '\n') {
        sb.append("\\n");
      } else if (c == '\t') {
        sb.append("\\t");
      } else if (c == '"' || c == '\\') {
        sb.append('\\').append(c);
      } else if (c < 0x20 || c > 0x7e) {
        sb.append(c > 0xff ? String.format("\\u%04x", (int) c) : String.format("\\x%02x", (int) c));
      } else {
        sb.append(c);
      }
    }
    return sb.append('"').toString();
  }
}
