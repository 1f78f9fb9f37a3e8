import Foundation
import PMBoardCore
import PMBoardTestSupport
import Testing

/// ``SyncBatch``: a pushed undo or redo reverts one person's change and never overwrites a change made elsewhere
/// (issue 57, item 10).
struct SyncBatchTests {
  let base = BoardTask(id: StoreSamples.id(1), title: "Base", body: "body", created: StoreSamples.at(0))

  func titled(_ title: String, from task: BoardTask, at minute: Int) -> BoardTask {
    var copy = task
    copy.title = title
    copy.updated = StoreSamples.at(minute)
    return copy
  }

  @Test func anUndoWhoseTaskChangedSinceIsNotApplied() {
    let mine = titled("Mine", from: base, at: 1)
    let theirs = titled("Theirs", from: mine, at: 2)
    // The replica undoes its change (pushed by an earlier sync) while the remote holds someone's later edit.
    let undo = BoardChange.update(from: mine, to: base, at: StoreSamples.at(3), by: "me")
    var batch = SyncBatch()
    let applied = batch.rebase(undo, kind: .undo, onto: theirs)
    #expect(applied.entry.resolution == .lost && applied.before == theirs && applied.after == theirs)
    // As a command, the same change would have been merged over theirs.
    #expect(SyncRule.rebase(undo, onto: theirs).after?.title == "Base")
  }

  @Test func aRedoWhoseTaskChangedSinceIsNotApplied() {
    let mine = titled("Mine", from: base, at: 1)
    let theirs = titled("Theirs", from: base, at: 2)
    let redo = BoardChange.update(from: base, to: mine, at: StoreSamples.at(3), by: "me")
    var batch = SyncBatch()
    let applied = batch.rebase(redo, kind: .redo, onto: theirs)
    #expect(applied.entry.resolution == .lost && applied.after == theirs)
  }

  @Test func anUndoOfAnUnchangedTaskAppliesAsMade() {
    let mine = titled("Mine", from: base, at: 1)
    let undo = BoardChange.update(from: mine, to: base, at: StoreSamples.at(3), by: "me")
    var batch = SyncBatch()
    #expect(batch.rebase(undo, kind: .undo, onto: mine) == undo)
  }

  @Test func anEditUndoneOfflineLeavesAConcurrentEditAsItWas() {
    let theirs = titled("Theirs", from: base, at: 2)
    let mine = titled("Mine", from: base, at: 1)
    let edit = BoardChange.update(from: base, to: mine, at: StoreSamples.at(1), by: "me")
    let undo = BoardChange.update(from: mine, to: base, at: StoreSamples.at(3), by: "me")
    var batch = SyncBatch()
    let merged = batch.rebase(edit, kind: .change, onto: theirs)
    #expect(merged.entry.resolution == .merged && merged.after?.title == "Mine")
    let reverted = batch.rebase(undo, kind: .undo, onto: merged.after)
    #expect(reverted.after == theirs && reverted.before == merged.after && reverted.entry.resolution == .merged)
    // And a redo in the same push puts the merged edit back.
    let redo = edit.repeated(at: StoreSamples.at(4), by: "me")
    let again = batch.rebase(redo, kind: .redo, onto: reverted.after)
    #expect(again.before == theirs && again.after == merged.after && again.entry.resolution == .merged)
  }

  @Test func anUndoOfARemovalUndoneOfflineRestoresTheTaskAsTheRemoteHadIt() {
    let theirs = titled("Theirs", from: base, at: 2)
    let removal = BoardChange.remove(base, at: StoreSamples.at(1), by: "me")
    var batch = SyncBatch()
    let removed = batch.rebase(removal, kind: .change, onto: theirs)
    #expect(removed.after == nil && removed.entry.resolution == .merged)
    let restored = batch.rebase(removal.inverted(at: StoreSamples.at(3), by: "me"), kind: .undo, onto: nil)
    #expect(restored.before == nil && restored.after == theirs && restored.entry.action == .added)
  }
}
