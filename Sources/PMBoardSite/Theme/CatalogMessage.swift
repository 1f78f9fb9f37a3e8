/// A catalog string compiled once into literal text, `{placeholder}`s and Korean particle tokens (`{을}`, `{로}`…).
public struct CatalogMessage: Sendable {
  public enum Part: Sendable {
    case literal(String)
    case placeholder(String)
    case particle(KoreanParticle)
  }

  public let parts: [Part]

  private static let particleTokens: [String: KoreanParticle] = [
    "을": .eulReul, "를": .eulReul, "이": .iGa, "가": .iGa, "은": .eunNeun, "는": .eunNeun,
    "과": .gwaWa, "와": .gwaWa, "로": .euro, "으로": .euro,
  ]

  public init(_ text: String) {
    var parts: [Part] = []
    var rest = Substring(text)
    while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
      if open > rest.startIndex { parts.append(.literal(String(rest[..<open]))) }
      let name = String(rest[rest.index(after: open)..<close])
      parts.append(Self.particleTokens[name].map(Part.particle) ?? .placeholder(name))
      rest = rest[rest.index(after: close)...]
    }
    if !rest.isEmpty { parts.append(.literal(String(rest))) }
    self.parts = parts
  }

  /// The placeholder names used, for checking a catalog against what the code supplies.
  public var placeholders: [String] {
    parts.compactMap { if case .placeholder(let name) = $0 { name } else { nil } }
  }

  /// Fills the placeholders; a particle looks at the text written so far.
  public func format(_ value: (String) -> String?) -> String {
    format(marking: "", value).text
  }

  /// ``format(_:)``, and where the first value of placeholder `name` went (UTF-8 offsets), if it is used.
  public func format(marking name: String, _ value: (String) -> String?) -> (text: String, marked: Range<Int>?) {
    var out = ""
    var marked: Range<Int>?
    for part in parts {
      switch part {
      case .literal(let text): out += text
      case .placeholder(let placeholder):
        let start = out.utf8.count
        out += value(placeholder) ?? "{\(placeholder)}"
        if placeholder == name, marked == nil { marked = start..<out.utf8.count }
      case .particle(let particle): out += particle.after(out)
      }
    }
    return (out, marked)
  }
}
