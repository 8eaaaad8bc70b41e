import FunCore
import Testing

/// Expects that the object `make` builds is gone once the test lets go of it, after its
/// tasks have had the chance to start (and, with `afterStart`, to do something).
@MainActor
func expectDeallocation<Object: AnyObject>(
  of make: () -> Object,
  afterStart: (Object) async -> Void = { _ in },
  sourceLocation: SourceLocation = #_sourceLocation
) async {
  weak var released: Object?
  do {
    let object = make()
    released = object
    await Task.yieldRepeatedly()
    await afterStart(object)
  }
  await Task.yieldRepeatedly()
  #expect(released == nil, "the object is still alive", sourceLocation: sourceLocation)
}
