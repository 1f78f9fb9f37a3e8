import Foundation
import PMBoardBytes
import PMBoardCore

/// Gathers ``CardNames`` card by card: each card's names field by field, each distinct name once.
struct NameCollector: ~Copyable {
  let tasks: BoardSnapshot.Tasks
  let fields: [NameField]
  var arena = ArenaBuilder()
  var names: [CardNames.Name] = []
  var nameTexts: [(folder: String, text: String)] = []
  var cardNames: [Int32] = []
  var bounds: [Int32] = []
  var links: [TextRef] = []
  var linkTexts: [TextRef] = []
  /// The declared text, number and date fields, and each card's values of them (``CardNames/values``).
  let valueFields: [FieldDefinition]
  var values: [CardNames.Value] = []
  var valueStarts: [Int32] = [0]
  // A built-in field's names by a hash of their bytes, each with its bytes to tell a collision: a card's labels are
  // found without a `String` (100,000 cards, a few names each, and a few hundred distinct names).
  private var numbers: [UInt64: [Int32]] = [:]
  private var nameBytes: [[UInt8]] = []
  /// The distinct members of the tasks' stored values, each read once (``StoredMembers``), and the member each
  /// place (name field, then value field) of the task being added has; -1 for none.
  private var stored: StoredMembers
  private var placeMembers: [Int32]
  /// The declared fields, by id: where each value goes (a value field's place is its index in ``valueFields``
  /// past the name fields').
  private let declaredPlaces: [UUID: Int]
  /// By place: a select's or milestone's option names by option id, and whether the field holds names; a value
  /// field's type. Read per value without copying a definition or searching its options.
  private let optionNames: [[String: String]]
  private let holdsNames: [Bool]
  private let valueTypes: [FieldType]

  init(tasks: BoardSnapshot.Tasks, fields: [NameField], valueFields: [FieldDefinition]) {
    (self.tasks, self.fields, self.valueFields) = (tasks, fields, valueFields)
    stored = StoredMembers(fieldCount: fields.count)
    placeMembers = Array(repeating: -1, count: fields.count + valueFields.count)
    declaredPlaces = Dictionary(
      fields.indices.filter { fields[$0].taskField == nil }.map { (fields[$0].definition.id, $0) }
        + valueFields.indices.map { (valueFields[$0].id, fields.count + $0) },
      uniquingKeysWith: { first, _ in first })
    optionNames = fields.map { field in
      guard field.definition.type.hasOptions else { return [:] }
      return Dictionary(field.definition.options.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
    }
    holdsNames = fields.map(\.definition.type.holdsNames)
    valueTypes = valueFields.map(\.type)
  }

  mutating func reserve(cards: Int) {
    bounds.reserveCapacity(cards * fields.count + 1)
    cardNames.reserveCapacity(cards * 2)
    links.reserveCapacity(cards)
    linkTexts.reserveCapacity(cards)
  }

  /// The next card in board order.
  mutating func add(_ task: BoardSnapshot.Tasks.Record) {
    let card = Int32(links.count)
    let first = cardNames.count
    let found = !declaredPlaces.isEmpty && task.values.count > 0 && readMembers(of: task)
    for field in fields.indices {
      bounds.append(Int32(cardNames.count))
      switch fields[field].taskField {
      case .labels?: addStored(task.labels, field: field)
      case .assignees?: addStored(task.assignees, field: field)
      default:
        guard found, placeMembers[field] >= 0 else { continue }
        for slot in stored.members[Int(placeMembers[field])].slots { cardNames.append(number(ofSlot: slot)) }
      }
    }
    for field in valueFields.indices {
      if found, placeMembers[fields.count + field] >= 0,
        let text = stored.members[Int(placeMembers[fields.count + field])].text
      {
        values.append(CardNames.Value(field: Int32(field), text: text))
      }
    }
    valueStarts.append(Int32(values.count))
    for name in cardNames[first...] { names[Int(name)].cards.append(card) }
    if task.url.count == 0 {
      links.append(.empty)
      linkTexts.append(.empty)
    } else {
      links.append(arena.text(copying: task.url, from: tasks.text))
      linkTexts.append(arena.text(CardNames.linkText(of: tasks.text.string(task.url))))
    }
  }

  /// The names of the cards added: every name's page (which waits for every name, as one that collides with a
  /// later one changes too) and each field's name by locale.
  consuming func finish() -> CardNames {
    bounds.append(Int32(cardNames.count))
    for (index, path) in CardNames.paths(of: nameTexts).enumerated() { names[index].path = arena.text(path) }
    var titles: [[String: TextRef]] = []
    for field in fields {
      var byLocale: [String: TextRef] = ["": arena.text(field.definition.displayName(in: ""))]
      for (code, name) in field.definition.names where !code.isEmpty { byLocale[code] = arena.text(name) }
      titles.append(byLocale)
    }
    for field in valueFields {
      var byLocale: [String: TextRef] = ["": arena.text(field.displayName(in: ""))]
      for (code, name) in field.names where !code.isEmpty { byLocale[code] = arena.text(name) }
      titles.append(byLocale)
    }
    let (names, cardNames, bounds, links, linkTexts) = (names, cardNames, bounds, links, linkTexts)
    let (valueFields, values, valueStarts) = (valueFields, values, valueStarts)
    return CardNames(
      bytes: arena.finish(), names: names, fields: fields, fieldTitles: titles, cardNames: cardNames, bounds: bounds,
      links: links, linkTexts: linkTexts, valueFields: valueFields, values: values, valueStarts: valueStarts)
  }

  /// Stored as a NameSet writes it (sorted, each name once, joined by line breaks): split, not sorted again.
  private mutating func addStored(_ text: RawRef, field: Int) {
    guard text.count > 0 else { return }
    let parts = tasks.text.withBytes(text) { bytes in
      var parts: [RawRef] = []
      var start = 0
      for end in 0...bytes.count where end == bytes.count || bytes[end] == UInt8(ascii: "\n") {
        if end > start { parts.append(RawRef(start: text.start + start, count: UInt32(end - start))) }
        start = end + 1
      }
      return parts
    }
    for part in parts {
      let (hash, known) = lookup(part, field: field)
      if let known {
        cardNames.append(known)
        continue
      }
      let number = newName(tasks.text.string(part), field: field)
      numbers[hash, default: []].append(number)
      cardNames.append(number)
    }
  }

  /// The number among the cards' names of a declared field's name (``StoredMembers/slotNames``), given the first
  /// time a card shows it.
  private mutating func number(ofSlot slot: Int) -> Int32 {
    if stored.slotNumbers[slot] >= 0 { return stored.slotNumbers[slot] }
    let (text, field) = stored.slotNames[slot]
    let number = newName(text, field: field)
    stored.slotNumbers[slot] = number
    return number
  }

  /// Fills ``placeMembers`` from the task's stored values, member by member (a field given twice: the last);
  /// false, and no values, when its text is not a stored object of values (a store edited by hand), as
  /// ``FieldValues/init(storedText:)`` finds it.
  private mutating func readMembers(of task: BoardSnapshot.Tasks.Record) -> Bool {
    for place in placeMembers.indices { placeMembers[place] = -1 }
    let text = tasks.text
    return text.withBytes(task.values) { bytes -> Bool in
      guard let ranges = StoredMembers.memberRanges(of: bytes) else { return false }
      for (range, hash) in ranges {
        var number: Int32
        if let known = stored.known(bytes, range, hash: hash) {
          number = known
        } else {
          guard let (memberBytes, id, value) = StoredMembers.parse(bytes, range) else { return false }
          let member = resolved(id, value)
          number = stored.remember(member, bytes: memberBytes, hash: hash)
        }
        let place = stored.members[Int(number)].place
        if place >= 0 { placeMembers[place] = number }
      }
      return true
    }
  }

  /// What a field's value shows on a card: its place (-1: not a declared field) and its names' slots or its
  /// text; a value for an option the field no longer has, or of another type than the field's, shows nothing.
  private mutating func resolved(_ id: UUID, _ value: FieldValue) -> StoredMembers.Member {
    guard let place = declaredPlaces[id] else { return StoredMembers.Member(place: -1) }
    var member = StoredMembers.Member(place: place)
    guard place < fields.count else {
      let field = place - fields.count
      if value.fits(valueTypes[field]) { member.text = arena.text(value.text(in: valueFields[field])) }
      return member
    }
    switch value {
    case .option(let option):
      if let name = optionNames[place][option] { member.slots = [stored.slot(name, field: place)] }
    case .names(let set):
      if holdsNames[place] { member.slots = set.names.map { stored.slot($0, field: place) } }
    case .text, .number, .date: break
    }
    return member
  }

  private mutating func newName(_ text: String, field: Int) -> Int32 {
    let number = Int32(names.count)
    names.append(
      CardNames.Name(
        text: arena.text(text), field: field,
        // A select's or milestone's option wears the colour it was declared with, when it was given one.
        hue: CardNames.hue(ofColor: fields[field].definition.option(named: text)?.color) ?? CardNames.hue(of: text),
        path: .empty, cards: []))
    nameBytes.append(Array(text.utf8))
    nameTexts.append((fields[field].folder, text))
    return number
  }

  private func lookup(_ name: RawRef, field: Int) -> (hash: UInt64, number: Int32?) {
    tasks.text.withBytes(name) { bytes -> (UInt64, Int32?) in
      var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ (UInt64(field) &* 0x9E37_79B9_7F4A_7C15)
      for index in 0..<bytes.count { hash = (hash ^ UInt64(bytes[index])) &* 0x0000_0100_0000_01b3 }
      let match = numbers[hash]?.first { number in
        let known = nameBytes[Int(number)]
        guard names[Int(number)].field == field, known.count == bytes.count else { return false }
        return (0..<bytes.count).allSatisfy { known[$0] == bytes[$0] }
      }
      return (hash, match)
    }
  }
}
