/// Work that did not go idle in time: the names of the tasks that were still busy.
public struct StillBusy: Error, Equatable, Sendable, CustomStringConvertible {
  /// The busy tasks' names, sorted.
  let taskNames: [String]

  /// Creates the error for `taskNames`.
  init(taskNames: [String]) {
    self.taskNames = taskNames
  }

  /// `still busy: <names>`, the text a script shows for a command that never settled.
  public var description: String {
    "still busy: " + taskNames.joined(separator: ", ")
  }
}
