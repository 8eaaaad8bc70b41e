import FunCore
import FunModel

/// A ``/FunModel/ClipboardService`` that records every text offered to it and answers as told.
public final class MockClipboardService: ClipboardService {
  private let copies = Locked<[String]>([])
  private let answer: Bool

  /// Creates the mock; `reaches` is what ``copy(_:)`` answers (a terminal clipboard by
  /// default).
  public init(reaches: Bool = true) {
    answer = reaches
  }

  /// Every text offered, oldest first.
  public var copiedTexts: [String] {
    copies.withLock { $0 }
  }

  public func copy(_ text: String) -> Bool {
    copies.withLock { $0.append(text) }
    return answer
  }
}
