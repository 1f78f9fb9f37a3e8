import Foundation

/// Small interchange documents for end-to-end tests.
enum BoardFixture {
  struct Card {
    var id: String
    var title: String
    var body = ""
    var due = "2026-11-30"
    var state = "todo"
  }

  static func json(title: String = "Test board", timeZone: String = "UTC", cards: [Card], history: String = "")
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

  static func quote(_ text: String) -> String {
    let data = try! JSONSerialization.data(withJSONObject: [text], options: [.withoutEscapingSlashes])
    let array = String(decoding: data, as: UTF8.self)
    return String(array.dropFirst().dropLast())
  }

  static func id(_ n: Int) -> String { String(format: "00000000-0000-4000-8000-%012d", n) }
}
