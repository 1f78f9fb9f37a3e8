import PMBoardBytes
import PMBoardCore

/// The "check the store's text" step: a store written by a pmboard older than the text rules may hold control
/// characters, which must not reach a page (a raw C0 control is not allowed in HTML). The build names the first one
/// and how to fix it instead of publishing it.
enum StoredTextCheck {
  static func refuseControlCharacters(in snapshot: BoardSnapshot) throws(BuildSettingsError) {
    let tasks = snapshot.tasks
    let text = tasks.text
    for record in tasks.records {
      // Two calls, not a loop over an array of fields: no allocation per task.
      var problem: (String, UInt32)?
      if let scalar = ControlCharacters.first(in: text, record.title, allowingLineFeeds: false) {
        problem = ("title", scalar)
      } else if let scalar = ControlCharacters.first(in: text, record.body, allowingLineFeeds: true) {
        problem = ("body", scalar)
      }
      guard let (field, scalar) = problem else { continue }
      let id = String(text.string(record.id).prefix(8))
      throw BuildSettingsError(
        "task \(id) has the control character \(codePoint(scalar)) in its \(field) (stored before pmboard "
          + "refused them); change it with `pmboard edit \(id) --\(field) …`")
    }
    let history = snapshot.history
    let historyText = history.text
    for record in history.records {
      if let scalar = ControlCharacters.first(in: historyText, record.title, allowingLineFeeds: false) {
        throw BuildSettingsError(
          "a history entry's title has the control character \(codePoint(scalar)) (stored before pmboard refused "
            + "them); export the board, fix the title in the file and import it with --replace")
      }
    }
  }

  private static func codePoint(_ scalar: UInt32) -> String {
    let hex = String(scalar, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }
}
