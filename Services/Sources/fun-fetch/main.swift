// fun-fetch: fetches a remote catalog with URLSession for `fun --catalog http(s)://…`.
//
// A process of its own so that `fun` never loads FoundationNetworking (libcurl and its
// libraries) at start-up; see CatalogFetchHelper in FunServices for the whole contract.
import Foundation
import FunCore
import FunServices

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes all of `data` to a file descriptor.
func writeAll(_ data: Data, to descriptor: Int32) {
  data.withUnsafeBytes { FileDescriptorWriter.writeAll(descriptor, $0) }
}

/// Ends the process when standard input reaches end of file: the caller has closed its pipe or
/// is gone. A thread of its own, since the read blocks.
func exitWhenInputEnds() {
  Thread.detachNewThread {
    var buffer = [UInt8](repeating: 0, count: 64)
    while true {
      let count = read(STDIN_FILENO, &buffer, buffer.count)
      if count < 0, errno == EINTR { continue }
      if count <= 0 { _exit(3) }
    }
  }
}

// A caller that ignores SIGTERM passes that on; cancelling relies on SIGTERM ending the helper.
signal(SIGTERM, SIG_DFL)

switch CatalogFetchHelper.Request.parse(Array(CommandLine.arguments.dropFirst())) {
case .failure(let usage):
  writeAll(Data("\(CatalogFetchHelper.executableName): \(usage.message)\n".utf8), to: STDERR_FILENO)
  exit(2)
case .success(let request):
  exitWhenInputEnds()
  do throws(CatalogFetchHelper.Failure) {
    let body = try await URLSessionFetcher(request: request).fetch()
    writeAll(body, to: STDOUT_FILENO)
    exit(0)
  } catch {
    // Encoding a small enum of strings and numbers cannot fail.
    let report = (try? JSONEncoder().encode(error)) ?? Data(#"{"network":{"reason":"unknown"}}"#.utf8)
    writeAll(report, to: STDOUT_FILENO)
    exit(1)
  }
}
