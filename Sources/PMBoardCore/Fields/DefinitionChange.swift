import Foundation

/// A change to one field's definition (added, changed, removed): the definition before and after, so it can be
/// undone and redone exactly, as ``BoardChange`` keeps a task before and after.
public struct DefinitionChange: Sendable, Hashable {
  public var before: FieldDefinition?
  public var after: FieldDefinition?

  public init(before: FieldDefinition?, after: FieldDefinition?) {
    self.before = before
    self.after = after
  }

  /// What differs between the two, as the `changes` of the `defined` history line.
  public var described: [ValueChange] {
    let id = (after ?? before)?.id ?? UUID()
    func change(_ key: String, _ old: String, _ new: String) -> ValueChange {
      ValueChange(field: id, key: key, before: old, after: new)
    }
    guard let before, let after else {
      return [change("field", before.map(Self.summary) ?? "", after.map(Self.summary) ?? "")]
    }
    var changes: [ValueChange] = []
    if before.key != after.key { changes.append(change("key", before.key, after.key)) }
    for locale in Set(before.names.keys).union(after.names.keys).sorted()
    where before.names[locale] != after.names[locale] {
      changes.append(change("name.\(locale)", before.names[locale] ?? "", after.names[locale] ?? ""))
    }
    for option in after.options {
      let old = before.option(id: option.id)
      if old != option { changes.append(change("option", old.map(Self.summary) ?? "", Self.summary(option))) }
    }
    for option in before.options where after.option(id: option.id) == nil {
      changes.append(change("option", Self.summary(option), ""))
    }
    let (oldOrder, newOrder) = (before.options.map(\.id), after.options.map(\.id))
    if oldOrder.filter(newOrder.contains) != newOrder.filter(oldOrder.contains) {
      let names = { (definition: FieldDefinition) in definition.options.map(\.name).joined(separator: ", ") }
      changes.append(change("order", names(before), names(after)))
    }
    return changes
  }

  private static func summary(_ definition: FieldDefinition) -> String {
    "\(definition.key) (\(definition.type.rawValue))"
  }

  /// `Release 2.0 (2026-11-01 – 2026-12-15, closed, #1f6feb)`.
  static func summary(_ option: FieldOption) -> String {
    var parts: [String] = []
    switch (option.start, option.due) {
    case (let start?, let due?): parts.append("\(start) – \(due)")
    case (let start?, nil): parts.append("from \(start)")
    case (nil, let due?): parts.append("due \(due)")
    case (nil, nil): break
    }
    if option.isClosed { parts.append("closed") }
    if let color = option.color { parts.append(color) }
    return parts.isEmpty ? option.name : "\(option.name) (\(parts.joined(separator: ", ")))"
  }
}

extension DefinitionChange {
  private struct Stored: Codable {
    var before: FieldDefinition?
    var after: FieldDefinition?
  }

  /// `{"after":…,"before":…}`, as undo records and replicas' pending changes keep it.
  public var storedText: String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let data = (try? encoder.encode(Stored(before: before, after: after))) ?? Data("{}".utf8)
    return String(decoding: data, as: UTF8.self)
  }

  public init?(storedText text: String) {
    guard let stored = try? JSONDecoder().decode(Stored.self, from: Data(text.utf8)) else { return nil }
    self.init(before: stored.before, after: stored.after)
  }
}
