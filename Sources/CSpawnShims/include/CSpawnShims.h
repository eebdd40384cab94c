// What Swift cannot call from Glibc without _GNU_SOURCE: pipes that close on
// exec from the start (no window in which another thread's child inherits
// them), and the spawn actions that set a child's folder and close its
// other descriptors; and malloc_trim, which Glibc's module map leaves out.
#ifndef C_SPAWN_SHIMS_H
#define C_SPAWN_SHIMS_H

#include <spawn.h>

/// pipe2(fds, O_CLOEXEC): 0, or -1 with errno set.
int spawn_shims_pipe_cloexec(int fds[2]);

/// posix_spawn_file_actions_addchdir_np: the child starts in `path`.
int spawn_shims_add_chdir(posix_spawn_file_actions_t *actions, const char *path);

/// posix_spawn_file_actions_addclosefrom_np: the child closes every descriptor from `from` up.
int spawn_shims_add_close_from(posix_spawn_file_actions_t *actions, int from);

/// malloc_trim(0): freed memory at the top of and inside the heap goes back to the system. 1 if some did.
int spawn_shims_malloc_trim(void);

#endif
