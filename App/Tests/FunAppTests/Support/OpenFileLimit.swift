#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The test process's limit on open files, raised for tests that open many at once.
///
/// macOS starts a process with a soft limit of 256, which a test opening 100 sockets while other
/// suites run can reach; Linux usually starts at 1024 or more. The soft limit may be raised up to
/// the hard one without privileges.
enum OpenFileLimit {
  /// Raises the soft limit to at least `needed` (as far as the hard limit allows); returns the
  /// soft limit now.
  @discardableResult
  static func raise(toAtLeast needed: rlim_t) -> rlim_t {
    var limit = rlimit()
    guard getrlimit(resourceKind, &limit) == 0 else { return 0 }
    let wanted = softLimit(current: limit.rlim_cur, hard: limit.rlim_max, needed: needed)
    guard wanted != limit.rlim_cur else { return wanted }
    limit.rlim_cur = wanted
    return setrlimit(resourceKind, &limit) == 0 ? wanted : limit.rlim_cur
  }

  /// The soft limit to set: `current` if it is enough, else `needed`, but never above `hard`.
  static func softLimit(current: rlim_t, hard: rlim_t, needed: rlim_t) -> rlim_t {
    current >= needed ? current : min(needed, hard)
  }

  #if canImport(Glibc)
    private static let resourceKind = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
  #else
    private static let resourceKind = RLIMIT_NOFILE
  #endif
}
