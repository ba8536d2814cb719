#!/usr/bin/env python3
"""Validates architecture configurations against architecture.schema.json with a real JSON Schema
validator (jsonschema, from PyPI), as an editor does while someone types.

  Scripts/validate-configurations.py             # every configuration in the repository
  Scripts/validate-configurations.py FILE...     # these files only

A configuration is a tracked JSON file whose top level has "layers" or "rules". Prints one line per
problem (FILE: PLACE: MESSAGE) and exits 1 when a file is invalid, 2 on bad input or when the
validator is missing.
"""
import json
import pathlib
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent
SCHEMA = HERE.parent / "architecture.schema.json"


def configurations(root):
    """Every tracked JSON file under root whose top level has "layers" or "rules"."""
    listed = subprocess.run(
        ["git", "-C", str(root), "ls-files", "-z", "--", "*.json"],
        check=True, capture_output=True, text=True).stdout
    for name in filter(None, listed.split("\0")):
        path = root / name
        try:
            document = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if isinstance(document, dict) and ("layers" in document or "rules" in document):
            yield path


def main(arguments):
    if arguments and arguments[0] in ("-h", "--help"):
        print(__doc__.strip())
        return 0
    try:
        import jsonschema
    except ImportError:
        print("error: the JSON Schema validator is missing: pip install jsonschema", file=sys.stderr)
        return 2
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    validator = jsonschema.Draft7Validator(schema)
    if arguments:
        files = [pathlib.Path(argument) for argument in arguments]
    else:
        root = pathlib.Path(subprocess.run(
            ["git", "-C", str(HERE), "rev-parse", "--show-toplevel"],
            check=True, capture_output=True, text=True).stdout.strip())
        files = sorted(configurations(root))
    invalid = 0
    for path in files:
        try:
            document = json.loads(path.read_text(encoding="utf-8"))
        except OSError as error:
            print(f"error: cannot read {path}: {error.strerror}", file=sys.stderr)
            return 2
        except ValueError as error:
            print(f"{path}: not JSON: {error}")
            invalid += 1
            continue
        problems = sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path))
        for problem in problems:
            place = "/".join(str(part) for part in problem.absolute_path) or "(top)"
            print(f"{path}: {place}: {problem.message}")
        invalid += 1 if problems else 0
    print(f"validate-configurations: {len(files) - invalid} of {len(files)} configurations valid"
          " against architecture.schema.json", file=sys.stderr)
    return 1 if invalid else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
