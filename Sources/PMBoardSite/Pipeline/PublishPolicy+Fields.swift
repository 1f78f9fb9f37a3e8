import Foundation
import PMBoardBytes
import PMBoardCore

/// `publish: {fields: …}`: declared fields a site leaves out, and tasks picked by their values
/// (docs/fields.md#publishing).
///
/// `hide: [estimate]` takes a field off the site: its declaration and every task's value of it are dropped from the
/// snapshot before any table is made, so no chip, page, feed, search entry or `board.json` member can show it.
/// `only: [priority=P0, priority=P1]` publishes only the tasks that have, for each field named, one of the values
/// given; `except: [team=internal]` leaves out every task that has one. Values are matched as a reader sees them
/// (an option's or a name's text, a number's canonical text, a day as `YYYY-MM-DD`).
public struct FieldPublishing: Sendable, Equatable {
  public var hidden: Set<String> = []
  public var only: [String: Set<String>] = [:]
  public var except: [String: Set<String>] = [:]

  public init() {}

  /// Whether the rules pick tasks (rather than only hiding fields).
  public var selectsTasks: Bool { !only.isEmpty || !except.isEmpty }
  public var isEmpty: Bool { hidden.isEmpty && !selectsTasks }

  /// The rules from their text, `hide:KEY,KEY only:KEY=VALUE,… except:KEY=VALUE,…` (what `pmboard.yml`'s mapping and
  /// `--publish-fields` come to); `all` publishes every field and task again.
  init(parsing value: String) throws(PublishPolicyError) {
    for part in value.split(separator: " ") where part != "all" {
      let pieces = part.split(separator: ":", maxSplits: 1).map(String.init)
      guard pieces.count == 2, ["hide", "only", "except"].contains(pieces[0]) else {
        throw PublishPolicyError(
          "`fields` takes hide, only or except (fields: {hide: [estimate], only: [priority=P0]}), not `\(part)`")
      }
      for item in BuildSettings.splitList(pieces[1]) {
        if pieces[0] == "hide" {
          hidden.insert(item.lowercased())
          continue
        }
        let pair = item.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        guard pair.count == 2, !pair[0].isEmpty else {
          throw PublishPolicyError("`fields: \(pieces[0])` takes KEY=VALUE (priority=P0), not `\(item)`")
        }
        if pieces[0] == "only" {
          only[pair[0].lowercased(), default: []].insert(pair[1])
        } else {
          except[pair[0].lowercased(), default: []].insert(pair[1])
        }
      }
    }
  }

  /// The texts of `values`' value of each field, by key, as the rules match them.
  private func texts(of values: FieldValues, fields: BoardFields) -> [String: [String]] {
    var found: [String: [String]] = [:]
    for (id, value) in values.byField {
      guard let field = fields.field(id: id), value.fits(field.type) else { continue }
      if case .names(let names) = value {
        found[field.key] = names.names
      } else {
        found[field.key] = [value.text(in: field)]
      }
    }
    return found
  }

  /// Whether a task with `values` (as stored) passes `only` and `except`.
  func publishes(values stored: RawRef, in text: ByteArena, fields: BoardFields) -> Bool {
    guard selectsTasks else { return true }
    let values = stored.count == 0 ? FieldValues() : FieldValues(storedText: text.string(stored)) ?? FieldValues()
    let found = texts(of: values, fields: fields)
    for (key, wanted) in only where !(found[key] ?? []).contains(where: wanted.contains) { return false }
    for (key, unwanted) in except where (found[key] ?? []).contains(where: unwanted.contains) { return false }
    return true
  }

  /// The board's declarations without the hidden fields.
  func published(_ fields: BoardFields) -> BoardFields {
    guard !hidden.isEmpty else { return fields }
    return BoardFields(stored: fields.stored.filter { !hidden.contains($0.key) })
  }

  /// A task's stored values without the hidden fields'.
  func published(values stored: String, fields: BoardFields) -> String {
    guard !hidden.isEmpty, !stored.isEmpty, var values = FieldValues(storedText: stored) else { return stored }
    for field in fields.all where hidden.contains(field.key) { values[field.id] = nil }
    return values.storedText
  }
}
