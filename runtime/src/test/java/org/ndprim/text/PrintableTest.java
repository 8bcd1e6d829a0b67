package org.ndprim.text;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Issue 18 item 7: names from files are printed with their control characters escaped, as Python's repr writes them. */
class PrintableTest {
  @Test
  void escapesWhatPythonsReprEscapes() {
    // python3 -c "print(repr('a\x1b]0;t\x07\x1b[2J\u202e\n\t\x7f\x85\xa0\U000e0001\ud800 \u2028\ue000'))"
    String hostile = "a\u001b]0;t\u0007\u001b[2J\u202e\n\t\u007f\u0085\u00a0" + new String(Character.toChars(0xe0001))
        + "\ud800 \u2028\ue000";
    assertThat(Printable.escape(hostile))
        .isEqualTo("a\\x1b]0;t\\x07\\x1b[2J\\u202e\\n\\t\\x7f\\x85\\xa0\\U000e0001\\ud800 \\u2028\\ue000");
  }

  @Test
  void keepsPrintableTextAsItIs() {
    String text = "x.npy ü 漢字 ..\\x C:/x 😀";
    assertThat(Printable.escape(text)).isSameAs(text);
    assertThat(Printable.escape("\r\u0000")).isEqualTo("\\r\\x00");
    assertThat(Printable.escape(null)).isEqualTo("null");
  }

  @Test
  void escapingTwiceIsEscapingOnce() {
    String once = Printable.escape("\u001b[2J\u0000\u202e");
    assertThat(Printable.escape(once)).isEqualTo(once);
  }

  @Test
  void noControlCharacterIsLeftInAnyBmpCodePoint() {
    StringBuilder all = new StringBuilder();
    for (char c = 0; c < Character.MAX_VALUE; c++) {
      all.append(c);
    }
    String escaped = Printable.escape(all);
    assertThat(escaped.codePoints().filter(c -> Character.getType(c) == Character.CONTROL
        || Character.getType(c) == Character.FORMAT || c == '\u2028' || c == '\u2029')).isEmpty();
  }
}
