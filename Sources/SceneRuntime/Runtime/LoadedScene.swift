import Animation
import PlaygroundProtocol
public import SceneLanguage

/// A scene loaded and running: its layout, the model of every view, the
/// additive animations over them, property animators and scheduled
/// completions, and the names actions use (which `swap` trades).
///
/// It has no clock and does no I/O: time moves only when ``advance(to:)``
/// says, so the same calls give the same frames, bit for bit.
///
/// ```swift
/// var scene = LoadedScene(scene: Scene.parse(file), name: "Quiz")
/// scene.runOnLoad()
/// scene.run(action: "next")
/// scene.advance(to: 0.25)
/// let frame = scene.presentationFrame()
/// ```
public struct LoadedScene: Sendable {
    /// The scene's name, as frames carry it.
    public let name: String
    /// How many times the scene has loaded.
    public let generation: Int
    public let scene: Scene
    /// The constraints, solved.
    package internal(set) var layout: LayoutModel
    /// Seconds since the scene loaded.
    public internal(set) var time: Double = 0

    // MARK: Names, which swap trades.

    /// The name each view goes by now.
    var viewNames: [String]
    var viewByName: [String: ViewID]
    /// The scene constraint each constraint name stands for now.
    var constraintByName: [String: ConstraintID]
    /// The value of each variable (``Scene/variables``, by index): its
    /// declared value at every load, then what actions set.
    var variables: [Double]

    // MARK: The model.

    var states: [ViewState]
    /// Each view's frame as of the last layout pass (or as a finished
    /// animator left it, until the next pass).
    var laidOut: [Rect]
    /// The changes waiting for a layout pass, and the animation blocks they missed.
    var pendingLayout = PendingLayout()
    /// Whether a change waits for a layout pass.
    var needsLayout: Bool { !pendingLayout.isEmpty }
    /// Whether `on load` is running inside a reload's transition.
    var isReloading = false
    /// The model's channels, flat (``Channel``): laid-out frames, alpha, colour.
    var model: [Double]

    // MARK: Animations.

    var groups: [AnimationGroup] = []
    var animators: [PropertyAnimator] = []
    var animatorByName: [String: Int] = [:]
    /// Completions to run at a time, of animations that had nothing to
    /// animate, with the order their blocks began in.
    var scheduled: [(time: Double, order: Int, completion: Completion)] = []
    /// The order the next block to begin gets (``AnimationGroup/order``).
    var nextOrder = 0
    /// The blocks being run now, innermost last: their changes animate.
    var contexts: [AnimationContext] = []
    /// Views a reload removed, fading out.
    var ghosts: [Ghost] = []
    /// How deep `run` statements nest now.
    var runDepth = 0
    /// The animators whose blocks are running now, as they become active.
    var activating: Set<Int> = []

    /// Runtime diagnostics not yet taken (``takeDiagnostics()``).
    var newDiagnostics = DiagnosticBuffer<RuntimeDiagnostic>()
    /// The lines each text view was last drawn with, for the next frame.
    let drawnLines: DrawnLinesMemo

    /// Loads a parsed scene: lays it out as declared. `on load` has not run
    /// (``runOnLoad()``).
    public init(scene: Scene, name: String, generation: Int = 1) {
        self.init(scene: scene, name: name, generation: generation, layout: LayoutModel(scene: scene))
    }

    /// Loads a parsed scene with its layout already built (a language server's dry run reuses the layout it
    /// solved for the scene's diagnostics).
    package init(scene: Scene, name: String, generation: Int, layout: LayoutModel) {
        self.name = name
        self.generation = generation
        self.scene = scene
        self.layout = layout
        // Read through the array's buffer: mapping the array copied each whole declaration, a dozen references
        // counted, to read a few fields.
        (self.viewNames, self.states) = scene.views.withUnsafeBufferPointer { views in
            (views.indices.map { views[$0].name.name }, views.indices.map { ViewState(views[$0]) })
        }
        self.viewByName = scene.viewsByName
        self.constraintByName = scene.constraintsByName
        self.variables = scene.variables.map(\.initialValue)
        self.drawnLines = DrawnLinesMemo(views: scene.views.count)
        // A frame out of range is reported by the layout model; the view starts from nothing.
        let limit = LayoutModel.largestCoordinate
        self.laidOut = scene.views.indices.map { index in
            let frame = layout.frame(of: ViewID(index))
            let inRange =
                abs(frame.x) <= limit && abs(frame.y) <= limit && abs(frame.width) <= limit
                && abs(frame.height) <= limit
            return inRange ? frame : Rect(x: 0, y: 0, width: 0, height: 0)
        }
        self.model = [Double](repeating: 0, count: scene.views.count * Channel.count)
        for index in scene.views.indices {
            writeFrame(of: index)
            writeProperties(of: index)
        }
        for animator in scene.animators { createAnimator(animator) }
    }

    /// Runs `on load`, as every load and reload does, at the current time.
    public mutating func runOnLoad() {
        guard let onLoad = scene.onLoad else { return }
        execute(onLoad.body)
    }

    /// Runs a named action now. Returns false if the scene has no such action.
    @discardableResult
    public mutating func run(action name: String) -> Bool {
        guard let action = scene.action(named: name) else { return false }
        execute(action.body)
        return true
    }

    /// Runs statements now, as an action: their changes apply, their
    /// animations start, and pending layout happens at the end, unanimated.
    public mutating func execute(_ statements: [Statement]) {
        runStatements(statements)
        layoutIfNeeded()
        refreshProgress()
    }

    /// Runs statements as an event does (a completion): like ``execute(_:)``,
    /// without bringing every animation's progress up to date, which the
    /// advance does once at its end.
    mutating func runEvent(_ statements: [Statement]) {
        runStatements(statements)
        layoutIfNeeded()
    }

    /// Whether nothing is animating: no animation group runs (a paused or
    /// stopped animator's does not) and no completion waits.
    public var isSettled: Bool {
        scheduled.isEmpty && ghosts.allSatisfy { $0.isGone(at: time) }
            && groups.allSatisfy { group in
                switch group.driver {
                case .clock, .keyframe: false
                case .animator(let id): !animators[id].isRunning
                }
            }
    }

    /// The runtime diagnostics since the last call, oldest first.
    public mutating func takeDiagnostics() -> [RuntimeDiagnostic] {
        newDiagnostics.take()
    }

    // MARK: The model's channels

    /// Copies a view's laid-out frame into the model's channels.
    mutating func writeFrame(of index: Int) {
        let frame = laidOut[index]
        model[Channel.x.index(ofView: index)] = frame.x
        model[Channel.y.index(ofView: index)] = frame.y
        model[Channel.width.index(ofView: index)] = frame.width
        model[Channel.height.index(ofView: index)] = frame.height
    }

    /// Copies a view's alpha, colour and transform into the model's channels.
    mutating func writeProperties(of index: Int) {
        let state = states[index]
        model[Channel.alpha.index(ofView: index)] = state.alpha
        let (r, g, b) = state.color.map(\.channels) ?? (0, 0, 0)
        model[Channel.red.index(ofView: index)] = r
        model[Channel.green.index(ofView: index)] = g
        model[Channel.blue.index(ofView: index)] = b
        // Most views keep the identity, whose parts need no taking apart.
        let parts = state.transform.isIdentity ? AffineTransform2D.Parts() : state.transform.parts
        model[Channel.translateX.index(ofView: index)] = parts.translationX
        model[Channel.translateY.index(ofView: index)] = parts.translationY
        model[Channel.rotation.index(ofView: index)] = parts.rotation
        model[Channel.shear.index(ofView: index)] = parts.shear
        model[Channel.scaleX.index(ofView: index)] = parts.scaleX
        model[Channel.scaleY.index(ofView: index)] = parts.scaleY
    }

    /// Records a runtime diagnostic, unless the buffer of those waiting is full.
    mutating func report(_ diagnostic: Diagnostic) {
        newDiagnostics.append(RuntimeDiagnostic(diagnostic, time: time))
    }
}

/// A block being run whose changes animate: `animate`, or an animator's block.
struct AnimationContext {
    var group: AnimationGroup
    /// An `animate` block's options as they took effect (inherited duration and curve included), which a
    /// block nested in it inherits; nil for an animator's block.
    var options: AnimationOptions? = nil
    /// For an animator's block: the constraints it changed, with their
    /// constants and activations before.
    var changedConstraints: [(id: ConstraintID, constant: Double, active: Bool)] = []
}
