/// What an op reads in a bound loop (``TemplateRenderer``).
public enum LoopBinding<Value> {
  /// The item's value for key number `n`.
  case field(Int)
  /// The item itself (`{{.}}`).
  case itself
  /// The same value for every item, resolved before the loop (nil: the name is missing).
  case constant(Value?)

  public func value<Model: RenderModel & ~Escapable>(item: Value, model: Model) -> Value? where Model.Value == Value {
    switch self {
    case .field(let key): model.lookup(key, in: item)
    case .itself: item
    case .constant(let value): value
    }
  }
}
