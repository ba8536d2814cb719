import CommandLineInterface
import Foundation

exit(await Voyage.main())
