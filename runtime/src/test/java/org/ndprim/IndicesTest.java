package org.ndprim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class IndicesTest {

  @Test
  void factoriesAreTheNumpySlices() {
    assertThat(Indices.all()).hasToString(":");
    assertThat(Indices.at(3)).hasToString("3");
    assertThat(Indices.at(-1)).hasToString("-1");
    assertThat(Indices.range(1, 4)).hasToString("1:4");
    assertThat(Indices.slice(null, -1L)).hasToString(":-1");
    assertThat(Indices.slice(1L, -1L, 2)).hasToString("1:-1:2");
    assertThat(Indices.sliceFrom(2)).hasToString("2:");
    assertThat(Indices.sliceFrom(2, -1)).hasToString("2::-1");
    assertThat(Indices.sliceTo(3)).hasToString(":3");
    assertThat(Indices.sliceTo(3, 2)).hasToString(":3:2");
    assertThat(Indices.step(3)).hasToString("::3");
    assertThat(Indices.flip()).hasToString("::-1");
    assertThat(Indices.even()).hasToString("::2");
    assertThat(Indices.odd()).hasToString("1::2");
    assertThat(Indices.newAxis()).hasToString("None");
    assertThat(Indices.ellipsis()).hasToString("...");
    assertThat(Indices.at(2, true)).hasToString("2:3");
    assertThat(Indices.at(-1, true)).hasToString("-1:");
    assertThat(Indices.at(2, false)).isEqualTo(Indices.at(2));
  }

  @Test
  void accessorsByKind() {
    Index r = Indices.slice(1L, null, -2);
    assertThat(r.kind()).isEqualTo(Index.Kind.RANGE);
    assertThat(r.start()).isEqualTo(1L);
    assertThat(r.stop()).isNull();
    assertThat(r.step()).isEqualTo(-2);
    assertThat(r.consumesAxis()).isTrue();
    Index at = Indices.at(-4, true);
    assertThat(at.kind()).isEqualTo(Index.Kind.AT);
    assertThat(at.index()).isEqualTo(-4);
    assertThat(at.keepDim()).isTrue();
    assertThat(Indices.newAxis().consumesAxis()).isFalse();
    assertThat(Indices.ellipsis().kind()).isEqualTo(Index.Kind.ELLIPSIS);
    assertThatThrownBy(at::start).isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(r::index).isInstanceOf(IllegalStateException.class);
    assertThat(Indices.step(0).step()).isZero(); // rejected only when applied
  }

  @Test
  void parsesFullSyntax() {
    assertThat(Indices.parse("1:, ::-2, ..., None, 3")).containsExactly(
        Indices.sliceFrom(1), Indices.step(-2), Indices.ellipsis(), Indices.newAxis(),
        Indices.at(3));
    assertThat(Indices.parse("-1")).containsExactly(Indices.at(-1));
    assertThat(Indices.parse("+2")).containsExactly(Indices.at(2));
    assertThat(Indices.parse("- 2")).containsExactly(Indices.at(-2));
    assertThat(Indices.parse(":")).containsExactly(Indices.all());
    assertThat(Indices.parse("::")).containsExactly(Indices.all());
    assertThat(Indices.parse("1:2:")).containsExactly(Indices.range(1, 2));
    assertThat(Indices.parse(":-1")).containsExactly(Indices.sliceTo(-1));
    assertThat(Indices.parse("::3")).containsExactly(Indices.step(3));
    assertThat(Indices.parse("1::3")).containsExactly(Indices.sliceFrom(1, 3));
    assertThat(Indices.parse(":5:3")).containsExactly(Indices.sliceTo(5, 3));
    assertThat(Indices.parse("-3:-1:-1")).containsExactly(Indices.slice(-3L, -1L, -1));
    assertThat(Indices.parse("newaxis,None")).containsExactly(Indices.newAxis(), Indices.newAxis());
    assertThat(Indices.parse("...")).containsExactly(Indices.ellipsis());
    assertThat(Indices.parse(" \t1 : 2 : 3 ,\t... ")).containsExactly(
        Indices.slice(1L, 2L, 3), Indices.ellipsis());
    assertThat(Indices.parse("0,")).containsExactly(Indices.at(0));
    assertThat(Indices.parse("")).isEmpty();
    assertThat(Indices.parse("   ")).isEmpty();
    assertThat(Indices.parse("::0")).containsExactly(Indices.step(0));
    assertThat(Indices.parse("9223372036854775807:-9223372036854775808"))
        .containsExactly(Indices.range(Long.MAX_VALUE, Long.MIN_VALUE));
  }

  @Test
  void toStringParsesBack() {
    Index[] spec = {Indices.slice(-3L, null, -2), Indices.at(4), Indices.ellipsis(),
        Indices.newAxis(), Indices.all(), Indices.sliceTo(7)};
    StringBuilder text = new StringBuilder();
    for (Index index : spec) {
      text.append(text.length() > 0 ? ", " : "").append(index);
    }
    assertThat(Indices.parse(text.toString())).containsExactly(spec);
  }

  @ParameterizedTest(name = "\"{0}\" fails at {1}")
  @CsvSource(delimiter = '|', value = {
      "','           | 0 | expected an integer, a slice, '...', 'None' or 'newaxis'",
      "'1,,2'        | 2 | expected an integer, a slice, '...', 'None' or 'newaxis'",
      "'1 2'         | 2 | expected ',' or end of input",
      "'1.5'         | 1 | a float is not an index",
      "':::'         | 2 | expected ',' or end of input",
      "'1:2:3:4'     | 5 | expected ',' or end of input",
      "'....'        | 3 | expected ',' or end of input",
      "'..'          | 0 | expected an integer, a slice, '...', 'None' or 'newaxis'",
      "'none'        | 0 | unknown name 'none'",
      "'1, Nonesuch' | 3 | unknown name 'Nonesuch'",
      "'-'           | 1 | expected digits after '-'",
      "'1:-x'        | 3 | expected digits after '-'",
      "'[1'          | 0 | '[' was never closed",
      "'[1, [2]'     | 0 | '[' was never closed",
      "'99999999999999999999' | 0 | integer 99999999999999999999 does not fit a long",
      "'0, -9223372036854775809' | 3 | integer -9223372036854775809 does not fit a long",
  })
  void malformedSpecsNameThePosition(String spec, int position, String problem) {
    assertThatThrownBy(() -> Indices.parse(spec))
        .isInstanceOf(IndexSyntaxException.class)
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith(problem)
        .hasMessageContaining("at position " + position + " in \"" + spec + "\"")
        .satisfies(e -> {
          IndexSyntaxException ise = (IndexSyntaxException) e;
          assertThat(ise.position()).isEqualTo(position);
          assertThat(ise.input()).isEqualTo(spec);
        });
  }

  @Test
  void deepNestingIsASyntaxErrorNotAStackOverflow() {
    // Python's tokenizer refuses 200 levels ("too many nested parentheses")
    for (String spec : new String[] {"(".repeat(8000), "(".repeat(3000) + "0" + ")".repeat(3000),
        "(".repeat(200) + "1" + ")".repeat(200)}) {
      assertThatThrownBy(() -> Indices.parse(spec))
          .isInstanceOf(IndexSyntaxException.class)
          .hasMessageStartingWith("too many nested parentheses at position 199");
    }
    assertThat(Indices.parse("(".repeat(199) + "1" + ")".repeat(199))).containsExactly(
        Indices.at(1));
  }

  @Test
  void primitiveOverloadsNeedNoCasts() {
    // issue 10: Indices.slice(10, 500, 3) did not compile (the bounds were boxed Long)
    assertThat(Indices.slice(10, 500, 3)).isEqualTo(Indices.slice(10L, 500L, 3L));
    assertThat(Indices.slice(10, 500)).isEqualTo(Indices.range(10, 500));
    assertThat(Indices.range(10, 500, 3L)).hasToString("10:500:3");
    assertThat(Indices.range(0, -1, Long.MIN_VALUE).step()).isEqualTo(Long.MIN_VALUE);
    long start = 2;
    assertThat(Indices.slice(start, null, 2)).hasToString("2::2"); // still the nullable form
    Long boxed = 4L;
    assertThat(Indices.slice(boxed, boxed, boxed)).hasToString("4:4:4"); // and three Longs
  }

  @Test
  void pythonLiteralFormsOfABasicIndex() {
    // issue 10
    assertThat(Indices.parse("()")).isEmpty();
    assertThat(Indices.parse("(1, 2)")).containsExactly(Indices.at(1), Indices.at(2));
    assertThat(Indices.parse("(3)")).containsExactly(Indices.at(3));
    assertThat(Indices.parse("(3,)")).containsExactly(Indices.at(3));
    assertThat(Indices.parse("Ellipsis")).containsExactly(Indices.ellipsis());
    assertThat(Indices.parse("None:3")).containsExactly(Indices.sliceTo(3));
    assertThat(Indices.parse("::None")).containsExactly(Indices.all());
    assertThat(Indices.parse("None:None:-1")).containsExactly(Indices.flip());
    assertThat(Indices.parse("1_000")).containsExactly(Indices.at(1000));
    assertThat(Indices.parse("0x10, 0o7, 0b11, 00")).containsExactly(
        Indices.at(16), Indices.at(7), Indices.at(3), Indices.at(0));
    assertThat(Indices.parse("99999999999999999999:")).containsExactly(Indices.sliceFrom(Long.MAX_VALUE));
    assertThat(Indices.parse("::-99999999999999999999")).containsExactly(Indices.step(Long.MIN_VALUE));
    assertThat(Indices.parse("1,\n2")).containsExactly(Indices.at(1), Indices.at(2));
  }

  @ParameterizedTest(name = "\"{0}\" fails at {1}")
  @CsvSource(delimiter = '|', value = {
      "'01'          | 0 | leading zeros in decimal integer literals are not permitted",
      "'1_'          | 0 | invalid decimal literal",
      "'1__0'        | 0 | invalid decimal literal",
      "'--1'         | 1 | expected digits after '-'",
      "'((1,),)'     | 1 | a tuple inside the index is not basic indexing",
      "'(1, (2,))'   | 4 | a tuple inside the index is not basic indexing",
      "'Truth'       | 0 | unknown name 'Truth'",
      "'...:3'       | 3 | expected ',' or end of input",
      "'1.0:3'       | 1 | a float is not an index",
      "'(1, 2'       | 0 | '(' was never closed",
      "'9223372036854775808' | 0 | integer 9223372036854775808 does not fit a long",
  })
  void notPythonOrNotBasic(String spec, int position, String problem) {
    assertThatThrownBy(() -> Indices.parse(spec))
        .isInstanceOf(IndexSyntaxException.class)
        .hasMessageStartingWith(problem)
        .satisfies(e -> assertThat(((IndexSyntaxException) e).position()).isEqualTo(position));
  }

  @Test
  void aHugeSpecGivesAShortMessageWithAnAlignedWindow() {
    // issue 9 item 7: a 100 KiB SPEC echoed whole gave 200 KiB of stderr
    String spec = "1, ".repeat(20_000) + "x" + ", 2".repeat(20_000);
    IndexSyntaxException e = (IndexSyntaxException) catchThrowable(() -> Indices.parse(spec));
    assertThat(e.position()).isEqualTo(60_000);
    assertThat(e.getMessage()).hasSizeLessThan(200)
        .startsWith("unknown name 'x' (expected None, newaxis, Ellipsis, True or False) at position"
            + " 60000 in \"...");
    assertThat(e.excerpt()).hasSize(IndexSyntaxException.WINDOW + 6).startsWith("...").endsWith("...");
    assertThat(e.excerpt().charAt(e.excerptPosition())).isEqualTo('x');
    assertThat(e.input()).isSameAs(spec);
  }

  @Test
  void theExcerptShowsNoControlOrBidiCharacter() {
    // a new user's finding: "0,\e[2J\u202e" put a raw U+202E in the line above the caret
    IndexSyntaxException e = (IndexSyntaxException) catchThrowable(
        () -> Indices.parse("0,\u001b[2J\u202e"));
    assertThat(e.excerpt()).isEqualTo("0, [2J ");
    assertThat(e.excerpt()).hasSize(e.input().length());
  }

  @Test
  void aMillionDigitIntegerGivesAShortMessage() {
    String spec = "1".repeat(1_000_000);
    IndexSyntaxException e = (IndexSyntaxException) catchThrowable(() -> Indices.parse(spec));
    assertThat(e.getMessage()).hasSizeLessThan(200).contains("at position 0");
    assertThat(e.excerptPosition()).isZero();
    assertThat(e.excerpt()).hasSize(IndexSyntaxException.WINDOW + 3).endsWith("...");
    String atEnd = "1, ".repeat(40) + "1:2:3:4";
    IndexSyntaxException end = (IndexSyntaxException) catchThrowable(() -> Indices.parse(atEnd));
    assertThat(end.excerpt()).startsWith("...").doesNotEndWith("...");
    assertThat(end.excerpt().charAt(end.excerptPosition())).isEqualTo(':');
  }

  @Test
  void controlCharactersInTheExcerptKeepTheCaretAligned() {
    IndexSyntaxException e = (IndexSyntaxException) catchThrowable(() -> Indices.parse("1,\t\n x"));
    assertThat(e.excerpt()).isEqualTo("1,   x");
    assertThat(e.excerptPosition()).isEqualTo(5);
  }
}
