package struct HTTPClient: Sendable {}
