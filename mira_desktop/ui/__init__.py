"""PySide6 widgets: the only package that imports Qt."""
