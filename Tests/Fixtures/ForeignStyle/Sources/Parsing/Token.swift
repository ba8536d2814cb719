public struct Token {}
