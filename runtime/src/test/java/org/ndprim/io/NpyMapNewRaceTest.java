package org.ndprim.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ndprim.ByteNdArray;
import org.ndprim.CharNdArray;
import org.ndprim.IntNdArray;
import org.ndprim.LongNdArray;
import org.ndprim.NdArray;
import org.ndprim.ScalarType;
import org.ndprim.Shape;
import org.ndprim.ShortNdArray;
import org.ndprim.UInt16NdArray;
import org.ndprim.UInt32NdArray;
import org.ndprim.UInt64NdArray;
import org.ndprim.UInt8NdArray;

/**
 * {@link Npy#mapNew} maps the file it wrote, not whatever the path names once it has been renamed
 * into place: threads creating files of different types and shapes at one path each get an array
 * of their own type and shape, over their own file. (It mapped the path again after the rename,
 * so a thread could get another's file: shape (1001,) for (1003,), or another's dtype.)
 */
class NpyMapNewRaceTest {
  /** Every integer type, one per thread. */
  private static final List<ScalarType<?>> TYPES = List.of(ByteNdArray.TYPE, ShortNdArray.TYPE,
      IntNdArray.TYPE, LongNdArray.TYPE, UInt8NdArray.TYPE, UInt16NdArray.TYPE, UInt32NdArray.TYPE,
      UInt64NdArray.TYPE, CharNdArray.TYPE);
  private static final int ROUNDS = 60;

  @TempDir Path dir;

  @Test
  void concurrentMapNewCallsOnOnePathEachGetTheirOwnFile() throws Exception {
    Path path = dir.resolve("shared.npy");
    int threads = TYPES.size();
    CyclicBarrier start = new CyclicBarrier(threads);
    List<String> wrong = Collections.synchronizedList(new ArrayList<>());
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<?>> done = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        int me = t;
        ScalarType<?> type = TYPES.get(t);
        done.add(pool.submit(() -> {
          for (int round = 0; round < ROUNDS && wrong.size() < 20; round++) {
            Shape shape = Shape.of(1000 + me, 1 + round % 3);
            start.await(10, TimeUnit.SECONDS); // all threads create the file at once
            NdArray a;
            try {
              a = Npy.mapNew(path, type, shape);
            } catch (Exception e) {
              wrong.add(type.name() + " " + shape + ": " + e);
              continue;
            }
            if (!a.shape().equals(shape) || a.scalarType() != type) {
              wrong.add(type.name() + " " + shape + " got " + a.scalarType().name() + " " + a.shape());
              continue;
            }
            // a fill lands in this thread's file only: nobody else's write shows through
            type.copy(LongNdArray.full(shape, me + 1).astype(type), a);
            long expected = (long) shape.size() * (me + 1);
            long sum = 0;
            for (long v : ((LongNdArray) a.astype(LongNdArray.TYPE)).toArray()) {
              sum += v;
            }
            if (sum != expected) {
              wrong.add(type.name() + " " + shape + ": its elements sum to " + sum + ", not " + expected);
            }
          }
          return null;
        }));
      }
      for (Future<?> f : done) {
        f.get(120, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }
    assertThat(wrong).isEmpty();
    // the path holds one complete file, of one of the threads
    NdArray last = Npy.read(path);
    assertThat(TYPES).contains(last.scalarType());
    try (var files = Files.list(dir)) {
      assertThat(files.map(p -> p.getFileName().toString())).containsExactly("shared.npy");
    }
  }
}
