func wrap(_ text: String) -> String { text }
let wrapped = "\(wrap("""
  import Networking
  """))"
