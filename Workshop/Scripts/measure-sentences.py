#!/usr/bin/env python3
"""How long the guides' sentences are: for each document and in total, the number of sentences,
the median words per sentence, the share of sentences over 40 words and the longest one.

  Workshop/Scripts/measure-sentences.py [--check] [--over N] [FILE ...]

The documents are README.md, docs/Voyage.docc/*.md and every README.md under Workshop/Migration
and Workshop/OneTarget (the migration examples), or the FILEs given. Paths are read from the
repository's root, wherever the script is run from.

Prose is what a reader reads as sentences. Left out: fenced code blocks (``` or ~~~), HTML
comments, Markdown tables (lines that start with |), headings (lines that start with #, and a
line that is only bold text, **What changes**), DocC directives (@Metadata { … }) and lines of
only - or =. A link counts as its text ([the linter](…)
is two words); an inline code span, a <doc:…> link and a <https://…> address count as one word
each. A word is a token between spaces that holds a letter or a digit (a dash is not a word).

A sentence ends at a blank line, at the start of a list item (each item is at least one sentence)
and after . ! or ? followed by a space and a word that does not start with a lower-case letter.
Abbreviations do not end a sentence: e.g., i.e., cf. and vs. never do, and s. (seconds) only
before a capital letter. Decimals (0.6) and file names (Package.swift) do not either, as no space
follows their point.

Options:
  --check    exit 1, with one line on stderr saying which threshold failed, when the median
             sentence of all documents together is over 20 words or more than 5% of their
             sentences are over 40 words; print only the totals
  --over N   also list every sentence over N words, with its file and line
  -h, --help this text
"""
import pathlib
import re
import statistics
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
MEDIAN_LIMIT = 20
LONG = 40
LONG_SHARE_LIMIT = 0.05

NEVER_END = {"e.g.", "i.e.", "cf.", "vs."}
LIST_ITEM = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+")
FENCE = re.compile(r"^\s*(`{3,}|~{3,})")
DIRECTIVE = re.compile(r"^\s*@[A-Za-z]+")
BOLD_HEADING = re.compile(r"\*\*[^*]+\*\*:?")
LINE_MARK = "\u0001"


def documents():
    """The default documents, relative to the root, in a stable order."""
    found = [ROOT / "README.md"]
    found += sorted((ROOT / "docs" / "Voyage.docc").glob("*.md"))
    for folder in ("Workshop/Migration", "Workshop/OneTarget"):
        found += sorted((ROOT / folder).rglob("README.md"))
    return found


def prose_blocks(text):
    """The prose of a Markdown document as (first line number, text) blocks: paragraphs and list
    items, each on one line, with code, comments, tables, headings and directives left out."""
    # A comment becomes as many newlines as it spans, so line numbers stay true.
    text = re.sub(r"<!--.*?-->", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    blocks, current, start = [], [], 0
    fence, directive_depth = None, 0

    def close():
        nonlocal current
        if current:
            blocks.append((start, "".join(current)))
        current = []

    for number, line in enumerate(text.split("\n"), start=1):
        stripped = line.strip()
        if fence:
            if stripped.startswith(fence) and stripped.strip(fence[0]) == "":
                fence = None
            continue
        opening = FENCE.match(line)
        if opening:
            close()
            fence = opening.group(1)
            continue
        if directive_depth or DIRECTIVE.match(line):
            close()
            directive_depth += line.count("{") - line.count("}")
            directive_depth = max(directive_depth, 0)
            continue
        if stripped.startswith(">"):
            stripped = stripped.lstrip("> ").strip()
        if (not stripped or stripped.startswith("#") or stripped.startswith("|")
                or re.fullmatch(r"[-=*_ ]+", stripped) or BOLD_HEADING.fullmatch(stripped)):
            close()
            continue
        if LIST_ITEM.match(stripped):
            close()
            stripped = LIST_ITEM.sub("", stripped)
        if not current:
            start = number
        # Each line after the first is marked with its number, so a sentence knows where it starts.
        current.append(f" {LINE_MARK}{number} " if current else "")
        current.append(stripped)
    close()
    return blocks


def words_of(text):
    """A block's text as words: code spans, <doc:…> links and addresses one word each, links as
    their text."""
    text = re.sub(r"(`+)(.+?)\1", "CODE", text)
    text = re.sub(r"<(?:doc:|https?:)[^>\s]*>", "LINK", text)
    text = re.sub(r"!\[[^\]]*\]\([^)]*\)", " ", text)
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    return text.split()


def is_word(token):
    return any(character.isalnum() for character in token)


def ends_sentence(token, following):
    """Whether `token` ends its sentence, given the token after it."""
    bare = token.rstrip(")]*_\"'’”")
    if not bare or bare[-1] not in ".!?" or following is None:
        return False
    if bare.lower().lstrip("(*_\"'‘“") in NEVER_END:
        return False
    first = following.lstrip("(*_\"'‘“[")[:1]
    if bare == "s.":
        return first.isupper()
    return not first.islower()


def sentences(blocks):
    """Each sentence as (the line it starts on, word count, its text)."""
    found = []
    for line, text in blocks:
        tokens, lines = [], []
        for token in words_of(text):
            if token.startswith(LINE_MARK):
                line = int(token[1:])
            else:
                tokens.append(token)
                lines.append(line)
        sentence, started = [], None
        for index, token in enumerate(tokens):
            if not sentence:
                started = lines[index]
            sentence.append(token)
            following = tokens[index + 1] if index + 1 < len(tokens) else None
            if following is None or ends_sentence(token, following):
                words = [t for t in sentence if is_word(t)]
                if words:
                    found.append((started, len(words), " ".join(sentence)))
                sentence = []
    return found


def summary(measured):
    counts = [count for _, count, _ in measured]
    if not counts:
        return None
    longest = max(measured, key=lambda s: s[1])
    return {
        "sentences": len(counts),
        "median": statistics.median(counts),
        "over": sum(1 for c in counts if c > LONG) / len(counts),
        "longest": longest,
    }


def row(name, figures, width):
    if figures is None:
        return f"{name:<{width}}  {0:>9}"
    line, count, text = figures["longest"]
    where = f"line {line}" if name != "total" else text
    return (f"{name:<{width}}  {figures['sentences']:>9}  {figures['median']:>6.1f}  "
            f"{figures['over']:>6.1%}  {count:>7}  {where}")


def main(arguments):
    check, over, files = False, None, []
    index = 0
    while index < len(arguments):
        argument = arguments[index]
        if argument in ("-h", "--help"):
            print(__doc__.strip())
            return 0
        if argument == "--check":
            check = True
        elif argument == "--over":
            if index + 1 >= len(arguments) or not arguments[index + 1].isdigit():
                print("measure-sentences: --over needs a number of words (see --help)", file=sys.stderr)
                return 64
            over = int(arguments[index + 1])
            index += 1
        elif argument.startswith("-"):
            print(f"measure-sentences: unknown option {argument} (see --help)", file=sys.stderr)
            return 64
        else:
            path = pathlib.Path(argument)
            files.append(path if path.is_absolute() else ROOT / path)
        index += 1
    paths = files or documents()
    missing = [str(p) for p in paths if not p.is_file()]
    if missing:
        print(f"measure-sentences: no such file: {', '.join(missing)}", file=sys.stderr)
        return 64

    everything, rows = [], []
    for path in paths:
        name = str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)
        measured = sentences(prose_blocks(path.read_text(encoding="utf-8")))
        rows.append((name, summary(measured)))
        everything += [(f"{name}:{line}", count, text) for line, count, text in measured]
    total = summary(everything)

    width = max(len(name) for name, _ in rows + [("total", None)])
    header = f"{'document':<{width}}  {'sentences':>9}  {'median':>6}  {'>40':>6}  {'longest':>7}"
    if total is not None:
        total = dict(total, longest=(0, total["longest"][1], total["longest"][0]))
    if check:
        print(header)
        print(row("total", total, width))
    else:
        print(header)
        for name, figures in rows:
            print(row(name, figures, width))
        print(row("total", total, width))
    if over is not None:
        print()
        for where, count, text in sorted(everything, key=lambda s: -s[1]):
            if count > over:
                print(f"{where}: {count} words: {text}")
    if check and total is not None:
        failed = []
        if total["median"] > MEDIAN_LIMIT:
            failed.append(f"the median sentence is {total['median']:.1f} words, over {MEDIAN_LIMIT}")
        if total["over"] > LONG_SHARE_LIMIT:
            failed.append(f"{total['over']:.1%} of sentences are over {LONG} words, more than "
                          f"{LONG_SHARE_LIMIT:.0%}")
        if failed:
            print(f"measure-sentences: {'; '.join(failed)}", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
