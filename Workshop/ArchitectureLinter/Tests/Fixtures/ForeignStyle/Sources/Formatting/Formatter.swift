import Parsing

public struct Formatter {}
