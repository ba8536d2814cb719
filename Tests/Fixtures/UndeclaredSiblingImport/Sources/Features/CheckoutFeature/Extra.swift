import SearchFeature

func showResults() {}
