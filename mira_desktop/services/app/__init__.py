"""The application around the use cases: data folder, first start, the services bundle, task runner, change feed, crash reports."""
