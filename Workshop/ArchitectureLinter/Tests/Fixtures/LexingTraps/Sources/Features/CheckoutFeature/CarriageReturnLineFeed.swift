// A file whose lines end in CRLF.
let crlf = 1
// import Networking
