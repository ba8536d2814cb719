#!/usr/bin/env python3
"""Reads what the compiler wrapper of measure-build.sh logged during one `swift build` and the
package's module graph, and writes the build's timeline: each module's compile (when it started
and ended), the rows of jobs running at once, the critical path through the module graph, the
idle time, and an SVG of it all; or simulates a clean build of the same modules on N cores.

  Workshop/Scripts/build-timeline.py LOG DESCRIPTION.json --svg OUT.svg [--json OUT.json] [--title TEXT]
  Workshop/Scripts/build-timeline.py --simulate CORES TIMELINE.json [TIMELINE.json ...]

LOG holds a line "<nanoseconds> start <pid> <arguments>" when the compiler driver starts and
"<nanoseconds> end <pid> <status>" when it ends; a module's compile is the driver invocation with
`-module-name M` and `-output-file-map` that emits no executable or library (SwiftPM compiles
each module with one such invocation; the manifest, module wrapping and linking are others). DESCRIPTION.json is `swift package
describe --type json`, whose target dependencies are the graph the critical path follows.

The simulation is list scheduling: a module starts as soon as every module it depends on has
ended and a core is free, longest remaining path first; it predicts the compile phase of a clean
build from the measured per-module times (of the first timeline given, or the median over all).
"""
import json
import pathlib
import statistics
import sys
from html import escape

COLOURS = {"bar": "#4c78a8", "critical": "#e45756", "idle": "#eeeeee", "text": "#222222"}


def read_log(path):
    """Each module's compile as (module, start seconds, end seconds), from the wrapper's log."""
    starts, modules, ends = {}, {}, {}
    for line in pathlib.Path(path).read_text(encoding="utf-8", errors="replace").splitlines():
        parts = line.split(" ", 3)
        if len(parts) < 3:
            continue
        stamp, event, pid = int(parts[0]), parts[1], parts[2]
        if event == "start":
            arguments = parts[3].split(" ") if len(parts) > 3 else []
            linking = "-emit-executable" in arguments or "-emit-library" in arguments
            if "-module-name" in arguments and "-output-file-map" in arguments and not linking:
                starts[pid] = stamp
                modules[pid] = arguments[arguments.index("-module-name") + 1]
        elif event == "end" and pid in starts:
            ends[pid] = stamp
    compiles = [(modules[pid], starts[pid], ends[pid]) for pid in starts if pid in ends]
    if not compiles:
        return []
    origin = min(start for _, start, _ in compiles)
    return sorted(
        ((module, (start - origin) / 1e9, (end - origin) / 1e9) for module, start, end in compiles),
        key=lambda item: item[1])


def module_graph(description_path):
    """Module name (c99name) → the module names it depends on, from `describe`."""
    description = json.loads(pathlib.Path(description_path).read_text(encoding="utf-8"))
    by_name = {target["name"]: target.get("c99name", target["name"]) for target in description["targets"]}
    return {
        target.get("c99name", target["name"]): [by_name.get(name, name) for name in target.get("target_dependencies", [])]
        for target in description["targets"]
    }


def critical_path(durations, graph):
    """The chain of dependent modules whose durations add up to the most, and that sum."""
    memo = {}

    def longest(module, visiting=()):
        if module in memo:
            return memo[module]
        best = (0.0, [])
        for dependency in graph.get(module, []):
            if dependency in durations and dependency not in visiting:
                candidate = longest(dependency, visiting + (module,))
                best = max(best, candidate, key=lambda item: item[0])
        memo[module] = (best[0] + durations[module], best[1] + [module])
        return memo[module]

    results = [longest(module) for module in durations]
    return max(results, key=lambda item: item[0]) if results else (0.0, [])


def rows_of(compiles):
    """Each compile's row: the first row free when it starts, so rows are concurrent jobs."""
    row_ends, rows = [], []
    for _, start, end in compiles:
        for index, row_end in enumerate(row_ends):
            if row_end <= start + 1e-6:
                row_ends[index] = end
                rows.append(index)
                break
        else:
            row_ends.append(end)
            rows.append(len(row_ends) - 1)
    return rows


def timeline(compiles, graph):
    durations = {module: end - start for module, start, end in compiles}
    length, path = critical_path(durations, graph)
    rows = rows_of(compiles)
    span = max((end for _, _, end in compiles), default=0.0)
    jobs = max(rows, default=-1) + 1
    busy = sum(durations.values())
    return {
        "modules": [
            {"module": module, "start": round(start, 3), "end": round(end, 3), "row": row,
             "critical": module in path}
            for (module, start, end), row in zip(compiles, rows)
        ],
        "span_seconds": round(span, 3),
        "compile_seconds": round(busy, 3),
        "rows": jobs,
        "idle_seconds": round(span * jobs - busy, 3),
        "critical_path": path,
        "critical_path_seconds": round(length, 3),
        "graph": {module: graph.get(module, []) for module in durations},
    }


def svg(data, title):
    """One row per concurrent job, one bar per module, the critical path in its own colour, the
    idle time as the grey behind the bars."""
    width, left, right, row_height, top = 960, 12, 12, 22, 48
    rows = max(data["rows"], 1)
    height = top + rows * row_height + 44
    span = max(data["span_seconds"], 0.001)
    scale = (width - left - right) / span
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="-apple-system, Helvetica, Arial, sans-serif" font-size="11">',
        f'<title>{escape(title)}</title>',
        f'<rect width="{width}" height="{height}" fill="white"/>',
        f'<text x="{left}" y="18" font-size="13" fill="{COLOURS["text"]}">{escape(title)}</text>',
        f'<text x="{left}" y="36" fill="{COLOURS["text"]}">{data["span_seconds"]:.1f} s of compiling on '
        f'{rows} job{"s" if rows != 1 else ""}; critical path {data["critical_path_seconds"]:.1f} s '
        f'({len(data["critical_path"])} modules, red); idle {data["idle_seconds"]:.1f} job-seconds (grey)</text>',
    ]
    for row in range(rows):
        y = top + row * row_height
        out.append(f'<rect x="{left}" y="{y}" width="{span * scale:.1f}" height="{row_height - 4}" fill="{COLOURS["idle"]}"/>')
    for module in data["modules"]:
        x = left + module["start"] * scale
        bar = max((module["end"] - module["start"]) * scale, 1.0)
        y = top + module["row"] * row_height
        colour = COLOURS["critical"] if module["critical"] else COLOURS["bar"]
        label = module["module"] if bar > 7 * len(module["module"]) else ""
        out.append(
            f'<g><title>{escape(module["module"])}: {module["start"]:.2f}–{module["end"]:.2f} s '
            f'({module["end"] - module["start"]:.2f} s)</title>'
            f'<rect x="{x:.1f}" y="{y}" width="{bar:.1f}" height="{row_height - 4}" fill="{colour}" stroke="white" stroke-width="0.5"/>'
            + (f'<text x="{x + 3:.1f}" y="{y + 13}" fill="white">{escape(label)}</text>' if label else "")
            + "</g>")
    axis = top + rows * row_height + 8
    ticks = max(1, round(span / 10)) if span >= 10 else (1 if span >= 2 else 0.5)
    tick = 0.0
    while tick <= span + 1e-9:
        x = left + tick * scale
        out.append(f'<line x1="{x:.1f}" y1="{axis}" x2="{x:.1f}" y2="{axis + 4}" stroke="#888"/>')
        out.append(f'<text x="{x:.1f}" y="{axis + 16}" text-anchor="middle" fill="#555">{tick:g} s</text>')
        tick += ticks
    out.append("</svg>")
    return "\n".join(out) + "\n"


def simulate(cores, durations, graph):
    """The makespan of a list schedule of the modules on `cores`, longest remaining path first."""
    remaining = {}

    def tail(module):
        if module not in remaining:
            dependents = [other for other, deps in graph.items() if module in deps and other in durations]
            remaining[module] = durations[module] + max((tail(other) for other in dependents), default=0.0)
        return remaining[module]

    for module in durations:
        tail(module)
    finished, running, clock = {}, [], 0.0
    waiting = set(durations)
    free = cores
    while waiting or running:
        ready = sorted(
            (module for module in waiting
             if all(dependency in finished for dependency in graph.get(module, []) if dependency in durations)),
            key=lambda module: -remaining[module])
        while free > 0 and ready:
            module = ready.pop(0)
            waiting.discard(module)
            running.append((clock + durations[module], module))
            free -= 1
        if not running:
            break
        running.sort()
        clock, module = running.pop(0)
        finished[module] = clock
        free += 1
    return clock


def main(arguments):
    if not arguments or arguments[0] in ("-h", "--help"):
        print(__doc__.strip())
        return 0 if arguments else 64
    if arguments[0] == "--simulate":
        if len(arguments) < 3:
            print("error: --simulate needs CORES and at least one TIMELINE.json (see --help)", file=sys.stderr)
            return 64
        cores = int(arguments[1])
        timelines = [json.loads(pathlib.Path(path).read_text(encoding="utf-8")) for path in arguments[2:]]
        samples = {}
        for data in timelines:
            for module in data["modules"]:
                samples.setdefault(module["module"], []).append(module["end"] - module["start"])
        durations = {module: statistics.median(values) for module, values in samples.items()}
        print(f"{simulate(cores, durations, timelines[0]['graph']):.3f}")
        return 0
    log, description = arguments[0], arguments[1]
    options = dict(zip(arguments[2::2], arguments[3::2]))
    unknown = set(options) - {"--svg", "--json", "--title"}
    if unknown or len(arguments) % 2 or "--svg" not in options:
        print("error: give LOG DESCRIPTION.json --svg OUT.svg [--json OUT.json] [--title TEXT] (see --help)", file=sys.stderr)
        return 64
    compiles = read_log(log)
    if not compiles:
        print(f"error: {log} records no module compile: was the build run with the wrapper as SWIFT_EXEC?", file=sys.stderr)
        return 2
    data = timeline(compiles, module_graph(description))
    pathlib.Path(options["--svg"]).write_text(svg(data, options.get("--title", "Build timeline")), encoding="utf-8")
    if "--json" in options:
        pathlib.Path(options["--json"]).write_text(json.dumps(data, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    print(f"{len(compiles)} modules compiled in {data['span_seconds']:.2f} s on {data['rows']} rows; "
          f"critical path {data['critical_path_seconds']:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
