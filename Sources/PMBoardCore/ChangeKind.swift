/// What made a change a replica keeps for its next sync: a command, or an undo or a redo. The remote applies an
/// undo or redo by a stricter rule than other changes (``SyncBatch``): it reverts one person's change and must not
/// overwrite anyone else's (docs/sync.md).
public enum ChangeKind: String, Sendable, Hashable, CaseIterable {
  case change
  case undo
  case redo
}
