import PMBoardBytes
import PMBoardCore

/// `board.json` of a large board: above ``BoardJSON/pieceLimit`` tasks its `tasks` are empty and the tasks are in
/// pieces, `board/tasks-<b>.json`, each holding the tasks whose ids start with the hex digits `b` (the bucket of the
/// search index's id files, ``SearchIDFiles/bucket(of:digits:)``), in board order, each task's line as `tasks`
/// would hold it. `board.json` lists the pieces (`pieces`) with their counts. A change to a task changes its
/// piece and the document's counts, no other piece: one file of 2.6 MB at 1,000,000 tasks, where the whole
/// document was 654 MB and no reader could load it.
extension BoardJSON {
  /// One piece: its bucket, its file from the board's folder, its cards (indices into the tables' cards, board
  /// order).
  struct TaskPiece: Sendable {
    let bucket: Int
    let path: String
    let cards: [Int]
  }

  /// Above this many tasks, `tasks` moves to pieces.
  static let pieceLimit = 10_000

  /// Hex digits of the pieces' names for `count` tasks: nil (one file) up to ``pieceLimit``, 1 (16 pieces, at most
  /// about 6 MB each) up to 160,000, else 2 (256 pieces).
  static func pieceDigits(count: Int, limit: Int = pieceLimit) -> Int? {
    count <= limit ? nil : count <= 160_000 ? 1 : 2
  }

  /// A piece's file from the board's folder.
  static func piecePath(_ bucket: Int, digits: Int) -> String {
    "board/tasks-\(SearchIDFiles.name(bucket, digits: digits)).json"
  }

  /// The pieces of the board's tasks with `digits` hex digits, those that hold tasks, by bucket.
  func pieces(digits: Int) -> [TaskPiece] {
    let (cards, arena) = (tables.cards, tables.cardBytes)
    let buckets = SearchIDFiles(count: cards.count, digits: digits) { card, body in
      arena.withBytes(cards[card].id.raw, body)
    }
    return buckets.files.map {
      TaskPiece(bucket: $0.bucket, path: Self.piecePath($0.bucket, digits: digits), cards: $0.tasks)
    }
  }

  /// `"tasks": []` and the pieces' list, `"pieces": [{"file": "board/tasks-0.json", "tasks": 612}, …]`, closing the
  /// document.
  func appendPieceList(_ pieces: [TaskPiece], to out: inout ByteWriter) {
    out.append(",\n  \"tasks\": [],\n  \"pieces\": [")
    for (index, piece) in pieces.enumerated() {
      out.append(index == 0 ? "\n    {\"file\": \"" : ",\n    {\"file\": \"")
      out.append(piece.path)
      out.append("\", \"tasks\": \(piece.cards.count)}")
    }
    out.append(pieces.isEmpty ? "]\n}\n" : "\n  ]\n}\n")
  }

  /// A piece's file: `{"board": …, "piece": "3a", "tasks": [ … ]}`.
  func render(piece: TaskPiece, digits: Int, emit: (Span<UInt8>) -> Void) {
    var out = ByteWriter(capacity: SiteRenderer.outputChunk + 8192)
    out.append("{\n  \"board\": ")
    Self.string(info.title, into: &out)
    out.append(",\n  \"piece\": \"\(SearchIDFiles.name(piece.bucket, digits: digits))\",\n  \"tasks\": [")
    let lines = TaskLines(self)
    for (position, card) in piece.cards.enumerated() {
      lines.append(card, first: position == 0, of: self, to: &out)
      if out.pending > SiteRenderer.outputChunk { out.flush(keeping: 0, to: emit) }
    }
    out.appendStatic("\n  ]\n}\n")
    out.flush(keeping: 0, to: emit)
  }
}
