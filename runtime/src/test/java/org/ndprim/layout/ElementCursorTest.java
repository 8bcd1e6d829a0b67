package org.ndprim.layout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.ndprim.layout.LayoutTesting.arange;
import static org.ndprim.layout.LayoutTesting.slice;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.ndprim.Shape;
import org.ndprim.testing.Property;

/** ElementCursor: the views along the leading axes equal Layout.get of their coordinates. */
class ElementCursorTest {

  @Test
  void rowsOfAMatrix() {
    Layout m = slice(arange(3, 4), "::-1, 1:");
    List<Layout> rows = new ArrayList<>();
    StringBuilder coords = new StringBuilder();
    for (ElementCursor c = ElementCursor.of(m, 0); c.next(); ) {
      rows.add(c.view());
      coords.append(Arrays.toString(c.coords())).append('@').append(c.offset()).append(' ');
    }
    assertThat(coords.toString()).isEqualTo("[0]@9 [1]@5 [2]@1 ");
    assertThat(rows).containsExactly(m.get(0), m.get(1), m.get(2));
    assertThat(rows.get(0)).isNotSameAs(rows.get(1));
    assertThat(rows.get(0).shape()).isEqualTo(Shape.of(3));
  }

  @Test
  void scalarsAndNegativeAxes() {
    Layout l = arange(2, 3);
    ElementCursor last = ElementCursor.of(l, -1);
    ElementCursor scalars = ElementCursor.scalars(l);
    assertThat(last.size()).isEqualTo(6);
    while (scalars.next()) {
      assertThat(last.next()).isTrue();
      assertThat(last.coords()).containsExactly(scalars.coords());
      assertThat(scalars.view()).isEqualTo(l.get(scalars.coords()));
      assertThat(scalars.view().rank()).isZero();
    }
    assertThat(last.next()).isFalse();
    ElementCursor zero = ElementCursor.scalars(arange());
    assertThat(zero.size()).isEqualTo(1);
    assertThat(zero.next()).isTrue();
    assertThat(zero.coords()).isEmpty();
    assertThat(zero.view()).isEqualTo(arange());
    assertThat(zero.next()).isFalse();
  }

  @Test
  void emptyLeadingOrTrailingAxes() {
    assertThat(ElementCursor.of(arange(0, 3), 0).next()).isFalse();
    assertThat(ElementCursor.of(arange(0, 3), 0).size()).isZero();
    ElementCursor c = ElementCursor.of(arange(2, 0), 0);
    assertThat(c.size()).isEqualTo(2);
    assertThat(c.next()).isTrue();
    assertThat(c.view().shape()).isEqualTo(Shape.of(0));
    assertThat(c.next()).isTrue();
    assertThat(c.next()).isFalse();
    ElementCursor huge = ElementCursor.of(Layout.cOrder(Shape.of(1L << 40, 1L << 40, 0)), 1);
    assertThatThrownBy(huge::size).isInstanceOf(ArithmeticException.class);
  }

  @Test
  void axisOutOfRangeNamesAxisAndRank() {
    assertThatThrownBy(() -> ElementCursor.of(arange(2, 3), 2))
        .isInstanceOf(IndexOutOfBoundsException.class)
        .hasMessage("axis 2 is out of bounds for array of dimension 2");
    assertThatThrownBy(() -> ElementCursor.of(arange(2, 3), -3))
        .hasMessage("axis -3 is out of bounds for array of dimension 2");
    assertThatThrownBy(() -> ElementCursor.of(arange(), 0))
        .hasMessage("axis 0 is out of bounds for array of dimension 0");
    ElementCursor c = ElementCursor.of(arange(2), 0);
    assertThatThrownBy(c::view).isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(c::offset).isInstanceOf(IllegalStateException.class);
  }

  @Test
  void viewsMatchLayoutGet() {
    Property.forAll(3000, RandomLayouts::layoutWithAxis, ElementCursorTest::checkViews);
  }

  private static void checkViews(RandomLayouts.WithAxis t) {
    Layout l = t.layout();
    int axis = t.axis();
    int leading = axis + 1;
    long[] leadingShape = Arrays.copyOf(l.shape().asArray(), leading);
    List<long[]> expected = RandomLayouts.coords(leadingShape);
    ElementCursor c = ElementCursor.of(l, axis);
    ElementCursor negative = ElementCursor.of(l, axis - l.rank());
    assertThat(c.size()).isEqualTo(expected.size());
    int k = 0;
    while (c.next()) {
      assertThat(negative.next()).isTrue();
      assertThat(c.coords()).as("coords of %s along %d", l, axis).containsExactly(expected.get(k));
      assertThat(negative.coords()).containsExactly(expected.get(k));
      Layout view = c.view();
      Layout get = l.get(expected.get(k));
      assertThat(view).isEqualTo(get);
      // views after the first are moved copies of it: every derived property must match too
      assertThat(view.size()).isEqualTo(get.size());
      assertThat(view.minOffset()).isEqualTo(get.minOffset());
      assertThat(view.maxOffset()).isEqualTo(get.maxOffset());
      assertThat(view.shape()).isEqualTo(get.shape());
      assertThat(view.isContiguous()).isEqualTo(get.isContiguous());
      assertThat(view.isSingleRun()).isEqualTo(get.isSingleRun());
      if (get.isSingleRun()) {
        assertThat(view.runStride()).isEqualTo(get.runStride());
      }
      assertThat(c.offset()).isEqualTo(view.offset());
      k++;
    }
    assertThat(negative.next()).isFalse();
    assertThat(k).isEqualTo(expected.size());
  }

  /**
   * Every view is a moved copy of the first element's layout, so whether it fits an int storage
   * index must follow from its own offsets: here row 0 ends at Integer.MAX_VALUE and row 1
   * starts past it.
   */
  @Test
  void movedViewsKnowWhetherTheyFitAnIntIndex() {
    Layout l = Layout.of(Integer.MAX_VALUE - 3L, new long[] {3, 4}, new long[] {4, 1});
    ElementCursor c = ElementCursor.of(l, 0);
    assertThat(c.next()).isTrue();
    Layout row0 = c.view();
    assertThat(row0.storageIndex(3)).isEqualTo(Integer.MAX_VALUE);
    assertThat(c.next()).isTrue();
    Layout row1 = c.view();
    assertThat(row1.offsetOf(0)).isEqualTo(Integer.MAX_VALUE + 1L);
    assertThatThrownBy(() -> row1.storageIndex(0)).isInstanceOf(ArithmeticException.class)
        .hasMessageContaining("do not fit an int storage index");
    assertThat(row0.storageIndex(0)).isEqualTo(l.get(0).storageIndex(0));
  }

  @Test
  void scalarsMatchLayoutGet() {
    Property.forAll(1000, RandomLayouts::layout, ElementCursorTest::checkScalars);
  }

  private static void checkScalars(Layout l) {
    List<long[]> expected = RandomLayouts.coords(l.shape().asArray());
    int k = 0;
    for (ElementCursor c = ElementCursor.scalars(l); c.next(); k++) {
      assertThat(c.coords()).containsExactly(expected.get(k));
      assertThat(c.view()).isEqualTo(l.get(expected.get(k)));
    }
    assertThat(k).isEqualTo(expected.size());
  }
}
