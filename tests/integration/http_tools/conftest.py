"""The JSON API on 127.0.0.1 that declared HTTP tools call in these tests (``tests/support/json_api``)."""

from tests.support.json_api import json_api  # noqa: F401 (the fixture)
