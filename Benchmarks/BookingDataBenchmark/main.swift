// The coalescing cache's benchmark: run on purpose, never as a test.
//
//   swift run -c release BookingDataBenchmark
//
// Prints the stampede, cache-hit, cancellation-storm and memory figures. Everything runs off the
// main actor: a hop from the main actor costs tens of microseconds on Linux and would swamp them.

await BookingDataBenchmark.run()
