public struct DeepValue {}
