#define _GNU_SOURCE
#include "CSpawnShims.h"

#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <linux/openat2.h>
#include <unistd.h>

int spawn_shims_pipe_cloexec(int fds[2]) { return pipe2(fds, O_CLOEXEC); }

int spawn_shims_add_chdir(posix_spawn_file_actions_t *actions, const char *path) {
    return posix_spawn_file_actions_addchdir_np(actions, path);
}

int spawn_shims_add_close_from(posix_spawn_file_actions_t *actions, int from) {
    return posix_spawn_file_actions_addclosefrom_np(actions, from);
}

int spawn_shims_malloc_trim(void) { return malloc_trim(0); }

int spawn_shims_temporary_file(char *template_path) { return mkostemp(template_path, O_CLOEXEC); }

int spawn_shims_pidfd_open(pid_t pid) {
#ifdef SYS_pidfd_open
    return (int)syscall(SYS_pidfd_open, pid, 0);
#else
    errno = ENOSYS;
    return -1;
#endif
}

int spawn_shims_o_path(void) { return O_PATH; }

int spawn_shims_open_cached(const char *path, int flags) {
#if defined(SYS_openat2) && defined(RESOLVE_CACHED)
    struct open_how how = {.flags = (unsigned long long)flags, .mode = 0, .resolve = RESOLVE_CACHED};
    return (int)syscall(SYS_openat2, AT_FDCWD, path, &how, sizeof how);
#else
    (void)path;
    (void)flags;
    errno = ENOSYS;
    return -1;
#endif
}

ssize_t spawn_shims_read_cached(int fd, void *buffer, size_t count, off_t offset) {
#ifdef RWF_NOWAIT
    struct iovec vector = {.iov_base = buffer, .iov_len = count};
    return preadv2(fd, &vector, 1, offset, RWF_NOWAIT);
#else
    (void)fd;
    (void)buffer;
    (void)count;
    (void)offset;
    errno = ENOSYS;
    return -1;
#endif
}


