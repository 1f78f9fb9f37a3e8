import PMBoardBytes

/// A task's value of each ``TaskField``: the one place that reads or writes a field by its case, for the sync
/// merge and the edit diff.
extension BoardTask {
  /// The names `field` holds, for a field of shape ``TaskField/Shape/names``; nil for any other.
  public func names(_ field: TaskField) -> NameSet? {
    switch field {
    case .labels: labels
    case .assignees: assignees
    case .title, .body, .due, .state, .url, .values: nil
    }
  }

  /// Sets the names of a field of shape ``TaskField/Shape/names``; other fields are left alone.
  public mutating func setNames(_ names: NameSet, of field: TaskField) {
    switch field {
    case .labels: labels = names
    case .assignees: assignees = names
    case .title, .body, .due, .state, .url, .values: break
    }
  }

  /// Whether `other` holds the same value of `field`.
  public func hasSame(_ field: TaskField, as other: BoardTask) -> Bool {
    switch field {
    case .title: title == other.title
    case .body: body == other.body
    case .due: due == other.due
    case .state: state == other.state
    case .labels: labels == other.labels
    case .assignees: assignees == other.assignees
    case .url: url == other.url
    case .values: values == other.values
    }
  }

  /// Sets `field` to `other`'s value of it.
  public mutating func take(_ field: TaskField, from other: BoardTask) {
    switch field {
    case .title: title = other.title
    case .body: body = other.body
    case .due: due = other.due
    case .state: state = other.state
    case .labels: labels = other.labels
    case .assignees: assignees = other.assignees
    case .url: url = other.url
    case .values: values = other.values
    }
  }
}

extension BoardSnapshot.Tasks.Record {
  /// Mixes the record's value of `field` into `print`, its text from `text`: the card fingerprint's input.
  /// Called per card and field at 100,000 tasks, so a `switch`: no dispatch, nothing allocated.
  public func add(_ field: TaskField, of text: ByteArena, to print: inout Fingerprint) {
    switch field {
    case .title: print.add(title, of: text)
    case .body: print.add(body, of: text)
    case .due: print.add(due?.daysSinceEpoch ?? Int.min)
    case .state: print.add(state.order)
    case .labels: print.add(labels, of: text)
    case .assignees: print.add(assignees, of: text)
    case .url: print.add(url, of: text)
    case .values: print.add(values, of: text)
    }
  }
}
