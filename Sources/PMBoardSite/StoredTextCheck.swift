import PMBoardBytes
import PMBoardCore

/// The "check the store's text" step: a store written by a pmboard older than the text rules may hold control
/// characters, which must not reach a page (a raw C0 control is not allowed in HTML). The build names the first one
/// and how to fix it instead of publishing it.
enum StoredTextCheck {
  static func refuseControlCharacters(in snapshot: BoardSnapshot) throws(BuildSettingsError) {
    let tasks = snapshot.tasks
    let base = unsafe tasks.text.base
    for record in tasks.records {
      // Two calls, not a loop over an array of fields: no allocation per task.
      var problem: (String, UInt32)?
      if let scalar = unsafe ControlCharacters.first(in: text(base, record.title), allowingLineFeeds: false) {
        problem = ("title", scalar)
      } else if let scalar = unsafe ControlCharacters.first(in: text(base, record.body), allowingLineFeeds: true) {
        problem = ("body", scalar)
      }
      guard let (field, scalar) = problem else { continue }
      let id = String(tasks.text.string(record.id).prefix(8))
      throw BuildSettingsError(
        "task \(id) has the control character \(codePoint(scalar)) in its \(field) (stored before pmboard "
          + "refused them); change it with `pmboard edit \(id) --\(field) …`")
    }
    let history = snapshot.history
    let historyBase = unsafe history.text.base
    for record in history.records {
      if let scalar = unsafe ControlCharacters.first(in: text(historyBase, record.title), allowingLineFeeds: false) {
        throw BuildSettingsError(
          "a history entry's title has the control character \(codePoint(scalar)) (stored before pmboard refused "
            + "them); export the board, fix the title in the file and import it with --replace")
      }
    }
  }

  /// The bytes `ref` names, from a base pointer taken once: the arena's accessor per field cost a retain each.
  @inline(__always)
  private static func text(_ base: UnsafePointer<UInt8>, _ ref: RawRef) -> UnsafeBufferPointer<UInt8> {
    unsafe UnsafeBufferPointer(start: base + ref.start, count: Int(ref.count))
  }

  private static func codePoint(_ scalar: UInt32) -> String {
    let hex = String(scalar, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }
}
