import BookingInterface
import PaymentInterface
import SharedKernel

/// Checkout's state machine: draft → charging → confirming → ticketed or failed. A result for an
/// older checkout never overwrites a newer one.
final class CheckoutViewModel {
  enum State: Equatable {
    case draft
    case charging(OrderID)
    case confirming(OrderID)
    case ticketed(Ticket)
    case failed(CheckoutFailure)

    var failure: CheckoutFailure? {
      if case .failed(let failure) = self { return failure }
      return nil
    }
  }

  private(set) var state: State = .draft
  private let useCase: CheckoutUseCase
  private let output: (CheckoutOutput) -> Void
  private var latestRequest = 0

  init(useCase: CheckoutUseCase, output: @escaping (CheckoutOutput) -> Void) {
    self.useCase = useCase
    self.output = output
  }

  func checkout(_ request: CheckoutRequest) async {
    latestRequest += 1
    let current = latestRequest
    state = .draft
    do {
      let ticket = try await useCase.run(request) { step in
        guard current == latestRequest else { return }
        switch step {
        case .charging: state = .charging(request.orderID)
        case .confirming: state = .confirming(request.orderID)
        }
      }
      guard current == latestRequest else { return }
      state = .ticketed(ticket)
      output(.ticketIssued(ticket.id, booking: ticket.bookingID))
    } catch {
      guard current == latestRequest else { return }
      state = .failed(error)
      if case .payment(.declined) = error { output(.paymentDeclined(request.orderID)) }
    }
  }
}
