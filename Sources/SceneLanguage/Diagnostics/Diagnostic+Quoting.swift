import LayoutValues

/// A name from the file, quoted as its text (``Identifier/name``) is.
package func quoted(_ name: Identifier) -> String { quoted(name.name) }

/// "; did you mean 'x'?" when there is a suggestion, to end a message.
func didYouMean(_ suggestion: String?) -> String {
    suggestion.map { "; did you mean \(quoted($0))?" } ?? ""
}
