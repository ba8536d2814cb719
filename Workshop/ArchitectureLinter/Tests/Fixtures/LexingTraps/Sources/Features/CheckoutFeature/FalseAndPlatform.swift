#if false && os(Linux)
  import Networking
#endif
#if NOT_DEFINED_ANYWHERE
  import Networking
#endif
