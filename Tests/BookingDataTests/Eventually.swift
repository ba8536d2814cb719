import Testing

/// Waits for `condition` by yielding to other tasks (never by sleeping), and records an issue if
/// it has not become true after `turns` turns of the scheduler.
func eventually(
  _ description: Comment,
  within turns: Int = 1_000_000,
  sourceLocation: SourceLocation = #_sourceLocation,
  _ condition: () async -> Bool
) async {
  for _ in 0..<turns {
    if await condition() { return }
    await Task.yield()
  }
  Issue.record("never happened: \(description)", sourceLocation: sourceLocation)
}
