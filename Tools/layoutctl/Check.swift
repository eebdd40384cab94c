import ArgumentParser
import HostSystem
import SceneLanguage
import SceneRuntime

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Parse and solve scene files offline and print their diagnostics.",
        discussion: """
            Diagnostics go to standard error, like the Swift compiler's. A folder stands for every \
            .layout file in it, recursively, hidden files left out. Exits with 1 if any file has an \
            error (warnings alone exit with 0) or cannot be read, or a folder holds no scene.

            Examples:
              layoutctl check Playgrounds/Quiz.layout
                  nothing printed, exit status 0: no errors.
              layoutctl check Playgrounds
                  every .layout file under Playgrounds.
            """
    )

    @Argument(help: "Scene files or folders.")
    var paths: [String]

    func run() throws {
        guard let files = sceneFiles(in: paths) else { throw ExitCode(1) }
        var failed = false
        for path in files {
            guard let file = readSceneFile(path, command: "check") else {
                failed = true
                continue
            }
            let (scene, found) = scene(of: file)
            let diagnostics =
                scene.map { scene in
                    file.name.hasSuffix(SceneName.swiftExtension)
                        ? found + LayoutModel(scene: scene).diagnostics : LayoutModel(scene: scene).allDiagnostics
                } ?? found
            printError(diagnostics.map { $0.rendered }.joined(), terminator: "")
            if diagnostics.hasErrors { failed = true }
        }
        if failed { throw ExitCode(1) }
    }
}
