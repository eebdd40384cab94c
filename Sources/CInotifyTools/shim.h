// The C side of Tools/layout-watch: libinotifytools (GPL-2.0-only, like that program), the kernel's IN_* constants,
// and two helpers for what Swift cannot do itself.
#ifndef LAYOUT_WATCH_C_INOTIFY_TOOLS_H
#define LAYOUT_WATCH_C_INOTIFY_TOOLS_H

#include <inotifytools/inotify.h>
#include <inotifytools/inotifytools.h>
#include <sys/prctl.h>

/// The name in an event, "" when it has none. (Swift does not import the flexible array member `name`.)
static inline const char *layout_watch_event_name(const struct inotify_event *event) {
    return event->len > 0 ? event->name : "";
}

/// Asks the kernel to send `signal` to this process when its parent dies.
///
/// `prctl` is variadic, which Swift cannot call.
static inline int layout_watch_set_parent_death_signal(int signal) {
    return prctl(PR_SET_PDEATHSIG, (unsigned long)signal, 0UL, 0UL, 0UL);
}

#endif
