package org.ndprim.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.ndprim.BooleanNdArray;
import org.ndprim.Complex;
import org.ndprim.Complex128NdArray;
import org.ndprim.Complex64NdArray;
import org.ndprim.DoubleNdArray;
import org.ndprim.IllegalRankException;
import org.ndprim.Indices;
import org.ndprim.NdArray;
import org.ndprim.ReadOnlyArrayException;
import org.ndprim.ScalarType;
import org.ndprim.Shape;
import org.ndprim.io.Npy;

/**
 * The behaviour contract of the complex types, {@code Complex64NdArray} and
 * {@code Complex128NdArray}, over every storage: their typed API (parts, accessors, views of the
 * parts), the views they share with every type, copies, equality, text, casts and {@code .npy},
 * against NumPy's results for the same data. One adapter per type ({@link Ops}) spells the typed
 * calls; everything else is common.
 */
class ComplexContractTest {

  /** The typed calls of one complex type, with its parts read and written as doubles. */
  interface Ops {
    ScalarType<?> type();

    double re(NdArray a, long... coords);

    double im(NdArray a, long... coords);

    void set(NdArray a, double re, double im, long... coords);

    NdArray real(NdArray a);

    NdArray imag(NdArray a);

    NdArray fill(NdArray a, double re, double im);

    NdArray copyFrom(NdArray to, NdArray from);

    NdArray vector(double... parts);

    /** Whether parts are binary32 (complex64). */
    boolean single();
  }

  static final Ops C64 = new Ops() {
    @Override
    public ScalarType<?> type() {
      return Complex64NdArray.TYPE;
    }

    @Override
    public double re(NdArray a, long... coords) {
      return ((Complex64NdArray) a).getReal(coords);
    }

    @Override
    public double im(NdArray a, long... coords) {
      return ((Complex64NdArray) a).getImag(coords);
    }

    @Override
    public void set(NdArray a, double re, double im, long... coords) {
      ((Complex64NdArray) a).setComplex64((float) re, (float) im, coords);
    }

    @Override
    public NdArray real(NdArray a) {
      return ((Complex64NdArray) a).real();
    }

    @Override
    public NdArray imag(NdArray a) {
      return ((Complex64NdArray) a).imag();
    }

    @Override
    public NdArray fill(NdArray a, double re, double im) {
      return ((Complex64NdArray) a).fill((float) re, (float) im);
    }

    @Override
    public NdArray copyFrom(NdArray to, NdArray from) {
      return ((Complex64NdArray) to).copyFrom((Complex64NdArray) from);
    }

    @Override
    public NdArray vector(double... parts) {
      float[] f = new float[parts.length];
      for (int i = 0; i < parts.length; i++) {
        f[i] = (float) parts[i];
      }
      return Complex64NdArray.vector(f);
    }

    @Override
    public boolean single() {
      return true;
    }

    @Override
    public String toString() {
      return "Complex64";
    }
  };

  static final Ops C128 = new Ops() {
    @Override
    public ScalarType<?> type() {
      return Complex128NdArray.TYPE;
    }

    @Override
    public double re(NdArray a, long... coords) {
      return ((Complex128NdArray) a).getReal(coords);
    }

    @Override
    public double im(NdArray a, long... coords) {
      return ((Complex128NdArray) a).getImag(coords);
    }

    @Override
    public void set(NdArray a, double re, double im, long... coords) {
      ((Complex128NdArray) a).setComplex128(re, im, coords);
    }

    @Override
    public NdArray real(NdArray a) {
      return ((Complex128NdArray) a).real();
    }

    @Override
    public NdArray imag(NdArray a) {
      return ((Complex128NdArray) a).imag();
    }

    @Override
    public NdArray fill(NdArray a, double re, double im) {
      return ((Complex128NdArray) a).fill(re, im);
    }

    @Override
    public NdArray copyFrom(NdArray to, NdArray from) {
      return ((Complex128NdArray) to).copyFrom((Complex128NdArray) from);
    }

    @Override
    public NdArray vector(double... parts) {
      return Complex128NdArray.vector(parts);
    }

    @Override
    public boolean single() {
      return false;
    }

    @Override
    public String toString() {
      return "Complex128";
    }
  };

  /** One type over one storage. */
  record Case(Ops ops, StorageCase storage) {
    /** A new array of this shape whose element k is {@code k + (k % 3 - 1) j}, in the storage. */
    NdArray arange(long... dims) {
      Shape shape = Shape.of(dims);
      double[] parts = new double[2 * (int) shape.size()];
      for (int k = 0; k < shape.size(); k++) {
        parts[2 * k] = k;
        parts[2 * k + 1] = k % 3 - 1;
      }
      return place(ops.type().fromComplex(shape, parts));
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    NdArray place(NdArray a) {
      return storage.place((ScalarType) ops.type(), a);
    }

    @Override
    public String toString() {
      return ops + " over " + storage;
    }
  }

  @TestFactory
  Stream<DynamicNode> everyComplexTypeHonoursTheContract() {
    List<Case> cases = new ArrayList<>();
    for (Ops ops : List.of(C64, C128)) {
      for (StorageCase storage : StorageCase.values()) {
        cases.add(new Case(ops, storage));
      }
    }
    return cases.stream().map(c -> DynamicContainer.dynamicContainer(c.toString(), Stream.of(
        test("accessorsReadAndWriteBothParts", c, this::accessors),
        test("realAndImagAreWritableViews", c, this::parts),
        test("viewsKeepBothParts", c, this::views),
        test("copiesEqualityAndHash", c, this::copies),
        test("textAsNumpy", c, this::text),
        test("castsAsNumpy", c, this::casts),
        test("argMinAndArgMaxAsNumpy", c, this::extremes),
        test("npyRoundTripsInBothByteOrders", c, this::npy),
        test("errorsChangeNothing", c, this::errors))));
  }

  private static DynamicTest test(String name, Case c, Consumer<Case> body) {
    return DynamicTest.dynamicTest(name, () -> body.accept(c));
  }

  void accessors(Case c) {
    Ops o = c.ops();
    NdArray a = c.arange(2, 3);
    assertThat(a.scalarType()).isSameAs(o.type());
    assertThat(a.shape()).isEqualTo(Shape.of(2, 3));
    assertThat(o.re(a, 1, 2)).isEqualTo(5);
    assertThat(o.im(a, 1, 2)).isEqualTo(1);
    assertThat(o.im(a, 1, -3)).isEqualTo(-1);  // element 3: 3 - 1j
    o.set(a, 0.5, -2.5, 0, 1);
    assertThat(o.re(a, 0, 1)).isEqualTo(0.5);
    assertThat(o.im(a, 0, 1)).isEqualTo(-2.5);
    assertThat(a.getObject(0, 1)).isEqualTo(new Complex(0.5, -2.5));
    o.fill(a.slice("1"), 7, 8);
    assertThat(o.re(a, 1, 0)).isEqualTo(7);
    assertThat(o.im(a, 1, 2)).isEqualTo(8);
    assertThat(o.re(a, 0, 0)).isEqualTo(0);  // the first row is untouched
    NdArray v = o.vector(1, 2, 3, 4);
    assertThat(v.shape()).isEqualTo(Shape.of(2));
    assertThat(o.im(v, 1)).isEqualTo(4);
  }

  void parts(Case c) {
    Ops o = c.ops();
    NdArray a = c.arange(2, 3);
    NdArray re = o.real(a);
    NdArray im = o.imag(a);
    assertThat(re.shape()).isEqualTo(a.shape());
    assertThat(re.astype(DoubleNdArray.TYPE).toStorageArray()).isEqualTo(
        new double[] {0, 1, 2, 3, 4, 5});
    assertThat(im.astype(DoubleNdArray.TYPE).toStorageArray()).isEqualTo(
        new double[] {-1, 0, 1, -1, 0, 1});
    // NumPy's .real and .imag are views: writes through them reach the complex array.
    NdArray column = o.real(a.slice(":, 1"));
    if (column instanceof org.ndprim.FloatNdArray f) {
      f.fill(9f);
    } else {
      ((DoubleNdArray) column).fill(9);
    }
    assertThat(o.re(a, 0, 1)).isEqualTo(9);
    assertThat(o.im(a, 0, 1)).isEqualTo(0);  // the imaginary parts are untouched
    DoubleNdArray doubled = re.astype(DoubleNdArray.TYPE);
    assertThat(doubled.getDouble(1, 1)).isEqualTo(9);
    NdArray imOfView = o.imag(a.transpose());
    assertThat(imOfView.shape()).isEqualTo(Shape.of(3, 2));
    assertThat(imOfView.astype(DoubleNdArray.TYPE).toStorageArray()).isEqualTo(
        new double[] {-1, -1, 0, 0, 1, 1});
    assertThat(o.real(a.readOnly()).isReadOnly()).isTrue();
    assertThat(re.isReadOnly()).isFalse();
  }

  void views(Case c) {
    Ops o = c.ops();
    NdArray a = c.arange(3, 4);
    NdArray v = a.slice("::-1, 1::2");  // numpy: a[::-1, 1::2]
    assertThat(v.shape()).isEqualTo(Shape.of(3, 2));
    assertThat(o.re(v, 0, 0)).isEqualTo(9);
    assertThat(o.im(v, 0, 0)).isEqualTo(-1);  // 9 % 3 - 1
    o.set(v, -1, -1, 2, 1);  // reaches a[0, 3]
    assertThat(o.re(a, 0, 3)).isEqualTo(-1);
    assertThat(o.re(a.reshape(Shape.of(12)), 5)).isEqualTo(5);
    assertThat(o.re(a.get(2), 1)).isEqualTo(9);
    assertThat(o.im(a.transpose(), 3, 1)).isEqualTo(o.im(a, 1, 3));
    NdArray b = a.get(1).broadcastTo(Shape.of(2, 4));
    assertThat(b.isReadOnly()).isTrue();
    assertThat(o.re(b, 1, 2)).isEqualTo(6);
    assertThat(a.slice(Indices.newAxis(), Indices.ellipsis()).shape()).isEqualTo(Shape.of(1, 3, 4));
    assertThat(a.expandDims(-1).squeeze().shape()).isEqualTo(Shape.of(3, 4));
    long n = 0;
    for (Object row : ((Iterable<?>) elements(a))) {
      assertThat(o.re((NdArray) row, 0)).isEqualTo(4 * n++);
    }
    assertThat(n).isEqualTo(3);
  }

  private static Object elements(NdArray a) {
    return a instanceof Complex64NdArray c ? c.elements(0) : ((Complex128NdArray) a).elements(0);
  }

  void copies(Case c) {
    Ops o = c.ops();
    NdArray a = c.arange(2, 3);
    NdArray copy = a.copy();
    assertThat(copy).isEqualTo(a).hasSameHashCodeAs(a);
    assertThat(a.slice("::-1").copy()).isEqualTo(a.slice("::-1"));
    o.set(copy, 100, 0, 0, 0);
    assertThat(o.re(a, 0, 0)).isEqualTo(0);  // the copy has its own storage
    assertThat(copy).isNotEqualTo(a);
    // Overlapping copy within one storage, as NumPy's a[1:] = a[:-1].
    NdArray v = c.arange(5);
    o.copyFrom(v.slice("1:"), v.slice(":-1"));
    assertThat(o.real(v).astype(DoubleNdArray.TYPE).toStorageArray())
        .isEqualTo(new double[] {0, 0, 1, 2, 3});
    assertThat(o.imag(v).astype(DoubleNdArray.TYPE).toStorageArray())
        .isEqualTo(new double[] {-1, -1, 0, 1, -1});
    // Equality as Double.equals of both parts: NaN equals NaN, -0.0 is not 0.0.
    NdArray nan = o.vector(Double.NaN, 1, 0, -0.0);
    assertThat(nan).isEqualTo(o.vector(Double.NaN, 1, 0, -0.0));
    assertThat(nan).isNotEqualTo(o.vector(Double.NaN, 1, 0, 0.0));
    Object parts = a.toStorageArray();
    assertThat(java.lang.reflect.Array.getLength(parts)).isEqualTo(12);
    assertThat(java.lang.reflect.Array.getDouble(parts, 5)).isEqualTo(1);  // im of element 2
  }

  void text(Case c) {
    Ops o = c.ops();
    // numpy: str(np.array([1+2j, -1j], dtype=complex64)), the same for complex128
    assertThat(o.vector(1, 2, -0.0, -1)).hasToString("[ 1.+2.j -0.-1.j]");
    // numpy: str(np.array([[1.5+0j, complex(nan, 1)], [0, complex(-0.0, 0)]]))
    NdArray m = c.place(o.type().fromComplex(Shape.of(2, 2),
        new double[] {1.5, 0, Double.NaN, 1, 0, 0, -0.0, 0}));
    assertThat(m).hasToString("[[ 1.5+0.j  nan+1.j]\n [ 0. +0.j -0. +0.j]]");
    assertThat(o.vector(1, 2).reshape(Shape.scalar())).hasToString("(1+2j)");
  }

  void casts(Case c) {
    Ops o = c.ops();
    NdArray a = c.place(o.type().fromComplex(Shape.of(3), new double[] {0.5, 0, 0, 0.25, 0, 0}));
    // numpy: np.array([0.5+0j, 0.25j, 0j]).astype(bool) is [True, True, False]
    assertThat(a.astype(BooleanNdArray.TYPE).toArray())
        .containsExactly(true, true, false);
    // complex -> real keeps the real part (numpy warns ComplexWarning): [3.] of 3+4j
    NdArray z = c.place(o.type().fromComplex(Shape.of(1), new double[] {3, 4}));
    assertThat(z.astype(DoubleNdArray.TYPE).getDouble(0)).isEqualTo(3);
    assertThat(z.astype(org.ndprim.ByteNdArray.TYPE).getByte(0))
        .isEqualTo((byte) 3);
    // real -> complex: a zero imaginary part
    NdArray fromReal = DoubleNdArray.vector(1.5, -2).astype(o.type());
    assertThat(o.re(fromReal, 1)).isEqualTo(-2);
    assertThat(Double.doubleToRawLongBits(o.im(fromReal, 1))).isZero();
    // complex128 -> complex64 rounds each part once; and back exactly
    ScalarType<?> otherType = o.single() ? Complex128NdArray.TYPE : Complex64NdArray.TYPE;
    NdArray other = z.astype(otherType);
    assertThat(other.astype(o.type())).isEqualTo(z);
    NdArray tenth = o.vector(0.1, 0.2).astype(Complex64NdArray.TYPE);
    assertThat(((Complex64NdArray) tenth).getImag(0)).isEqualTo(0.2f);
    // to its own type: a bit copy
    assertThat(a.astype(o.type())).isEqualTo(a).isNotSameAs(a);
  }

  void extremes(Case c) {
    Ops o = c.ops();
    // numpy: argmin([1+2j, 1+1j, 5j, 4j]) is 3; argmax([1+2j, 1+3j, 5j]) is 1
    assertThat(o.vector(1, 2, 1, 1, 0, 5, 0, 4).argMin()).isEqualTo(3);
    assertThat(o.vector(1, 2, 1, 3, 0, 5).argMax()).isEqualTo(1);
    // the first element with a NaN part wins, as numpy's argmax([1+2j, nan+0j, 5+0j]) is 1
    assertThat(o.vector(1, 2, Double.NaN, 0, 5, 0).argMax()).isEqualTo(1);
    assertThat(o.vector(1, 2, 3, Double.NaN, 0, 0).argMin()).isEqualTo(1);
    assertThat(c.arange(2, 3).slice("::-1").argMax()).isEqualTo(2);  // flat index in the view
    assertThatThrownBy(() -> c.arange(0).argMin()).isInstanceOf(IllegalStateException.class)
        .hasMessage("attempt to get argmin of an empty sequence");
  }

  void npy(Case c) {
    NdArray a = c.arange(2, 3);
    for (java.nio.ByteOrder order : new java.nio.ByteOrder[] {java.nio.ByteOrder.LITTLE_ENDIAN,
        java.nio.ByteOrder.BIG_ENDIAN}) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      try {
        Npy.write(a.slice("::-1"), out, Npy.WriteOptions.DEFAULT.withByteOrder(order));
        NdArray back = Npy.read(new ByteArrayInputStream(out.toByteArray()));
        assertThat(back.scalarType()).isSameAs(c.ops().type());
        assertThat(back).isEqualTo(a.slice("::-1"));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  void errors(Case c) {
    Ops o = c.ops();
    NdArray a = c.arange(2, 3);
    NdArray before = a.copy();
    assertThatThrownBy(() -> o.set(a, 1, 1, 2, 0)).isInstanceOf(IndexOutOfBoundsException.class);
    assertThatThrownBy(() -> o.set(a, 1, 1, 0)).isInstanceOf(IllegalRankException.class);
    assertThatThrownBy(() -> o.set(a.readOnly(), 1, 1, 0, 0))
        .isInstanceOf(ReadOnlyArrayException.class);
    assertThatThrownBy(() -> o.fill(a.get(0).broadcastTo(Shape.of(2, 3)), 1, 1))
        .isInstanceOf(ReadOnlyArrayException.class);
    assertThatThrownBy(() -> o.copyFrom(a, c.arange(3, 2)))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("(3, 2)");
    assertThatThrownBy(() -> o.vector(1, 2, 3)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("3 parts");
    assertThatThrownBy(() -> o.type().fromComplex(Shape.of(2), new double[3]))
        .isInstanceOf(IllegalArgumentException.class);
    assertThat(a).isEqualTo(before);
  }
}
