public struct Clock {}
