import SiblingKit

public struct Extra {}
