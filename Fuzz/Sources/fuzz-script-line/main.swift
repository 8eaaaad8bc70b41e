// One line of a script (`fun --script`, the `:` command line) from any text.
//
// Checks what `ScriptCommand.parse` promises: any line gives a command, an error or (for a blank
// line or a `#` comment, and only then) nothing; whitespace around a line changes nothing; and
// the values it accepts are in the ranges its errors name.
import Foundation
import FunModel
import FuzzSupport

@testable import FunApp

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let line = Fuzzer.text(data, size)
  let result = parse(line)
  let padded = parse(" \t" + line + " ")
  precondition(padded == result, "\(line.debugDescription) gives \(result), padded with whitespace \(padded)")

  let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
  let isBlankOrComment = trimmed.isEmpty || trimmed.hasPrefix("#")
  guard case .success(let command) = result else {
    precondition(!isBlankOrComment, "the blank or comment line \(line.debugDescription) is an error: \(result)")
    return 0
  }
  precondition((command == nil) == isBlankOrComment, "\(line.debugDescription) gives \(String(describing: command))")
  switch command {
  case .click(let column, let row), .wheel(_, let column, let row):
    precondition(column >= 1 && row >= 1, "cells are counted from 1: \(line.debugDescription)")
  case .select(.row(let row)), .open(.row(let row)?):
    precondition(row >= 1, "rows are counted from 1: \(line.debugDescription)")
  case .wait(let duration):
    precondition(duration >= .zero && duration <= .seconds(86_400), "a wait of \(duration): \(line.debugDescription)")
  case .favorite(let id?), .select(.id(let id)), .open(.id(let id)?):
    precondition(DeepLink.isValidID(id), "the id \(id.debugDescription) is not a slug: \(line.debugDescription)")
  default:
    break
  }
  return 0
}

/// `line` parsed, its error kept as a value so that two results compare.
func parse(_ line: String) -> Result<ScriptCommand?, ScriptCommand.ParseError> {
  Result { () throws(ScriptCommand.ParseError) in try ScriptCommand.parse(line) }
}

Fuzzer.run()
