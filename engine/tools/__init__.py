"""Tools around the engine: the arena (duplicate matches over a process pool, timed) and the
command line (`python -m engine play|arena`). Only these start processes, read clocks for
benchmarking or write files; the rules core and the players never do."""
