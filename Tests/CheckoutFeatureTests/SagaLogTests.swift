import BookingInterface
import BookingInterfaceTestSupport
import EventLog
import Foundation
import PaymentInterface
import PaymentInterfaceTestSupport
import SharedKernel
import Testing

@testable import CheckoutFeature

/// The saga's log, pinned through the seam: each step, each recorded state, each compensation,
/// and how the checkout ended, every event keyed by the order.
@Suite("The checkout saga's log")
@MainActor
struct SagaLogTests {
  let base = CheckoutFeatureTests()
  let recorder = LogRecorder()

  func feature(_ gateway: InMemoryPaymentGateway? = nil) -> CheckoutFeature {
    CheckoutFeature(
      dependencies: CheckoutDependencies(
        trips: InMemoryTripRepository(trips: [CheckoutFeatureTests.trip]),
        reservations: base.reservations, payments: gateway ?? base.gateway, ledger: base.ledger,
        log: EventLogger(label: "checkout", level: .debug, sink: recorder)),
      output: { _ in })
  }

  /// Each event as "message key=value…", with the keys that tell the story apart.
  var story: [String] {
    recorder.events.map { event in
      ([event.message]
        + ["step", "state", "compensation", "error", "resumed_from"].compactMap { key in
          event.metadata[key].map { "\(key)=\($0)" }
        }).joined(separator: " ")
    }
  }

  @Test func aPaidCheckoutLogsEveryStepAndEveryRecordedStateUnderItsOrder() async throws {
    await feature().checkout(try base.request())
    #expect(
      story == [
        "checkout started",
        "step finished step=draft state=drafted", "order recorded state=drafted",
        "step finished step=hold", "order recorded state=held",
        "step finished step=charge", "order recorded state=charged",
        "step finished step=confirm", "step finished step=ticket", "order recorded state=ticketed",
        "checkout finished",
      ])
    #expect(recorder.events.allSatisfy { $0.metadata["order"] == "order-1" })
    #expect(recorder.events.allSatisfy { $0.label == "checkout" })
    let steps = recorder.events.filter { $0.message == "step finished" }
    #expect(
      steps.allSatisfy { if case .number = $0.metadata["duration_ms"] { true } else { false } })
    #expect(recorder.events.first { $0.metadata["step"] == "hold" }?.metadata["hold"] != nil)
    #expect(recorder.events.last?.metadata["ticket"] == "TKT-1")
  }

  @Test func aDeclinedCardLogsTheReleaseOfTheHoldAndTheRefusal() async throws {
    await feature(InMemoryPaymentGateway(failure: .declined)).checkout(try base.request())
    #expect(
      Array(story.suffix(4)) == [
        "compensating compensation=release", "order recorded state=released",
        "step failed step=charge error=card_declined", "checkout failed error=card_declined",
      ])
    #expect(recorder.events.last?.level == .warning)
  }

  @Test func aHoldTheSupplierWillNotConfirmLogsTheRefund() async throws {
    await base.reservations.expireHolds()
    await feature().checkout(try base.request())
    #expect(
      Array(story.suffix(4)) == [
        "compensating compensation=refund", "order recorded state=refunded",
        "step failed step=confirm error=supplier_refused", "checkout failed error=supplier_refused",
      ])
  }

  @Test func aReceiptThatDoesNotMatchLogsTheRefundBeforeTheRefusal() async throws {
    await feature(InMemoryPaymentGateway(chargesInDollars: true)).checkout(try base.request())
    #expect(
      Array(story.suffix(4)) == [
        "order recorded state=charged", "compensating compensation=refund",
        "order recorded state=refunded", "checkout failed error=order_rejected",
      ])
  }

  @Test func theLogsOfAStrandedRunAndOfTheRunThatFinishedItTellTheWholeStory() async throws {
    await base.gateway.fallSilent(for: 1)
    await feature().checkout(try base.request())
    let stranded = story
    #expect(
      Array(stranded.suffix(2)) == [
        "step failed step=charge error=outcome_unknown", "checkout failed error=outcome_unknown",
      ])
    #expect(recorder.events.last?.level == .error)
    recorder.clear()
    await feature().checkout(try base.request())
    #expect(story.first == "checkout started resumed_from=held")
    #expect(story.contains("step finished step=charge"))
    #expect(story.last == "checkout finished")
    #expect(!story.contains { $0.hasPrefix("step finished step=hold") })
  }

  @Test func aCancellationLogsItsIntentEveryStepAndItsEndUnderItsOrder() async throws {
    await feature().checkout(try base.request())
    recorder.clear()
    await base.ledger.failNextWrite(into: .cancelled)
    let ticket = try #require(TicketID("TKT-1"))
    await feature().cancel(ticket)
    #expect(
      story == [
        "cancellation started", "order recorded state=cancelling", "step finished step=cancel",
        "order recorded state=places_returned", "step finished step=refund",
        "cancellation failed error=disk_full",
      ])
    #expect(recorder.events.last?.metadata["message"]?.description.contains("TKT-1") == true)
    recorder.clear()
    await feature().cancel(ticket)
    #expect(
      story == [
        "cancellation started resumed_from=places_returned", "step finished step=refund",
        "order recorded state=cancelled", "ticket cancelled",
      ])
    #expect(recorder.events.allSatisfy { $0.metadata["order"] == "order-1" })
  }

  @Test func theLogNeverHoldsTheCardNumber() async throws {
    await feature(InMemoryPaymentGateway(failure: .declined)).checkout(try base.request())
    await feature().checkout(try base.request(key: "order-2"))
    let everything = recorder.events.map { event in
      ([event.message] + event.metadata.map { "\($0.key)=\($0.value)" }).joined(separator: " ")
    }.joined(separator: "\n")
    #expect(!everything.isEmpty)
    #expect(!everything.contains("4242424242424242"))
  }
}
