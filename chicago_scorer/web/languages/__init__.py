"""The languages the app speaks, and the words it gives the rules' values and messages."""
