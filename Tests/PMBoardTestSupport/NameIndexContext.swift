import PMBoardCore
import PMBoardMustache
import PMBoardSite

/// The index of labels, people and the declared fields' names: labels and people sorted by name (code point
/// order), a select's or milestone field's names in the order of its options, each with how many tasks carry it.
package struct NameIndexContext: TemplateContext {
  package var labels: [NameContext]
  package var people: [NameContext]
  /// The declared fields some task has a name of, in the board's order.
  package var fieldIndexes: [FieldIndexContext]

  package init(counts: [String: Int], fields: [NameField], localeDir: String, code: String) {
    func names(_ field: NameField) -> [NameContext] {
      let texts = counts.keys.filter { $0.hasPrefix(field.folder) }.map { String($0.dropFirst(field.folder.count)) }
      let options = field.definition.options.map(\.name)
      let sorted =
        field.keepsOptionOrder
        ? texts.sorted { (options.firstIndex(of: $0) ?? .max) < (options.firstIndex(of: $1) ?? .max) }
        : texts.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
      return sorted.map { NameContext($0, field: field, counts: counts, localeDir: localeDir, code: code) }
    }
    (labels, people) = (names(fields[CardNames.labelField]), names(fields[CardNames.assigneeField]))
    fieldIndexes = fields.dropFirst(2).compactMap { field in
      let list = names(field)
      return list.isEmpty ? nil : FieldIndexContext(name: field.definition.displayName(in: code), names: list)
    }
  }

  package func templateValue(forKey key: String) -> TemplateValue? {
    switch key {
    case "labelIndex": .list(labels)
    case "hasLabelIndex": .bool(!labels.isEmpty)
    case "peopleIndex": .list(people)
    case "hasPeopleIndex": .bool(!people.isEmpty)
    case "fieldIndexes": .list(fieldIndexes)
    case "hasFieldIndexes": .bool(!fieldIndexes.isEmpty)
    default: nil
    }
  }

  package var templateKeys: [String] {
    ["labelIndex", "hasLabelIndex", "peopleIndex", "hasPeopleIndex", "fieldIndexes", "hasFieldIndexes"]
  }
}

/// One declared field on the index: its name in the page's locale and its names.
package struct FieldIndexContext: TemplateContext {
  package var name: String
  package var names: [NameContext]

  package func templateValue(forKey key: String) -> TemplateValue? {
    switch key {
    case "name": .text(name)
    case "names": .list(names)
    default: nil
    }
  }

  package var templateKeys: [String] { ["name", "names"] }
}
