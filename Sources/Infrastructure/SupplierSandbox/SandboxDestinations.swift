import SharedKernel

/// A destination the sandbox sells trips to, with the currency its trips are priced in.
struct SandboxDestination: Sendable {
  /// The prefix of its trips' identifiers, such as `LIS`.
  let code: String
  let city: String
  let country: String
  /// Other names a traveller may type ("tokyo" for 東京), already folded.
  let aliases: [String]
  let currency: Currency
  /// A typical price for one traveller, in major units; trips vary around it.
  let typicalPrice: Int64

  init(
    _ code: String, _ city: String, _ country: String, _ currency: Currency, _ typicalPrice: Int64,
    aliases: [String] = []
  ) {
    self.code = code
    self.city = city
    self.country = country
    self.currency = currency
    self.typicalPrice = typicalPrice
    self.aliases = aliases
  }

  /// Every destination, on six continents; names keep their diacritics and scripts.
  static let all: [SandboxDestination] = [
    // Europe
    .init("LIS", "Lisbon", "Portugal", .eur, 450, aliases: ["lisboa"]),
    .init("OPO", "Porto", "Portugal", .eur, 380),
    .init("MAD", "Madrid", "Spain", .eur, 420),
    .init("BCN", "Barcelona", "Spain", .eur, 520),
    .init("PAR", "Paris", "France", .eur, 690),
    .init("ROM", "Rome", "Italy", .eur, 610, aliases: ["roma"]),
    .init("VCE", "Venice", "Italy", .eur, 720, aliases: ["venezia"]),
    .init("ATH", "Athens", "Greece", .eur, 480),
    .init("BER", "Berlin", "Germany", .eur, 430),
    .init("AMS", "Amsterdam", "Netherlands", .eur, 560),
    .init("VIE", "Vienna", "Austria", .eur, 540, aliases: ["wien"]),
    .init("PRG", "Prague", "Czechia", .eur, 360, aliases: ["praha"]),
    .init("KRK", "Kraków", "Poland", .pln, 1_900, aliases: ["cracow"]),
    .init("WAW", "Warsaw", "Poland", .pln, 1_700, aliases: ["warszawa"]),
    .init("LON", "London", "United Kingdom", .gbp, 640),
    .init("EDI", "Edinburgh", "United Kingdom", .gbp, 520),
    .init("ZRH", "Zürich", "Switzerland", .chf, 980),
    .init("GVA", "Genève", "Switzerland", .chf, 890, aliases: ["geneva"]),
    .init("REK", "Reykjavík", "Iceland", .eur, 1_100),
    .init("CPH", "København", "Denmark", .eur, 760, aliases: ["copenhagen"]),
    .init("IST", "İstanbul", "Türkiye", .try, 18_000, aliases: ["turkey"]),
    // Asia
    .init("TYO", "東京", "Japan", .jpy, 180_000, aliases: ["tokyo"]),
    .init("KYO", "京都", "Japan", .jpy, 150_000, aliases: ["kyoto"]),
    .init("OSA", "大阪", "Japan", .jpy, 140_000, aliases: ["osaka"]),
    .init("SEL", "서울", "South Korea", .krw, 1_400_000, aliases: ["seoul"]),
    .init("BKK", "Bangkok", "Thailand", .usd, 520),
    .init("SIN", "Singapore", "Singapore", .usd, 880),
    .init("HKG", "香港", "Hong Kong", .usd, 760, aliases: ["hong kong"]),
    .init("DXB", "Dubai", "United Arab Emirates", .usd, 940),
    .init("KWI", "Kuwait City", "Kuwait", .kwd, 290),
    .init("DEL", "Delhi", "India", .usd, 450),
    // Americas
    .init("NYC", "New York", "United States", .usd, 980),
    .init("SFO", "San Francisco", "United States", .usd, 920),
    .init("MEX", "Ciudad de México", "Mexico", .usd, 540, aliases: ["mexico city"]),
    .init("CUN", "Cancún", "Mexico", .usd, 780),
    .init("GRU", "São Paulo", "Brazil", .brl, 3_200),
    .init("RIO", "Rio de Janeiro", "Brazil", .brl, 3_600),
    .init("BUE", "Buenos Aires", "Argentina", .usd, 690),
    .init("LIM", "Lima", "Peru", .usd, 610),
    .init("YUL", "Montréal", "Canada", .usd, 720),
    .init("BOG", "Bogotá", "Colombia", .usd, 480),
    // Africa
    .init("CPT", "Cape Town", "South Africa", .usd, 840),
    .init("RAK", "Marrakech", "Morocco", .eur, 430),
    .init("CAI", "Cairo", "Egypt", .usd, 520),
    .init("ZNZ", "Zanzibar", "Tanzania", .usd, 990),
    // Oceania
    .init("SYD", "Sydney", "Australia", .aud, 1_600),
    .init("MEL", "Melbourne", "Australia", .aud, 1_450),
    .init("AKL", "Auckland", "New Zealand", .aud, 1_700),
    .init("ZQN", "Queenstown", "New Zealand", .aud, 1_900),
  ]
}
