"""The web shell: one package per area, each with its routes, forms and view helpers."""
