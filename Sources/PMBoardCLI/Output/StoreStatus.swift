import Foundation

/// What `pmboard status --json` prints: the store, whether it answers, and for a replica its remote, the changes
/// not pushed yet and the last sync (an ISO 8601 instant, or null before the first).
struct StoreStatus: Encodable {
  struct Replica: Encodable {
    var remote: String
    var remoteAnswers: Bool
    var remoteProblem: String?
    var notPushed: Int
    var lastSync: String?

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(remote, forKey: .remote)
      try container.encode(remoteAnswers, forKey: .remoteAnswers)
      try container.encodeIfPresent(remoteProblem, forKey: .remoteProblem)
      try container.encode(notPushed, forKey: .notPushed)
      try container.encode(lastSync, forKey: .lastSync)  // null before the first sync
    }

    enum CodingKeys: String, CodingKey { case remote, remoteAnswers, remoteProblem, notPushed, lastSync }
  }

  var store: String
  var answers: Bool
  var problem: String?
  var replica: Replica?

  init(store: String, problem: String?) {
    self.store = store
    answers = problem == nil
    self.problem = problem
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(store, forKey: .store)
    try container.encode(answers, forKey: .answers)
    try container.encodeIfPresent(problem, forKey: .problem)
    try container.encode(replica, forKey: .replica)  // null: not a replica
  }

  enum CodingKeys: String, CodingKey { case store, answers, problem, replica }

  func json() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    var data = try encoder.encode(self)
    data.append(0x0A)
    return data
  }
}
