/// `count` copies of one value, for growing the per-symbol arrays: an
/// array appends them with one fill of its new storage
/// (`initialize(repeating:count:)`, through `_copyContents`, the hook
/// `Array.append(contentsOf:)` fills its storage with), where
/// `repeatElement` is copied in through an iterator, one element at a time.
/// A row slot (`Row?`) or a column (``SymbolSet``) cost about 40
/// instructions that way and now costs about 17, a plain value a few.
struct Blanks<Element>: Sequence {
    let value: Element
    let count: Int

    var underestimatedCount: Int { count }

    func makeIterator() -> Iterator { Iterator(value: value, remaining: count) }

    /// What `Array.append(contentsOf:)` calls to fill its storage.
    func _copyContents(
        initializing buffer: UnsafeMutableBufferPointer<Element>
    ) -> (Iterator, UnsafeMutableBufferPointer<Element>.Index) {
        let n = Swift.min(count, buffer.count)
        if n > 0 { buffer.baseAddress!.initialize(repeating: value, count: n) }
        return (Iterator(value: value, remaining: count - n), n)
    }

    struct Iterator: IteratorProtocol {
        let value: Element
        var remaining: Int

        mutating func next() -> Element? {
            guard remaining > 0 else { return nil }
            remaining -= 1
            return value
        }
    }
}
