#!/usr/bin/env python3
"""Bulk changes against the real layoutd: N scene files appear at once, then go.

What a `git checkout` of a branch with many scenes does to the daemon. A real
`layoutd` (real clock) watches an empty temporary folder; a subscribed client
counts `reload` and `removed` events while a second client sends `hello`
every 10 ms and records how long each answer took. Then N small scene files
are written into the folder as fast as Python can, and, once every scene has
loaded, all removed.

Printed for each N: how long writing the files took; the time from the first file written to the last
scene's first generation (load), from the first unlink to the last
`removed` event (removal), the longest `hello` wait during each, and the
daemon's RSS at start, after the load and after the removal.

    Tools/python3 Tools/bulk-bench.py                      # 1,000 and 5,000 files
    Tools/python3 Tools/bulk-bench.py --files 200 --files 2000 \\
        --layoutd .build/release/layoutd

Exits with 1, saying why, when the daemon misses a scene or a removal, or
dies. Standard library only.
"""

import argparse
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time

SCENE = (
    "canvas 320 x 480\n"
    "view box color systemBlue\n"
    "box.leading == root.leading + {n}\n"
    "box.top == root.top + 20\n"
    "box.width == 100\n"
    "box.height == 40\n"
)


class Failure(Exception):
    pass


def connect(path, seconds=30.0):
    """A connection to the daemon, retried while it starts."""
    deadline = time.monotonic() + seconds
    while True:
        connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            connection.connect(path)
            return connection
        except OSError:
            connection.close()
            if time.monotonic() > deadline:
                raise Failure(f"layoutd did not listen on {path} within {seconds} s")
            time.sleep(0.02)


class Counter:
    """A client subscribed to every scene: counts the scenes loaded and removed."""

    def __init__(self, path):
        self.socket = connect(path)
        self.socket.sendall(b'{"id":1,"cmd":"subscribe","scene":"*"}\n')
        self.loaded = set()
        self.removed = set()
        self.last_event = time.monotonic()
        self.condition = threading.Condition()
        self.closed = False
        threading.Thread(target=self.read, daemon=True).start()

    def read(self):
        reader = self.socket.makefile("rb")
        try:
            for line in reader:
                if not line.startswith(b'{"event":"reload"') and not line.startswith(b'{"event":"removed"'):
                    continue
                message = json.loads(line)
                with self.condition:
                    self.last_event = time.monotonic()
                    if message["event"] == "reload":
                        self.loaded.add(message["scene"])
                    else:
                        self.removed.add(message["scene"])
                    self.condition.notify_all()
        except (OSError, ValueError):
            pass
        with self.condition:
            self.closed = True
            self.condition.notify_all()

    def wait(self, predicate, what, seconds):
        deadline = time.monotonic() + seconds
        with self.condition:
            while not predicate(self):
                left = deadline - time.monotonic()
                if left <= 0 or self.closed:
                    raise Failure(f"waited {seconds:.0f} s for {what}: {len(self.loaded)} loaded, "
                                  f"{len(self.removed)} removed")
                self.condition.wait(min(left, 1.0))
            return self.last_event


PROBE = r"""
import select, socket, sys, time
connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
connection.connect(sys.argv[1])
reader = connection.makefile("rb")
longest = 0.0
number = 0
while True:
    if select.select([sys.stdin], [], [], 0)[0]:
        if not sys.stdin.readline():
            break
        print(longest, flush=True)
        longest = 0.0
    number += 1
    sent = time.monotonic()
    connection.sendall(b'{"id":%d,"cmd":"hello"}\n' % number)
    if not reader.readline():
        break
    longest = max(longest, time.monotonic() - sent)
    time.sleep(0.01)
"""


class HelloProbe:
    """A process of its own (so that the bench's own threads cannot delay it) that sends `hello` every 10 ms and
    says the longest wait for an answer since it was last asked."""

    def __init__(self, path):
        self.process = subprocess.Popen(["nice", "-n", "-10", sys.executable, "-c", PROBE, path], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True)

    def reset(self):
        self.process.stdin.write("\n")
        self.process.stdin.flush()
        return float(self.process.stdout.readline())

    def stop(self):
        self.process.stdin.close()
        self.process.wait(5)


def cpu_seconds(pid):
    """User and system CPU time of a process so far."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def trial(layoutd, count, timeout, rounds=1):
    root = tempfile.mkdtemp(prefix="layout-bulk-")
    folder = os.path.join(root, "scenes")
    os.makedirs(folder)
    socket_path = os.path.join(root, "d.sock")
    daemon = subprocess.Popen([layoutd, folder, "--socket", socket_path, "--log-level", "warning"],
                              stdin=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        counter = Counter(socket_path)
        probe = HelloProbe(socket_path)
        time.sleep(0.3)
        rss_start = rss_mib(daemon.pid)
        probe.reset()
        results = []
        for _ in range(rounds):
            cpu_start = cpu_seconds(daemon.pid)
            names = [f"s{i:05d}" for i in range(count)]
            started = time.monotonic()
            for i, name in enumerate(names):
                with open(os.path.join(folder, name + ".layout"), "w") as file:
                    file.write(SCENE.format(n=i % 200))
            writing = time.monotonic() - started
            last = counter.wait(lambda c: len(c.loaded) >= count, f"{count} scenes to load", timeout)
            load = last - started
            load_hello = probe.reset()
            rss_loaded = rss_mib(daemon.pid)
            load_cpu = cpu_seconds(daemon.pid) - cpu_start
            cpu_start = cpu_seconds(daemon.pid)
            started = time.monotonic()
            for name in names:
                os.unlink(os.path.join(folder, name + ".layout"))
            last = counter.wait(lambda c: len(c.removed) >= count, f"{count} scenes to be removed", timeout)
            removal = last - started
            removal_hello = probe.reset()
            removal_cpu = cpu_seconds(daemon.pid) - cpu_start
            # The daemon gives the memory of removed scenes back a second after the last removal.
            time.sleep(1.5)
            rss_end = rss_mib(daemon.pid)
            results.append({
                "files": count, "write": writing, "load": load, "load_hello": load_hello,
                "load_cpu": load_cpu, "removal": removal, "removal_hello": removal_hello, "removal_cpu": removal_cpu,
                "rss": (rss_start, rss_loaded, rss_end),
            })
            with counter.condition:
                counter.loaded.clear()
                counter.removed.clear()
        probe.stop()
        if daemon.poll() is not None:
            raise Failure(f"layoutd exited with {daemon.returncode}")
        return results
    finally:
        daemon.terminate()
        try:
            _, errors = daemon.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            daemon.kill()
            _, errors = daemon.communicate()
        if errors.strip():
            tail = errors.decode(errors="replace").strip().splitlines()[-40:]
            print("  layoutd said: " + " | ".join(tail), file=sys.stderr)
        shutil.rmtree(root, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--files", type=int, action="append", help="files per trial (repeatable; 1000 and 5000)")
    parser.add_argument("--layoutd", default=".build/release/layoutd")
    parser.add_argument("--timeout", type=float, default=600, help="seconds to wait for a load or a removal")
    parser.add_argument("--rounds", type=int, default=1, help="loads and removals one after the other, on one daemon")
    arguments = parser.parse_args()
    counts = arguments.files or [1000, 5000]
    print(f"layoutd: {arguments.layoutd}; {os.cpu_count()} cores")
    print(f"{'files':>6}  {'written':>8}  {'load':>8}  {'CPU':>7}  {'longest hello':>13}  "
          f"{'removal':>8}  {'CPU':>7}  {'longest hello':>13}  RSS MB (start, loaded, removed)")
    try:
        for count in counts:
            for r in trial(arguments.layoutd, count, arguments.timeout, arguments.rounds):
                print(f"{r['files']:>6}  {r['write']:>7.2f}s  {r['load']:>7.2f}s  {r['load_cpu']:>6.2f}s  "
                      f"{r['load_hello'] * 1e3:>11.1f}ms  {r['removal']:>7.2f}s  {r['removal_cpu']:>6.2f}s  "
                      f"{r['removal_hello'] * 1e3:>11.1f}ms  {r['rss'][0]:.1f}, {r['rss'][1]:.1f}, {r['rss'][2]:.1f}",
                      flush=True)
    except Failure as failure:
        print(f"bulk-bench: {failure}", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
