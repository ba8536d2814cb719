// Never call URLSession here: repositories do.
func notes() {}
