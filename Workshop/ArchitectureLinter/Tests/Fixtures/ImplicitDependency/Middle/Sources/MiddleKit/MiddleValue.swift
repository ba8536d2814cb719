import DeepKit

public struct MiddleValue { public let deep = DeepValue() }
