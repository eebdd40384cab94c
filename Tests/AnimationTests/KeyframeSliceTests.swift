import Animation
import Testing

/// A keyframe's slice of its animation's progress: 0 before, linear within, 1 after; a step when it has
/// no length; out-of-range slices clamped.
@Suite struct KeyframeSliceTests {
    @Test("Linear within the slice, held outside it")
    func linear() {
        let slice = KeyframeSlice(start: 0.25, length: 0.5)
        let expected: [(Double, Double)] = [(0, 0), (0.25, 0), (0.375, 0.25), (0.5, 0.5), (0.75, 1), (1, 1)]
        for (overall, progress) in expected {
            #expect(abs(slice.progress(overall: overall) - progress) <= 1e-15, "at \(overall)")
        }
        #expect(KeyframeSlice.whole.progress(overall: 0.3) == 0.3)
    }

    @Test("A slice of no length steps once the overall progress has passed its start")
    func step() {
        let slice = KeyframeSlice(start: 0.5, length: 0)
        #expect(slice.progress(overall: 0.5) == 0)
        #expect(slice.progress(overall: 0.5000001) == 1)
        #expect(KeyframeSlice(start: 0, length: 0).progress(overall: 0) == 0)
    }

    @Test("Out of range or not a number, the start and length are clamped into the animation")
    func clamped() {
        #expect(KeyframeSlice(start: -1, length: 2) == KeyframeSlice(start: 0, length: 1))
        #expect(KeyframeSlice(start: 0.75, length: 0.5) == KeyframeSlice(start: 0.75, length: 0.25))
        #expect(KeyframeSlice(start: .nan, length: .nan) == KeyframeSlice(start: 0, length: 0))
        // An overshooting overall progress (a curve with y beyond 1) stays within the keyframe's values.
        #expect(KeyframeSlice(start: 0, length: 0.5).progress(overall: 1.2) == 1)
        #expect(KeyframeSlice(start: 0.5, length: 0.5).progress(overall: -0.1) == 0)
    }
}
