// The tests' ChildProcess is HostSystem's: every test target that imports TestSupport has it.
@_exported public import HostSystem
