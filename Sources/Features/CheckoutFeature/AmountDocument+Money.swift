import DesignSystem
import SharedKernel

extension AmountDocument {
  /// `money` as a document shows it: its minor units, its currency's code, and its text.
  nonisolated init(_ money: Money) {
    self.init(
      minorUnits: money.minorUnits, currency: money.currency.code, formatted: money.description)
  }
}
