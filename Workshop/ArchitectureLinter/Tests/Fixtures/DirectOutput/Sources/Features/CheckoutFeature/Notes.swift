// The word print in a comment, and "print(\"x\")" in a string, are not calls.
let note = "print(\"x\") writes nothing here"
