extension Solver {
    /// A new symbol of the given kind, reusing a freed slot when there is one.
    mutating func makeSymbol(_ kind: SymbolKind) -> Symbol {
        let symbol: Symbol
        if let freed = freeSymbols.popLast() {
            symbol = freed
        } else {
            if freshSymbols == kinds.count { growSymbols() }
            symbol = Symbol(freshSymbols)
            freshSymbols += 1
        }
        kinds[Int(symbol)] = kind
        shapeVersion &+= 1
        return symbol
    }

    /// Makes room for `count` more symbols than are made now, in one step, so
    /// that a batch of constraints does not grow the per-symbol arrays again
    /// and again (each growth copies all ten of them). Freed slots count as room.
    @usableFromInline
    mutating func reserveSymbols(_ count: Int) {
        let wanted = freshSymbols + count - freeSymbols.count - kinds.count
        if wanted > 0 { growSymbols(by: wanted) }
    }

    /// Adds a chunk of fresh symbols at once: growing the per-symbol arrays
    /// one element at a time cost more than the rest of adding a constraint.
    /// (Chunks of a fixed 64, or doubling, measured no better.)
    private mutating func growSymbols(by wanted: Int = 0) {
        let chunk = max(64, kinds.count / 2, wanted)
        kinds.append(contentsOf: Blanks(value: .invalid, count: chunk))
        rows.append(contentsOf: Blanks(value: nil, count: chunk))
        depths.append(contentsOf: Blanks(value: 0, count: chunk))
        columns.append(contentsOf: Blanks(value: SymbolSet(), count: chunk))
        priorities.append(contentsOf: Blanks(value: 0, count: chunk))
        owners.append(contentsOf: Blanks(value: -1, count: chunk))
        variableIDs.append(contentsOf: Blanks(value: -1, count: chunk))
        values.append(contentsOf: Blanks(value: 0, count: chunk))
        isCandidate.append(contentsOf: Blanks(value: false, count: chunk))
        isChanged.append(contentsOf: Blanks(value: false, count: chunk))
        for k in levels.indices { levels[k].grow(by: chunk) }
    }

    /// Frees a marker that no row or objective holds any more.
    ///
    /// A symbol may be freed while it is still listed as an entering
    /// candidate (``candidates``) or as changed (``changedSymbols``), as a
    /// removed preference's errors always are: both lists are hints that
    /// their readers check again. A freed symbol is dropped as a candidate
    /// (it is not restricted), and its value is recomputed as zero; reused
    /// before then, it is looked at once more, which is harmless. Keeping
    /// such symbols instead leaked two slots for each preference removed.
    mutating func freeSymbolIfUnused(_ symbol: Symbol) {
        guard symbol >= 0 else { return }
        let i = Int(symbol)
        guard rows[i] == nil, columns[i].isEmpty, isCostFree(symbol) else {
            // Still referenced (rare: numerical residue); keep it as a plain parameter.
            owners[i] = -1
            return
        }
        kinds[i] = .invalid
        shapeVersion &+= 1
        owners[i] = -1
        priorities[i] = 0
        values[i] = 0
        freeSymbols.append(symbol)
    }

    /// The symbol of a user variable, made on first use.
    mutating func symbol(for variable: Variable) -> Symbol {
        if let symbol = variableSymbols[variable.id] { return symbol }
        let symbol = makeSymbol(.external)
        variableSymbols.insert(symbol, for: variable.id)
        variableIDs[Int(symbol)] = variable.id
        makeValueSlot(for: variable.id, symbol: symbol)
        return symbol
    }

    /// Extends `variableValues` to a new variable's id when the id is near
    /// the range (which may grow by half to take it), as ``IDTable`` does.
    /// The slots it adds for earlier variables, read through their symbols
    /// until now, take their values.
    private mutating func makeValueSlot(for id: Int, symbol: Symbol) {
        if variableValueBase < 0 { variableValueBase = id }
        let k = id &- variableValueBase
        let count = variableValues.count
        guard k >= count && k < count + 64 + count / 2 else { return }
        for other in variableValueBase + count..<id {
            variableValues.append(variableSymbols[other].map { values[Int($0)] } ?? 0)
        }
        variableValues.append(values[Int(symbol)])
    }

    /// The slot of a symbol's user variable in `variableValues`, or -1.
    /// `slots` is the count of `variableValues`, for a caller that has taken
    /// the array out.
    func valueSlot(of symbol: Symbol, slots: Int? = nil) -> Int {
        let id = variableIDs[Int(symbol)]
        guard id >= 0 else { return -1 }
        let k = id &- variableValueBase
        return k >= 0 && k < (slots ?? variableValues.count) ? k : -1
    }

    @inline(__always) func isBasic(_ symbol: Symbol) -> Bool {
        rows[Int(symbol)] != nil
    }

    /// Whether the row of `basic` is a definition of a user variable (C_U).
    @inline(__always) func isDefinition(_ basic: Symbol) -> Bool {
        kinds[Int(basic)] == .external
    }

    // MARK: Change tracking

    @inline(__always) mutating func noteChanged(_ symbol: Symbol) {
        if !isChanged[Int(symbol)] {
            isChanged[Int(symbol)] = true
            changedSymbols.append(symbol)
        }
    }

    @inline(__always) mutating func noteCandidate(_ symbol: Symbol) {
        if !isCandidate[Int(symbol)] {
            isCandidate[Int(symbol)] = true
            candidates.append(symbol)
        }
    }
}
