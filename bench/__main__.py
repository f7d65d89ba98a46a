"""`make bench`: measure the app against the baseline and check the budgets of issue 7.

    .venv/bin/python -m bench                              # print the table
    .venv/bin/python -m bench --record docs/PERFORMANCE.md # and refresh its results
    .venv/bin/python -m bench --quick                      # a smoke run: short and small

The exit status is 0 when every budget holds, 1 when one is missed.
"""

import argparse
import os
import sys
import time
from dataclasses import replace
from pathlib import Path

from .capacity import CapacitySettings
from .load_drivers import wrk_available
from .report import format_run, refresh_results, results_section
from .scenario import Settings, run_benchmark

QUICK = {
    "seconds": 1.0,
    "warmup_seconds": 1.0,
    "large_database_games": 600,
    "walk_games": 600,
    "walk_warmup_games": 100,
    "samples": 7,
    "taps_per_phone": 100,
    "listing_game_entries": 200,
    "capacity": CapacitySettings(
        first_tables=2, most_tables=4, settle_seconds=0.5, measure_seconds=2.0
    ),
}


def parse_arguments(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__.splitlines()[0])
    parser.add_argument("--record", type=Path, help="refresh the results section of this file")
    parser.add_argument("--seconds", type=float, default=Settings.seconds)
    parser.add_argument(
        "--client",
        choices=("auto", "wrk", "asyncio"),
        default="auto",
        help="wrk if it is installed (auto), or the stdlib asyncio fallback",
    )
    parser.add_argument(
        "--quick", action="store_true", help="a smoke run of the harness, not a measurement"
    )
    return parser.parse_args(argv)


def main(argv: list[str]) -> int:
    arguments = parse_arguments(argv)
    use_wrk = arguments.client == "wrk" or (arguments.client == "auto" and wrk_available())
    if arguments.client == "wrk" and not wrk_available():
        sys.exit("wrk is not installed: apt-get install -y wrk, or use --client asyncio")
    if not use_wrk:
        print("wrk not found: using the asyncio fallback client (apt-get install -y wrk)")
    command = "make bench" if os.environ.get("MAKELEVEL") else f"python -m bench {' '.join(argv)}"
    settings = Settings(seconds=arguments.seconds, use_wrk=use_wrk, command=command.strip())
    if arguments.quick:
        settings = replace(settings, **QUICK)
    started = time.monotonic()

    def progress(line: str) -> None:
        print(f"[{time.monotonic() - started:5.1f} s] {line}", flush=True)

    run = run_benchmark(settings, progress)
    print()
    print(format_run(run))
    if arguments.record is not None:
        document = arguments.record.read_text() if arguments.record.exists() else ""
        arguments.record.write_text(refresh_results(document, results_section(run)))
        print(f"\nResults written to {arguments.record}")
    return 0 if run.passed else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
