import Foundation
import TripsApp

let result = await TripsCommand().run(Array(CommandLine.arguments.dropFirst()))
if result.status == 0 {
  print(result.output)
} else {
  FileHandle.standardError.write(Data((result.output + "\n").utf8))
}
exit(result.status)
