"""Export (CSV and JSON) and import pages."""
