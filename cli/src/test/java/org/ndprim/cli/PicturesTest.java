package org.ndprim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.ndprim.UInt8NdArray;
import org.ndprim.io.Npy;
import org.ndprim.io.Npz;

/**
 * The runtime's test pictures (scikit-image's, see runtime/src/test/resources/images/LICENSE.txt)
 * hold exactly the pixels javax.imageio decodes from their PNGs: a check of the zlib decoder in
 * gen_image_golden.py that made them.
 */
class PicturesTest {
  private static final Path IMAGES = Path.of("../runtime/src/test/resources/images");

  @Test
  void greyPicture() throws IOException {
    UInt8NdArray a = Npy.read(IMAGES.resolve("microaneurysms.npy"), UInt8NdArray.TYPE);
    BufferedImage png = ImageIO.read(IMAGES.resolve("microaneurysms.png").toFile());
    assertThat(png.getWidth()).isEqualTo(102);
    for (int y = 0; y < 102; y++) {
      for (int x = 0; x < 102; x++) {
        assertThat(a.getUInt8(y, x)).as("(%s, %s)", y, x)
            .isEqualTo(png.getRaster().getSample(x, y, 0));
      }
    }
  }

  @Test
  void rgbPicture() throws IOException {
    UInt8NdArray a;
    try (Npz npz = Npz.open(IMAGES.resolve("phantom.npz"))) {
      a = npz.member("image").read(UInt8NdArray.TYPE);
    }
    BufferedImage png = ImageIO.read(IMAGES.resolve("phantom.png").toFile());
    for (int y = 0; y < 400; y++) {
      for (int x = 0; x < 400; x++) {
        for (int band = 0; band < 3; band++) {
          assertThat(a.getUInt8(y, x, band)).isEqualTo(png.getRaster().getSample(x, y, band));
        }
      }
    }
  }
}
