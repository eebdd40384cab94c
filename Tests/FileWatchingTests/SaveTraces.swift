import Testing

/// What `layout-watch --all-events` printed while a tool saved `Scene.layout` ("old" becoming "new") in a watched
/// folder: recorded with `record-trace.sh` on Debian bookworm (vim 9.0, neovim 0.7.2, emacs 28.2, git 2.39,
/// GNU sed 4.9 and coreutils 9.1), or, where the tool was not at hand, its file operations replayed by shell commands
/// (said so in `recorded`). Fields are separated by spaces here for reading; the lines had tabs.
struct SaveTrace: Sendable, CustomTestStringConvertible {
    var name: String
    var recorded: String
    var trace: String
    /// How many saves of `Scene.layout` the trace holds.
    var saves = 1

    var testDescription: String { name }

    /// The trace's lines as `layout-watch` wrote them.
    var lines: [String] {
        trace.split(separator: "\n").map { $0.split(separator: " ", maxSplits: 2).joined(separator: "\t") }
    }

    static let all: [SaveTrace] = [
        SaveTrace(
            name: "shell > (and VS Code, which writes in place the same way)",
            recorded: #"printf 'new\n' > Scene.layout"#,
            trace: """
                modify 0 Scene.layout
                close_write 0 Scene.layout
                """),
        SaveTrace(
            name: "cp onto the scene",
            recorded: "cp ../src.layout Scene.layout",
            trace: """
                modify 0 Scene.layout
                modify 0 Scene.layout
                close_write 0 Scene.layout
                """),
        SaveTrace(
            name: "touch",
            recorded: "touch Scene.layout",
            trace: """
                attrib 0 Scene.layout
                close_write 0 Scene.layout
                """),
        SaveTrace(
            name: "sed -i",
            recorded: "sed -i s/old/new/ Scene.layout",
            trace: """
                create 0 sedJ7Q8fI
                attrib 0 sedJ7Q8fI
                modify 0 sedJ7Q8fI
                close_write 0 sedJ7Q8fI
                moved_from 0 sedJ7Q8fI
                moved_to 0 Scene.layout
                """),
        SaveTrace(
            name: "write a temporary file, then mv it over the scene",
            recorded: #"printf 'new\n' > Scene.layout.tmp && mv Scene.layout.tmp Scene.layout"#,
            trace: """
                create 0 Scene.layout.tmp
                modify 0 Scene.layout.tmp
                close_write 0 Scene.layout.tmp
                moved_from 0 Scene.layout.tmp
                moved_to 0 Scene.layout
                """),
        SaveTrace(
            name: "mv from an unwatched folder",
            recorded: "mv ../outside.tmp Scene.layout",
            trace: "moved_to 0 Scene.layout"),
        SaveTrace(
            name: "install",
            recorded: "install -m 644 ../src.tmp Scene.layout",
            trace: """
                delete 0 Scene.layout
                create 0 Scene.layout
                modify 0 Scene.layout
                attrib 0 Scene.layout
                close_write 0 Scene.layout
                attrib 0 Scene.layout
                """),
        SaveTrace(
            name: "rm, then write a new file",
            recorded: #"rm Scene.layout && printf 'new\n' > Scene.layout"#,
            trace: """
                delete 0 Scene.layout
                create 0 Scene.layout
                modify 0 Scene.layout
                close_write 0 Scene.layout
                """),
        SaveTrace(
            name: "git checkout (and git switch, which does the same to the file)",
            recorded: "git checkout -q old -- Scene.layout, in a repository whose .git is inside the watched folder",
            trace: """
                create 0 .git/index.lock
                delete 0 Scene.layout
                create 0 Scene.layout
                modify 0 Scene.layout
                close_write 0 Scene.layout
                modify 0 .git/index.lock
                modify 0 .git/index.lock
                close_write 0 .git/index.lock
                moved_from 0 .git/index.lock
                moved_to 0 .git/index
                """),
        SaveTrace(
            name: "vim (backupcopy=auto: 4913 probe, rename to name~, write a new file)",
            recorded: #"vim --clean -c '%s/old/new/' -c wq Scene.layout, in a terminal (script)"#,
            trace: """
                create 0 .Scene.layout.swp
                create 0 .Scene.layout.swx
                close_write 0 .Scene.layout.swx
                delete 0 .Scene.layout.swx
                close_write 0 .Scene.layout.swp
                delete 0 .Scene.layout.swp
                create 0 .Scene.layout.swp
                modify 0 .Scene.layout.swp
                attrib 0 .Scene.layout.swp
                modify 0 .Scene.layout.swp
                create 0 4913
                attrib 0 4913
                close_write 0 4913
                delete 0 4913
                moved_from 0 Scene.layout
                moved_to 0 Scene.layout~
                create 0 Scene.layout
                modify 0 Scene.layout
                modify 0 Scene.layout
                attrib 0 Scene.layout
                close_write 0 Scene.layout
                attrib 0 Scene.layout
                modify 0 .Scene.layout.swp
                delete 0 Scene.layout~
                close_write 0 .Scene.layout.swp
                delete 0 .Scene.layout.swp
                """),
        SaveTrace(
            name: "vim with backupcopy=yes (a backup copy, then a write in place)",
            recorded: #"vim --clean -c 'set backupcopy=yes' -c '%s/old/new/' -c wq Scene.layout, in a terminal"#,
            trace: """
                create 0 .Scene.layout.swp
                create 0 .Scene.layout.swx
                close_write 0 .Scene.layout.swx
                delete 0 .Scene.layout.swx
                close_write 0 .Scene.layout.swp
                delete 0 .Scene.layout.swp
                create 0 .Scene.layout.swp
                modify 0 .Scene.layout.swp
                attrib 0 .Scene.layout.swp
                modify 0 .Scene.layout.swp
                create 0 Scene.layout~
                modify 0 Scene.layout~
                close_write 0 Scene.layout~
                attrib 0 Scene.layout~
                modify 0 Scene.layout
                attrib 0 Scene.layout
                close_write 0 Scene.layout
                modify 0 .Scene.layout.swp
                delete 0 Scene.layout~
                close_write 0 .Scene.layout.swp
                delete 0 .Scene.layout.swp
                """),
        SaveTrace(
            name: "vim with backup (the backup name~ is kept)",
            recorded: #"vim --clean -c 'set backup' -c '%s/old/new/' -c wq Scene.layout, in a terminal"#,
            trace: """
                create 0 .Scene.layout.swp
                create 0 .Scene.layout.swx
                close_write 0 .Scene.layout.swx
                delete 0 .Scene.layout.swx
                close_write 0 .Scene.layout.swp
                delete 0 .Scene.layout.swp
                create 0 .Scene.layout.swp
                modify 0 .Scene.layout.swp
                attrib 0 .Scene.layout.swp
                modify 0 .Scene.layout.swp
                create 0 4913
                attrib 0 4913
                close_write 0 4913
                delete 0 4913
                moved_from 0 Scene.layout
                moved_to 0 Scene.layout~
                create 0 Scene.layout
                modify 0 Scene.layout
                attrib 0 Scene.layout
                close_write 0 Scene.layout
                attrib 0 Scene.layout
                modify 0 .Scene.layout.swp
                close_write 0 .Scene.layout.swp
                delete 0 .Scene.layout.swp
                """),
        SaveTrace(
            name: "vim quitting without saving (swap files only)",
            recorded: #"vim --clean -c '%s/old/new/' -c 'q!' Scene.layout, in a terminal"#,
            trace: """
                create 0 .Scene.layout.swp
                create 0 .Scene.layout.swx
                close_write 0 .Scene.layout.swx
                delete 0 .Scene.layout.swx
                close_write 0 .Scene.layout.swp
                delete 0 .Scene.layout.swp
                create 0 .Scene.layout.swp
                modify 0 .Scene.layout.swp
                attrib 0 .Scene.layout.swp
                modify 0 .Scene.layout.swp
                close_write 0 .Scene.layout.swp
                delete 0 .Scene.layout.swp
                """,
            saves: 0),
        SaveTrace(
            name: "neovim (swap files elsewhere, backup name~ beside)",
            recorded: #"nvim --clean -c '%s/old/new/' -c wq Scene.layout, in a terminal and headless (the same trace)"#,
            trace: """
                create 0 4913
                attrib 0 4913
                close_write 0 4913
                delete 0 4913
                moved_from 0 Scene.layout
                moved_to 0 Scene.layout~
                create 0 Scene.layout
                modify 0 Scene.layout
                close_write 0 Scene.layout
                attrib 0 Scene.layout
                delete 0 Scene.layout~
                """),
        SaveTrace(
            name: "emacs, first save (lock link .#name, auto-save #name#, rename to name~, write a new file)",
            recorded: "emacs -Q -nw: replace-string, do-auto-save, save-buffer, in a terminal",
            trace: """
                create 0 .#Scene.layout
                create 0 #Scene.layout#
                modify 0 #Scene.layout#
                close_write 0 #Scene.layout#
                moved_from 0 Scene.layout
                moved_to 0 Scene.layout~
                create 0 Scene.layout
                modify 0 Scene.layout
                close_write 0 Scene.layout
                delete 0 .#Scene.layout
                attrib 0 Scene.layout
                attrib 0 Scene.layout
                delete 0 #Scene.layout#
                """),
        SaveTrace(
            name: "emacs, two saves (the second in place, the backup being made)",
            recorded: "emacs -Q -nw: replace-string, save-buffer, replace-string, save-buffer, in a terminal",
            trace: """
                create 0 .#Scene.layout
                moved_from 0 Scene.layout
                moved_to 0 Scene.layout~
                create 0 Scene.layout
                modify 0 Scene.layout
                close_write 0 Scene.layout
                delete 0 .#Scene.layout
                attrib 0 Scene.layout
                create 0 .#Scene.layout
                modify 0 Scene.layout
                close_write 0 Scene.layout
                delete 0 .#Scene.layout
                """,
            saves: 2),
        SaveTrace(
            name: "emacs auto-saving, never saving",
            recorded: "emacs -Q -nw: replace-string, do-auto-save, then quitting unmodified, in a terminal",
            trace: """
                create 0 .#Scene.layout
                create 0 #Scene.layout#
                modify 0 #Scene.layout#
                close_write 0 #Scene.layout#
                delete 0 .#Scene.layout
                """,
            saves: 0),
        SaveTrace(
            name: "JetBrains safe write (name___jb_tmp___, name___jb_old___)",
            recorded:
                "replayed by shell commands: write name___jb_tmp___, mv name name___jb_old___, mv tmp name, rm old",
            trace: """
                create 0 Scene.layout___jb_tmp___
                modify 0 Scene.layout___jb_tmp___
                close_write 0 Scene.layout___jb_tmp___
                moved_from 0 Scene.layout
                moved_to 0 Scene.layout___jb_old___
                moved_from 0 Scene.layout___jb_tmp___
                moved_to 0 Scene.layout
                delete 0 Scene.layout___jb_old___
                """),
        SaveTrace(
            name: "rsync (hidden temporary .name.XXXXXX, then rename)",
            recorded: "replayed by shell commands: write .Scene.layout.Xa1b2c, mv it to Scene.layout",
            trace: """
                create 0 .Scene.layout.Xa1b2c
                modify 0 .Scene.layout.Xa1b2c
                close_write 0 .Scene.layout.Xa1b2c
                moved_from 0 .Scene.layout.Xa1b2c
                moved_to 0 Scene.layout
                """),
    ]
}
