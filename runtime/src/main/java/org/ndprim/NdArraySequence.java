package org.ndprim;

import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Function;
import org.ndprim.layout.ElementCursor;
import org.ndprim.layout.Layout;

/**
 * The elements of an array along its leading axes, in C order, as views: what
 * {@code elements(axis)} and {@code scalars()} of the generated types return (TF-Java's
 * {@code NdArraySequence}). For {@code elements(k)}, element {@code (i0, ..., ik)} is the view
 * {@code get(i0, ..., ik)}, of rank {@code rank() - k - 1}; {@code scalars()} gives every element
 * as a rank-0 view.
 *
 * <p>Every element handed out is a new view, safe to keep (no recycled instance); it shares the
 * array's storage, so writes through it reach the array. The sequence can be iterated any number
 * of times; it reads the layout it was made with.
 *
 * @param <T> the view type, e.g. {@code ShortNdArray}
 */
public final class NdArraySequence<T> implements Iterable<T> {
  private final Layout layout;
  private final int axis; // -1 for scalars()
  private final Function<Layout, ? extends T> view;

  private NdArraySequence(Layout layout, int axis, Function<Layout, ? extends T> view) {
    this.layout = layout;
    this.axis = axis;
    this.view = Objects.requireNonNull(view, "view");
  }

  /**
   * {@return the views of {@code layout} along axes {@code 0..axis}; each is made by {@code view}
   * from its layout ({@code layout.get(i0, ..., iaxis)})}
   *
   * @param <T> the type of the views
   * @param layout the layout of the array
   * @param view makes the view of an element from its layout
   * @param axis the last leading axis; a negative value counts from the end
   * @throws IndexOutOfBoundsException if {@code axis} is not in {@code [-rank, rank)}, e.g.
   *     "axis 2 is out of bounds for array of dimension 2"
   */
  public static <T> NdArraySequence<T> elements(Layout layout, int axis,
      Function<Layout, ? extends T> view) {
    ElementCursor.of(layout, axis); // checks the axis now rather than at the first iteration
    // Stored from 0: a negative value marks scalars().
    return new NdArraySequence<>(layout, axis < 0 ? axis + layout.rank() : axis, view);
  }

  /**
   * {@return every scalar of {@code layout} as a rank-0 view made by {@code view}, in C order; a
   * rank-0 layout gives one element (itself, with empty coordinates)}
   *
   * @param <T> the type of the views
   * @param layout the layout of the array
   * @param view makes the view of a scalar from its rank-0 layout
   */
  public static <T> NdArraySequence<T> scalars(Layout layout, Function<Layout, ? extends T> view) {
    return new NdArraySequence<>(layout, -1, view);
  }

  private ElementCursor cursor() {
    return axis < 0 ? ElementCursor.scalars(layout) : ElementCursor.of(layout, axis);
  }

  /**
   * {@return the number of elements: the product of the leading axis lengths}
   *
   * @throws ArithmeticException if it overflows a long (only possible when a trailing axis has
   *     length 0)
   */
  public long size() {
    return cursor().size();
  }

  /** Returns an iterator over the elements in C order; each {@code next()} makes a new view. */
  @Override
  public Iterator<T> iterator() {
    ElementCursor c = cursor();
    return new Iterator<T>() {
      private boolean ready;
      private boolean more;

      @Override
      public boolean hasNext() {
        if (!ready) {
          more = c.next();
          ready = true;
        }
        return more;
      }

      @Override
      public T next() {
        if (!hasNext()) {
          throw new NoSuchElementException();
        }
        ready = false;
        return view.apply(c.view());
      }
    };
  }

  /** Calls {@code action} with each element in C order. */
  @Override
  public void forEach(Consumer<? super T> action) {
    Objects.requireNonNull(action, "action");
    for (ElementCursor c = cursor(); c.next(); ) {
      action.accept(view.apply(c.view()));
    }
  }

  /**
   * Calls {@code action} with the coordinates and the view of each element, in C order. The
   * coordinates array (length {@code axis + 1}, or the rank for {@code scalars()}) is one array
   * reused for every call: do not modify it, and copy it to keep it. The views are new each time.
   *
   * @param action called with the coordinates and the view of each element
   */
  public void forEachIndexed(BiConsumer<long[], ? super T> action) {
    Objects.requireNonNull(action, "action");
    ElementCursor c = cursor();
    long[] coords = c.coords();
    while (c.next()) {
      action.accept(coords, view.apply(c.view()));
    }
  }

  @Override
  public String toString() {
    return "NdArraySequence[" + (axis < 0 ? "scalars" : "axis=" + axis) + " of " + layout + "]";
  }
}
