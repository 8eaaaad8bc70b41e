#if canImport(Glibc)
  import Glibc
#endif

/// Gives memory that has been freed back to the system, where the C library would keep it.
///
/// glibc's allocator keeps freed memory in its arenas, one per group of threads, for reuse,
/// and returns it to the system only from the top of each heap. URLSession allocates every
/// chunk it reads on its own threads, so a failed load against a server that never ends its
/// body leaves 50–80 MB resident after its last byte is freed, and more whenever the next
/// load's chunks land in another arena. glibc's `malloc_trim(0)` returns every free page of
/// every arena (a few milliseconds). Other C libraries (Darwin's, musl's) give free pages back
/// by themselves, so there it does nothing.
enum FreedMemory {
  #if canImport(Glibc)
    /// `malloc_trim`, looked up once: Swift's Glibc module leaves out `malloc.h`, which
    /// declares it. Not under ThreadSanitizer or AddressSanitizer: their allocator owns the
    /// heap, and glibc's arenas, which `malloc_trim` walks, are not set up for it.
    private static let trim: (@convention(c) (Int) -> Int32)? = {
      guard let program = dlopen(nil, RTLD_NOW),
        dlsym(program, "__tsan_init") == nil, dlsym(program, "__asan_init") == nil,
        let symbol = dlsym(program, "malloc_trim")
      else { return nil }
      return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
    }()
  #endif

  /// Returns the free pages of the C library's heaps to the system.
  static func returnToSystem() {
    #if canImport(Glibc)
      _ = trim?(0)
    #endif
  }
}
