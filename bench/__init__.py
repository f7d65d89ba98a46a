"""The benchmark harness behind `make bench`: the app against a minimal Flask baseline.

Run it with ``.venv/bin/python -m bench``; docs/PERFORMANCE.md says what it measures and
why, and keeps the results of the last recorded run.
"""
