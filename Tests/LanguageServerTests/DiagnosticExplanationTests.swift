import Foundation
import SceneLanguage
import TestSupport
import Testing

@testable import LanguageServer

@Suite struct DiagnosticExplanationTests {
    @Test("Every code has an explanation, still the text of its section in docs/diagnostics.md")
    func everyCode() throws {
        let page = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/diagnostics.md"), encoding: .utf8)
        let flat = page.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for code in DiagnosticCode.allCases {
            let explanation = try #require(DiagnosticExplanation.texts[code], "\(code.rawValue)")
            #expect(flat.contains(explanation.meaning), "\(code.rawValue)'s meaning is no longer the page's")
            if let fix = explanation.fix {
                #expect(flat.contains(fix), "\(code.rawValue)'s fix is no longer the page's")
            }
            #expect(page.contains("#### `\(code.rawValue)`"), "\(code.rawValue) has a section to link to")
        }
    }
}
