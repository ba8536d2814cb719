let red = "\u{1B}[31m"
