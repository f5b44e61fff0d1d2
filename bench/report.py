"""Writing a benchmark's section of docs/benchmarks.md, between its own markers."""

from __future__ import annotations

from pathlib import Path

BENCHMARKS = Path(__file__).resolve().parent.parent / "docs" / "benchmarks.md"


def replace_section(name: str, heading: str, lines: list[str]) -> None:
    """Put ``lines`` between ``<!-- name:begin -->`` and ``<!-- name:end -->``, adding the
    section under ``heading`` at the end of the file the first time."""
    begin, end = f"<!-- {name}:begin -->", f"<!-- {name}:end -->"
    text = BENCHMARKS.read_text() if BENCHMARKS.exists() else "# Benchmarks\n"
    block = "\n".join([begin, *lines, end])
    if begin in text:
        text = text[: text.index(begin)] + block + text[text.index(end) + len(end) :]
    else:
        text = text.rstrip() + f"\n\n## {heading}\n\n" + block + "\n"
    BENCHMARKS.write_text(text)
