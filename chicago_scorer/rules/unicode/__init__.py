"""What the rules for players' names read of Unicode: which characters show nothing
(``invisible.py``), where a joiner or a variation selector belongs in the writing of an
emoji or a script (``joiners.py``), and Unicode's own data files kept here, read through
``data.py``."""
