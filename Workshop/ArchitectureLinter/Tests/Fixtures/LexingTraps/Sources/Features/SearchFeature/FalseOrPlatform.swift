#if false || os(Linux)
  import Networking
#endif
