import SharedKernel
import Testing

@Suite("Calendar dates")
struct CalendarDateTests {
  @Test func parsesTheISOCalendarForm() throws {
    let date = try #require(CalendarDate(iso8601: "2028-02-29"))
    #expect((date.year, date.month, date.day) == (2028, 2, 29))
    #expect(date.description == "2028-02-29")
  }

  @Test(arguments: [
    "2027-02-29", "2027-13-01", "2027-04-31", "2027-3-4", "27-03-04", "2027/03/04", "",
    "2027-03-04T10:00",
  ])
  func rejectsMalformedOrImpossibleDays(text: String) {
    #expect(CalendarDate(iso8601: text) == nil)
  }

  @Test func dayArithmeticCrossesMonthsAndLeapYears() throws {
    let start = try #require(CalendarDate(iso8601: "2028-02-27"))
    #expect(start.adding(days: 3).description == "2028-03-01")
    #expect(start.days(until: start.adding(days: 400)) == 400)
    #expect(CalendarDate(daysSinceEpoch: 0).description == "1970-01-01")
  }

  @Test func daysSinceEpochRoundTripsForEveryDayOfFourYears() {
    for days in 20_000..<(20_000 + 4 * 366) {
      #expect(CalendarDate(daysSinceEpoch: days).daysSinceEpoch == days)
    }
  }
}
