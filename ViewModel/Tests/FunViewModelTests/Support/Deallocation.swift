import Testing

@testable import FunCore

/// Expects that the object `make` builds is gone once the test lets go of it, after its
/// tasks in `time` have started (and, with `afterStart`, done something) and the app has
/// settled again, so a task that still held it would be caught.
@MainActor
func expectDeallocation<Object: AnyObject>(
  in time: VirtualTime,
  of make: () -> Object,
  afterStart: (Object) async throws -> Void = { _ in },
  sourceLocation: SourceLocation = #_sourceLocation
) async throws {
  weak var released: Object?
  do {
    let object = make()
    released = object
    try await time.settle()
    try await afterStart(object)
  }
  try await time.settle()
  #expect(released == nil, "the object is still alive", sourceLocation: sourceLocation)
}
