import Foundation

/// How the remote applies a definition change a replica pushed: in push order, the change that reaches the remote
/// last wins, part by part (docs/sync.md).
extension BoardFields {
  /// Applies `change` (whose ``BoardChange/definition`` is set) to these fields; returns it as applied, its line
  /// marked `merged` when the field had changed meanwhile or `lost` when it could not apply.
  /// - A new field whose key another field already has: the same type merges its options into that field; another
  ///   type is lost.
  /// - A change or removal of a field that is gone is lost; of a field changed meanwhile, it takes what the change
  ///   changed (key, names, options one by one) over the field as it is now.
  public mutating func applyPushed(_ change: BoardChange) -> BoardChange {
    guard let definition = change.definition else { return change }
    let id = change.entry.taskID
    let current = stored.first { $0.id == id } ?? (id == BuiltInField.milestone.id ? field(id: id) : nil)
    switch (definition.before, definition.after, current) {
    case (_, let after?, nil):
      if let twin = all.first(where: { $0.key == after.key && $0.id != id }) {
        guard twin.type == after.type, twin.builtIn?.taskField == nil else { return Self.lost(change) }
        var merged = twin
        for option in after.options where twin.option(named: option.name) == nil { merged.options.append(option) }
        return applied(change, from: twin, to: merged, resolution: .merged)
      }
      guard definition.before == nil else { return Self.lost(change) }
      return applied(change, from: nil, to: after, resolution: nil)
    case (_, nil, nil):
      return Self.lost(change)
    case (let before, nil, let current?):
      return applied(change, from: current, to: nil, resolution: current == before ? nil : .merged)
    case (let before, let after?, let current?):
      if current == before { return applied(change, from: current, to: after, resolution: nil) }
      let result = Self.merged(after, changedFrom: before, onto: current)
      return applied(change, from: current, to: result, resolution: .merged)
    }
  }

  private mutating func applied(
    _ change: BoardChange, from old: FieldDefinition?, to new: FieldDefinition?, resolution: SyncResolution?
  ) -> BoardChange {
    if let new { put(new) } else if let old { remove(id: old.id) }
    var result = BoardChange.define(from: old, to: new, at: change.entry.at, by: change.entry.author)
    result.entry.resolution = resolution
    return result
  }

  private static func lost(_ change: BoardChange) -> BoardChange {
    var lost = change
    lost.entry.resolution = .lost
    lost.definition = DefinitionChange(before: nil, after: nil)
    return lost
  }

  /// `current` with what `after` changed from `before`: the key and each name when changed, options added, removed
  /// and changed one by one (by id), in `after`'s order for the options it holds.
  static func merged(
    _ after: FieldDefinition, changedFrom before: FieldDefinition?, onto current: FieldDefinition
  ) -> FieldDefinition {
    var result = current
    if before?.key != after.key { result.key = after.key }
    for locale in Set(after.names.keys).union(before?.names.keys ?? [:].keys)
    where before?.names[locale] != after.names[locale] {
      result.names[locale] = after.names[locale]
    }
    let removed = (before?.options ?? []).filter { after.option(id: $0.id) == nil }.map(\.id)
    result.options.removeAll { removed.contains($0.id) }
    for option in after.options where before?.option(id: option.id) != option {
      if let index = result.options.firstIndex(where: { $0.id == option.id }) {
        result.options[index] = option
      } else {
        result.options.append(option)
      }
    }
    return result
  }
}
