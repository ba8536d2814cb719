public struct CachingTripRepository {}

public enum TicketStore {
  public static func make() {}
}
