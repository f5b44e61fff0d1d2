"""Import time: what importing one part of the engine costs, in fresh interpreters.

    python bench/imports.py [--runs 15]

Each module is imported by ``python -X importtime -c "import MODULE"`` ``--runs`` times, the
runs of the modules interleaved; the figure is the median of the cumulative times of the
engine's top-level lines (the engine modules it loads and the standard library they need first).
The baseline in the same run is ``engine.chaharbargh``: what every import of the engine used to
load, since the package imported Chaharbargh and its computer players.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MODULES = ("engine.cards", "engine.game", "engine.games", "engine.allfours.game", "engine.chaharbargh")


def import_ms(module: str) -> float:
    """The milliseconds a fresh interpreter spends on `import module`, by -X importtime."""
    err = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", f"import {module}"], cwd=ROOT, capture_output=True, text=True
    ).stderr
    total = 0
    for line in err.splitlines():
        fields = line.removeprefix("import time:").split("|")
        # a top-level line of the engine: its cumulative time holds what it imported first (the
        # interpreter's own start-up imports are top-level lines too, and left out)
        if len(fields) == 3 and fields[1].strip().isdigit() and fields[2].startswith(" engine"):
            total += int(fields[1])
    return total / 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    times: dict[str, list[float]] = {module: [] for module in MODULES}
    for _ in range(args.runs):
        for module in MODULES:
            times[module].append(import_ms(module))
    base = statistics.median(times["engine.chaharbargh"])
    print("| import | median ms | against engine.chaharbargh |\n|---|---:|---:|")
    for module in MODULES:
        ms = statistics.median(times[module])
        print(f"| `{module}` | {ms:.1f} | {ms / base:.2f} |")


if __name__ == "__main__":
    main()
