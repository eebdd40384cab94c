import ArgumentParser
import HostSystem
import SceneLanguage
import SwiftImport

struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Read a UIKit view controller or view in Swift into a scene (scene text on standard output).",
        discussion: """
            Offline: no daemon, no compiler. Reads one UIViewController or UIView subclass of the file (the \
            first view controller, or --class): the views its stored properties make, their properties set in \
            viewDidLoad and the methods it calls, addSubview, anchors and NSLayoutConstraint.activate, \
            constraints kept in properties (named constraints), UIView.animate, animateKeyframes and \
            UIViewPropertyAnimator; viewDidAppear(_:) becomes 'on load' and the other methods actions. What it \
            cannot read is left out with a warning at its Swift line and column, on standard error. Exit \
            status 1 when the Swift does not parse or holds no class to import. docs/import.md has the table.

            Examples:
              layoutctl import LoginViewController.swift > Login.layout
              layoutctl import Screens.swift --class SettingsViewController -o Settings.layout
            """
    )

    @Argument(help: "A Swift file.")
    var path: String

    @Option(name: .customLong("class"), help: "The class to import (default: the file's first view controller).")
    var className: String?

    @Option(name: .short, help: "Write the scene to this file instead of standard output.")
    var output: String?

    func run() throws {
        guard let file = readSceneFile(path, command: "import") else { throw ExitCode(1) }
        let sceneName = output.map { String($0.split(separator: "/").last ?? "") } ?? nil
        let result = SwiftImporter.import(file, className: className, sceneName: sceneName)
        printError(result.diagnostics.map { $0.rendered }.joined(), terminator: "")
        guard result.scene != nil else { throw ExitCode(1) }
        if let output {
            guard writeFile(result.text, to: output) else { throw ExitCode(1) }
        } else {
            printOutput(result.text, terminator: "")
        }
        if result.failed { throw ExitCode(1) }
    }
}
