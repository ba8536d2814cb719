import Foundation

/// A setting kept in the defaults store, read and written through a property.
@propertyWrapper
public struct UserDefault<Value> {
  public let key: String
  public let defaultValue: Value
  public var store: UserDefaults = .standard

  public init(_ key: String, default defaultValue: Value) {
    self.key = key
    self.defaultValue = defaultValue
  }

  public var wrappedValue: Value {
    get { store.object(forKey: key) as? Value ?? defaultValue }
    set { store.set(newValue, forKey: key) }
  }
}
