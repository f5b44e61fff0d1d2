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


def points_with_ci(summary: dict) -> str:
    """An arena summary's mean points per round A - B with its 95% interval, as the tables show it."""
    lo, hi = summary["ci95"]
    return f"{summary['mean_points_per_round']:+.2f} ({lo:+.2f} … {hi:+.2f})"


def publish(name: str, heading: str, measured: str, table: list[str], write: bool) -> None:
    """Print a benchmark's section (the line saying how it was measured, then its table) and,
    with ``write``, put it in docs/benchmarks.md."""
    lines = [measured, "", *table]
    print("\n".join(lines))
    if write:
        replace_section(name, heading, lines)
