import PMBoardCore

extension SiteBuilder {
  /// The lines a build says when `order-by` or `group-by` names no select or milestone field of the (published)
  /// board: its columns keep the board's order, or the board is built without lanes, and the build goes on.
  static func fieldSettingWarnings(_ settings: BuildSettings, fields: BoardFields) -> [String] {
    let settings = [
      ("order-by", settings.orderBy, "the columns keep the board's order (order by a select or milestone field)"),
      ("group-by", settings.groupBy, "the board is built without lanes (group by a select or milestone field)"),
    ]
    return settings.compactMap { setting, key, outcome in
      guard let key, BoardOrder.orderingField(key, in: fields) == nil else { return nil }
      let kind = fields.field(key: key).map { "is a \($0.type.rawValue) field" } ?? "is not a field of the board"
      return "\(setting): `\(key)` \(kind); \(outcome)"
    }
  }
}
