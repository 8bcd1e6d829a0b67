package org.ndprim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import org.junit.jupiter.api.Test;
import org.ndprim.layout.Layout;

/** NdArraySequence over layouts (the view factory is the identity here). */
class NdArraySequenceTest {
  private static final Layout M = Layout.cOrder(Shape.of(2, 3, 4)).slice(Indices.parse("::-1"));

  @Test
  void elementsAlongTheLeadingAxes() {
    NdArraySequence<Layout> rows = NdArraySequence.elements(M, 0, l -> l);
    assertThat(rows.size()).isEqualTo(2);
    assertThat(rows).containsExactly(M.get(0), M.get(1));
    NdArraySequence<Layout> cells = NdArraySequence.elements(M, 1, l -> l);
    assertThat(cells.size()).isEqualTo(6);
    List<Layout> seen = new ArrayList<>();
    cells.forEach(seen::add);
    assertThat(seen).hasSize(6).first().isEqualTo(M.get(0, 0));
    assertThat(seen.get(5)).isEqualTo(M.get(1, 2));
    assertThat(NdArraySequence.elements(M, -1, l -> l).size()).isEqualTo(24);
    // Any negative axis counts from the end (-2 is axis 1 here, not the scalars).
    assertThat(NdArraySequence.elements(M, -2, l -> l)).containsExactlyElementsOf(cells);
  }

  @Test
  void forEachIndexedReusesTheCoordinates() {
    List<long[]> arrays = new ArrayList<>();
    List<String> seen = new ArrayList<>();
    List<Layout> views = new ArrayList<>();
    NdArraySequence.elements(M, 1, l -> l).forEachIndexed((coords, view) -> {
      arrays.add(coords);
      seen.add(coords[0] + "," + coords[1]);
      views.add(view);
      assertThat(view).isEqualTo(M.get(coords));
    });
    assertThat(seen).containsExactly("0,0", "0,1", "0,2", "1,0", "1,1", "1,2");
    assertThat(arrays).allSatisfy(a -> assertThat(a).isSameAs(arrays.get(0)));
    assertThat(views).doesNotHaveDuplicates(); // fresh views, safe to keep
    assertThat(views.get(0)).isNotSameAs(views.get(1));
  }

  @Test
  void scalars() {
    NdArraySequence<Layout> s = NdArraySequence.scalars(M, l -> l);
    assertThat(s.size()).isEqualTo(24);
    assertThat(s).allSatisfy(l -> assertThat(l.rank()).isZero());
    Layout zero = Layout.cOrder(Shape.scalar());
    List<String> seen = new ArrayList<>();
    NdArraySequence.scalars(zero, l -> l).forEachIndexed(
        (coords, l) -> seen.add(coords.length + ":" + l.equals(zero)));
    assertThat(seen).containsExactly("0:true");
  }

  @Test
  void iteratorContract() {
    NdArraySequence<Layout> rows = NdArraySequence.elements(M, 0, l -> l);
    Iterator<Layout> it = rows.iterator();
    assertThat(it.hasNext()).isTrue();
    assertThat(it.hasNext()).isTrue();
    assertThat(it.next()).isEqualTo(M.get(0));
    assertThat(it.next()).isEqualTo(M.get(1));
    assertThat(it.hasNext()).isFalse();
    assertThatThrownBy(it::next).isInstanceOf(NoSuchElementException.class);
    // iterable again
    assertThat(rows).hasSize(2);
    Layout empty = Layout.cOrder(Shape.of(0, 3));
    assertThat(NdArraySequence.elements(empty, 0, l -> l)).isEmpty();
  }

  @Test
  void axisErrorsAreImmediate() {
    assertThatThrownBy(() -> NdArraySequence.elements(M, 3, l -> l))
        .isInstanceOf(IndexOutOfBoundsException.class)
        .hasMessage("axis 3 is out of bounds for array of dimension 3");
    assertThatThrownBy(() -> NdArraySequence.elements(Layout.cOrder(Shape.scalar()), 0, l -> l))
        .hasMessage("axis 0 is out of bounds for array of dimension 0");
  }
}
