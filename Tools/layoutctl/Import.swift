import ArgumentParser
import Foundation
import HostSystem
import SceneLanguage
import SwiftImport

struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Read a UIKit view controller or view in Swift into a scene (scene text on standard output).",
        discussion: """
            Offline: no daemon, no compiler. Reads one UIViewController or UIView subclass of the file (the \
            first view controller, or --class), or every one (--all): the views its stored properties make, their properties set in \
            viewDidLoad and the methods it calls, addSubview, anchors and NSLayoutConstraint.activate, \
            constraints kept in properties (named constraints), UIView.animate, animateKeyframes and \
            UIViewPropertyAnimator; viewDidAppear(_:) becomes 'on load' and the other methods actions. What it \
            cannot read is left out with a warning at its Swift line and column, on standard error. Exit \
            status 1 when the Swift does not parse or holds no class to import. docs/import.md has the table.

            Examples:
              layoutctl import LoginViewController.swift > Login.layout
              layoutctl import Screens.swift --class SettingsViewController -o Settings.layout
              layoutctl import Screens.swift --all -o Screens/      # Screens/CLASS.layout for each class
            """
    )

    @Argument(help: "A Swift file.")
    var path: String

    @Option(name: .customLong("class"), help: "The class to import (default: the file's first view controller).")
    var className: String?

    @Flag(
        name: .customLong("all"),
        help:
            "Import every UIViewController and UIView subclass of the file: into the folder -o names, one CLASS.layout each, or one after another on standard output."
    )
    var all = false

    @Option(name: .short, help: "Write the scene to this file instead of standard output (with --all: a folder).")
    var output: String?

    func validate() throws {
        if all && className != nil { throw ValidationError("--all and --class exclude each other") }
    }

    func run() throws {
        guard let file = readSceneFile(path, command: "import") else { throw ExitCode(1) }
        if all {
            try importAll(file)
            return
        }
        let sceneName = output.map { String($0.split(separator: "/").last ?? "") } ?? nil
        let result = SwiftImporter.import(file, className: className, sceneName: sceneName)
        printError(result.diagnostics.map { $0.rendered }.joined(), terminator: "")
        guard result.scene != nil else { throw ExitCode(1) }
        if className == nil, let imported = result.className {
            let others = SwiftImporter.classNames(in: file).filter { $0 != imported }
            if !others.isEmpty {
                printError(
                    "note: imported \(imported); the file also has \(others.joined(separator: ", ")): import one with "
                        + "--class NAME, or every one with --all")
            }
        }
        if let output {
            guard writeFile(result.text, to: output) else { throw ExitCode(1) }
        } else {
            printOutput(result.text, terminator: "")
        }
        if result.failed { throw ExitCode(1) }
    }

    /// `--all`: each class of the file, into `FOLDER/CLASS.layout` or one after another on standard output.
    private func importAll(_ file: SourceFile) throws {
        let names = SwiftImporter.classNames(in: file)
        guard !names.isEmpty else {
            // The import says why: the Swift does not parse, or it has no class.
            let result = SwiftImporter.import(file)
            printError(result.diagnostics.map { $0.rendered }.joined(), terminator: "")
            throw ExitCode(1)
        }
        if let output {
            guard makeFolder(output) else { throw ExitCode(1) }
        }
        var failed = false
        for (index, name) in names.enumerated() {
            let result = SwiftImporter.import(file, className: name, sceneName: name + ".layout")
            printError(result.diagnostics.map { $0.rendered }.joined(), terminator: "")
            failed = failed || result.failed
            guard result.scene != nil else { continue }
            if let output {
                let path = (output.hasSuffix("/") ? output : output + "/") + name + ".layout"
                if writeFile(result.text, to: path) { printOutput(path) } else { failed = true }
            } else {
                printOutput((index > 0 ? "\n" : "") + result.text, terminator: "")
            }
        }
        if failed { throw ExitCode(1) }
    }

    /// The folder `--all` writes into, made when it is not there; false, said on standard error, when it cannot be.
    private func makeFolder(_ path: String) -> Bool {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
            if isFolder.boolValue { return true }
            printError(escapedForTerminal("layoutctl import: error: '\(path)' is a file; --all writes into a folder"))
            return false
        }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            return true
        } catch {
            printError(escapedForTerminal("layoutctl import: error: cannot make the folder '\(path)': \(error)"))
            return false
        }
    }
}
