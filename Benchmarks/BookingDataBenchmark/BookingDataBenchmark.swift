import BookingData
import BookingInterface
import CoalescingBaselines
import Foundation
import Locking
import SharedKernel
import Synchronization

/// Holds every caller until it is opened, so a benchmark controls when the upstream answers.
final class Gate: Sendable {
  private let state = Mutex<(isOpen: Bool, waiting: [CheckedContinuation<Void, Never>])>(
    (false, []))

  var waitingCount: Int { state.withLock { $0.waiting.count } }

  func wait() async {
    await withCheckedContinuation { continuation in
      let isOpen = state.withLock { state in
        if !state.isOpen { state.waiting.append(continuation) }
        return state.isOpen
      }
      if isOpen { continuation.resume() }
    }
  }

  func open() {
    let waiting = state.withLock { state in
      state.isOpen = true
      defer { state.waiting = [] }
      return state.waiting
    }
    for continuation in waiting { continuation.resume() }
  }
}

/// The least any implementation of the interface can do: answer every search with the same array.
struct StoredAnswer: TripRepository {
  let answer: [TripSummary]

  func search(_ query: SearchQuery) async throws -> [TripSummary] { answer }

  func trip(id: TripID) async throws -> Trip { throw TripError.notFound(id) }
}

/// An upstream that answers every search with one summary once its gate opens.
final class GatedUpstream: TripRepository {
  let gate = Gate()
  private let calls = Atomic(0)
  let answer: [TripSummary]

  init(answer: [TripSummary]) {
    self.answer = answer
  }

  var callCount: Int { calls.load(ordering: .relaxed) }

  func search(_ query: SearchQuery) async throws -> [TripSummary] {
    calls.add(1, ordering: .relaxed)
    await gate.wait()
    try Task.checkCancellation()
    return answer
  }

  func trip(id: TripID) async throws -> Trip {
    throw TripError.notFound(id)
  }
}

/// Where the stampede's callers record when they returned, and who waits for the last of them.
final class FinishLine: Sendable {
  private struct State {
    var instants: [ContinuousClock.Instant]
    var remaining: Int
    var waiter: CheckedContinuation<Void, Never>?
  }
  private let state: Mutex<State>

  init(callers: Int) {
    state = Mutex(State(instants: Array(repeating: .now, count: callers), remaining: callers))
  }

  var instants: [ContinuousClock.Instant] { state.withLock { $0.instants } }

  func record(_ index: Int, at instant: ContinuousClock.Instant) {
    let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
      state.instants[index] = instant
      state.remaining -= 1
      guard state.remaining == 0 else { return nil }
      defer { state.waiter = nil }
      return state.waiter
    }
    waiter?.resume()
  }

  /// Returns once every caller has recorded its finish.
  func allCrossed() async {
    await withCheckedContinuation { continuation in
      let done = state.withLock { state in
        if state.remaining > 0 { state.waiter = continuation }
        return state.remaining == 0
      }
      if done { continuation.resume() }
    }
  }
}

enum BookingDataBenchmark {
  /// Runs the sections named in `sections` (all of them when empty), so one can be profiled alone.
  static func run(_ sections: [String]) async {
    let chosen = Set(sections.isEmpty ? ["stampede", "hits", "storm"] : sections)
    print("BookingData coalescing benchmark (release build expected; debug figures mean nothing)")
    if chosen.contains("stampede") {
      print()
      await stampede()
    }
    if chosen.contains("hits") {
      print()
      await cacheHitPath()
    }
    if chosen.contains("storm") {
      print()
      await cancellationStorm()
    }
    print()
    print("peak resident memory: \(peakResidentMegabytes()) MB")
  }

  // MARK: - Stampede

  /// Each stampede runs this many times; the figures printed are the medians, because one run
  /// on a two-core machine is at the mercy of the scheduler.
  static let repetitions = 7

  /// One stampede run: how long the callers took to join (first call to all waiting), and the
  /// per-caller times from opening the gate to return.
  struct Run {
    var join: Double
    /// From opening to the first caller's return: the answer's way to the first waiter.
    var first: Double
    var wall: Double
    var p50: Double
    var p99: Double
  }

  /// "min/median/max" of one figure over the runs, in microseconds or milliseconds.
  static func spread(_ runs: [Run], _ figure: (Run) -> Double, scale: Double) -> String {
    let values = runs.map(figure).sorted()
    return [values.first, values[values.count / 2], values.last]
      .map { format(($0 ?? 0) * scale) }.joined(separator: "/")
  }

  static func middle(_ runs: [Run], _ figure: (Run) -> Double) -> Double {
    runs.map(figure).sorted()[runs.count / 2]
  }

  static func stampede() async {
    print("stampede: N callers over K keys, upstream held on a gate, then opened")
    print(
      "(join: first call to all waiting; p99: per-caller time from opening to return; "
        + "min/median/max of \(repetitions) runs; cache: the coalescing cache; textbook: the textbook "
        + "actor (CoalescingBaselines); direct: the same callers awaiting the gate themselves)"
    )
    print(
      "    N      K  upstream  coalesced   join ms: cache | textbook | direct                 "
        + "p99 µs: cache | textbook | direct                 added p99 µs (median): cache | textbook"
    )
    for callers in [10, 1_000, 10_000] {
      for keys in [1, 10, 100] where keys <= callers {
        let queries = (0..<keys).map { key in Self.query("Destination \(key)") }
        var coalescedRuns: [Run] = []
        var textbookRuns: [Run] = []
        var directRuns: [Run] = []
        var statistics = TripCacheStatistics()
        for _ in 0..<repetitions {
          let upstream = GatedUpstream(answer: [summary])
          let cache = BookingDataAssembly.cache(inFrontOf: upstream)
          coalescedRuns.append(
            await measure(
              callers: callers, waitUntil: { await cache.statistics().waiting == callers },
              open: upstream.gate.open
            ) { index in _ = try? await cache.search(queries[index % keys]) })
          statistics = await cache.statistics()

          let textbookUpstream = GatedUpstream(answer: [summary])
          let textbook = TextbookCoalescer(upstream: textbookUpstream)
          textbookRuns.append(
            await measure(
              callers: callers, waitUntil: { await textbook.statistics().waiting == callers },
              open: textbookUpstream.gate.open
            ) { index in _ = try? await textbook.search(queries[index % keys]) })

          let direct = GatedUpstream(answer: [summary])
          directRuns.append(
            await measure(
              callers: callers, waitUntil: { direct.gate.waitingCount == callers },
              open: direct.gate.open
            ) { index in _ = try? await direct.search(queries[index % keys]) })
        }
        let added = middle(coalescedRuns, \.p99) - middle(directRuns, \.p99)
        let addedByTextbook = middle(textbookRuns, \.p99) - middle(directRuns, \.p99)
        let line = [
          pad(callers, 5), pad(keys, 6), pad(statistics.upstreamCalls, 9),
          pad(statistics.coalescedWaits, 10),
          pad(spread(coalescedRuns, \.join, scale: 1_000), 17) + " | "
            + spread(textbookRuns, \.join, scale: 1_000) + " | "
            + padEnd(spread(directRuns, \.join, scale: 1_000), 16),
          pad(spread(coalescedRuns, \.p99, scale: 1e6), 17) + " | "
            + spread(textbookRuns, \.p99, scale: 1e6) + " | "
            + padEnd(spread(directRuns, \.p99, scale: 1e6), 17),
          pad(format(added * 1e6), 8) + " | " + format(addedByTextbook * 1e6),
        ]
        print(line.joined(separator: " "))
        if callers == 10_000 {
          // Where the added time goes: a fixed delay before the first caller returns (the answer
          // reaching the first waiter), or a cost per caller (each resumption and its unwinding).
          // A third baseline parks the same callers on the gate inside a cancellation handler: the
          // least any waiter that can leave at once when cancelled pays.
          var handlerRuns: [Run] = []
          for _ in 0..<repetitions {
            let direct = GatedUpstream(answer: [summary])
            handlerRuns.append(
              await measure(
                callers: callers, waitUntil: { direct.gate.waitingCount == callers },
                open: direct.gate.open
              ) { index in
                _ = try? await withTaskCancellationHandler {
                  try await direct.search(queries[index % keys])
                } onCancel: {
                }
              })
          }
          func perCaller(_ runs: [Run]) -> String {
            format((middle(runs, \.wall) - middle(runs, \.first)) / Double(callers) * 1e9)
          }
          print(
            "             first return after opening µs: \(format(middle(coalescedRuns, \.first) * 1e6)) cache, "
              + "\(format(middle(directRuns, \.first) * 1e6)) direct; then ns a caller: \(perCaller(coalescedRuns)) cache, "
              + "\(perCaller(directRuns)) direct, \(perCaller(handlerRuns)) direct inside a cancellation handler "
              + "(p99 \(format(middle(handlerRuns, \.p99) * 1e6)) µs)")
        }
        if statistics.upstreamCalls != keys || statistics.inFlight != 0 || statistics.waiting != 0 {
          print("    ✗ expected \(keys) upstream calls and an empty in-flight table: \(statistics)")
        }
      }
    }
  }

  /// Starts `callers` tasks, waits until all are parked, opens the gate, and returns how long the
  /// joining took, the wall time from opening to the last return and the p50/p99 of each
  /// caller's time from opening to return.
  ///
  /// The callers are unstructured tasks that write their finish time into a preallocated slot.
  /// Not a task group: awaiting 10,000 children makes the group remove each finished child from
  /// a linked list, O(n) a child, which kept a core busy during the very window being measured.
  static func measure(
    callers: Int, waitUntil ready: @escaping @Sendable () async -> Bool,
    open: @escaping @Sendable () -> Void, call: @escaping @Sendable (Int) async -> Void
  ) async -> Run {
    let finishes = FinishLine(callers: callers)
    let startedAt = ContinuousClock.now
    let tasks = (0..<callers).map { index in
      Task {
        await call(index)
        finishes.record(index, at: .now)
      }
    }
    while await !ready() { await Task.yield() }
    let openedAt = ContinuousClock.now
    open()
    await finishes.allCrossed()
    for task in tasks { await task.value }
    let latencies = finishes.instants.map { seconds(openedAt.duration(to: $0)) }.sorted()
    return Run(
      join: seconds(startedAt.duration(to: openedAt)), first: latencies.first ?? 0,
      wall: latencies.last ?? 0,
      p50: percentile(latencies, 0.50), p99: percentile(latencies, 0.99))
  }

  // MARK: - Cache hits

  static func cacheHitPath() async {
    let iterations = 1_000_000
    let rounds = 7
    let query = Self.query("Lisbon")
    let upstream = GatedUpstream(answer: [summary])
    upstream.gate.open()
    let cache = BookingDataAssembly.cache(inFrontOf: upstream, timeToLive: .seconds(3_600))
    _ = try? await cache.search(query)
    let textbook: any TripCache = TextbookCoalescer(upstream: upstream)
    _ = try? await textbook.search(query)
    let baseline = Mutex<[SearchQuery: [TripSummary]]>([query: [summary]])
    let locked = LockedValue<[SearchQuery: [TripSummary]]>([query: [summary]])
    // What any implementation behind the interface pays before it does anything: an async call
    // through `any TripRepository` returning an array it holds. Chosen at run time, so the
    // compiler cannot see through the existential and inline it.
    let stored: any TripRepository =
      CommandLine.arguments.count > 1_000 ? upstream : StoredAnswer(answer: [summary])

    var checksum = 0
    /// Nanoseconds per call of `body`, over `iterations` calls.
    func time(_ body: () async -> Int) async -> Double {
      let start = ContinuousClock.now
      for _ in 0..<iterations { checksum &+= await body() }
      return seconds(start.duration(to: .now)) * 1e9 / Double(iterations)
    }
    // The figures are interleaved round by round and the medians printed: on a shared 2-core
    // machine one long run of each would compare different moments, not different code.
    var figures: [String: [Double]] = [:]
    for _ in 0..<rounds {
      figures["mutex", default: []].append(
        await time { baseline.withLock { $0[query]?.count ?? 0 } })
      figures["locked", default: []].append(
        await time { locked.withLock { $0[query]?.count ?? 0 } })
      figures["stored", default: []].append(
        await time { (try? await stored.search(query))?.count ?? 0 })
      figures["cache", default: []].append(
        await time { (try? await cache.search(query))?.count ?? 0 })
      figures["textbook", default: []].append(
        await time { (try? await textbook.search(query))?.count ?? 0 })
      // The key's hashing, alone: as the query hashes now (computed once, when it was made),
      // and as hashing its fields on every lookup would cost.
      figures["hash", default: []].append(await time { query.hashValue & 1 })
      figures["fields", default: []].append(
        await time {
          var hasher = Hasher()
          hasher.combine(query.destination)
          hasher.combine(query.from)
          hasher.combine(query.to)
          hasher.combine(query.places)
          hasher.combine(query.maximumPrice)
          hasher.combine(query.sort)
          hasher.combine(query.limit)
          return hasher.finalize() & 1
        })
    }
    func median(_ name: String) -> Double { figures[name, default: [0]].sorted()[rounds / 2] }
    // Ratios are taken round by round, then their median: this machine's speed shifts between
    // rounds by as much as 2×, and a ratio of two medians could mix a fast round with a slow one.
    func ratio(_ name: String, to baseline: (Int) -> Double) -> Double {
      let ratios = (0..<rounds).map { figures[name, default: [0]][$0] / baseline($0) }
      return ratios.sorted()[rounds / 2]
    }
    let toMutex = ratio("cache") { figures["mutex", default: [1]][$0] }
    let toFloor = ratio("cache") {
      figures["mutex", default: [1]][$0] + figures["stored", default: [0]][$0]
    }
    let textbookToMutex = ratio("textbook") { figures["mutex", default: [1]][$0] }

    print(
      "cache-hit path (\(iterations) calls a figure, medians of \(rounds) interleaved rounds, checksum \(checksum))"
    )
    print("    Mutex-guarded dictionary read (the baseline): \(format(median("mutex"))) ns/call")
    print(
      "    LockedValue-guarded dictionary read (pthread mutex, what the cache uses): \(format(median("locked"))) ns/call"
    )
    print(
      "    an async call through `any TripRepository` returning a stored array: \(format(median("stored"))) ns/call"
    )
    print("    TripCache.search, cache hit: \(format(median("cache"))) ns/call")
    print(
      "    TextbookCoalescer.search, cache hit (a hop onto its actor): \(format(median("textbook"))) ns/call"
    )
    print(
      "    ratio to the Mutex baseline: \(format(toMutex))× cache, \(format(textbookToMutex))× textbook (goal: within 2×)"
    )
    print(
      "    ratio to the floor, the Mutex read plus the async call every implementation pays: \(format(toFloor))×"
    )
    print(
      "    of which hashing the key: \(format(median("hash"))) ns (hashing its fields on every call instead: \(format(median("fields"))) ns)"
    )
    print("    upstream calls: \(upstream.callCount)")
  }

  // MARK: - Cancellation storm

  /// What one storm did: how soon the cancelled callers returned, and what the others got.
  struct Storm {
    var leftBeforeTheAnswer = 0
    /// Seconds from the cancellation to each cancelled caller's return, sorted.
    var leaving: [Double] = []
    var stillWaiting = 0
    var answered = 0
    var statistics = TripCacheStatistics()
  }

  /// How long a storm waits for the cancelled callers to leave before it opens the gate: a
  /// coalescer that lets them leave at once takes microseconds; one that keeps them waiting
  /// for the answer keeps them this long.
  static let stormHold = Duration.milliseconds(100)

  static func cancellationStorm() async {
    let waiters = 1_000
    print(
      "cancellation storm: \(waiters) waiters on a held upstream, half cancelled; the gate opens once "
        + "they have all left, or after \(format(seconds(stormHold) * 1e3)) ms"
    )
    for (name, make) in [
      ("cache", { BookingDataAssembly.cache(inFrontOf: $0) }),
      ("textbook", { TextbookCoalescer(upstream: $0) }),
    ] as [(String, (any TripRepository) -> any TripCache)] {
      let upstream = GatedUpstream(answer: [summary])
      let storm = await cancellationStorm(waiters: waiters, on: make(upstream), upstream: upstream)
      let statistics = storm.statistics
      print("  \(name):")
      print(
        "    cancelled that left before the upstream answered: \(storm.leftBeforeTheAnswer) of \(waiters / 2)"
      )
      print(
        "    time to leave after cancel: p50 \(format(percentile(storm.leaving, 0.5) * 1e6)) µs, p99 \(format(percentile(storm.leaving, 0.99) * 1e6)) µs"
      )
      print("    still waiting after the cancellations: \(storm.stillWaiting)")
      print(
        "    answered with the value after the gate opened: \(storm.answered) of \(waiters / 2)")
      print(
        "    upstream calls: \(statistics.upstreamCalls); in flight after: \(statistics.inFlight); waiting after: \(statistics.waiting)"
      )
    }
  }

  static func cancellationStorm(
    waiters: Int, on cache: any TripCache, upstream: GatedUpstream
  ) async -> Storm {
    let query = Self.query("Lisbon")
    /// Whether the gate has opened, and how many callers returned before it did.
    let progress = LockedValue((opened: false, left: 0))
    let tasks = (0..<waiters).map { _ in
      Task { () -> (returnedAt: ContinuousClock.Instant, answered: Bool) in
        let answered = (try? await cache.search(query)) != nil
        progress.withLock { if !$0.opened { $0.left += 1 } }
        return (.now, answered)
      }
    }
    while await cache.statistics().waiting < waiters { await Task.yield() }

    let cancelledAt = ContinuousClock.now
    for task in tasks.prefix(waiters / 2) { task.cancel() }
    while progress.withLock({ $0.left }) < waiters / 2, cancelledAt.duration(to: .now) < stormHold {
      await Task.yield()
    }
    var storm = Storm()
    storm.stillWaiting = await cache.statistics().waiting
    storm.leftBeforeTheAnswer = progress.withLock { progress in
      progress.opened = true
      return progress.left
    }
    upstream.gate.open()
    for task in tasks.prefix(waiters / 2) {
      storm.leaving.append(seconds(cancelledAt.duration(to: await task.value.returnedAt)))
    }
    for task in tasks.suffix(waiters / 2) where await task.value.answered { storm.answered += 1 }
    storm.statistics = await cache.statistics()
    storm.leaving.sort()
    return storm
  }

  // MARK: - Helpers

  static let summary = TripSummary(
    id: TripID("LIS-001") ?? TripID("X") ?? { preconditionFailure("valid identifier") }(),
    title: "Old Town Walks in Lisbon",
    destination: Destination(city: "Lisbon", country: "Portugal"),
    startDate: CalendarDate(daysSinceEpoch: 20_900), endDate: CalendarDate(daysSinceEpoch: 20_904),
    price: Money(minorUnits: 45_000, currency: .eur),
    rating: Rating(tenths: 45) ?? { preconditionFailure("valid rating") }(), placesLeft: 4)

  static func query(_ destination: String) -> SearchQuery {
    do {
      return try SearchQuery.make(destination: destination)
    } catch {
      preconditionFailure("benchmark query '\(destination)' is invalid: \(error)")
    }
  }

  static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }

  static func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
    guard !sorted.isEmpty else { return 0 }
    return sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
  }

  static func format(_ value: Double) -> String {
    String(format: value >= 100 ? "%.0f" : "%.1f", value)
  }

  /// `text` followed by spaces up to `width`; never cut, however long the figure.
  static func padEnd(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - text.count))
  }

  static func pad(_ value: some CustomStringConvertible, _ width: Int) -> String {
    let text = value.description
    return String(repeating: " ", count: max(0, width - text.count)) + text
  }

  /// The process's peak resident set (VmHWM), from /proc on Linux.
  static func peakResidentMegabytes() -> String {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
      let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "")
    else { return "unknown" }
    return format(kilobytes / 1_024)
  }
}
