"""What the tests share: fresh databases, clients for the API and the forms, a live
server, phones in Chromium, and games built in memory.

``tests/`` is on the import path (``pythonpath`` in pyproject.toml), so a test imports
these as ``from support.games import play``. The test folders themselves are not
packages: pytest imports each test file by its own name, so every name is unique.
"""
