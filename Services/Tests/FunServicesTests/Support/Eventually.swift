import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whether `condition` holds within a minute (generous for the thread sanitizer on a loaded
/// machine), checked again and again, until it does, on a
/// thread of its own (not the cooperative pool's, which it would keep busy).
func eventually(_ condition: @escaping @Sendable () -> Bool) async -> Bool {
  await withCheckedContinuation { continuation in
    Thread {
      let deadline = ContinuousClock.now.advanced(by: .seconds(60))
      var holds = condition()
      while !holds, ContinuousClock.now < deadline {
        sched_yield()
        holds = condition()
      }
      continuation.resume(returning: holds)
    }.start()
  }
}
