import Testing

@testable import FunApp

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
    #expect(LinkHandoffMessage.Reply.accepted.bytes == Array("ok\n".utf8))
    #expect(LinkHandoffMessage.Reply.refused("no such tab").bytes == Array("error no such tab\n".utf8))
    #expect(LinkHandoffMessage.Reply(line: Array("ok".utf8)) == .accepted)
    #expect(LinkHandoffMessage.Reply(line: Array("error no such tab".utf8)) == .refused("no such tab"))
    #expect(LinkHandoffMessage.Reply(line: Array("okay".utf8)) == nil)
    #expect(LinkHandoffMessage.Reply(line: [0xFF]) == nil)
  }

  /// Found by the fuzz target `fuzz-link-handoff`: read as characters, `error ` and a reason
  /// that starts with a combining mark (U+05A8 here) share one character, so the client could
  /// not read the reply; `open ` and such a URL likewise.
  @Test("A reason or a URL that starts with a combining mark reads back as sent")
  func combiningMarkAfterTheVerb() throws {
    let reason = "\u{05A8}no such tab"
    let reply = LinkHandoffMessage.Reply.refused(reason).bytes
    #expect(LinkHandoffMessage.Reply(line: reply.dropLast()) == .refused(reason))
    let url = "\u{0301}funapp://tab/home"
    #expect(try LinkHandoffMessage.url(inRequest: LinkHandoffMessage.request(opening: url).dropLast()) == url)
  }

  @Test("A reason is one clean line: no escape sequences or line breaks from a client, and at most 200 characters")
  func reasonsAreOneCleanLine() {
    let hostile = "bad\u{1B}]0;owned\u{07}\nlink " + String(repeating: "x", count: 500)
    let reply = LinkHandoffMessage.Reply.refused(hostile).bytes
    #expect(reply.filter { $0 == UInt8(ascii: "\n") }.count == 1)
    #expect(!reply.contains(0x1B))
    let reason = String(decoding: reply.dropFirst("error ".count).dropLast(), as: UTF8.self)
    #expect(reason.count == LinkHandoffMessage.maximumReasonLength)
    #expect(reason.hasPrefix("bad link xxx") && reason.hasSuffix("…"))
  }
}
