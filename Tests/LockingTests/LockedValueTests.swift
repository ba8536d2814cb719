import Locking
import Testing

@Suite("LockedValue")
struct LockedValueTests {
  struct Refusal: Error {}

  @Test func concurrentUpdatesAreNeverLost() async {
    let counter = LockedValue(0)
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<8 {
        group.addTask {
          for _ in 0..<10_000 { counter.withLock { $0 += 1 } }
        }
      }
    }
    #expect(counter.withLock { $0 } == 80_000)
  }

  @Test func aBodyThatThrowsLeavesTheLockFreeAndItsChangesKept() {
    let value = LockedValue([1])
    #expect(throws: Refusal.self) {
      try value.withLock { numbers in
        numbers.append(2)
        throw Refusal()
      }
    }
    // Taken again at once: a lock left held would never return here.
    #expect(value.withLock { $0 } == [1, 2])
  }
}
