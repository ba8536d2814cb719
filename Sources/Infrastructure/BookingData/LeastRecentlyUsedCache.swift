/// A bounded dictionary that evicts the least recently used entry when full. Reads and writes
/// are O(1): entries sit in a doubly linked list threaded through an array, most recent first.
struct LeastRecentlyUsedCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
  private struct Node {
    let key: Key
    var value: Value
    var newer: Int?
    var older: Int?
  }

  let capacity: Int
  private var nodes: [Node] = []
  private var freeSlots: [Int] = []
  private var slots: [Key: Int] = [:]
  private var newest: Int?
  private var oldest: Int?

  /// A cache holding at most `capacity` entries; 0 holds nothing.
  init(capacity: Int) {
    self.capacity = max(0, capacity)
  }

  var count: Int { slots.count }

  /// The value for `key`, which becomes the most recently used.
  mutating func value(for key: Key) -> Value? {
    guard let slot = slots[key] else { return nil }
    moveToFront(slot)
    return nodes[slot].value
  }

  /// Stores `value` as the most recently used, evicting the least recently used when full.
  mutating func store(_ value: Value, for key: Key) {
    guard capacity > 0 else { return }
    if let slot = slots[key] {
      nodes[slot].value = value
      moveToFront(slot)
      return
    }
    if slots.count == capacity, let oldest { remove(at: oldest) }
    let node = Node(key: key, value: value, newer: nil, older: newest)
    let slot: Int
    if let free = freeSlots.popLast() {
      nodes[free] = node
      slot = free
    } else {
      nodes.append(node)
      slot = nodes.count - 1
    }
    if let newest { nodes[newest].newer = slot }
    newest = slot
    if oldest == nil { oldest = slot }
    slots[key] = slot
  }

  /// Removes the entry for `key`, if any.
  mutating func removeValue(for key: Key) {
    if let slot = slots[key] { remove(at: slot) }
  }

  /// Removes every entry for which `shouldRemove` is true.
  mutating func removeAll(where shouldRemove: (Key, Value) -> Bool) {
    for (key, slot) in slots where shouldRemove(key, nodes[slot].value) {
      remove(at: slot)
    }
  }

  private mutating func remove(at slot: Int) {
    unlink(slot)
    slots[nodes[slot].key] = nil
    freeSlots.append(slot)
  }

  private mutating func moveToFront(_ slot: Int) {
    guard newest != slot else { return }
    unlink(slot)
    nodes[slot].older = newest
    nodes[slot].newer = nil
    if let newest { nodes[newest].newer = slot }
    newest = slot
    if oldest == nil { oldest = slot }
  }

  private mutating func unlink(_ slot: Int) {
    let (newer, older) = (nodes[slot].newer, nodes[slot].older)
    if let newer { nodes[newer].older = older } else { newest = older }
    if let older { nodes[older].newer = newer } else { oldest = newer }
    nodes[slot].newer = nil
    nodes[slot].older = nil
  }
}
