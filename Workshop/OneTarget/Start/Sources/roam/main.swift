import Foundation
import Roam

exit(RoamApp.main(CommandLine.arguments))
