import Formatting
import Parsing
@testable import Formatting

print("tool")
