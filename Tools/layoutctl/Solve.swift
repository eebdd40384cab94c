import ArgumentParser
import HostSystem
import PlaygroundProtocol
import SceneLanguage
import SceneRuntime

struct Solve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the model frame of a scene as declared, before 'on load' runs, as JSON.",
        discussion: """
            Offline: no daemon. The frame is one line of JSON in the protocol's frame shape, its scene \
            named after the file. Diagnostics go to standard error; with errors, the frame of what \
            could be laid out is still printed and the exit status is 1. It takes one file; 'check' \
            takes folders.

            Example:
              layoutctl solve Playgrounds/Quiz.layout
                  {"event":"frame","scene":"Quiz",…,"views":[{"name":"question",…}]}
            """
    )

    @Argument(help: "A scene file.")
    var path: String

    func run() throws {
        guard let file = readSceneFile(path, command: "solve") else { throw ExitCode(1) }
        let (scene, found) = scene(of: file)
        guard let scene else {
            printError(found.map { $0.rendered }.joined(), terminator: "")
            throw ExitCode(1)
        }
        let model = LayoutModel(scene: scene)
        let diagnostics =
            file.name.hasSuffix(SceneName.swiftExtension) ? found + model.diagnostics : model.allDiagnostics
        printError(diagnostics.map { $0.rendered }.joined(), terminator: "")
        printOutput(model.modelFrame(scene: sceneName(of: path)).json)
        if diagnostics.hasErrors { throw ExitCode(1) }
    }
}
