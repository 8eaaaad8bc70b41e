import Foundation
import FunApp

// The composition root's executable: everything lives in FunApp so tests can drive it.
exit(await FunMain.run(arguments: Array(CommandLine.arguments.dropFirst())))
