class ResultsViewModel {}

final class FiltersViewModel {}
