import SiblingExtras

struct UsesExtras {}
