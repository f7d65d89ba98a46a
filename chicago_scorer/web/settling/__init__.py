"""Settling a tie from the cards."""
