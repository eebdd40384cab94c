extension Parser {
    /// Parses a source of statements alone, as an action's body written
    /// without its braces: statements separated by new lines or `;`, as
    /// `exec` sends them. A `}` closes nothing here and is reported; each
    /// statement recovers on its own, as in a block.
    mutating func parseStatementSource() -> [Statement] {
        var statements: [Statement] = []
        while true {
            skipNewlines()
            switch current.kind {
            case .endOfFile:
                return statements
            case .rightBrace:
                error(.expectedToken, "unexpected '}': no block is open here", at: range(of: current))
                advance()
            default:
                do {
                    if let statement = try parseStatement() { statements.append(statement) }
                } catch {
                    skipStatement()
                }
                endStatement()
            }
        }
    }
}
