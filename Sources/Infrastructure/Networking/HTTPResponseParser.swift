import Foundation

/// Reads an HTTP/1.1 response from bytes as they arrive: the status line and headers, then a
/// body framed by `Content-Length`, by chunked transfer encoding, or by the end of the stream.
/// Malformed input is a `transportFailed`: an answer that cannot be read.
struct HTTPResponseParser {
  private var bytes: [UInt8] = []

  mutating func append(_ chunk: ArraySlice<UInt8>) { bytes.append(contentsOf: chunk) }

  /// The whole response once it has arrived, `nil` while more is needed.
  func response(atEndOfStream: Bool) throws(HTTPError) -> TransportResponse? {
    guard let headEnd = Self.find([13, 10, 13, 10], in: bytes[...]) else {
      if atEndOfStream { throw .transportFailed(reason: "the answer ended inside its headers") }
      return nil
    }
    let lines = String(decoding: bytes[..<headEnd], as: UTF8.self).components(separatedBy: "\r\n")
    let statusParts = lines[0].split(separator: " ", maxSplits: 2)
    guard statusParts.count >= 2, statusParts[0].hasPrefix("HTTP/1."),
      let status = Int(statusParts[1]), (100...599).contains(status)
    else { throw .transportFailed(reason: "the answer is not HTTP/1.1") }
    var headers: [String: String] = [:]
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()] =
        line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    let body = bytes[(headEnd + 4)...]
    if headers["transfer-encoding"]?.lowercased().contains("chunked") == true {
      guard let decoded = try Self.dechunk(body) else {
        if atEndOfStream { throw .transportFailed(reason: "the answer ended inside a chunk") }
        return nil
      }
      return TransportResponse(status: status, headers: headers, body: Data(decoded))
    }
    if let text = headers["content-length"] {
      guard let length = Int(text), length >= 0 else {
        throw .transportFailed(reason: "the answer has an unreadable Content-Length")
      }
      guard body.count >= length else {
        if atEndOfStream {
          throw .transportFailed(reason: "the answer ended after \(body.count) of \(length) bytes")
        }
        return nil
      }
      return TransportResponse(status: status, headers: headers, body: Data(body.prefix(length)))
    }
    if status == 204 || status == 304 || (100..<200).contains(status) {
      return TransportResponse(status: status, headers: headers)
    }
    return atEndOfStream
      ? TransportResponse(status: status, headers: headers, body: Data(body)) : nil
  }

  /// The body of a chunked answer, `nil` until its last chunk has arrived.
  private static func dechunk(_ input: ArraySlice<UInt8>) throws(HTTPError) -> [UInt8]? {
    var output: [UInt8] = []
    var rest = input
    while true {
      guard let lineEnd = find([13, 10], in: rest) else { return nil }
      let sizeText =
        String(decoding: rest[rest.startIndex..<lineEnd], as: UTF8.self)
        .split(separator: ";").first.map(String.init) ?? ""
      guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16), size >= 0
      else { throw .transportFailed(reason: "the answer has an unreadable chunk size") }
      let start = lineEnd + 2
      if size == 0 { return output }
      guard rest.endIndex >= start + size + 2 else { return nil }
      output.append(contentsOf: rest[start..<(start + size)])
      rest = rest[(start + size + 2)...]
    }
  }

  private static func find(_ needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Int? {
    guard haystack.count >= needle.count else { return nil }
    var index = haystack.startIndex
    while index <= haystack.endIndex - needle.count {
      if haystack[index] == needle[0],
        haystack[index..<(index + needle.count)].elementsEqual(needle)
      {
        return index
      }
      index += 1
    }
    return nil
  }
}
