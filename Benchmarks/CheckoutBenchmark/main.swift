// The checkout benchmark: run on purpose, never as a test.
//
//   swift run -c release CheckoutBenchmark
//
// Checkout throughput against the payment sandbox, on the SQLite ledger in a temporary Voyage home
// and, with VOYAGE_BENCH_DATABASE_URL set, on the PostgreSQL ledger beside it (in schemas it drops
// at the end). It never writes to VOYAGE_DATABASE_URL, the ledger production uses.

await CheckoutBenchmark.run()
