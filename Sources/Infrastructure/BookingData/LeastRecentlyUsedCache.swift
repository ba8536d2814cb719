/// A bounded dictionary of answers that expire, evicting the least recently used entry when full.
///
/// A read records its recency as a tick in the entry (one write, found by the same hash lookup)
/// instead of moving the entry to the front of a list: reads are the hot path, so they stay a
/// lookup. Finding the least recently used entry is left to the rare moment it is needed, when
/// a store finds the cache full: a scan of at most `capacity` ticks, after an upstream call that
/// took far longer. The order evicted is exact LRU, as with a linked list.
struct LeastRecentlyUsedCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
  private struct Entry {
    var value: Value
    var expiresAt: Duration
    var lastUsed: UInt64
  }

  let capacity: Int
  private var entries: [Key: Entry] = [:]
  private var clock: UInt64 = 0

  /// A cache holding at most `capacity` entries; 0 holds nothing.
  init(capacity: Int) {
    self.capacity = max(0, capacity)
  }

  var count: Int { entries.count }

  /// The value for `key` if it has not expired at `moment`; it becomes the most recently used.
  /// An expired entry is removed.
  mutating func value(for key: Key, at moment: Duration) -> Value? {
    guard let index = entries.index(forKey: key) else { return nil }
    clock &+= 1
    // The entry is read and stamped in place (`inout` through the dictionary's `modify`
    // accessor): reading it by value would copy it, retaining and releasing its value.
    if let value = Self.use(&entries.values[index], at: moment, tick: clock) { return value }
    entries.remove(at: index)
    return nil
  }

  private static func use(_ entry: inout Entry, at moment: Duration, tick: UInt64) -> Value? {
    guard moment < entry.expiresAt else { return nil }
    entry.lastUsed = tick
    return entry.value
  }

  /// Stores `value` until `expiresAt` as the most recently used, evicting the least recently
  /// used when full.
  mutating func store(_ value: Value, for key: Key, until expiresAt: Duration) {
    guard capacity > 0 else { return }
    clock &+= 1
    if entries[key] == nil, entries.count == capacity,
      let oldest = entries.min(by: { $0.value.lastUsed < $1.value.lastUsed })?.key
    {
      entries[oldest] = nil
    }
    entries[key] = Entry(value: value, expiresAt: expiresAt, lastUsed: clock)
  }

  /// Removes the entry for `key`, if any.
  mutating func removeValue(for key: Key) {
    entries[key] = nil
  }

  /// Removes every entry for which `shouldRemove` is true.
  mutating func removeAll(where shouldRemove: (Key, Value) -> Bool) {
    entries = entries.filter { !shouldRemove($0.key, $0.value.value) }
  }
}
