import BookingInterface

// SharedKernel, declared too, is used through BookingInterface's @_exported import.
public final class SearchViewModel {
  public init() {}
  public func total(_ money: Money) -> Money { money }
}
