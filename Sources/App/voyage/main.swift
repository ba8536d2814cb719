import AppComposition
import Foundation

exit(await Voyage.main())
