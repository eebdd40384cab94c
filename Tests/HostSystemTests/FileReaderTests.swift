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
}
