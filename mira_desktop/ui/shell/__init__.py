"""The application shell: start-up, the main window, the thread sidebar, the theme."""
