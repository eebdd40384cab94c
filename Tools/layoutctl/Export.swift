import ArgumentParser
import HostSystem
import SceneLanguage
import SceneRuntime
import SwiftExport

struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a scene as a UIViewController subclass in plain UIKit (Swift source on standard output).",
        discussion: """
            Offline: no daemon. The class makes the views in code with Auto Layout anchors, activates the \
            constraints with the scene's priorities and identifiers, runs 'on load' in viewDidAppear(_:), and \
            has one method per action, with UIView.animate and UIViewPropertyAnimator using the scene's \
            numbers. What UIKit cannot do as the scene does is said in a comment. A file with errors is \
            refused: its diagnostics go to standard error and the exit status is 1. --swift is required; it \
            is the only format.

            Examples:
              layoutctl export Playgrounds/Quiz.layout --swift > QuizViewController.swift
              layoutctl export Playgrounds/Quiz.layout --swift --class QuestionsViewController
            """
    )

    @Argument(help: "A scene file.")
    var path: String

    @Flag(help: "Write Swift: a UIKit view controller (required; the only format).")
    var swift = false

    @Option(
        name: .customLong("class"),
        help: "The class's name (default: the file's base name and 'ViewController', as a Swift identifier).")
    var className: String?

    func validate() throws {
        guard swift else { throw ValidationError("choose a format: --swift (the only one)") }
        if let className, !SwiftExporter.isValidClassName(className) {
            throw ValidationError(
                "'\(displayed(className))' is not a Swift type name: letters, digits and '_', not first a digit")
        }
    }

    func run() throws {
        guard let file = readSceneFile(path, command: "export") else { throw ExitCode(1) }
        let scene = Scene.parse(file)
        let model = LayoutModel(scene: scene)
        let diagnostics = model.allDiagnostics
        printError(diagnostics.map { $0.rendered }.joined(), terminator: "")
        if diagnostics.hasErrors { throw ExitCode(1) }
        let name = className ?? SwiftExporter.className(forFile: path)
        printOutput(SwiftExporter.export(scene: scene, className: name), terminator: "")
    }

}
