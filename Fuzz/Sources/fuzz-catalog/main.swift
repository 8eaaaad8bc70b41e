// The catalog decoder (the bundled catalog, `--catalog` files and pipes, http catalogs) on any bytes.
//
// Checks what `CatalogDecoder` promises, that it never traps and that the ids of the items it
// returns are slugs, each once; and that those items, written back the catalog's way
// (`FeaturedItem`'s own coding, in an `items` array), decode to the same items.
import Foundation
import FunModel
import FuzzSupport

@testable import FunServices

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let decoder = CatalogDecoder()
  guard let items = try? decoder.decode(Data(Fuzzer.bytes(data, size))) else { return 0 }
  for item in items {
    precondition(DeepLink.isValidID(item.id), "the id \(item.id.debugDescription) is not a slug")
  }
  precondition(Set(items.map(\.id)).count == items.count, "an id appears twice in \(items.map(\.id))")

  let written: Data
  do {
    written = try JSONEncoder().encode(["items": items])
  } catch {
    preconditionFailure("decoded items do not encode: \(error)")
  }
  let again = try? decoder.decode(written)
  precondition(again == items, "written back and decoded, \(items) became \(String(describing: again))")
  return 0
}

Fuzzer.run()
