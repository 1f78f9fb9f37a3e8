/// One choice of a select field, or one milestone of a milestone field. Tasks hold its ``id``, so a renamed option
/// keeps its tasks.
public struct FieldOption: Sendable, Hashable, Identifiable, Codable {
  /// Eight lowercase hex digits, unique within its field.
  public var id: String
  public var name: String
  /// `#rrggbb`, or nil for the theme's colour.
  public var color: String?
  /// A milestone's first day, if it has one.
  public var start: CalendarDate?
  /// A milestone's due day, if it has one.
  public var due: CalendarDate?
  /// A closed milestone: its work is over (GitHub's closed milestone).
  public var isClosed: Bool

  public init(
    id: String, name: String, color: String? = nil, start: CalendarDate? = nil, due: CalendarDate? = nil,
    isClosed: Bool = false
  ) {
    self.id = id
    self.name = name
    self.color = color
    self.start = start
    self.due = due
    self.isClosed = isClosed
  }

  private enum CodingKeys: String, CodingKey {
    case id, name, color, start, due
    case isClosed = "closed"
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(String.self, forKey: .id)
    name = try container.decode(String.self, forKey: .name)
    color = try container.decodeIfPresent(String.self, forKey: .color)
    start = try container.decodeIfPresent(String.self, forKey: .start).flatMap { CalendarDate(iso: $0) }
    due = try container.decodeIfPresent(String.self, forKey: .due).flatMap { CalendarDate(iso: $0) }
    isClosed = try container.decodeIfPresent(Bool.self, forKey: .isClosed) ?? false
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(name, forKey: .name)
    try container.encodeIfPresent(color, forKey: .color)
    try container.encodeIfPresent(start?.description, forKey: .start)
    try container.encodeIfPresent(due?.description, forKey: .due)
    if isClosed { try container.encode(true, forKey: .isClosed) }
  }
}
