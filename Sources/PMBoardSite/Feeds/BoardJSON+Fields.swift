import Foundation
import PMBoardBytes
import PMBoardCore

/// `board.json`'s declared fields (docs/board.schema.json): the declarations at the top, each task's values by the
/// field's key. A board without declared fields has neither member, so its file is what it was before fields.
extension BoardJSON {
  /// The declared fields the document lists, in the board's order: every field with values of its own, the
  /// milestone field once it has a milestone (a board without any lists none, and its file is as before fields).
  var declaredFields: [FieldDefinition] {
    info.fields.valued.filter { $0.builtIn != .milestone || !$0.options.isEmpty }
  }

  /// `"fields": [ … ]`, the declarations in the board's order, or nothing for a board without.
  func appendDeclarations(to out: inout ByteWriter) {
    let fields = declaredFields
    guard !fields.isEmpty else { return }
    out.append(",\n  \"fields\": [")
    for (index, field) in fields.enumerated() {
      out.append(index == 0 ? "\n    {\"key\": " : ",\n    {\"key\": ")
      Self.string(field.key, into: &out)
      out.append(", \"type\": \"\(field.type.rawValue)\", \"name\": ")
      Self.string(field.displayName(in: ""), into: &out)
      if !field.names.filter({ !$0.key.isEmpty }).isEmpty {
        out.append(", \"names\": {")
        for (position, code) in field.names.keys.filter({ !$0.isEmpty }).sorted().enumerated() {
          if position > 0 { out.append(", ") }
          Self.string(code, into: &out)
          out.append(": ")
          Self.string(field.names[code] ?? "", into: &out)
        }
        out.append("}")
      }
      if field.type.hasOptions { appendOptions(of: field, to: &out) }
      out.append("}")
    }
    out.append("\n  ]")
  }

  private func appendOptions(of field: FieldDefinition, to out: inout ByteWriter) {
    out.append(", \"options\": [")
    for (index, option) in field.options.enumerated() {
      out.append(index == 0 ? "{\"name\": " : ", {\"name\": ")
      Self.string(option.name, into: &out)
      if let color = option.color { out.append(", \"color\": \"\(color)\"") }
      if let start = option.start { out.append(", \"start\": \"\(start)\"") }
      if let due = option.due { out.append(", \"due\": \"\(due)\"") }
      if field.type == .milestone { out.append(option.isClosed ? ", \"closed\": true" : ", \"closed\": false") }
      out.append("}")
    }
    out.append("]")
  }

  /// `, "fields": {…}` of card `card`: each declared field it has a value of, by key (a select's or milestone's
  /// option name, a multi-select's names, a number as a JSON number, text and dates as strings).
  func appendValues(ofCard card: Int, to out: inout ByteWriter) {
    let names = tables.cardNames
    out.appendStatic(", \"fields\": {")
    var first = true
    func key(_ key: String) {
      out.append(first ? "" : ", ")
      first = false
      Self.string(key, into: &out)
      out.append(": ")
    }
    for field in names.fields.indices.dropFirst(2) {
      let range = names.range(of: field, card: card)
      guard !range.isEmpty else { continue }
      key(names.fields[field].definition.key)
      let many = names.fields[field].definition.type.holdsNames
      if many { out.appendStatic("[") }
      for (position, slot) in range.enumerated() {
        if position > 0 { out.appendStatic(", ") }
        Self.string(names.bytes.string(names.names[Int(names.cardNames[slot])].text), into: &out)
      }
      if many { out.appendStatic("]") }
    }
    for slot in names.valueRange(card: card) {
      let value = names.values[slot]
      let field = names.valueFields[Int(value.field)]
      key(field.key)
      let text = names.bytes.string(value.text)
      if field.type == .number { out.append(text) } else { Self.string(text, into: &out) }
    }
    out.appendStatic("}")
  }

  static func string(_ text: String, into out: inout ByteWriter) {
    out.appendByte(UInt8(ascii: "\""))
    out.appendJSONEscaped(text)
    out.appendByte(UInt8(ascii: "\""))
  }
}
