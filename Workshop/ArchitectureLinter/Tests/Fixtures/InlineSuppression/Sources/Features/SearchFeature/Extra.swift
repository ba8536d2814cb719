// architecture:allow undeclared-import — the in-process transport is this fixture's subject
import Networking
import BookingData  // architecture:allow undeclared-import

// architecture:allow testable-import — nothing below is a @testable import
let nothing = 0
// architecture:allow undeclared-imports — a misspelt rule

/* architecture:allow undeclared-import — a block comment suppresses nothing */
let alsoNothing = 0
