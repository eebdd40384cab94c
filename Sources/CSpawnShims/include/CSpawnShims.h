// What Swift cannot call from Glibc without _GNU_SOURCE: pipes and temporary
// files that close on exec from the start (no window in which another
// thread's child inherits them), the spawn actions that set a child's folder
// and close its other descriptors, a descriptor to wait on a child with; and
// malloc_trim, which Glibc's module map leaves out; O_PATH; and the calls that
// open and read a file only when that cannot wait on a disk (openat2 with
// RESOLVE_CACHED, preadv2 with RWF_NOWAIT).
#ifndef C_SPAWN_SHIMS_H
#define C_SPAWN_SHIMS_H

#include <spawn.h>
#include <sys/types.h>

/// pipe2(fds, O_CLOEXEC): 0, or -1 with errno set.
int spawn_shims_pipe_cloexec(int fds[2]);

/// posix_spawn_file_actions_addchdir_np: the child starts in `path`.
int spawn_shims_add_chdir(posix_spawn_file_actions_t *actions, const char *path);

/// posix_spawn_file_actions_addclosefrom_np: the child closes every descriptor from `from` up.
int spawn_shims_add_close_from(posix_spawn_file_actions_t *actions, int from);

/// malloc_trim(0): freed memory at the top of and inside the heap goes back to the system. 1 if some did.
int spawn_shims_malloc_trim(void);

/// mkostemp(template, O_CLOEXEC): a new file named after `template` (ending in XXXXXX, replaced), open for
/// reading and writing; its descriptor, or -1 with errno set.
int spawn_shims_temporary_file(char *template_path);

/// pidfd_open(pid, 0): a descriptor that polls readable once the process `pid` has ended (it closes on exec);
/// -1 with errno set, ENOSYS on a kernel before 5.3.
int spawn_shims_pidfd_open(pid_t pid);

/// O_PATH: open a path without opening the file (no device told, no FIFO waited on), for fstat and a reopen.
int spawn_shims_o_path(void);

/// openat2(AT_FDCWD, path, {flags, 0, RESOLVE_CACHED}): opens `path` only when every component of it is in the
/// kernel's lookup cache, so that the call never waits on a disk or a network file system. -1 with errno EAGAIN
/// when it would have to; ENOSYS, EINVAL or EPERM where the kernel (before 5.12) or a sandbox does not offer it.
int spawn_shims_open_cached(const char *path, int flags);

/// preadv2(fd, {buffer, count}, 1, offset, RWF_NOWAIT): reads only what is in the page cache; -1 with errno EAGAIN
/// when the read would wait for the disk, EOPNOTSUPP where the file system cannot say.
ssize_t spawn_shims_read_cached(int fd, void *buffer, size_t count, off_t offset);

#endif
