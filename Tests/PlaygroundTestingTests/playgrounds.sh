#!/usr/bin/env bash
# The playgrounds tested from the shell with layoutctl alone, as a user's CI
# script would: a daemon with the manual clock serves Playgrounds/ on
# $LAYOUTD_SOCKET (layoutd Playgrounds --clock manual --socket PATH), and
# each check is one `layoutctl assert`, whose exit status says it all.
#
#   LAYOUTCTL=.build/debug/layoutctl LAYOUTD_SOCKET=/tmp/t.sock playgrounds.sh
set -euo pipefail
ctl=${LAYOUTCTL:-layoutctl}

# Quiz: 'next' at a quarter of a second is halfway through its 0.5 s
# ease-in-out, and ease-in-out is symmetric: the new question is centred at
# x 0, the old one at 375; their alphas add up to 1 at every tick.
"$ctl" assert Quiz --run next --at 0.25 \
    'next.centerX == 0 ± 0.001' 'question.centerX == 375 ± 0.001' 'next.alpha == 0.5 ± 0.001'
"$ctl" assert Quiz --throughout 'question.alpha + next.alpha == 1' 'question.top == next.top'
"$ctl" assert Quiz 'question.centerX == root.centerX' 'next offscreen'

# Messaging: the toolbar ends 44 below message3's middle, its leading edge
# fixed at 30 and its buttons inside it all the way.
"$ctl" assert Messaging --run showToolbar --throughout \
    'toolbar.leading == 30' 'like inside toolbar' 'favorite inside toolbar'
"$ctl" assert Messaging 'toolbar.top == message3.centerY + 44' 'toolbar.alpha == 0.95'

# Bankey: title and subtitle fade in together, and the title ends at 16.
"$ctl" assert Bankey --throughout 'title.alpha == subtitle.alpha'
"$ctl" assert Bankey 'title.leading == 16' 'title visible'

# Burger: scrubbed to half, the top line's centre is halfway from 32 to 40.
"$ctl" assert Burger --run scrub 'top.centerY == 36' 'bottom.centerY == 44'
"$ctl" assert Burger --run release --eventually 'top.centerY == bottom.centerY'

# A wrong expectation fails with status 1 and says what it found.
set +e
message=$("$ctl" assert Quiz 'question.centerX == 0 ± 0.5' 2>&1 >/dev/null)
status=$?
set -e
if [ "$status" -ne 1 ] || [ "$message" != "question.centerX == 0 ± 0.5 failed at t = 0.5: 187.5 vs 0.0 (off by 187.5)" ]; then
    echo "expected a failure with status 1, got $status: $message" >&2
    exit 1
fi
echo "playgrounds.sh: all passed"
