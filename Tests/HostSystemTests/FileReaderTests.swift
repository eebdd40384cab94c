import HostSystem
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The one file reader: it never opens what is not a regular file, and never reads past its limit.
@Suite struct FileReaderTests {
    @Test("The reader never opens what is not a regular file, and refuses one that grows past the limit")
    func reader() throws {
        // A device that never ends, and a folder: refused before they are opened.
        do {
            _ = try FileReader.read("/dev/zero")
            Issue.record("/dev/zero was read")
        } catch {
            #expect(error == .notAFile(.characterDevice))
        }
        do {
            _ = try FileReader.read("/tmp")
            Issue.record("a folder was read")
        } catch {
            #expect(error == .notAFile(.folder))
        }
        do {
            _ = try FileReader.read("/no/such/file")
            Issue.record("a missing file was read")
        } catch {
            #expect(error == .missing(reason: "no such file or directory"))
        }
        // A small limit: /etc/passwd is larger than 10 bytes.
        do {
            _ = try FileReader.read("/etc/passwd", limit: 10)
            Issue.record("a file over the limit was read")
        } catch {
            guard case .tooLarge(_, 10) = error else {
                Issue.record("\(error)")
                return
            }
        }
        #expect(try FileReader.read("/etc/hostname").count > 0)
    }

    @Test("A FIFO nobody writes to is refused at once, as is a link to one")
    func fifo() throws {
        var template = Array("/tmp/file-reader-XXXXXX".utf8CString)
        let folder = String(cString: try #require(mkdtemp(&template)))
        defer {
            for name in ["fifo", "link"] { unlink(folder + "/" + name) }
            rmdir(folder)
        }
        #expect(mkfifo(folder + "/fifo", 0o644) == 0)
        #expect(symlink(folder + "/fifo", folder + "/link") == 0)
        for path in [folder + "/fifo", folder + "/link"] {
            do {
                _ = try FileReader.read(path)
                Issue.record("\(path) was read")
            } catch {
                #expect(error == .notAFile(.fifo))
                #expect(error.code == "not-a-file")
            }
        }
        #expect(FileReader.kind(at: folder + "/link") == .symbolicLink)
        #expect(FileReader.kind(at: folder + "/fifo") == .fifo)
        #expect(FileReader.kind(at: folder + "/none") == nil)
    }

    @Test(
        "A file in memory is read without waiting; what is not a file fails at once; a link or a file on disk is left to read"
    )
    func cached() throws {
        var template = Array("/tmp/file-reader-XXXXXX".utf8CString)
        let folder = String(cString: try #require(mkdtemp(&template)))
        defer {
            for name in ["scene", "large", "fifo", "link", "sub", "evicted"] {
                unlink(folder + "/" + name)
                rmdir(folder + "/" + name)
            }
            rmdir(folder)
        }
        func write(_ name: String, _ bytes: [UInt8]) throws {
            let fd = open(folder + "/" + name, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            try #require(fd >= 0)
            defer { close(fd) }
            try #require(bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) } == bytes.count)
        }
        // Just written, so in the page cache: read as the blocking reader reads it, or not at all where the kernel
        // or a sandbox does not offer openat2's RESOLVE_CACHED (then every read goes to the pool).
        let text = Array("view a\n\u{E9} \u{1F389}\n".utf8) + [UInt8](repeating: 0x61, count: 100_000)
        try write("scene", text)
        let offered = FileReader.readIfCached(folder + "/scene") != nil
        #expect(offered || !Self.kernelOffersCachedOpen, "Linux 5.12 and later open a cached path without waiting")
        if offered {
            #expect(try FileReader.readIfCached(folder + "/scene")?.get() == text)
            #expect(try FileReader.read(folder + "/scene") == text)
            // Refused at once, as the blocking reader refuses them.
            #expect(mkfifo(folder + "/fifo", 0o644) == 0)
            #expect(mkdir(folder + "/sub", 0o755) == 0)
            try write("large", [UInt8](repeating: 0x62, count: 11))
            #expect(FileReader.readIfCached(folder + "/fifo").map { _ in "answered" } == "answered")
            #expect(throws: FileReadError.notAFile(.fifo)) { try FileReader.readIfCached(folder + "/fifo")?.get() }
            #expect(throws: FileReadError.notAFile(.folder)) { try FileReader.readIfCached(folder + "/sub")?.get() }
            #expect(throws: FileReadError.tooLarge(size: 11, limit: 10)) {
                try FileReader.readIfCached(folder + "/large", limit: 10)?.get()
            }
            // Left to the blocking reader, which says why: a link (it may lead anywhere), nothing at all.
            #expect(symlink(folder + "/scene", folder + "/link") == 0)
            #expect(FileReader.readIfCached(folder + "/link") == nil)
            #expect(FileReader.readIfCached(folder + "/none") == nil)
            #expect(try FileReader.read(folder + "/link") == text)
        }
        // Written to disk and dropped from the page cache: reading it would wait for the disk, so it is left to the
        // blocking reader. (tmpfs keeps every page in memory: there it is read.)
        try write("evicted", text)
        let fd = open(folder + "/evicted", O_RDONLY | O_CLOEXEC)
        try #require(fd >= 0)
        fsync(fd)
        // The kernel may keep a page it was asked to drop (once, on a loaded machine, it did): the expectation
        // is checked only when the file's pages are seen to be out of memory, asked up to ten times.
        var evicted = false
        for _ in 0..<10 where !evicted {
            posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED)
            evicted = Self.isOutOfMemory(fd, length: text.count)
        }
        close(fd)
        if offered && !Self.isInMemory(folder) && evicted {
            #expect(FileReader.readIfCached(folder + "/evicted") == nil)
        }
        #expect(try FileReader.read(folder + "/evicted") == text)
    }

    /// Whether none of the first `length` bytes of an open file are in the page cache (`mincore` of a mapping).
    static func isOutOfMemory(_ fd: Int32, length: Int) -> Bool {
        guard let mapping = mmap(nil, length, PROT_READ, MAP_SHARED, fd, 0), mapping != MAP_FAILED else {
            return false
        }
        defer { munmap(mapping, length) }
        let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
        var resident = [UInt8](repeating: 0, count: (length + pageSize - 1) / pageSize)
        guard mincore(mapping, length, &resident) == 0 else { return false }
        return resident.allSatisfy { $0 & 1 == 0 }
    }

    /// Whether `path` is on a tmpfs or ramfs, by the mount that holds it (the longest mount point it is under).
    static func isInMemory(_ path: String) -> Bool {
        guard let mounts = try? FileReader.read("/proc/self/mounts") else { return false }
        var best = (length: -1, type: "")
        for line in String(decoding: mounts, as: UTF8.self).split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count > 2 else { continue }
            let point = String(fields[1])
            let under = point == "/" || path == point || path.hasPrefix(point + "/")
            if under && point.count > best.length { best = (point.count, String(fields[2])) }
        }
        return best.type == "tmpfs" || best.type == "ramfs"
    }

    /// Whether the running kernel is Linux 5.12 or later, which has `RESOLVE_CACHED`.
    static var kernelOffersCachedOpen: Bool {
        var name = utsname()
        guard uname(&name) == 0 else { return false }
        let release = withUnsafeBytes(of: &name.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let numbers = release.split(whereSeparator: { !$0.isNumber }).prefix(2).compactMap { Int($0) }
        return numbers.count == 2 && (numbers[0], numbers[1]) >= (5, 12)
    }
}
