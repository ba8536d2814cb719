import DeepKit

struct Shortcut { let deep = DeepValue() }
