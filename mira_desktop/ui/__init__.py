"""PySide6 + qasync widgets: the only package that imports Qt."""
