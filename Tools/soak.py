#!/usr/bin/env python3
"""A soak of the real layoutd: saves in every pattern editors use, while clients stream.

A real `layoutd` (real clock) serves a temporary folder of scenes to 8
clients subscribed to every scene; 7 read everything, 1 never reads. A
writer saves the scenes over and over, each save one of the patterns
editors use (in place, truncate-then-write, write-temp-then-rename, a
JetBrains safe write, cp over, a swap and backup dance, delete and
re-create at once), with invalid versions, unchanged re-saves, touches,
deletions for good and re-creations, a folder renamed away and back, an
inotify queue flooded past 16,384 events, and `layout-watch` killed.

It also puts a FIFO where a scene is, deletes the watched folder and
re-creates it from a copy, and checks out 2,000 scene files at once then
removes them.

Checked all along: every changed valid save makes exactly one new
generation, an invalid one its diagnostics and none, an unchanged one
nothing; a deleted scene is removed and a re-created one comes back; a
save made while layout-watch is dead is not lost. At the end: the daemon
never crashed; every reading client's last frame of each scene, and the
silent client's once it reads, is that file's layout as `layoutctl solve`
gives it; the daemon's descriptors are back where they were and its RSS
stayed within the bound.

    Tools/python3 Tools/soak.py --seconds 60 \\
        --layoutd .build/debug/layoutd --layoutctl .build/debug/layoutctl

Prints its figures; exits with 1 and says why when a check fails.
Standard library only.
"""

import argparse
import json
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

RSS_BOUND_MIB = 64  # the daemon's RSS may grow by this much at most over the run
WAIT = 10.0  # seconds to wait for any one thing the daemon should do


def scene_text(constant, valid=True):
    """A scene whose layout the constant changes (a box, and a label under it)."""
    text = (
        "canvas 320 x 480\n"
        "reload none\n"
        "view box color systemBlue\n"
        "label caption \"soak\"\n"
        f"box.leading == root.leading + {constant}\n"
        "box.top == root.top + 20\n"
        "box.width == 100\n"
        "box.height == 40\n"
        "caption.leading == box.leading\n"
        "caption.top == box.bottom + system\n"
    )
    return text if valid else text + "box.widht == 3\n"


class Failure(Exception):
    pass


class Client:
    """A connection subscribed to every scene; a reading one keeps each scene's last frame and all events."""

    def __init__(self, path, reads):
        self.socket = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.socket.connect(path)
        self.socket.sendall(b'{"id":1,"cmd":"subscribe","scene":"*"}\n')
        self.frames = {}
        self.events = []
        self.condition = threading.Condition()
        self.closed = False
        self.frame_count = 0
        if reads:
            threading.Thread(target=self.read, daemon=True).start()

    def read(self):
        reader = self.socket.makefile("r", encoding="utf-8", newline="\n")
        try:
            for line in reader:
                message = json.loads(line)
                with self.condition:
                    if message.get("event") == "frame":
                        self.frames[message["scene"]] = message
                        self.frame_count += 1
                    elif "event" in message:
                        self.events.append(message)
                    self.condition.notify_all()
        except (OSError, ValueError):
            pass
        with self.condition:
            self.closed = True
            self.condition.notify_all()

    def wait_for(self, predicate, what, seconds=WAIT):
        """Waits until predicate(events) is true; raises saying what was awaited."""
        deadline = time.monotonic() + seconds
        with self.condition:
            while not predicate(self.events):
                left = deadline - time.monotonic()
                if left <= 0 or self.closed:
                    raise Failure(f"waited {seconds} s for {what}; the last events: {self.events[-5:]}")
                self.condition.wait(left)


def request(path, message):
    """One request on a connection of its own; its answer."""
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as connection:
        connection.connect(path)
        connection.sendall((json.dumps(message) + "\n").encode())
        reader = connection.makefile("r", encoding="utf-8", newline="\n")
        for line in reader:
            answer = json.loads(line)
            if "event" not in answer:
                return answer
    raise Failure(f"no answer to {message}")


def descriptors(pid):
    return len(os.listdir(f"/proc/{pid}/fd"))


def descriptor_kinds(pid):
    """What the descriptors are, counted by kind: for a message."""
    kinds = {}
    for entry in os.listdir(f"/proc/{pid}/fd"):
        try:
            target = os.readlink(f"/proc/{pid}/fd/{entry}")
        except OSError:
            continue
        kind = target if target.startswith("anon_inode") else target.split(":")[0] if ":" in target else ("file " + target)
        kinds[kind] = kinds.get(kind, 0) + 1
    return kinds


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return -1


def watcher_pid(daemon_pid):
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
            with open(f"/proc/{entry}/cmdline", "rb") as cmdline:
                command = cmdline.read().split(b"\0")[0]
        except OSError:
            continue
        if int(fields[1]) == daemon_pid and command.endswith(b"layout-watch"):
            return int(entry)
    return None


class Soak:
    def __init__(self, arguments):
        self.arguments = arguments
        self.random = random.Random(arguments.seed)
        self.root = tempfile.mkdtemp(prefix="layout-soak-")
        self.folder = os.path.join(self.root, "scenes")
        os.makedirs(os.path.join(self.folder, "sub"))
        self.socket_path = os.path.join(self.root, "d.sock")
        self.names = ["A", "B", "C", "sub/D"]
        self.constants = {}
        self.present = set()
        self.counts = {"saves": 0, "changed": 0, "invalid": 0, "unchanged": 0, "deleted": 0, "recreated": 0,
                       "renames": 0, "floods": 0, "watcher kills": 0, "fifos": 0, "folder replacements": 0,
                       "bulk files": 0}
        for name in self.names + ["Marker"]:
            self.write_file(name, scene_text(self.next_constant(name)))

    def path(self, name):
        return os.path.join(self.folder, name + ".layout")

    def next_constant(self, name):
        constant = self.constants.get(name, 0) + 1
        self.constants[name] = constant
        return constant

    def write_file(self, name, text):
        with open(self.path(name), "w") as file:
            file.write(text)
        self.present.add(name)

    # The ways editors save: each replaces the file's content with `text`.
    def save(self, name, text, pattern):
        path = self.path(name)
        folder = os.path.dirname(path)
        if pattern == "in place":
            with open(path, "r+") as file:
                file.seek(0)
                file.write(text)
                file.truncate()
        elif pattern == "truncate then write":
            with open(path, "w") as file:
                file.flush()
                file.write(text)
        elif pattern == "temp then rename":
            temporary = os.path.join(folder, f".{os.path.basename(path)}.tmp{self.random.randrange(10**6)}")
            with open(temporary, "w") as file:
                file.write(text)
            os.rename(temporary, path)
        elif pattern == "jetbrains":
            with open(path + "___jb_tmp___", "w") as file:
                file.write(text)
            os.rename(path, path + "___jb_old___")
            os.rename(path + "___jb_tmp___", path)
            os.unlink(path + "___jb_old___")
        elif pattern == "cp over":
            source = os.path.join(self.root, "copy.txt")
            with open(source, "w") as file:
                file.write(text)
            shutil.copyfile(source, path)
        elif pattern == "vim":
            swap = os.path.join(folder, f".{os.path.basename(path)}.swp")
            with open(swap, "w") as file:
                file.write("swap")
            os.rename(path, path + "~")
            with open(path, "w") as file:
                file.write(text)
            os.unlink(path + "~")
            os.unlink(swap)
        elif pattern == "delete and re-create":
            os.unlink(path)
            with open(path, "w") as file:
                file.write(text)
        else:
            raise ValueError(pattern)

    PATTERNS = ["in place", "truncate then write", "temp then rename", "jetbrains", "cp over", "vim",
                "delete and re-create"]

    def generation(self, name):
        scenes = request(self.socket_path, {"id": 1, "cmd": "scenes"})["scenes"]
        return next((scene["generation"] for scene in scenes if scene["name"] == name), None)

    def reloads_of(self, name, after):
        return lambda events: [e for e in events[after:] if e["event"] == "reload" and e["scene"] == name]

    def marker_round(self, observer):
        """A save of the marker scene, waited for: every event of what came before it has been seen."""
        start = len(observer.events)
        self.save("Marker", scene_text(self.next_constant("Marker")), "temp then rename")
        observer.wait_for(lambda events: self.reloads_of("Marker", start)(events), "the marker's reload")

    def step(self, observer):
        """One save (or another file operation) and its check."""
        name = self.random.choice(self.names)
        roll = self.random.random()
        start = len(observer.events)
        self.counts["saves"] += 1
        if name not in self.present:
            self.write_file(name, scene_text(self.next_constant(name)))
            self.counts["recreated"] += 1
            observer.wait_for(lambda events: self.reloads_of(name, start)(events), f"{name} re-created")
        elif roll < 0.70:
            self.save(name, scene_text(self.next_constant(name)), self.random.choice(self.PATTERNS))
            self.counts["changed"] += 1
            observer.wait_for(lambda events: self.reloads_of(name, start)(events), f"{name}'s reload")
            self.marker_round(observer)
            reloads = self.reloads_of(name, start)(observer.events)
            if len(reloads) != 1:
                raise Failure(f"a changed save of {name} made {len(reloads)} reloads")
        elif roll < 0.80:
            # An invalid version: its diagnostics, no new generation; then the valid one again.
            self.save(name, scene_text(self.constants[name], valid=False), self.random.choice(self.PATTERNS))
            self.counts["invalid"] += 1
            observer.wait_for(
                lambda events: [e for e in events[start:] if e["event"] == "diagnostics" and e["scene"] == name
                                and any(d["severity"] == "error" for d in e["diagnostics"])],
                f"{name}'s errors")
            if self.reloads_of(name, start)(observer.events):
                raise Failure(f"an invalid version of {name} made a new generation")
            start = len(observer.events)
            self.save(name, scene_text(self.next_constant(name)), "temp then rename")
            observer.wait_for(lambda events: self.reloads_of(name, start)(events), f"{name} fixed")
        elif roll < 0.90:
            # The same text saved again, or a touch: nothing.
            self.counts["unchanged"] += 1
            if self.random.random() < 0.5:
                self.save(name, scene_text(self.constants[name]), self.random.choice(self.PATTERNS[:-1]))
            else:
                os.utime(self.path(name))
            self.marker_round(observer)
            if self.reloads_of(name, start)(observer.events):
                raise Failure(f"an unchanged save of {name} made a new generation")
        else:
            os.unlink(self.path(name))
            self.present.discard(name)
            self.counts["deleted"] += 1
            observer.wait_for(
                lambda events: [e for e in events[start:] if e["event"] == "removed" and e["scene"] == name],
                f"{name} removed")

    def rename_folder(self, observer):
        """sub/ renamed away and back: its scenes go, and come back."""
        self.counts["renames"] += 1
        away = os.path.join(self.folder, "elsewhere")
        start = len(observer.events)
        os.rename(os.path.join(self.folder, "sub"), away)
        if "sub/D" in self.present:
            observer.wait_for(lambda events: [e for e in events[start:] if e["event"] == "removed"
                                              and e["scene"] == "sub/D"], "sub/D removed by the rename")
        start = len(observer.events)
        os.rename(away, os.path.join(self.folder, "sub"))
        if "sub/D" in self.present:
            observer.wait_for(lambda events: self.reloads_of("sub/D", start)(events), "sub/D back")

    def flood(self, observer):
        """More than 16,384 events at once, in a folder of no scenes: the queue overflows; a save during it
        is found when the daemon lists the folders again."""
        self.counts["floods"] += 1
        flood = os.path.join(self.folder, "flood")
        os.makedirs(flood, exist_ok=True)
        name = "A" if "A" in self.present else self.random.choice(sorted(self.present - {"Marker"}))
        start = len(observer.events)
        for index in range(9000):
            path = os.path.join(flood, f"f{index}")
            with open(path, "w"):
                pass
            os.unlink(path)
        self.save(name, scene_text(self.next_constant(name)), "in place")
        observer.wait_for(lambda events: self.reloads_of(name, start)(events), f"{name} saved during the flood",
                          seconds=30)
        shutil.rmtree(flood)

    def fifo(self, observer):
        """A FIFO renamed over a scene: the scene says not-a-file, the daemon goes on; a real file again loads."""
        self.counts["fifos"] += 1
        name = "C" if "C" in self.present else self.random.choice(sorted(self.present - {"Marker"}))
        start = len(observer.events)
        temporary = os.path.join(self.folder, ".fifo")
        os.mkfifo(temporary)
        os.rename(temporary, self.path(name))
        observer.wait_for(
            lambda events: [e for e in events[start:] if e["event"] == "diagnostics" and e["scene"] == name
                            and [d["code"] for d in e["diagnostics"]] == ["not-a-file"]],
            f"{name}'s not-a-file")
        status = next(scene["status"] for scene in request(self.socket_path, {"id": 1, "cmd": "scenes"})["scenes"]
                      if scene["name"] == name)
        if status != "error":
            raise Failure(f"{name} is a FIFO and its status is {status}")
        self.marker_round(observer)
        start = len(observer.events)
        self.save(name, scene_text(self.next_constant(name)), "temp then rename")
        observer.wait_for(lambda events: self.reloads_of(name, start)(events), f"{name} a file again")

    def replace_folder(self, observer):
        """The watched folder deleted and re-created from a copy (rm -rf scenes && cp -r copy scenes): every
        scene stays, and a save afterwards reloads as usual."""
        self.counts["folder replacements"] += 1
        copy = os.path.join(self.root, "copy")
        shutil.copytree(self.folder, copy)
        shutil.rmtree(self.folder)
        shutil.copytree(copy, self.folder)
        shutil.rmtree(copy)
        self.marker_round(observer)
        for name in sorted(self.present - {"Marker"}):
            start = len(observer.events)
            self.save(name, scene_text(self.next_constant(name)), "temp then rename")
            observer.wait_for(lambda events: self.reloads_of(name, start)(events), f"{name} in the new folder")

    def checkout(self, observer, count=2000):
        """A checkout of 2,000 scene files at once, then their removal: every one loads and goes, and a hello
        is answered meanwhile."""
        self.counts["bulk files"] += count
        bulk = os.path.join(self.folder, "bulk")
        os.makedirs(bulk)
        names = {f"bulk/S{index}" for index in range(count)}
        start = len(observer.events)
        for index in range(count):
            with open(os.path.join(bulk, f"S{index}.layout"), "w") as file:
                file.write(scene_text(index % 50))
        longest = 0.0

        def loaded(events):
            return {e["scene"] for e in events[start:] if e["event"] == "reload" and e["scene"] in names}

        deadline = time.monotonic() + 120
        while len(loaded(observer.events)) < count:
            sent = time.monotonic()
            request(self.socket_path, {"id": 1, "cmd": "hello"})
            longest = max(longest, time.monotonic() - sent)
            if time.monotonic() > deadline:
                raise Failure(f"{len(loaded(observer.events))} of {count} bulk scenes loaded after 120 s")
            time.sleep(0.05)
        start = len(observer.events)
        shutil.rmtree(bulk)

        def removed(events):
            return {e["scene"] for e in events[start:] if e["event"] == "removed" and e["scene"] in names}

        deadline = time.monotonic() + 120
        while len(removed(observer.events)) < count:
            sent = time.monotonic()
            request(self.socket_path, {"id": 1, "cmd": "hello"})
            longest = max(longest, time.monotonic() - sent)
            if time.monotonic() > deadline:
                raise Failure(f"{len(removed(observer.events))} of {count} bulk scenes removed after 120 s")
            time.sleep(0.05)
        self.bulk_hello = max(getattr(self, "bulk_hello", 0.0), longest)

    def kill_watcher(self, daemon, observer):
        """layout-watch killed: a save made while it is down is picked up once it is back."""
        pid = watcher_pid(daemon.pid)
        if pid is None:
            raise Failure("no layout-watch process under layoutd")
        self.counts["watcher kills"] += 1
        os.kill(pid, signal.SIGKILL)
        name = "B" if "B" in self.present else "Marker"
        start = len(observer.events)
        self.save(name, scene_text(self.next_constant(name)), "temp then rename")
        observer.wait_for(lambda events: self.reloads_of(name, start)(events),
                          f"{name}, saved while layout-watch was dead", seconds=30)
        if watcher_pid(daemon.pid) in (None, pid):
            raise Failure("layout-watch was not restarted")

    def run(self):
        arguments = self.arguments
        daemon = subprocess.Popen([arguments.layoutd, self.folder, "--socket", self.socket_path, "--fps", "60"],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        log = []
        try:
            for line in daemon.stderr:
                log.append(line)
                if "listening on" in line:
                    break
            else:
                raise Failure("layoutd ended before it listened: " + "".join(log))
            threading.Thread(target=lambda: [log.append(line) for line in daemon.stderr], daemon=True).start()
            clients = [Client(self.socket_path, reads=index != 7) for index in range(8)]
            observer = clients[0]
            self.marker_round(observer)
            # What the daemon makes once, lazily (the timer that waits out a deletion's grace), before the
            # baseline: a scene made and deleted.
            start = len(observer.events)
            self.write_file("Warm", scene_text(1))
            observer.wait_for(lambda events: self.reloads_of("Warm", start)(events), "the warm-up scene")
            os.unlink(self.path("Warm"))
            self.present.discard("Warm")
            observer.wait_for(lambda events: [e for e in events[start:] if e["event"] == "removed"],
                              "the warm-up scene removed")
            time.sleep(0.5)  # the connections settle before the baseline is read
            baseline_fds = descriptors(daemon.pid)
            baseline_kinds = descriptor_kinds(daemon.pid)
            baseline_rss = rss_kib(daemon.pid)
            peak_rss = baseline_rss
            started = time.monotonic()
            budget = arguments.seconds
            specials = [(0.2, self.fifo), (0.3, self.rename_folder), (0.4, self.replace_folder),
                        (0.5, self.flood), (0.6, self.checkout),
                        (0.7, lambda observer: self.kill_watcher(daemon, observer))]
            while time.monotonic() - started < budget:
                elapsed = (time.monotonic() - started) / budget
                while specials and elapsed >= specials[0][0]:
                    specials.pop(0)[1](observer)
                self.step(observer)
                if daemon.poll() is not None:
                    raise Failure(f"layoutd exited with {daemon.returncode}: " + "".join(log[-20:]))
                if self.counts["saves"] % 50 == 0:
                    peak_rss = max(peak_rss, rss_kib(daemon.pid))
            for _, special in specials:
                special(observer)
            self.marker_round(observer)
            self.check_final(clients, daemon)
            peak_rss = max(peak_rss, rss_kib(daemon.pid))
            final_rss = rss_kib(daemon.pid)
            for client in clients:
                # shutdown, not only close: a reader's file object would keep the descriptor open.
                client.socket.shutdown(socket.SHUT_RDWR)
                client.socket.close()
            deadline = time.monotonic() + WAIT
            while descriptors(daemon.pid) > baseline_fds - 8 and time.monotonic() < deadline:
                time.sleep(0.05)
            final_fds = descriptors(daemon.pid)
            if final_fds > baseline_fds - 8:
                raise Failure(f"the daemon holds {final_fds} descriptors with no client, {descriptor_kinds(daemon.pid)}; "
                              f"{baseline_fds} with 8, {baseline_kinds}")
            if peak_rss - baseline_rss > RSS_BOUND_MIB * 1024:
                raise Failure(f"RSS grew from {baseline_rss} KiB to {peak_rss} KiB")
            seconds = time.monotonic() - started
            frames = sum(client.frame_count for client in clients)
            print(f"soak: {seconds:.0f} s, {self.counts['saves']} saves, "
                  + ", ".join(f"{value} {key}" for key, value in self.counts.items() if key != "saves"))
            print(f"soak: {frames} frames read by 7 clients, 1 client that never read until the end")
            if hasattr(self, "bulk_hello"):
                print(f"soak: the longest hello while 2,000 files loaded: {self.bulk_hello * 1e3:.1f} ms")
            print(f"soak: daemon RSS {baseline_rss} KiB at the start, {peak_rss} KiB at most, {final_rss} KiB at the "
                  f"end (bound +{RSS_BOUND_MIB} MiB); descriptors {baseline_fds} with 8 clients, {final_fds} "
                  "with none")
            print("soak: passed")
        finally:
            daemon.send_signal(signal.SIGTERM)
            try:
                daemon.wait(timeout=WAIT)
            except subprocess.TimeoutExpired:
                daemon.kill()
            shutil.rmtree(self.root, ignore_errors=True)

    def check_final(self, clients, daemon):
        """Every client's last frame of each scene is the file's layout as `layoutctl solve` gives it."""
        silent = clients[7]
        silent_reader = threading.Thread(target=silent.read, daemon=True)
        silent_reader.start()
        for name in sorted(self.present):
            settled = request(self.socket_path, {"id": 1, "cmd": "settle", "scene": name})
            if not settled.get("ok"):
                raise Failure(f"settle {name}: {settled}")
            solved = subprocess.run([self.arguments.layoutctl, "solve", self.path(name)], capture_output=True,
                                    text=True, timeout=60)
            if solved.returncode != 0:
                raise Failure(f"layoutctl solve {name}: {solved.stderr}")
            expected = json.loads(solved.stdout)["views"]
            for index, client in enumerate(clients):
                if index == 7 and silent.closed and name not in silent.frames:
                    continue
                deadline = time.monotonic() + WAIT
                while True:
                    with client.condition:
                        frame = client.frames.get(name)
                    if frame is not None and frame["settled"] and same_views(frame["views"], expected):
                        break
                    if time.monotonic() > deadline:
                        raise Failure(f"client {index}'s last frame of {name} is not the file's layout: "
                                      f"{frame and frame['views']} vs {expected}")
                    time.sleep(0.02)
        if silent.closed:
            # Cut off for leaving more than 4 MiB of events unread: what a long run does to it, by design.
            print("soak: the client that never read was cut off for leaving more than 4 MiB unread")
        if daemon.poll() is not None:
            raise Failure("layoutd exited")


def same_views(views, expected):
    if [v["name"] for v in views] != [v["name"] for v in expected]:
        return False
    return all(abs(v[key] - e[key]) < 1e-6 for v, e in zip(views, expected)
               for key in ("x", "y", "width", "height", "alpha"))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--layoutd", default=".build/debug/layoutd")
    parser.add_argument("--layoutctl", default=".build/debug/layoutctl")
    parser.add_argument("--seed", type=int, default=20261125)
    arguments = parser.parse_args()
    try:
        Soak(arguments).run()
    except Failure as failure:
        print(f"soak: FAILED: {failure}", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
