func wrap(_ text: String) -> String { text }
let wrapped = "\(wrap("""
  inner
  """))"
import Networking
