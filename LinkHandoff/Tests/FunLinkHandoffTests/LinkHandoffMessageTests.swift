import FunModel
import Testing

@testable import FunLinkHandoff

@Suite("The link hand-off's wire protocol")
struct LinkHandoffMessageTests {
  @Test("A request is `open <url>` and a newline; the listener reads the URL back, with or without a CR")
  func requestRoundTrip() throws {
    let bytes = LinkHandoffMessage.request(opening: "funapp://item/swiftui?tab=search")
    #expect(bytes == Array("open funapp://item/swiftui?tab=search\n".utf8))
    #expect(try LinkHandoffMessage.url(inRequest: bytes.dropLast()) == "funapp://item/swiftui?tab=search")
    #expect(try LinkHandoffMessage.url(inRequest: Array("open funapp://tab/home\r".utf8)) == "funapp://tab/home")
  }

  @Test(
    "Anything but `open <url>` in UTF-8 is malformed, with a reason",
    arguments: [
      (Array("hello".utf8), "unknown request: expected `open <url>`"),
      (Array("OPEN funapp://tab/home".utf8), "unknown request: expected `open <url>`"),
      (Array("open ".utf8), "`open` needs a URL"),
      (Array("".utf8), "unknown request: expected `open <url>`"),
      ([0x6F, 0x70, 0x65, 0x6E, 0x20, 0xFF, 0xFE], "the request is not UTF-8"),
    ]
  )
  func malformedRequests(line: [UInt8], reason: String) {
    #expect(throws: LinkHandoffMessage.Malformed(reason: reason)) {
      try LinkHandoffMessage.url(inRequest: line)
    }
  }

  @Test("Replies are `ok` or `error <reason>`; anything else is not a reply")
  func replies() {
    let sanitize = TestSanitizer.sanitize
    #expect(LinkHandoffMessage.Reply.accepted.bytes(sanitize: sanitize) == Array("ok\n".utf8))
    #expect(
      LinkHandoffMessage.Reply.refused("no such tab").bytes(sanitize: sanitize) == Array("error no such tab\n".utf8))
    #expect(LinkHandoffMessage.Reply(line: Array("ok".utf8), sanitize: sanitize) == .accepted)
    #expect(
      LinkHandoffMessage.Reply(line: Array("error no such tab".utf8), sanitize: sanitize) == .refused("no such tab"))
    #expect(LinkHandoffMessage.Reply(line: Array("okay".utf8), sanitize: sanitize) == nil)
    #expect(LinkHandoffMessage.Reply(line: [0xFF], sanitize: sanitize) == nil)
  }

  /// Found by the fuzz target `fuzz-link-handoff`: read as characters, `error ` and a reason
  /// that starts with a combining mark (U+05A8 here) share one character, so the client could
  /// not read the reply; `open ` and such a URL likewise.
  @Test("A reason or a URL that starts with a combining mark reads back as sent")
  func combiningMarkAfterTheVerb() throws {
    let reason = "\u{05A8}no such tab"
    let reply = LinkHandoffMessage.Reply.refused(reason).bytes(sanitize: TestSanitizer.sanitize)
    #expect(LinkHandoffMessage.Reply(line: reply.dropLast(), sanitize: TestSanitizer.sanitize) == .refused(reason))
    let url = "\u{0301}funapp://tab/home"
    #expect(try LinkHandoffMessage.url(inRequest: LinkHandoffMessage.request(opening: url).dropLast()) == url)
  }

  @Test(
    "A reason is one line: cleaned by the sanitiser given, a line break it leaves made a space, at most 200 characters"
  )
  func reasonsAreOneLine() {
    let hostile = "bad\u{1B}]0;owned\u{07}\nlink " + String(repeating: "x", count: 500)
    let reply = LinkHandoffMessage.Reply.refused(hostile).bytes(sanitize: TestSanitizer.sanitize)
    #expect(reply.filter { $0 == UInt8(ascii: "\n") }.count == 1)
    #expect(!reply.contains(0x1B) && !reply.contains(0x07))
    let reason = String(decoding: reply.dropFirst("error ".count).dropLast(), as: UTF8.self)
    #expect(reason.count == LinkHandoffMessage.maximumReasonLength)
    #expect(reason.hasPrefix("bad]0;owned link xxx") && reason.hasSuffix("…"))
    let received = LinkHandoffMessage.Reply(line: Array("error \(hostile)".utf8), sanitize: TestSanitizer.sanitize)
    #expect(received == .refused(reason))
  }

  @Test(
    "A link with a line break travels as one line: CR and LF go percent-encoded, which reads as the same link",
    arguments: [
      "funapp://search?q=a\nb", "funapp://search?q=a\r\nb\r", "funapp://search?q=\n",
      // A combining mark after a CR: string search treats the pair as one character and would skip it.
      "funapp://search?q=a\r\u{05A8}b", "funapp://search?q=\n\u{0301}",
    ])
  func lineBreaksStayOneLine(url: String) throws {
    let bytes = LinkHandoffMessage.request(opening: url)
    #expect(bytes.firstIndex(of: UInt8(ascii: "\n")) == bytes.count - 1, "\(url.debugDescription)")
    #expect(!bytes.contains(UInt8(ascii: "\r")))
    let received = try LinkHandoffMessage.url(inRequest: bytes.dropLast())
    #expect(try DeepLink(parsing: received) == DeepLink(parsing: url))
  }
}
