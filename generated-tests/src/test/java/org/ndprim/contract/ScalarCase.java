package org.ndprim.contract;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import java.util.function.IntFunction;
import org.ndprim.BooleanNdArray;
import org.ndprim.ByteNdArray;
import org.ndprim.CharNdArray;
import org.ndprim.DoubleNdArray;
import org.ndprim.FloatNdArray;
import org.ndprim.IntNdArray;
import org.ndprim.LongNdArray;
import org.ndprim.ScalarType;
import org.ndprim.ShortNdArray;
import org.ndprim.BFloat16NdArray;
import org.ndprim.Float16NdArray;
import org.ndprim.UInt16NdArray;
import org.ndprim.UInt32NdArray;
import org.ndprim.UInt64NdArray;
import org.ndprim.UInt8NdArray;
import org.ndprim.example.Float8E4M3NdArray;

/**
 * The small per-type adapter the behaviour contract runs over: everything the contract needs to
 * know about one generated type that it cannot derive from {@link ScalarType}.
 *
 * @param type the generated type's descriptor ({@code ShortNdArray.TYPE})
 * @param box the box of the logical type, what {@code getObject} returns
 * @param value the k-th test value, as NumPy's {@code arange} would give for the dtype; value(0)
 *     is the zero that {@code zeros} stores (for boolean: {@code k % 2 == 1})
 * @param edges edge values that must survive set/get, fill, of/toArray and equals unchanged
 * @param floating whether equality follows {@link Float#equals} (NaN equals NaN, -0.0 is not 0.0)
 * @param arange6 {@code toString()} of {@code arange(6).reshape(2, 3)}, as numpy prints it
 * @param zero {@code toString()} of a zero scalar
 * @param storage where the contract's arrays live
 * @param <V> the boxed logical type
 */
record ScalarCase<V>(
    ScalarType<?> type,
    Class<V> box,
    IntFunction<V> value,
    List<V> edges,
    boolean floating,
    String arange6,
    String zero,
    StorageCase storage) {

  static final String INTEGRAL_ARANGE6 = "[[0 1 2]\n [3 4 5]]";
  static final String FLOATING_ARANGE6 = "[[0. 1. 2.]\n [3. 4. 5.]]";

  /**
   * Every built-in type with one value per element (the complex types have their own contract,
   * {@code ComplexContractTest}) and the user-declared Float8E4M3, over Java arrays.
   */
  static final List<ScalarCase<?>> TYPES = List.of(
      new ScalarCase<>(BooleanNdArray.TYPE, Boolean.class, k -> k % 2 == 1,
          List.of(true, false), false, "[[False  True False]\n [ True False  True]]", "False", StorageCase.ARRAY),
      new ScalarCase<>(ByteNdArray.TYPE, Byte.class, k -> (byte) k,
          List.of(Byte.MIN_VALUE, Byte.MAX_VALUE, (byte) -1, (byte) 0), false,
          INTEGRAL_ARANGE6, "0", StorageCase.ARRAY),
      new ScalarCase<>(ShortNdArray.TYPE, Short.class, k -> (short) k,
          List.of(Short.MIN_VALUE, Short.MAX_VALUE, (short) -1, (short) 0), false,
          INTEGRAL_ARANGE6, "0", StorageCase.ARRAY),
      new ScalarCase<>(CharNdArray.TYPE, Character.class, k -> (char) k,
          List.of(Character.MIN_VALUE, Character.MAX_VALUE, '\u8000', 'A'), false,
          INTEGRAL_ARANGE6, "0", StorageCase.ARRAY),
      new ScalarCase<>(IntNdArray.TYPE, Integer.class, k -> k,
          List.of(Integer.MIN_VALUE, Integer.MAX_VALUE, -1, 0), false, INTEGRAL_ARANGE6, "0", StorageCase.ARRAY),
      new ScalarCase<>(LongNdArray.TYPE, Long.class, k -> (long) k,
          List.of(Long.MIN_VALUE, Long.MAX_VALUE, -1L, 0L), false, INTEGRAL_ARANGE6, "0", StorageCase.ARRAY),
      new ScalarCase<>(FloatNdArray.TYPE, Float.class, k -> (float) k,
          List.of(Float.MIN_VALUE, Float.MIN_NORMAL, Float.MAX_VALUE, -Float.MAX_VALUE,
              Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, -0.0f, 0.0f),
          true, FLOATING_ARANGE6, "0.0", StorageCase.ARRAY),
      new ScalarCase<>(DoubleNdArray.TYPE, Double.class, k -> (double) k,
          List.of(Double.MIN_VALUE, Double.MIN_NORMAL, Double.MAX_VALUE, -Double.MAX_VALUE,
              Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, -0.0, 0.0),
          true, FLOATING_ARANGE6, "0.0", StorageCase.ARRAY),
      new ScalarCase<>(Float16NdArray.TYPE, Float.class, k -> (float) k,
          // binary16: largest finite, smallest subnormal, smallest normal, NaN, infinities, zeros
          List.of(65504f, -65504f, 0x1p-24f, -0x1p-24f, 0x1p-14f, Float.NaN,
              Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, -0.0f, 0.0f),
          true, FLOATING_ARANGE6, "0.0", StorageCase.ARRAY),
      new ScalarCase<>(UInt8NdArray.TYPE, Integer.class, k -> k,
          List.of(0, 255, 128, 127, 1), false, INTEGRAL_ARANGE6, "0", StorageCase.ARRAY),
      new ScalarCase<>(UInt16NdArray.TYPE, Integer.class, k -> k,
          List.of(0, 65535, 32768, 32767, 1), false, INTEGRAL_ARANGE6, "0", StorageCase.ARRAY),
      new ScalarCase<>(UInt32NdArray.TYPE, Long.class, k -> (long) k,
          List.of(0L, 4294967295L, 2147483648L, 2147483647L, 1L), false, INTEGRAL_ARANGE6, "0",
          StorageCase.ARRAY),
      new ScalarCase<>(UInt64NdArray.TYPE, Long.class, k -> (long) k,
          List.of(0L, -1L, Long.MIN_VALUE, Long.MAX_VALUE, 1L), false, INTEGRAL_ARANGE6, "0",
          StorageCase.ARRAY),
      new ScalarCase<>(BFloat16NdArray.TYPE, Float.class, k -> (float) k,
          // bfloat16: largest finite, smallest subnormal and normal, NaN, infinities, zeros
          List.of(0x1.FEp127f, -0x1.FEp127f, 0x1p-133f, 0x1p-126f, Float.NaN,
              Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, -0.0f, 0.0f),
          true, "[[0 1 2]\n [3 4 5]]", "0", StorageCase.ARRAY),
      // float8_e4m3fn holds the integers only up to 16: its k-th value is the one of bits k
      // (increasing from 0 for k in [0, 127)), the edges its largest finite values, smallest
      // subnormal and normal, NaN and zeros (it has no infinities).
      new ScalarCase<>(Float8E4M3NdArray.TYPE, Float.class, ScalarCase::float8,
          List.of(448f, -448f, 0x1p-9f, 0x1p-6f, Float.NaN, -0.0f, 0.0f),
          true, "[[0 0.00195312 0.00390625]\n [0.00585938 0.0078125 0.00976562]]", "0",
          StorageCase.ARRAY));

  private static Float float8(int k) {
    return Float8E4M3NdArray.wrap(org.ndprim.Shape.scalar(), new byte[] {(byte) k}).getObject();
  }

  /** Every type over every storage: the cases the behaviour contract runs over. */
  static final List<ScalarCase<?>> ALL = TYPES.stream()
      .flatMap(c -> Arrays.stream(StorageCase.values()).map(c::over))
      .collect(Collectors.toUnmodifiableList());

  /** Returns this type's case over another storage. */
  ScalarCase<V> over(StorageCase other) {
    return new ScalarCase<>(type, box, value, edges, floating, arange6, zero, other);
  }

  /** Returns the type name, e.g. {@code Short}. */
  String name() {
    return type.name();
  }

  /** Returns the k-th test value. */
  V v(int k) {
    return value.apply(k);
  }

  /** Returns the type's one ({@code true} for boolean), boxed as {@link #box}. */
  Object one() {
    if (box == Boolean.class) {
      return true;
    }
    if (box == Character.class) {
      return (char) 1;
    }
    if (box == Byte.class) {
      return (byte) 1;
    }
    if (box == Short.class) {
      return (short) 1;
    }
    if (box == Integer.class) {
      return 1;
    }
    if (box == Long.class) {
      return 1L;
    }
    return box == Float.class ? (Object) 1f : (Object) 1.0;
  }

  /**
   * Returns the name of the built-in type of per-axis sums, as NumPy's result dtype:
   * {@code Double} for floating point, {@code UInt64} for unsigned kinds, else {@code Long}.
   */
  String sumName() {
    return floating ? "Double" : type.kind() == 'u' ? "UInt64" : "Long";
  }

  /** Returns the sum of {@code v(k)} over {@code ks}, as {@code sum()} returns it. */
  Object sumOf(int... ks) {
    if (floating) {
      double sum = 0;
      for (int k : ks) {
        sum += ((Number) v(k)).doubleValue();
      }
      return sum;
    }
    long sum = 0;
    for (int k : ks) {
      sum += k;
    }
    return sum;
  }

  /** Returns e.g. {@code Short} or {@code Short over 16-byte chunks}. */
  @Override
  public String toString() {
    return storage == StorageCase.ARRAY ? name() : name() + " over " + storage;
  }
}
