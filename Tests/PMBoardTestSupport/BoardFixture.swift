import Foundation
import PMBoardBytes
import PMBoardCLI
import PMBoardCore
import PMBoardMustache
import PMBoardSite
import PMBoardStore

/// Small interchange documents for end-to-end tests.
package enum BoardFixture {
  package struct Card {
    package var id: String
    package var title: String
    package var body = ""
    package var due = "2026-11-30"
    package var state = "todo"

    package init(id: String, title: String, body: String = "", due: String = "2026-11-30", state: String = "todo") {
      self.id = id
      self.title = title
      self.body = body
      self.due = due
      self.state = state
    }
  }

  package static func json(title: String = "Test board", timeZone: String = "UTC", cards: [Card], history: String = "")
    -> String
  {
    let tasks = cards.map { card in
      """
      { "id": "\(card.id)", "title": \(quote(card.title)), "body": \(quote(card.body)), "due": "\(card.due)",
        "state": "\(card.state)", "created": "2026-11-01T09:00:00Z", "updated": "2026-11-01T09:00:00Z" }
      """
    }
    return """
      { "format": "pmboard/1", "board": { "title": \(quote(title)), "timeZone": "\(timeZone)" },
        "tasks": [ \(tasks.joined(separator: ",\n")) ], "history": [ \(history) ] }
      """
  }

  package static func quote(_ text: String) -> String {
    let data = try! JSONSerialization.data(withJSONObject: [text], options: [.withoutEscapingSlashes])
    let array = String(decoding: data, as: UTF8.self)
    return String(array.dropFirst().dropLast())
  }

  package static func id(_ n: Int) -> String { String(format: "00000000-0000-4000-8000-%012d", n) }
}
