func load(import Networking: Int) -> Int { Networking }
func store(_ value: Int, import Networking: Int) {}
let loaded = load(import: 1)
