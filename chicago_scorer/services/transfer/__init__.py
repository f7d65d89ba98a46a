"""Moving games between installations: export them losslessly, trail and all, and
import them after replaying each one.

- ``exporting.py``: one game or every game, as an export file;
- ``importing.py``: a file's games stored a batch at a time, paced by ``pacing.py``;
- ``import_file.py``, ``game_checks.py`` and ``import_trail.py``: a file, each of its
  games and their trails read and checked whole before anything is stored;
  ``import_results.py``: what an import answers;
- ``game_records.py``: a game in the export format, and how an import tells a game
  already here;
- ``long_tasks.py``: one import or export of every game runs at a time.

The format, ``chicago-scorer/2``::

    {"format": "chicago-scorer/2",
     "games": [{"players": ["Ann", "Bo"], "first_dealer": "Ann", "rules": {...},
                "created_at": "2026-11-29T19:02:11+00:00", "updated_at": "...",
                "events": [<each entry as event_to_dict gives it, and if it was
                            corrected, "corrections": [{"was": <entry>, "at": "..."}]>],
                "changes": [{"what": "name", "was": "Bo", "now": "Björn", "at": "..."}]}]}

The players are listed in seating order. An entry's earlier versions and the game's
fixes of names and first dealer are listed oldest first, each only when there are any,
as the API's game shows them. ``chicago-scorer/1`` files, the same without the trail,
are still read. The Idempotency-Key an entry was sent with is not exported: it belongs
to the conversation between one phone and this server (see services/repeats.py), not to the
game, and an imported game's entries have none.
"""
