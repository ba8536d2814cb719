// The coalescing cache's benchmark: run on purpose, never as a test.
//
//   swift run -c release BookingDataBenchmark [stampede] [hits] [storm]
//
// Prints the stampede, cache-hit, cancellation-storm and memory figures of the coalescing cache,
// beside the textbook actor and the direct baselines (only the sections named,
// when any are, so one can be profiled alone). Everything runs off the
// main actor: a hop from the main actor costs tens of microseconds on Linux and would swamp them.

await BookingDataBenchmark.run(Array(CommandLine.arguments.dropFirst()))
