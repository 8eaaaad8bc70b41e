import Testing

@testable import FunFrontend

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How the crash handler tells a crash signal another process sent (which ends the app) from a
/// crash (which goes on to the crash reporter), from what the kernel says of the signal. The
/// pseudo-terminal tests can send signals only from outside; this is the other half.
@Suite("A crash signal's sender")
struct CrashSenderTests {
  /// The process the signals are delivered to, and another one.
  private static let own: pid_t = 4_000
  private static let other: pid_t = 5_000

  /// A signal's information with `code` and `sender`, as the kernel fills it in.
  private static func information(code: Int, sender: pid_t) -> siginfo_t {
    var information = siginfo_t()
    information.si_code = Int32(code)
    #if canImport(Glibc)
      information._sifields._kill.si_pid = sender
    #else
      information.si_pid = sender
    #endif
    return information
  }

  #if canImport(Glibc)
    @Test(
      "Linux: kill and sigqueue from another process are sent; a fault, or the process's own abort, is a crash",
      arguments: [
        (SI_USER, other, true), (SI_QUEUE, other, true), (SI_TKILL, other, true),
        (SI_TKILL, own, false), (SI_USER, own, false), (SEGV_MAPERR, 0, false), (ILL_ILLOPN, 0, false),
      ] as [(Int, pid_t, Bool)])
    func linux(code: Int, sender: pid_t, isSent: Bool) {
      let information = Self.information(code: code, sender: sender)
      #expect(TerminalRestoration.isSentByAnotherProcess(information, to: Self.own) == isSent)
    }
  #else
    @Test(
      "Darwin: a signal with another process as its sender is sent; one with none (a trap, a fault) or with this one is a crash",
      arguments: [
        (0, other, true), (0, 0, false), (0, own, false), (Int(SEGV_ACCERR), 0, false), (Int(ILL_ILLTRP), 0, false),
      ] as [(Int, pid_t, Bool)])
    func darwin(code: Int, sender: pid_t, isSent: Bool) {
      let information = Self.information(code: code, sender: sender)
      #expect(TerminalRestoration.isSentByAnotherProcess(information, to: Self.own) == isSent)
    }
  #endif
}
