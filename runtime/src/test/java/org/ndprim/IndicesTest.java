package org.ndprim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
      "'1.5'         | 1 | expected ',' or end of input",
      "':::'         | 2 | expected ',' or end of input",
      "'1:2:3:4'     | 5 | expected ',' or end of input",
      "'....'        | 3 | expected ',' or end of input",
      "'..'          | 0 | expected an integer, a slice, '...', 'None' or 'newaxis'",
      "'none'        | 0 | unknown name 'none'",
      "'1, Nonesuch' | 3 | unknown name 'Nonesuch'",
      "'-'           | 1 | expected digits after '-'",
      "'1:-x'        | 3 | expected digits after '-'",
      "'[1]'         | 0 | expected an integer, a slice, '...', 'None' or 'newaxis'",
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
}
