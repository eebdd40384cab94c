import NIOCore
import NIOPosix
import Testing

@testable import PlaygroundServer

@Suite(.timeLimit(.minutes(1))) struct SocketTurnTests {
    @Test("Thousands of turns in a row on the loop, each returning")
    func manyTurns() async throws {
        let loop = MultiThreadedEventLoopGroup.singleton.next()
        let executor = EventLoopExecutor(loop)
        let turn = try await SocketTurn.make(on: loop)
        await withTaskExecutorPreference(executor) {
            for _ in 0..<20_000 { await turn.wait() }
        }
        turn.close()
    }
}

@Suite(.timeLimit(.minutes(2))) struct LoaderStressTests {
    @Test("Reads on the pool resumed into a loop that waits for turns: none lost")
    func readsAndTurns() async throws {
        let loop = MultiThreadedEventLoopGroup.singleton.next()
        let executor = EventLoopExecutor(loop)
        let turn = try await SocketTurn.make(on: loop)
        let pool = NIOThreadPool(numberOfThreads: 8)
        pool.start()
        let loader = SceneFileLoader(read: { _ in .success(Array("view a\n".utf8)) }, pool: pool)
        let count = await withTaskExecutorPreference(executor) {
            let (inputs, continuation) = AsyncStream.makeStream(of: Int.self)
            return await withDiscardingTaskGroup { tasks in
                var received = 0
                var started = 0
                for _ in 0..<4 {
                    let n = started
                    started += 1
                    tasks.addTask {
                        _ = await loader.read(path: "/x")
                        continuation.yield(n)
                    }
                }
                for await _ in inputs {
                    received += 1
                    await turn.wait()
                    if started < 20_000 {
                        let n = started
                        started += 1
                        tasks.addTask {
                            _ = await loader.read(path: "/x")
                            continuation.yield(n)
                        }
                    }
                    if received == 20_000 { break }
                }
                continuation.finish()
                return received
            }
        }
        #expect(count == 20_000)
        turn.close()
        try await pool.shutdownGracefully()
    }
}
