import Foundation

extension BoardOrder {
  /// The field a board's columns are ordered by first (`order-by`): `key`'s field of `fields` when it is a select or
  /// a milestone field, whose options are in an order; nil otherwise.
  public static func orderingField(_ key: String?, in fields: BoardFields) -> FieldDefinition? {
    guard let key, let field = fields.field(key: key), field.type.canGroup else { return nil }
    return field
  }

  /// Where a task with `values` goes in a column ordered by `field`: its option's place among the field's options,
  /// and after all of them (`Int.max`) without a value or with an option the field no longer has. Ties keep
  /// ``withinColumn(_:_:)``'s order (due, title, id).
  public static func rank(of values: FieldValues, by field: FieldDefinition) -> Int {
    guard case .option(let id)? = values[field.id], let place = field.options.firstIndex(where: { $0.id == id })
    else { return .max }
    return place
  }
}
