import Foundation

func announce(_ trips: Int) {
  print("found \(trips) trips")
}
