package org.ndprim.cli;

import java.util.concurrent.Callable;
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

  @Parameters(index = "0", paramLabel = "FILE.npy", description = "the .npy file; - for standard input")
  String file;

  @Override
  public Integer call() throws Exception {
    Main main = (Main) spec.parent().userObject();
    Input.Loaded in = Memory.guard("reading " + file, () -> Input.read(file, main.stdin, false));
    Summary.print(spec.commandLine().getOut(), in.name(), in.header(), in.array());
    OutputError.check(spec.commandLine().getOut());
    return 0;
  }
}
