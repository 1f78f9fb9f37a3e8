/// Name-based UUIDs (RFC 9562 version 5: SHA-1 of a namespace and a name). The change feed's ids come from what an
/// entry is, so they are the same in every build and never change once published, and reveal nothing of it.
enum NameUUID {
  /// pmboard's namespace for feed ids: the version-5 UUID of "pmboard" in the URL namespace.
  static let namespace: [UInt8] = v5(
    namespace: [
      0x6B, 0xA7, 0xB8, 0x11, 0x9D, 0xAD, 0x11, 0xD1, 0x80, 0xB4, 0x00, 0xC0, 0x4F, 0xD4, 0x30, 0xC8,
    ], name: "https://pmboard.invalid/feeds")

  /// `urn:uuid:…` for `name` in pmboard's namespace.
  static func urn(_ name: String) -> String {
    "urn:uuid:" + text(v5(namespace: namespace, name: name))
  }

  static func v5(namespace: [UInt8], name: String) -> [UInt8] {
    var uuid = Array(SHA1.digest(namespace + Array(name.utf8)).prefix(16))
    uuid[6] = (uuid[6] & 0x0F) | 0x50
    uuid[8] = (uuid[8] & 0x3F) | 0x80
    return uuid
  }

  static func text(_ uuid: [UInt8]) -> String {
    let hex = Array("0123456789abcdef".utf8)
    var out: [UInt8] = []
    for (index, byte) in uuid.enumerated() {
      if [4, 6, 8, 10].contains(index) { out.append(UInt8(ascii: "-")) }
      out.append(hex[Int(byte >> 4)])
      out.append(hex[Int(byte & 0x0F)])
    }
    return String(decoding: out, as: UTF8.self)
  }
}

/// SHA-1 (FIPS 180-4), for name-based UUIDs only: version 5 is defined with it, and nothing here needs secrecy.
enum SHA1 {
  static func digest(_ message: [UInt8]) -> [UInt8] {
    var h: [UInt32] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0]
    var padded = message
    padded.append(0x80)
    while padded.count % 64 != 56 { padded.append(0) }
    let bits = UInt64(message.count) &* 8
    for shift in stride(from: 56, through: 0, by: -8) {
      padded.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift)))
    }
    var w = [UInt32](repeating: 0, count: 80)
    for block in stride(from: 0, to: padded.count, by: 64) {
      for t in 0..<16 {
        let i = block + t * 4
        w[t] =
          UInt32(padded[i]) << 24 | UInt32(padded[i + 1]) << 16 | UInt32(padded[i + 2]) << 8 | UInt32(padded[i + 3])
      }
      for t in 16..<80 {
        let x = w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16]
        w[t] = x << 1 | x >> 31
      }
      var (a, b, c, d, e) = (h[0], h[1], h[2], h[3], h[4])
      for t in 0..<80 {
        let (f, k): (UInt32, UInt32) =
          switch t {
          case 0..<20: ((b & c) | (~b & d), 0x5A82_7999)
          case 20..<40: (b ^ c ^ d, 0x6ED9_EBA1)
          case 40..<60: ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC)
          default: (b ^ c ^ d, 0xCA62_C1D6)
          }
        let temp = (a << 5 | a >> 27) &+ f &+ e &+ k &+ w[t]
        (e, d, c, b, a) = (d, c, b << 30 | b >> 2, a, temp)
      }
      h[0] &+= a
      h[1] &+= b
      h[2] &+= c
      h[3] &+= d
      h[4] &+= e
    }
    return h.flatMap { word in [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: word >> UInt32($0)) } }
  }
}
