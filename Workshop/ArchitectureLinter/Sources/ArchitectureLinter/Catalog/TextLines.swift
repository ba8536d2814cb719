import Foundation

/// The lines of a text file, ended by LF, CR LF or CR alike: a baseline, a manifest or a
/// CODEOWNERS checked out with CRLF line ends reads the same. Swift reads CR LF as one
/// character, which a split at "\n" alone would never find.
func textLines(_ text: String) -> [String] {
  text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
    .map(String.init)
}
