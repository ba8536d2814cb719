/// An order together with the receipt that pays for it exactly.
///
/// Its initializer is `internal`: the only way to obtain one is ``DraftOrder/confirm(with:)``, which
/// checks the receipt. Issuing a ticket takes a ``PaidOrder``, so "no ticket without payment" is a
/// signature, not an `if`.
public struct PaidOrder: Hashable, Sendable {
  /// The order that was paid.
  public let order: DraftOrder
  /// The receipt that pays it.
  public let receipt: PaymentReceipt

  init(order: DraftOrder, receipt: PaymentReceipt) {
    self.order = order
    self.receipt = receipt
  }
}
