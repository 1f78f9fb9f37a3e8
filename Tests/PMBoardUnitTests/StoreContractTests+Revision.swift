import Foundation
import PMBoardBytes
import PMBoardCore
import PMBoardStore
import PMBoardTestSupport
import Testing

/// `revision()`, which lets a build skip itself: a backend that gives a token changes it with every change and keeps
/// it through reads. Nil is always allowed ("cannot tell"); the file backends can tell.
extension StoreContractTests {
  @Test(arguments: StoreBackend.tested)
  func revisionChangesWithEveryChangeAndNotWithReads(_ backend: StoreBackend) async throws {
    try await withStore(backend) { store, path async throws in
      guard var last = try await store.revision() else {
        #expect(!StoreBackend.files.contains(backend), "\(backend) gives no revision")
        return
      }
      let reads: [(String, () async throws -> Void)] = [
        ("load", { _ = try await store.load() }),
        ("snapshot", { _ = try await store.snapshot() }),
        ("snapshot(handlers:)", { _ = try await store.snapshot(handlers: .none) }),
        ("info", { _ = try await store.info() }),
        ("tasks(withIDPrefix:)", { _ = try await store.tasks(withIDPrefix: "aaaa") }),
        ("revision", { _ = try await store.revision() }),
      ]
      let added = Samples.newTask(1)
      var edited = added
      (edited.title, edited.updated) = ("Edited", Samples.at(21))
      var moved = edited
      (moved.state, moved.updated) = (.doing, Samples.at(22))
      let changes: [(String, () async throws -> Void)] = [
        ("add", { try await store.commit(.add(added, at: Samples.at(20))) }),
        ("edit", { try await store.commit(.update(from: added, to: edited, at: Samples.at(21))) }),
        ("move", { try await store.commit(.update(from: edited, to: moved, at: Samples.at(22))) }),
        ("remove", { try await store.commit(.remove(moved, at: Samples.at(23))) }),
        ("undo", { _ = try await store.undo(at: Samples.at(24)) }),
        ("redo", { _ = try await store.redo(at: Samples.at(25)) }),
        (
          "applyImported",
          { try await store.applyImported([.add(Self.sourced(2, "17"), at: Samples.at(26), by: "import:csv")]) }
        ),
        ("replace", { try await store.replace(with: Samples.board) }),
      ]
      for (name, change) in changes {
        try await change()
        let token = try #require(try await store.revision(), "\(name) took the revision away")
        #expect(token != last, "\(name) kept the revision \(last)")
        for (read, call) in reads {
          try await call()
          #expect(try await store.revision() == token, "\(read) after \(name) changed the revision")
        }
        // Another instance reads the store, not some cache.
        #expect(try await backend.store(at: path).revision() == token)
        // The snapshot carries the revision of what it read, as a build's key takes it.
        #expect(try await store.snapshot().revision == token, "snapshot after \(name)")
        #expect(try await store.snapshot(handlers: .none).revision == token, "snapshot(handlers:) after \(name)")
        last = token
      }
      // Refused changes leave everything, the revision too.
      #expect(await storeError { try await store.commit(.remove(moved, at: Samples.at(30))) } != nil)
      #expect(await storeError { _ = try await store.undo(at: Samples.at(31)) } == .nothingToUndo)
      #expect(try await store.revision() == last)
    }
  }

  @Test(arguments: StoreBackend.files)
  func aMissingStoreHasNoRevision(_ backend: StoreBackend) async throws {
    try await StoreScratch.with { scratch async throws in
      let path = scratch.path(backend.fileName)
      #expect(await storeError { _ = try await backend.store(at: path).revision() } == .notFound(path: path))
      #expect(scratch.contents() == [])
    }
  }

  /// The JSON store's token is the FNV-1a hash of the file's bytes, so equal files give equal tokens.
  @Test func aJSONRevisionIsTheHashOfTheFile() async throws {
    try await withStore(.json) { store, path async throws in
      let bytes = try #require(FileManager.default.contents(atPath: path))
      var expected = Fingerprint()
      for byte in bytes { expected.add(byte) }
      #expect(try await store.revision() == "json:" + expected.hex)
      let copy = path + ".copy.json"
      try bytes.write(to: URL(fileURLWithPath: copy))
      #expect(try await JSONBoardStore(path: copy).revision() == "json:" + expected.hex)
    }
  }
}

@Suite("fingerprint")
struct FingerprintTests {
  /// FNV-1a's published 64-bit test vectors, through the byte-by-byte and the whole-buffer additions.
  @Test func bytesGiveFNV1a() {
    let vectors: [(String, UInt64)] = [
      ("", 0xcbf2_9ce4_8422_2325), ("a", 0xaf63_dc4c_8601_ec8c), ("foobar", 0x8594_4171_f739_67e8),
    ]
    for (text, hash) in vectors {
      var whole = Fingerprint()
      whole.add(bytes: Data(text.utf8))
      var single = Fingerprint()
      for byte in text.utf8 { single.add(byte) }
      #expect(whole.value == hash, "\(text)")
      #expect(single == whole, "\(text)")
    }
  }
}
