let slashStar = /a\/*b/
import Networking
let after = 1  // */
