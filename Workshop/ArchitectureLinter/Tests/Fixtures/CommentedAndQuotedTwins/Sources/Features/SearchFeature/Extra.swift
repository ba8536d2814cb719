// import Networking
/* import Networking */
/* outer /* nested import Networking */ still a comment: import Networking */
let multiline = """
  import Networking
  URLSession.shared
  """
let raw = #"import Networking "quoted" \(URLSession.shared) PaymentReceipt("#
let rawMultiline = ##"""
  import Networking
  """##
#if false
  import Networking
  let session = URLSession.shared
#endif
let importSomething = 1
func importData() {}
let `import` = 2
#if canImport(Glibc)
  let platform = "linux"
#else
  let platform = "other"
#endif
