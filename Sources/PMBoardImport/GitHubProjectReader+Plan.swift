import PMBoardCore

extension GitHubProjectReader {
  /// What each item member is: the task's title, its column, labels, assignees, a board field, or nothing pmboard
  /// keeps. With `gh project field-list` the fields are its own, each declared whether or not an item has a value
  /// (a single select with its options in order, an iteration as a milestone-type field, a number, date or text
  /// field by its data type, or by its values when gh does not give it); the members no field names, and all of them
  /// without the list, are read from the values: numbers make a number field, days (`2026-11-30`) a date field,
  /// lists of names a multi-select, iterations a milestone-type field, other text a text field.
  struct Plan {
    enum Role: Hashable {
      case title, status, labels, assignees, skipped
      case field(Int)
    }

    /// By member number.
    var roles: [Role]
    var fields: [SourceField] = []
    /// The member the Status is in, for a message.
    var statusMember: String?

    /// Item members that are built-in fields pmboard has no place for.
    static let skippedMembers: Set<String> = [
      "repository", "linked pull requests", "reviewers", "tracks", "tracked by", "parent issue", "sub-issues progress",
    ]

    init(members: [String], items: [Scanned], fieldList: [ProjectField]?) {
      roles = [Role](repeating: .skipped, count: members.count)
      var assigned = [Bool](repeating: false, count: members.count)
      let shapes = Self.shapes(members: members.count, items: items)
      var numbers: [String: Int] = [:]
      for (number, name) in members.enumerated() { numbers[name] = numbers[name] ?? number }
      for field in fieldList ?? [] {
        let member = field.member
        let number =
          numbers[member] ?? members.firstIndex { $0.lowercased() == member.lowercased() }
        if let number, assigned[number] { continue }
        let shape = number.map { shapes[$0] } ?? Shape()
        let role: Role
        switch field.kind {
        case .select where field.name.lowercased() == "status":
          role = .status
          statusMember = member
        case .title: role = .title
        case .labels: role = .labels
        case .assignees: role = .assignees
        case .skipped: role = .skipped
        case .milestone: role = add(Self.milestone(member))
        case .select:
          role = add(
            SourceField(
              name: field.name, type: .select, options: field.options.map { SourceOption(name: $0) },
              addsOptions: true, declaresEmpty: true, place: .member(member)))
        case .iteration:
          role = add(
            SourceField(
              name: field.name, type: .milestone, addsOptions: true, declaresEmpty: true, place: .member(member)))
        case .number, .date, .text, .fromValues:
          let type: FieldType =
            switch field.kind {
            case .number: .number
            case .date: .date
            case .text: .text
            default: shape.scalarType
            }
          role = add(SourceField(name: field.name, type: type, declaresEmpty: true, place: .member(member)))
        }
        if let number {
          roles[number] = role
          assigned[number] = true
        }
      }
      for (number, name) in members.enumerated() where !assigned[number] {
        roles[number] = role(of: name, shape: shapes[number])
      }
    }

    /// The role of a member no listed field names.
    private mutating func role(of member: String, shape: Shape) -> Role {
      switch member {
      case "title": return .title
      case "status":
        statusMember = member
        return .status
      case "labels": return .labels
      case "assignees": return .assignees
      case "milestone" where shape.kinds == [.milestone]: return add(Self.milestone(member))
      case _ where Self.skippedMembers.contains(member): return .skipped
      default: break
      }
      let type: FieldType
      switch shape.kinds {
      case []: return .skipped
      case [.names]: type = .multiSelect
      case [.iteration], [.milestone]: type = .milestone
      default: type = shape.scalarType
      }
      var name = member
      if let first = name.first { name = first.uppercased() + name.dropFirst() }
      return add(SourceField(name: name, type: type, addsOptions: true, place: .member(member)))
    }

    private mutating func add(_ field: SourceField) -> Role {
      fields.append(field)
      return .field(fields.count - 1)
    }

    private static func milestone(_ member: String) -> SourceField {
      SourceField(
        name: "milestone", type: .milestone, builtIn: .milestone, addsOptions: true, place: .member(member))
    }

    /// The kinds of value a member holds across the items.
    struct Shape {
      enum Kind: Hashable { case number, day, text, names, iteration, milestone }
      var kinds: Set<Kind> = []

      /// The type of a field whose values are scalars: number, date when every value is a day, else text.
      var scalarType: FieldType {
        if kinds == [.number] { return .number }
        if kinds == [.day] { return .date }
        return .text
      }
    }

    private static func shapes(members: Int, items: [Scanned]) -> [Shape] {
      var shapes = [Shape](repeating: Shape(), count: members)
      for item in items {
        for (member, value) in item.values {
          switch value {
          case .number: shapes[member].kinds.insert(.number)
          case .text(let text):
            shapes[member].kinds.insert(text.utf8.count == 10 && CalendarDate(iso: text) != nil ? .day : .text)
          case .names: shapes[member].kinds.insert(.names)
          case .iteration: shapes[member].kinds.insert(.iteration)
          case .milestone: shapes[member].kinds.insert(.milestone)
          case .other: break
          }
        }
      }
      return shapes
    }
  }
}
