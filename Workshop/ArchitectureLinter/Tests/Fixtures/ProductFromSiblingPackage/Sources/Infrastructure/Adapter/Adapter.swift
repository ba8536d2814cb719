import SharedKernel
import SiblingKit

public struct Adapter {}
