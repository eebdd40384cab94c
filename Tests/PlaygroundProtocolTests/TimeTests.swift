import PlaygroundProtocol
import Testing

/// A clock's `Duration` as the seconds the protocol and scene time count.
@Suite struct TimeTests {
    @Test("A duration's seconds, to the attosecond that a Double holds")
    func seconds() {
        #expect(Duration.milliseconds(250).seconds == 0.25)
        #expect(Duration.seconds(3).seconds == 3)
        #expect(Duration.zero.seconds == 0)
        #expect(Duration.nanoseconds(16_666_667).seconds == 0.016666667)
        #expect(Duration.seconds(-1.5).seconds == -1.5)
        #expect(Duration.seconds(1 / 60.0).seconds == 1 / 60.0)
    }
}
