package org.ndprim.spark;

import java.net.URI;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.RawLocalFileSystem;

/**
 * The local disk under another scheme ({@value #SCHEME}{@code :/tmp/...}): a Hadoop file system
 * that is not {@code file:}, so the source reads it as it reads HDFS or S3 (through Hadoop's
 * streams), never through a local path.
 */
public class OtherFileSystem extends RawLocalFileSystem {
  static final String SCHEME = "ndprimtest";
  /** Files opened through the scheme: the reads did not go around it. */
  static final java.util.concurrent.atomic.AtomicInteger OPENED = new java.util.concurrent.atomic.AtomicInteger();

  /** Registers the scheme in {@code conf} (its instances not cached, as a test wants them). */
  static void register(Configuration conf) {
    conf.set("fs." + SCHEME + ".impl", OtherFileSystem.class.getName());
    conf.setBoolean("fs." + SCHEME + ".impl.disable.cache", true);
  }

  /** {@return the URI of a local file under this scheme} */
  static String uri(java.nio.file.Path local) {
    return SCHEME + ":" + local.toAbsolutePath();
  }

  @Override
  public org.apache.hadoop.fs.FSDataInputStream open(org.apache.hadoop.fs.Path f, int bufferSize) throws java.io.IOException {
    OPENED.incrementAndGet();
    return super.open(f, bufferSize);
  }

  @Override
  public String getScheme() {
    return SCHEME;
  }

  @Override
  public URI getUri() {
    return URI.create(SCHEME + ":///");
  }
}
