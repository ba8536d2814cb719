public struct CachingBookingRepository {}

public enum TicketStore {
  public static func make() {}
}
