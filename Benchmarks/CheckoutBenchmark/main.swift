// The checkout benchmark: run on purpose, never as a test.
//
//   swift run -c release CheckoutBenchmark
//
// Checkout throughput against the payment sandbox and the SQLite ledger, in a temporary Voyage home.

await CheckoutBenchmark.run()
