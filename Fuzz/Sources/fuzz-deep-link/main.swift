// Deep links (`funapp://…`, `https://fun.example/…`) from any text.
//
// Checks what `DeepLink` promises: parsing never traps, and a link it parses formats (`url`) to
// the canonical form, which parses back to the same link and formats to the same text.
import FunModel
import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let text = Fuzzer.text(data, size)
  guard let link = try? DeepLink(parsing: text) else { return 0 }
  let url = link.url
  let again: DeepLink
  do {
    again = try DeepLink(parsing: url)
  } catch {
    preconditionFailure(
      "\(text.debugDescription) parses as \(link), whose url \(url.debugDescription) does not: \(error)")
  }
  precondition(again == link, "\(text.debugDescription) parses as \(link), its url \(url) as \(again)")
  precondition(again.url == url, "the url of \(link) is \(url), then \(again.url)")
  return 0
}

Fuzzer.run()
