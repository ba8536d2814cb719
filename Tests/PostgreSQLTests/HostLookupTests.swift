import Dispatch
import Testing

@testable import PostgreSQL

/// A host name's lookup is waited for under the call's deadline and stops at an interruption,
/// whatever the resolver does; a lookup given up answers nobody else. The resolvers here are the
/// tests' own: one that answers, one held until the test lets it go.
@Suite("Host name lookups")
struct HostLookupTests {
  /// A resolver held until `release()`, then answering `answer`; `entered` tells that the lookup
  /// is under way.
  final class HeldResolver: Sendable {
    let answer: HostLookup.Answer
    let entered = DispatchSemaphore(value: 0)
    private let gate = DispatchSemaphore(value: 0)

    init(_ answer: HostLookup.Answer = .addresses(["192.0.2.1"])) {
      self.answer = answer
    }

    var resolve: @Sendable (String) -> HostLookup.Answer {
      { _ in
        self.entered.signal()
        self.gate.wait()
        return self.answer
      }
    }

    /// Lets the lookup return; done at the end of every test, so no thread waits for ever.
    func release() { gate.signal() }
  }

  static let later = ContinuousClock.now + .seconds(300)

  @Test func theResolversAddressesAreTheAnswer() {
    let lookup = HostLookup("db.example") { name in
      name == "db.example" ? .addresses(["192.0.2.1", "2001:db8::1"]) : .failed(reason: "no")
    }
    #expect(
      lookup.answer(on: InterruptibleWait(), until: Self.later)
        == .answered(.addresses(["192.0.2.1", "2001:db8::1"])))
    let unknown = HostLookup.Answer.failed(reason: "Name or service not known")
    let failing = HostLookup("nowhere.example") { _ in unknown }
    #expect(
      failing.answer(on: InterruptibleWait(), until: Self.later)
        == .answered(unknown))
  }

  @Test(.timeLimit(.minutes(1)))
  func aLookupWithoutAnAnswerEndsAtTheDeadline() {
    let resolver = HeldResolver()
    defer { resolver.release() }
    let lookup = HostLookup("db.example", resolve: resolver.resolve)
    resolver.entered.wait()
    #expect(
      lookup.answer(on: InterruptibleWait(), until: .now + .milliseconds(50)) == .deadlinePassed)
  }

  /// The time limit turns a wait that ignores the interruption (300 s) into a failure.
  @Test(.timeLimit(.minutes(1)))
  func anInterruptionEndsTheWaitAtOnce() {
    let resolver = HeldResolver()
    defer { resolver.release() }
    let lookup = HostLookup("db.example", resolve: resolver.resolve)
    resolver.entered.wait()
    let wait = InterruptibleWait()
    DispatchQueue.global().async { wait.interrupt() }
    #expect(lookup.answer(on: wait, until: Self.later) == .interrupted)
  }

  /// The late answer lands in its own lookup, which is waited for again here to prove it came,
  /// while the next lookup hears only its own.
  @Test(.timeLimit(.minutes(1)))
  func aLookupGivenUpNeverAnswersTheNextOne() {
    let first = HeldResolver(.addresses(["192.0.2.1"]))
    let second = HeldResolver(.addresses(["192.0.2.2"]))
    defer {
      first.release()
      second.release()
    }
    let wait = InterruptibleWait()
    let abandoned = HostLookup("db.example", resolve: first.resolve)
    first.entered.wait()
    wait.interrupt()
    #expect(abandoned.answer(on: wait, until: Self.later) == .interrupted)
    wait.rearm()
    let next = HostLookup("db.example", resolve: second.resolve)
    second.entered.wait()
    first.release()
    #expect(abandoned.answer(on: wait, until: Self.later) == .answered(.addresses(["192.0.2.1"])))
    second.release()
    #expect(next.answer(on: wait, until: Self.later) == .answered(.addresses(["192.0.2.2"])))
  }

  /// No name server is asked: `localhost` is in every hosts file, and a numeric host is its
  /// own answer.
  @Test func theSystemResolverGivesNumericAddresses() throws {
    guard case .addresses(let local) = HostLookup.system("localhost") else {
      Issue.record("localhost has no address")
      return
    }
    #expect(local.contains("127.0.0.1") || local.contains("::1"), "\(local)")
    #expect(HostLookup.system("192.0.2.7") == .addresses(["192.0.2.7"]))
    #expect(HostLookup.system("2001:DB8::7") == .addresses(["2001:db8::7"]))
  }
}
