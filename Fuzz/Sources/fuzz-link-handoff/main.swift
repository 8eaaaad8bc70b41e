// The link hand-off protocol (`fun --open URL` to a running `fun`, over its socket) on any bytes
// a client or an app could send.
//
// Checks what `LinkHandoffMessage` promises: the app reads a request line (cut at its newline, as
// the listener cuts it) as a URL or refuses it, and its reply to anything reads back on the
// client's side as the same reply, on one line, without control characters, at most
// `maximumReasonLength` characters; the request the client sends for a URL reads back as that
// URL with its line breaks percent-encoded (unless it ends in a carriage return, which belongs to
// the line's ending). Both ends make a
// reason safe with the sanitiser the app gives them, `TextSanitizer`.
import FunFrontend
import FuzzSupport

@testable import FunLinkHandoff

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = Fuzzer.bytes(data, size)
  let line = bytes.prefix { $0 != UInt8(ascii: "\n") }.prefix(LinkHandoffMessage.maximumLength)
  let reply: LinkHandoffMessage.Reply
  do {
    let url = try LinkHandoffMessage.url(inRequest: line)
    precondition(!url.isEmpty && !url.contains("\n"), "\(Array(line)) reads as the URL \(url.debugDescription)")
    reply = .accepted
  } catch {
    reply = .refused(error.reason)
  }
  checkReadsBack(reply)
  checkReadsBack(.refused(String(decoding: bytes, as: UTF8.self)))
  if let reply = LinkHandoffMessage.Reply(line: line, sanitize: TextSanitizer.sanitize) {
    checkReadsBack(reply)
  }

  let url = String(decoding: line, as: UTF8.self)
  guard !url.isEmpty, !url.hasSuffix("\r") else { return 0 }
  let request = LinkHandoffMessage.request(opening: url)
  precondition(request.last == UInt8(ascii: "\n"), "a request must end its line")
  let received = try? LinkHandoffMessage.url(inRequest: request.dropLast())
  // A request is one line: the link's own line breaks travel percent-encoded.
  let sent = url.unicodeScalars.map { $0 == "\r" ? "%0D" : $0 == "\n" ? "%0A" : String($0) }.joined()
  precondition(received == sent, "the request for \(url.debugDescription) reads as \(received.debugDescription)")
  return 0
}

/// Checks that the client reads `reply`, as the app sends it, as what the app meant: one line,
/// and for a refusal the reason made safe (`oneLine`: no control characters, at most
/// `maximumReasonLength` characters).
func checkReadsBack(_ reply: LinkHandoffMessage.Reply) {
  let sent = reply.bytes(sanitize: TextSanitizer.sanitize)
  precondition(
    sent.last == UInt8(ascii: "\n") && sent.count { $0 == UInt8(ascii: "\n") } == 1, "\(reply): not one line")
  let received = LinkHandoffMessage.Reply(line: sent.dropLast(), sanitize: TextSanitizer.sanitize)
  switch reply {
  case .accepted:
    precondition(received == .accepted, "the client reads `ok` as \(String(describing: received))")
  case .refused(let reason):
    let meant = LinkHandoffMessage.oneLine(reason, sanitize: TextSanitizer.sanitize)
    precondition(
      received == .refused(meant),
      "the app means \(meant.debugDescription), the client reads \(String(describing: received))")
    precondition(meant.count <= LinkHandoffMessage.maximumReasonLength, "a reason of \(meant.count) characters")
    precondition(
      !meant.unicodeScalars.contains { $0.properties.generalCategory == .control },
      "the reason \(meant.debugDescription) has control characters")
  }
}

Fuzzer.run()
