#!/usr/bin/env python3
"""The report of Workshop/Scripts/measure-size-curve.sh: a table of seconds per size, shape, jobs and kind
of build; the simulated clean build on 4, 8 and 16 cores, checked against the measured 1- and 2-job
builds; the crossover point of each kind of build; and a chart of seconds against size
(OUT/size-curve.svg).

  Workshop/Scripts/size-curve-report.py OUT FEATURES...
"""
import datetime
import importlib.util
import json
import math
import pathlib
import platform
import statistics
import subprocess
import sys
from html import escape

HERE = pathlib.Path(__file__).resolve().parent
spec = importlib.util.spec_from_file_location("build_timeline", HERE / "build-timeline.py")
build_timeline = importlib.util.module_from_spec(spec)
spec.loader.exec_module(build_timeline)

KINDS = ["clean build", "feature body", "shared model"]
SHAPES = {"single": "one target", "modules": "modules"}


def load(out, shape, count, jobs):
    """Each kind of build of one app: its median seconds and its median build's timeline."""
    folder = out / f"{shape}-{count}-j{jobs}"
    builds = {}
    for line in (folder / "summary.jsonl").read_text(encoding="utf-8").splitlines():
        entry = json.loads(line)
        timeline = json.loads(pathlib.Path(entry["timeline"]).read_text(encoding="utf-8"))
        builds[entry["label"]] = {"seconds": statistics.median(entry["seconds"]), "timeline": timeline}
    return builds


def simulated(timeline, cores):
    durations = {module["module"]: module["end"] - module["start"] for module in timeline["modules"]}
    return build_timeline.simulate(cores, durations, timeline["graph"])


def nice_step(rough):
    """1, 2 or 5 times a power of ten, the first at least `rough`: a scale's step."""
    power = 10 ** math.floor(math.log10(rough)) if rough > 0 else 1
    return next(factor * power for factor in (1, 2, 5, 10) if factor * power >= rough)


def chart(rows, path):
    """Seconds at 2 jobs against lines, one line per shape and kind of build, in two panels with
    scales of their own: the builds that recompile much (clean, a shared model's change) and the
    one-line change inside a feature."""
    panels = [("Clean build and a shared model's change", ["clean build", "shared model"]),
              ("A one-line change inside one feature", ["feature body"])]
    panel_width, height, left, bottom, top = 380, 420, 56, 86, 48
    width = panel_width * len(panels)
    colours = {"single": "#f58518", "modules": "#4c78a8"}
    dashes = {"clean build": "", "feature body": "", "shared model": "6,4"}
    most_lines = max(row["lines"] for row in rows)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" '
           'font-family="-apple-system, Helvetica, Arial, sans-serif" font-size="11">',
           f'<rect width="{width}" height="{height}" fill="white"/>',
           '<text x="12" y="18" font-size="13">Build seconds against the app\'s size, 2 jobs: one target (orange) and modules (blue)</text>']
    for number, (title, kinds) in enumerate(panels):
        origin = number * panel_width
        right = origin + panel_width - 16
        most = max(row["jobs2"][kind] for row in rows for kind in kinds) * 1.1 or 1

        def x(lines):
            return origin + left + (lines / most_lines) * (right - origin - left)

        def y(seconds):
            return height - bottom - (seconds / most) * (height - top - bottom)

        out.append(f'<text x="{origin + left}" y="{top - 12}">{escape(title)}</text>')
        out.append(f'<line x1="{origin + left}" y1="{height - bottom}" x2="{right}" y2="{height - bottom}" stroke="#888"/>')
        out.append(f'<line x1="{origin + left}" y1="{top}" x2="{origin + left}" y2="{height - bottom}" stroke="#888"/>')
        step = nice_step(most / 5)
        for index in range(int(most / step) + 1):
            tick = step * index
            out.append(f'<text x="{origin + left - 6}" y="{y(tick) + 4:.1f}" text-anchor="end" fill="#555">{tick:.0f} s</text>')
            out.append(f'<line x1="{origin + left}" y1="{y(tick):.1f}" x2="{right}" y2="{y(tick):.1f}" stroke="#eee"/>')
        for row in rows:
            if row["shape"] == "single":
                out.append(f'<text x="{x(row["lines"]):.1f}" y="{height - bottom + 16}" text-anchor="middle" fill="#555">{row["lines"]:,}</text>')
        out.append(f'<text x="{(origin + left + right) / 2}" y="{height - bottom + 34}" text-anchor="middle">lines of Swift</text>')
        legend = height - 28
        for kind in kinds:
            for shape in SHAPES:
                series = sorted((row for row in rows if row["shape"] == shape), key=lambda row: row["lines"])
                coordinates = " ".join(f'{x(row["lines"]):.1f},{y(row["jobs2"][kind]):.1f}' for row in series)
                out.append(f'<polyline points="{coordinates}" fill="none" stroke="{colours[shape]}" stroke-width="2" '
                           f'stroke-dasharray="{dashes[kind]}"/>')
                for row in series:
                    out.append(f'<circle cx="{x(row["lines"]):.1f}" cy="{y(row["jobs2"][kind]):.1f}" r="3" fill="{colours[shape]}">'
                               f'<title>{escape(SHAPES[shape])}, {kind}: {row["jobs2"][kind]:.1f} s at {row["lines"]:,} lines</title></circle>')
            out.append(f'<line x1="{origin + left}" y1="{legend}" x2="{origin + left + 28}" y2="{legend}" stroke="#555" '
                       f'stroke-width="2" stroke-dasharray="{dashes[kind]}"/>')
            out.append(f'<text x="{origin + left + 34}" y="{legend + 4}">{kind}</text>')
            legend += 16
    out.append("</svg>")
    path.write_text("\n".join(out) + "\n", encoding="utf-8")


def main(arguments):
    if len(arguments) < 2 or arguments[0] in ("-h", "--help"):
        print(__doc__.strip())
        return 0 if arguments and arguments[0] in ("-h", "--help") else 64
    out = pathlib.Path(arguments[0])
    if not all(count.isdigit() and int(count) > 0 for count in arguments[1:]):
        print(f"Error: the sizes are counts of features, not {' '.join(arguments[1:])!r}", file=sys.stderr)
        return 64
    counts = [int(count) for count in arguments[1:]]
    missing = [f"{shape}-{count}-j{jobs}" for count in counts for shape in SHAPES for jobs in (1, 2)
               if not (out / f"{shape}-{count}-j{jobs}" / "summary.jsonl").is_file()
               or not (out / f"{shape}-{count}.lines").is_file()]
    if missing:
        print(f"Error: {out} has no measurements for {', '.join(missing)}; measure them with "
              f"Workshop/Scripts/measure-size-curve.sh --features \"{' '.join(map(str, counts))}\" --out {out}",
              file=sys.stderr)
        return 66
    rows = []
    for count in counts:
        for shape in SHAPES:
            lines = int((out / f"{shape}-{count}.lines").read_text().strip())
            one, two = load(out, shape, count, 1), load(out, shape, count, 2)
            clean = one["clean build"]["timeline"]
            rows.append({
                "features": count, "shape": shape, "lines": lines,
                "jobs1": {kind: one[kind]["seconds"] for kind in KINDS},
                "jobs2": {kind: two[kind]["seconds"] for kind in KINDS},
                "modules": len(clean["modules"]),
                "critical": clean["critical_path_seconds"],
                "measured_span": {1: clean["span_seconds"], 2: two["clean build"]["timeline"]["span_seconds"]},
                "simulated": {cores: simulated(clean, cores) for cores in (1, 2, 4, 8, 16)},
            })
    toolchain = subprocess.run(["swift", "--version"], capture_output=True, text=True).stdout.splitlines()[0]
    print(f"Workshop/Scripts/measure-size-curve.sh --features \"{' '.join(map(str, counts))}\", {datetime.date.today()}, "
          f"{platform.machine()}, {subprocess.run(['nproc'], capture_output=True, text=True).stdout.strip()} cores, {toolchain}")
    print()
    print("| features | lines | shape | modules | jobs | clean build (s) | feature body (s) | shared model (s) |")
    print("|---|---|---|---|---|---|---|---|")
    for row in rows:
        for jobs in (1, 2):
            seconds = row[f"jobs{jobs}"]
            print(f"| {row['features']} | {row['lines']:,} | {SHAPES[row['shape']]} | {row['modules']} | {jobs} | "
                  f"{seconds['clean build']:.1f} | {seconds['feature body']:.1f} | {seconds['shared model']:.1f} |")
    print()
    print("Compiling phase of the clean build (first module's start to last module's end), measured and simulated")
    print("from the 1-job build's per-module times; critical path: the longest chain of dependent modules.")
    print("One target is one module, whose files the driver compiles in batches side by side: a schedule")
    print("of whole modules says nothing about it, so only its measured builds are given:")
    print()
    print("| features | shape | critical path (s) | 1 job: measured / simulated | 2 jobs: measured / simulated | simulated 4 / 8 / 16 cores |")
    print("|---|---|---|---|---|---|")
    errors = []
    for row in rows:
        measured, simulation = row["measured_span"], row["simulated"]
        if row["shape"] == "modules":
            errors += [abs(simulation[jobs] - measured[jobs]) / measured[jobs] for jobs in (1, 2) if measured[jobs] > 0]
        if row["shape"] == "single":
            # One module: the driver compiles its files in batches side by side, which a schedule of
            # whole modules cannot see; only the measured builds speak for it.
            print(f"| {row['features']} | {SHAPES[row['shape']]} | {row['critical']:.1f} | "
                  f"{measured[1]:.1f} / — | {measured[2]:.1f} / — | — |")
            continue
        print(f"| {row['features']} | {SHAPES[row['shape']]} | {row['critical']:.1f} | "
              f"{measured[1]:.1f} / {simulation[1]:.1f} | {measured[2]:.1f} / {simulation[2]:.1f} | "
              f"{simulation[4]:.1f} / {simulation[8]:.1f} / {simulation[16]:.1f} |")
    if errors:
        print(f"\nThe simulation's error on the modular app's measured 1- and 2-job builds: at most {max(errors) * 100:.0f}% "
              f"(median {statistics.median(errors) * 100:.0f}%).")
    print()
    for kind in KINDS:
        crossing = None
        for count in counts:
            single = next(row for row in rows if row["features"] == count and row["shape"] == "single")
            modular = next(row for row in rows if row["features"] == count and row["shape"] == "modules")
            if modular["jobs2"][kind] < single["jobs2"][kind]:
                crossing = single
                break
        largest = max(row["lines"] for row in rows)
        if crossing:
            print(f"- {kind}: modules are faster from {crossing['features']} features ({crossing['lines']:,} lines) on.")
        else:
            print(f"- {kind}: modules are not faster at any size measured, up to {largest:,} lines.")
    chart(rows, out / "size-curve.svg")
    print(f"\nchart: {out / 'size-curve.svg'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
