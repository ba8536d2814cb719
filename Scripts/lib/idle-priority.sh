# The priority of work that runs beside the check suite and must take only the cycles the suite
# leaves idle: Linux's idle scheduling class (`chrt --idle 0`, SCHED_IDLE), which the compilers
# SwiftPM starts keep. A niceness is no such thing: under `nice -n 19 swift build`, SwiftPM's
# compilers run at niceness 0, beside the suite's own. Where there is no idle class (macOS),
# `nice -n 19` is the best there is.
idle_priority=(nice -n 19)
if command -v chrt >/dev/null && chrt --idle 0 true 2>/dev/null; then
  idle_priority=(chrt --idle 0)
fi
