"""Use cases: one function each, which loads, asks the rules, stores, and commits once."""
