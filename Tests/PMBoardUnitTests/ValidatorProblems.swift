import PMBoardValidation

/// Validates `source` and returns each diagnostic as `line:column: message`, the part the validator tests care
/// about; shared by the validator's test suites.
func problems(_ source: String, isPage: Bool = false) -> [String] {
  HTMLTemplateValidator().validate(source: source, file: "t.mustache", isPage: isPage).map {
    "\($0.line):\($0.column): \($0.message)"
  }
}
