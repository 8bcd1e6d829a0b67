package org.ndprim.spark;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** One local[2] session per test class, UI off. */
abstract class SparkSessionSupport {
  static SparkSession spark;

  @BeforeAll
  static void startSpark() {
    spark = SparkSession.builder()
        .master("local[2]")
        .appName("ndprim-spark-tests")
        .config("spark.ui.enabled", "false")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.sql.shuffle.partitions", "2")
        // many small queries of many schemas: generating and compiling code for each costs more
        // than it saves, and adaptive planning has nothing to adapt here
        .config("spark.sql.codegen.wholeStage", "false")
        .config("spark.sql.adaptive.enabled", "false")
        .getOrCreate();
  }

  @AfterAll
  static void stopSpark() {
    if (spark != null) {
      spark.stop();
      spark = null;
    }
  }

  /** The names of the files in {@code dir} (recursively), relative to it, sorted. */
  static List<String> tree(Path dir) throws Exception {
    List<String> out = new ArrayList<>();
    try (Stream<Path> s = Files.walk(dir)) {
      s.filter(p -> !p.equals(dir)).forEach(p -> out.add(dir.relativize(p).toString()));
    }
    out.sort(null);
    return out;
  }
}
