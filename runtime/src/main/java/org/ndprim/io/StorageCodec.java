package org.ndprim.io;

import java.nio.ByteBuffer;

/**
 * Moves items between bytes and a Java array of one storage primitive: one hand-written codec per
 * primitive ({@code boolean[] byte[] short[] char[] int[] long[] float[] double[]}).
 *
 * <p>{@link #get} and {@link #put} work on a {@link ByteBuffer} whose byte order is the file's,
 * from position 0. Strided walks are not a codec's business: Fortran-order data become C order
 * through the typed array's {@code transpose().copy()}.
 */
abstract class StorageCodec {
  /** Bytes per item of this storage primitive. */
  final int itemSize;

  private StorageCodec(int itemSize) {
    this.itemSize = itemSize;
  }

  /** The codec for a primitive storage class ({@code short.class} ...), or null if it is not one of the eight. */
  static StorageCodec of(Class<?> storageType) {
    if (storageType == boolean.class) {
      return BOOLEAN;
    } else if (storageType == byte.class) {
      return BYTE;
    } else if (storageType == short.class) {
      return SHORT;
    } else if (storageType == char.class) {
      return CHAR;
    } else if (storageType == int.class) {
      return INT;
    } else if (storageType == long.class) {
      return LONG;
    } else if (storageType == float.class) {
      return FLOAT;
    } else if (storageType == double.class) {
      return DOUBLE;
    }
    return null;
  }

  /** A new zero-filled array of {@code n} items. */
  abstract Object allocate(int n);

  /** Length of an array of this primitive. */
  abstract int length(Object array);

  /** Decodes {@code count} items from {@code buf} (from position 0, in its byte order) into {@code dst[pos...]}. */
  abstract void get(ByteBuffer buf, Object dst, int pos, int count);

  /** Encodes {@code src[pos ... pos+count-1]} into {@code buf} (from position 0, in its byte order). */
  abstract void put(Object src, int pos, int count, ByteBuffer buf);

  static final StorageCodec BOOLEAN = new StorageCodec(1) {
    @Override
    Object allocate(int n) {
      return new boolean[n];
    }

    @Override
    int length(Object array) {
      return ((boolean[]) array).length;
    }

    /** Any non-zero byte is {@code true}, as numpy's bool cast of the raw byte would be. */
    @Override
    void get(ByteBuffer buf, Object dst, int pos, int count) {
      boolean[] d = (boolean[]) dst;
      for (int i = 0; i < count; i++) {
        d[pos + i] = buf.get(i) != 0;
      }
    }

    @Override
    void put(Object src, int pos, int count, ByteBuffer buf) {
      boolean[] s = (boolean[]) src;
      for (int i = 0; i < count; i++) {
        buf.put(i, s[pos + i] ? (byte) 1 : (byte) 0);
      }
    }
  };

  static final StorageCodec BYTE = new StorageCodec(1) {
    @Override
    Object allocate(int n) {
      return new byte[n];
    }

    @Override
    int length(Object array) {
      return ((byte[]) array).length;
    }

    @Override
    void get(ByteBuffer buf, Object dst, int pos, int count) {
      buf.get(0, (byte[]) dst, pos, count);
    }

    @Override
    void put(Object src, int pos, int count, ByteBuffer buf) {
      buf.put(0, (byte[]) src, pos, count);
    }
  };

  static final StorageCodec SHORT = new StorageCodec(2) {
    @Override
    Object allocate(int n) {
      return new short[n];
    }

    @Override
    int length(Object array) {
      return ((short[]) array).length;
    }

    @Override
    void get(ByteBuffer buf, Object dst, int pos, int count) {
      buf.asShortBuffer().get((short[]) dst, pos, count);
    }

    @Override
    void put(Object src, int pos, int count, ByteBuffer buf) {
      buf.asShortBuffer().put((short[]) src, pos, count);
    }
  };

  static final StorageCodec CHAR = new StorageCodec(2) {
    @Override
    Object allocate(int n) {
      return new char[n];
    }

    @Override
    int length(Object array) {
      return ((char[]) array).length;
    }

    @Override
    void get(ByteBuffer buf, Object dst, int pos, int count) {
      buf.asCharBuffer().get((char[]) dst, pos, count);
    }

    @Override
    void put(Object src, int pos, int count, ByteBuffer buf) {
      buf.asCharBuffer().put((char[]) src, pos, count);
    }
  };

  static final StorageCodec INT = new StorageCodec(4) {
    @Override
    Object allocate(int n) {
      return new int[n];
    }

    @Override
    int length(Object array) {
      return ((int[]) array).length;
    }

    @Override
    void get(ByteBuffer buf, Object dst, int pos, int count) {
      buf.asIntBuffer().get((int[]) dst, pos, count);
    }

    @Override
    void put(Object src, int pos, int count, ByteBuffer buf) {
      buf.asIntBuffer().put((int[]) src, pos, count);
    }
  };

  static final StorageCodec LONG = new StorageCodec(8) {
    @Override
    Object allocate(int n) {
      return new long[n];
    }

    @Override
    int length(Object array) {
      return ((long[]) array).length;
    }

    @Override
    void get(ByteBuffer buf, Object dst, int pos, int count) {
      buf.asLongBuffer().get((long[]) dst, pos, count);
    }

    @Override
    void put(Object src, int pos, int count, ByteBuffer buf) {
      buf.asLongBuffer().put((long[]) src, pos, count);
    }
  };

  static final StorageCodec FLOAT = new StorageCodec(4) {
    @Override
    Object allocate(int n) {
      return new float[n];
    }

    @Override
    int length(Object array) {
      return ((float[]) array).length;
    }

    /** Bit patterns are kept as stored, including every NaN payload. */
    @Override
    void get(ByteBuffer buf, Object dst, int pos, int count) {
      buf.asFloatBuffer().get((float[]) dst, pos, count);
    }

    @Override
    void put(Object src, int pos, int count, ByteBuffer buf) {
      buf.asFloatBuffer().put((float[]) src, pos, count);
    }
  };

  static final StorageCodec DOUBLE = new StorageCodec(8) {
    @Override
    Object allocate(int n) {
      return new double[n];
    }

    @Override
    int length(Object array) {
      return ((double[]) array).length;
    }

    @Override
    void get(ByteBuffer buf, Object dst, int pos, int count) {
      buf.asDoubleBuffer().get((double[]) dst, pos, count);
    }

    @Override
    void put(Object src, int pos, int count, ByteBuffer buf) {
      buf.asDoubleBuffer().put((double[]) src, pos, count);
    }
  };
}
