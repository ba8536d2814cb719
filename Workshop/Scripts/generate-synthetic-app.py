#!/usr/bin/env python3
"""Writes the same synthetic travel app at a size, in one of two shapes, for measuring where
modules start to pay (Workshop/Scripts/measure-size-curve.sh).

  Workshop/Scripts/generate-synthetic-app.py --features N --shape single|modules --out DIR

The app has N features in the travel domain's shape: each a screen, a view model, a use case and
its models and its business rules, calling shared infrastructure (a catalog, a store, an analytics
log) through shared interfaces, over shared models (offer, money, dates). About 350 lines a feature.

- single: one library target, `App`, organised in folders (Models, Interfaces, Infrastructure,
  Features/<Feature>), and a thin executable.
- modules: Voyage's rules: a kernel (`TravelKernel`, the shared models), interfaces
  (`TravelInterfaces`), infrastructure (`TravelData`), one target per feature
  (`<Feature>Feature`, kernel and interfaces only), a composition root (`AppComposition`) and a
  thin executable.

The same code either way; only the folders, the targets and the `public`/`import` lines differ.
It prints the two files a measurement changes: a body inside the first feature's use case, and
the shared models' file.
"""
import argparse
import pathlib
import sys

DOMAINS = ["Trip", "Hotel", "Flight", "Rail", "Car", "Tour", "Cruise", "Visa", "Insurance", "Transfer",
           "Dining", "Museum", "Concert", "Spa", "Ski", "Dive", "Safari", "Camp", "Bike", "Ferry"]


def feature_name(index):
    base = DOMAINS[index % len(DOMAINS)]
    return f"{base}{index // len(DOMAINS) + 1}" if index >= len(DOMAINS) else base


def shared_models(access):
    return f"""import Foundation

/// An amount of money in minor units of one currency.
{access}struct Money: Hashable, Sendable, Codable, Comparable {{
  {access}let minorUnits: Int64
  {access}let currency: String

  {access}init(minorUnits: Int64, currency: String) {{
    self.minorUnits = minorUnits
    self.currency = currency
  }}

  {access}static func < (lhs: Money, rhs: Money) -> Bool {{ lhs.minorUnits < rhs.minorUnits }}

  {access}func adding(_ other: Money) -> Money {{
    Money(minorUnits: minorUnits + other.minorUnits, currency: currency)
  }}

  {access}var formatted: String {{
    let major = minorUnits / 100
    let minor = abs(minorUnits % 100)
    return "\\(currency) \\(major).\\(minor < 10 ? "0" : "")\\(minor)"
  }}
}}

/// A day of the calendar, counted from 1970-01-01.
{access}struct Day: Hashable, Sendable, Codable, Comparable {{
  {access}let daysSinceEpoch: Int

  {access}init(daysSinceEpoch: Int) {{ self.daysSinceEpoch = daysSinceEpoch }}

  {access}static func < (lhs: Day, rhs: Day) -> Bool {{ lhs.daysSinceEpoch < rhs.daysSinceEpoch }}

  {access}func adding(days: Int) -> Day {{ Day(daysSinceEpoch: daysSinceEpoch + days) }}
}}

/// What a traveller books.
{access}struct Offer: Hashable, Sendable, Codable, Identifiable {{
  {access}let id: String
  {access}let title: String
  {access}let price: Money
  {access}let start: Day
  {access}let nights: Int
  {access}let placesLeft: Int

  {access}init(id: String, title: String, price: Money, start: Day, nights: Int, placesLeft: Int) {{
    self.id = id
    self.title = title
    self.price = price
    self.start = start
    self.nights = nights
    self.placesLeft = placesLeft
  }}

  {access}var isSoldOut: Bool {{ placesLeft == 0 }}
  {access}var end: Day {{ start.adding(days: nights) }}
}}

/// Why a call to the outside failed.
{access}enum ServiceError: Error, Sendable, Equatable {{
  case unavailable
  case notFound(String)
  case refused(String)
}}
"""


def interfaces(access):
    return f"""/// Where offers come from.
{access}protocol OfferCatalog: Sendable {{
  func offers(matching text: String, category: String) async throws(ServiceError) -> [Offer]
  func offer(id: String) async throws(ServiceError) -> Offer
}}

/// Where choices are kept.
{access}protocol ChoiceStore: Sendable {{
  func save(_ offer: Offer, for category: String) async throws(ServiceError)
  func saved(for category: String) async throws(ServiceError) -> [Offer]
}}

/// Where events go.
{access}protocol EventRecorder: Sendable {{
  func record(_ name: String, _ properties: [String: String]) async
}}
"""


def infrastructure(access):
    return f"""import Foundation

/// A catalog played in memory, as a sandbox of the real HTTP API.
{access}actor SandboxCatalog: OfferCatalog {{
  private var all: [Offer] = []

  {access}init(categories: [String]) {{
    for (index, category) in categories.enumerated() {{
      for number in 0..<8 {{
        all.append(
          Offer(
            id: "\\(category)-\\(number)", title: "\\(category) \\(number)",
            price: Money(minorUnits: Int64(1_000 * (index + number + 1)), currency: "EUR"),
            start: Day(daysSinceEpoch: 21_000 + number), nights: number + 1, placesLeft: number % 4))
      }}
    }}
  }}

  {access}func offers(matching text: String, category: String) throws(ServiceError) -> [Offer] {{
    all.filter {{ $0.id.hasPrefix(category) && (text.isEmpty || $0.title.contains(text)) }}
  }}

  {access}func offer(id: String) throws(ServiceError) -> Offer {{
    guard let offer = all.first(where: {{ $0.id == id }}) else {{ throw .notFound(id) }}
    return offer
  }}
}}

/// Choices kept in memory.
{access}actor MemoryChoiceStore: ChoiceStore {{
  private var choices: [String: [Offer]] = [:]

  {access}init() {{}}

  {access}func save(_ offer: Offer, for category: String) throws(ServiceError) {{
    choices[category, default: []].append(offer)
  }}

  {access}func saved(for category: String) throws(ServiceError) -> [Offer] {{ choices[category] ?? [] }}
}}

/// Events written as lines.
{access}actor LineEventRecorder: EventRecorder {{
  private(set) var lines: [String] = []

  {access}init() {{}}

  {access}func record(_ name: String, _ properties: [String: String]) {{
    lines.append(name + " " + properties.sorted {{ $0.key < $1.key }}.map {{ "\\($0.key)=\\($0.value)" }}.joined(separator: " "))
  }}
}}
"""


def feature_files(name, access, imports):
    category = name.lower()
    models = f"""{imports}/// What the {name} screen lists.
{access}struct {name}Row: Hashable, Sendable {{
  {access}let id: String
  {access}let title: String
  {access}let price: String
  {access}let dates: String
  {access}let badge: String?

  init(_ offer: Offer) {{
    id = offer.id
    title = offer.title
    price = offer.price.formatted
    dates = "\\(offer.start.daysSinceEpoch)–\\(offer.end.daysSinceEpoch)"
    badge = offer.isSoldOut ? "sold out" : offer.placesLeft < 2 ? "last place" : nil
  }}
}}

/// The filters of the {name} screen.
{access}struct {name}Filter: Hashable, Sendable {{
  {access}var text: String
  {access}var maximumPrice: Money?
  {access}var includeSoldOut: Bool

  {access}init(text: String = "", maximumPrice: Money? = nil, includeSoldOut: Bool = false) {{
    self.text = text
    self.maximumPrice = maximumPrice
    self.includeSoldOut = includeSoldOut
  }}

  func admits(_ offer: Offer) -> Bool {{
    if !includeSoldOut && offer.isSoldOut {{ return false }}
    if let maximumPrice, offer.price > maximumPrice {{ return false }}
    return true
  }}
}}
"""
    use_case = f"""{imports}/// Finding and choosing {category} offers: the rules of the {name} feature.
{access}struct {name}UseCase: Sendable {{
  let catalog: any OfferCatalog
  let store: any ChoiceStore
  let events: any EventRecorder

  {access}init(catalog: any OfferCatalog, store: any ChoiceStore, events: any EventRecorder) {{
    self.catalog = catalog
    self.store = store
    self.events = events
  }}

  func search(_ filter: {name}Filter) async throws(ServiceError) -> [{name}Row] {{
    let offers = try await catalog.offers(matching: filter.text, category: "{name}")
    await events.record("{category}.searched", ["count": "\\(offers.count)"])
    return offers.filter(filter.admits).sorted {{ $0.price < $1.price }}.map({name}Row.init)
  }}

  func choose(_ id: String) async throws(ServiceError) -> Offer {{
    let offer = try await catalog.offer(id: id)
    guard !offer.isSoldOut else {{ throw .refused("\\(id) is sold out") }}
    try await store.save(offer, for: "{name}")
    await events.record("{category}.chosen", ["id": id, "price": offer.price.formatted])
    return offer
  }}

  func total() async throws(ServiceError) -> Money? {{
    let saved = try await store.saved(for: "{name}")
    guard let first = saved.first else {{ return nil }}
    return saved.dropFirst().reduce(first.price) {{ $0.adding($1.price) }}
  }}

  func summary(of rows: [{name}Row]) -> String {{
    let soldOut = rows.filter {{ $0.badge == "sold out" }}.count
    let last = rows.filter {{ $0.badge == "last place" }}.count
    return "\\(rows.count) {category} offers, \\(soldOut) sold out, \\(last) with one place left"
  }}
}}
"""
    view_model = f"""{imports}/// The {name} screen's state machine.
@MainActor
{access}final class {name}ViewModel {{
  {access}enum State: Equatable {{
    case idle
    case loading
    case loaded([{name}Row])
    case chosen(String)
    case failed(String)
  }}

  {access}private(set) var state: State = .idle
  private let useCase: {name}UseCase
  private var filter = {name}Filter()

  {access}init(useCase: {name}UseCase) {{ self.useCase = useCase }}

  {access}func search(_ text: String, maximumPrice: Money? = nil) async {{
    filter.text = text
    filter.maximumPrice = maximumPrice
    state = .loading
    do {{
      state = .loaded(try await useCase.search(filter))
    }} catch {{
      state = .failed(describe(error))
    }}
  }}

  {access}func choose(_ id: String) async {{
    do {{
      let offer = try await useCase.choose(id)
      state = .chosen(offer.title)
    }} catch {{
      state = .failed(describe(error))
    }}
  }}

  {access}func toggleSoldOut() {{ filter.includeSoldOut.toggle() }}

  private func describe(_ error: ServiceError) -> String {{
    switch error {{
    case .unavailable: "the {category} service is unavailable"
    case .notFound(let id): "no {category} offer \\(id)"
    case .refused(let reason): reason
    }}
  }}
}}
"""
    screen = f"""{imports}/// The {name} screen: the view model's state as text.
@MainActor
{access}struct {name}Screen {{
  let viewModel: {name}ViewModel
  let width: Int

  {access}init(viewModel: {name}ViewModel, width: Int = 80) {{
    self.viewModel = viewModel
    self.width = width
  }}

  {access}func render() -> String {{
    switch viewModel.state {{
    case .idle: return "Search {category} offers."
    case .loading: return "Searching…"
    case .loaded(let rows): return table(rows)
    case .chosen(let title): return "Chosen: \\(title)"
    case .failed(let message): return "Error: \\(message)"
    }}
  }}

  func table(_ rows: [{name}Row]) -> String {{
    guard !rows.isEmpty else {{ return "No {category} offers match." }}
    let titleWidth = min(rows.map(\\.title.count).max() ?? 0, width / 2)
    var lines = ["\\(pad("Offer", 12)) \\(pad("Title", titleWidth)) \\(pad("Dates", 12)) Price"]
    for row in rows {{
      var line = "\\(pad(row.id, 12)) \\(pad(row.title, titleWidth)) \\(pad(row.dates, 12)) \\(row.price)"
      if let badge = row.badge {{ line += "  (\\(badge))" }}
      lines.append(line)
    }}
    return lines.joined(separator: "\\n")
  }}

  func pad(_ text: String, _ count: Int) -> String {{
    text.count >= count ? String(text.prefix(count)) : text + String(repeating: " ", count: count - text.count)
  }}
}}
"""
    checks = "\n".join(f"""
  /// Rule {number} of the {category} offers: a limit the business sets.
  func check{number}(_ offer: Offer, places: Int) -> String? {{
    let limit = Int64({number + 1}) * 10_000 * Int64(max(places, 1))
    if offer.price.minorUnits * Int64(places) > limit {{ return "over the limit of rule {number}" }}
    if offer.nights > {number % 7 + 7} {{ return "longer than rule {number} allows" }}
    return offer.placesLeft >= places ? nil : "only \\(offer.placesLeft) of the \\(places) places are left"
  }}""" for number in range(16))
    rules = f"""{imports}/// The business's rules for {category} offers, each a limit it can change alone.
{access}struct {name}Rules: Sendable {{
  {access}init() {{}}

  {access}func problems(with offer: Offer, places: Int) -> [String] {{
    [{", ".join(f"check{number}(offer, places: places)" for number in range(16))}].compactMap {{ $0 }}
  }}
{checks}
}}
"""
    return {"Models": models, "UseCase": use_case, "ViewModel": view_model, "Screen": screen, "Rules": rules}


def composition(names, access, imports):
    members = "\n".join(
        f"    let {name[0].lower() + name[1:]} = {name}ViewModel(useCase: {name}UseCase(catalog: catalog, store: store, events: events))\n"
        f"    await {name[0].lower() + name[1:]}.search(\"\")\n"
        f"    lines.append({name}Screen(viewModel: {name[0].lower() + name[1:]}).render())"
        for name in names)
    categories = ", ".join(f'"{name}"' for name in names)
    return f"""{imports}/// Builds every feature on the shared infrastructure and renders each first screen.
@MainActor
{access}enum AppComposition {{
  {access}static func firstScreens() async -> [String] {{
    let catalog = SandboxCatalog(categories: [{categories}])
    let store = MemoryChoiceStore()
    let events = LineEventRecorder()
    var lines: [String] = []
{members}
    return lines
  }}
}}
"""


def write(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def generate(features, shape, out):
    names = [feature_name(index) for index in range(features)]
    settings = 'swiftSettings: [.swiftLanguageMode(.v6)]'
    if shape == "single":
        sources = out / "Sources/App"
        write(sources / "Models/SharedModels.swift", shared_models(""))
        write(sources / "Interfaces/ServiceProtocols.swift", interfaces(""))
        write(sources / "Infrastructure/SandboxServices.swift", infrastructure(""))
        for name in names:
            for kind, text in feature_files(name, "", "import Foundation\n\n").items():
                write(sources / f"Features/{name}/{name}{kind}.swift", text)
        write(sources / "Composition/AppComposition.swift", composition(names, "public ", "import Foundation\n\n"))
        write(out / "Sources/Run/main.swift", "import App\n\nfor screen in await AppComposition.firstScreens() { print(screen) }\n")
        targets = [f'.target(name: "App", {settings})',
                   f'.executableTarget(name: "Run", dependencies: ["App"], {settings})']
        changes = (f"Sources/App/Features/{names[0]}/{names[0]}UseCase.swift", "Sources/App/Models/SharedModels.swift")
    else:
        write(out / "Sources/TravelKernel/SharedModels.swift", shared_models("public "))
        write(out / "Sources/TravelInterfaces/ServiceProtocols.swift", "import TravelKernel\n\n" + interfaces("public "))
        write(out / "Sources/TravelData/SandboxServices.swift",
              "import TravelInterfaces\nimport TravelKernel\n" + infrastructure("public "))
        for name in names:
            imports = "import Foundation\nimport TravelInterfaces\nimport TravelKernel\n\n"
            for kind, text in feature_files(name, "public ", imports).items():
                write(out / f"Sources/{name}Feature/{name}{kind}.swift", text)
        imports = "import Foundation\nimport TravelData\nimport TravelKernel\n" + "".join(f"import {name}Feature\n" for name in names) + "\n"
        write(out / "Sources/AppComposition/AppComposition.swift", composition(names, "public ", imports))
        write(out / "Sources/Run/main.swift", "import AppComposition\n\nfor screen in await AppComposition.firstScreens() { print(screen) }\n")
        feature_targets = [
            f'.target(name: "{name}Feature", dependencies: ["TravelKernel", "TravelInterfaces"], {settings})'
            for name in names]
        targets = [
            f'.target(name: "TravelKernel", {settings})',
            f'.target(name: "TravelInterfaces", dependencies: ["TravelKernel"], {settings})',
            f'.target(name: "TravelData", dependencies: ["TravelKernel", "TravelInterfaces"], {settings})',
            *feature_targets,
            '.target(name: "AppComposition", dependencies: ["TravelKernel", "TravelData", '
            + ", ".join(f'"{name}Feature"' for name in names) + f"], {settings})",
            f'.executableTarget(name: "Run", dependencies: ["AppComposition"], {settings})',
        ]
        changes = (f"Sources/{names[0]}Feature/{names[0]}UseCase.swift", "Sources/TravelKernel/SharedModels.swift")
    manifest = ("// swift-tools-version: 6.0\n// Generated by Workshop/Scripts/generate-synthetic-app.py: a synthetic travel app, "
                f"{features} features, shape {shape}.\nimport PackageDescription\n\nlet package = Package(\n"
                "  name: \"Synthetic\",\n  targets: [\n    " + ",\n    ".join(targets) + ",\n  ]\n)\n")
    write(out / "Package.swift", manifest)
    return changes


def main(arguments):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--features", type=int, required=True)
    parser.add_argument("--shape", choices=["single", "modules"], required=True)
    parser.add_argument("--out", required=True)
    options = parser.parse_args(arguments)
    if options.features < 1:
        parser.error("--features must be at least 1")
    out = pathlib.Path(options.out)
    if out.exists() and any(out.iterdir()):
        parser.error(f"{out} exists and is not empty")
    feature_change, shared_change = generate(options.features, options.shape, out)
    lines = sum(len(path.read_text(encoding="utf-8").splitlines()) for path in out.rglob("*.swift"))
    print(f"lines\t{lines}")
    print(f"feature-change\t{feature_change}")
    print(f"shared-change\t{shared_change}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
