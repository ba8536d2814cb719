/// A request the command turns down before it changes anything: a bad name, an unknown layer, a
/// module that already exists. It ends the process with status 64, the status of a usage error.
struct Refusal: Error, Equatable {
  let message: String

  init(_ message: String) { self.message = message }
}
