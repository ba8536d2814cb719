import MiddleKit

struct Adapter { let middle = MiddleValue() }
