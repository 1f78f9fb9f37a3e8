import Foundation
import PMBoardCore

/// `import --from … --dry-run --json`: what the import would change, for a script to read.
extension SourceImport {
  struct DryRun: Encodable {
    struct Change: Encodable {
      var action: String
      var sourceId: String?
      var title: String
      var from: String?
      var to: String?
      var fields: [String]?
      /// What an edit did to the fields' values, or what a definition change did to the field.
      var changes: [Value]?
    }
    struct Value: Encodable {
      var key: String
      var before: String
      var after: String
    }
    var source: String
    var tasks: Int
    var changes: [Change]
    var counts: [String: Int]
  }

  func dryRunJSON(_ changes: [BoardChange], items: Int, source: String) throws -> Data {
    let listed = changes.map { change in
      let entry = change.entry
      return DryRun.Change(
        action: entry.action.rawValue, sourceId: (change.after ?? change.before)?.source?.id, title: entry.title,
        from: entry.from?.rawValue, to: entry.to?.rawValue,
        fields: entry.action == .edited ? entry.fields.map(\.rawValue) : nil,
        changes: entry.changes.isEmpty
          ? nil : entry.changes.map { DryRun.Value(key: $0.key, before: $0.before, after: $0.after) })
    }
    let all = Dictionary(uniqueKeysWithValues: counts(changes).map { ($0.action.rawValue, $0.count) })
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    var data = try encoder.encode(DryRun(source: source, tasks: items, changes: listed, counts: all))
    data.append(0x0A)
    return data
  }
}
