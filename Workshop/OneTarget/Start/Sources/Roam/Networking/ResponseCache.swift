import Foundation

/// Answers kept by request, for the whole process.
public final class ResponseCache {
  public static let shared = ResponseCache()

  private var entries: [String: HTTPResponse] = [:]
  private var order: [String] = []
  public private(set) var capacity = 16
  public private(set) var hits = 0

  private init() {}

  /// Empties the cache and sets how many answers it keeps.
  public func reset(capacity: Int) {
    entries.removeAll()
    order.removeAll()
    hits = 0
    self.capacity = capacity
  }

  public func answer(for key: String) -> HTTPResponse? {
    guard let found = entries[key] else { return nil }
    hits += 1
    return found
  }

  public func keep(_ response: HTTPResponse, for key: String) {
    if entries[key] == nil { order.append(key) }
    entries[key] = response
    while order.count > capacity {
      entries[order.removeFirst()] = nil
    }
  }

  /// Forgets every answer about a trip (after a booking changes its places).
  public func forget(tripID: String) {
    for key in order where key.contains(tripID) {
      entries[key] = nil
    }
    order.removeAll { entries[$0] == nil }
  }
}
