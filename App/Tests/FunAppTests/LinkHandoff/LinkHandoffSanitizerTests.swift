import Testing

@testable import FunFrontend
@testable import FunLinkHandoff

/// The hand-off as the app sets it up: with `TextSanitizer`, which FunMain gives both ends.
@Suite("The link hand-off with the app's sanitiser")
struct LinkHandoffSanitizerTests {
  @Test("A reason is one clean line: no escape sequences or line breaks from a client, and at most 200 characters")
  func reasonsAreOneCleanLine() {
    let hostile = "bad\u{1B}]0;owned\u{07}\nlink " + String(repeating: "x", count: 500)
    let reply = LinkHandoffMessage.Reply.refused(hostile).bytes(sanitize: TextSanitizer.sanitize)
    #expect(reply.filter { $0 == UInt8(ascii: "\n") }.count == 1)
    #expect(!reply.contains(0x1B))
    let reason = String(decoding: reply.dropFirst("error ".count).dropLast(), as: UTF8.self)
    #expect(reason.count == LinkHandoffMessage.maximumReasonLength)
    #expect(reason.hasPrefix("bad link xxx") && reason.hasSuffix("…"))
  }
}
