package org.ndprim.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.ndprim.NdArray;
import org.ndprim.io.Npy;
import org.ndprim.io.NpyHeader;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code ndprim info FILE.npy}: dtype, shape, order, size, min and max. */
@Command(
    name = "info",
    description = "Show the dtype, shape, storage order, size, min and max of a .npy file.")
final class InfoCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help message and exit.")
  boolean help;

  @Parameters(index = "0", paramLabel = "FILE.npy", description = "the .npy file")
  Path file;

  @Override
  public Integer call() throws Exception {
    NpyHeader header = Npy.readHeader(file);
    NdArray array = Npy.builtInType(header.descr()).isPresent() ? Npy.read(file) : null;
    Summary.print(spec.commandLine().getOut(), file.toString(), header, array);
    spec.commandLine().getOut().flush();
    return 0;
  }
}
