import PMBoardCore
import PMBoardMustache

/// The index of labels and people: each sorted by name (code point order), with how many tasks carry it.
package struct NameIndexContext: TemplateContext {
  package var labels: [NameContext]
  package var people: [NameContext]

  package init(counts: [String: Int], localeDir: String) {
    func names(_ field: TaskField) -> [NameContext] {
      counts.keys.filter { $0.hasPrefix(field.rawValue + ":") }.map { String($0.dropFirst(field.rawValue.count + 1)) }
        .sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
        .map { NameContext($0, field: field, counts: counts, localeDir: localeDir) }
    }
    (labels, people) = (names(.labels), names(.assignees))
  }

  package func templateValue(forKey key: String) -> TemplateValue? {
    switch key {
    case "labelIndex": .list(labels)
    case "hasLabelIndex": .bool(!labels.isEmpty)
    case "peopleIndex": .list(people)
    case "hasPeopleIndex": .bool(!people.isEmpty)
    default: nil
    }
  }

  package var templateKeys: [String] { ["labelIndex", "hasLabelIndex", "peopleIndex", "hasPeopleIndex"] }
}
