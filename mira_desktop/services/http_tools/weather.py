"""The declared tool Mira ships as the example: the current weather from Open-Meteo (no key), off
until the person turns it on."""

from __future__ import annotations

from mira_desktop.services.http_tools.declaration import HttpToolDeclaration

WEATHER = HttpToolDeclaration(
    name="weather",
    description=(
        "The current weather at a place, from Open-Meteo: give its latitude and longitude "
        "(e.g. Beijing 39.9, 116.4). Returns temperature (°C), wind speed (km/h) and a weather code."
    ),
    url="https://api.open-meteo.com/v1/forecast",
    method="GET",
    parameters={
        "type": "object",
        "properties": {
            "latitude": {"type": "number", "minimum": -90, "maximum": 90},
            "longitude": {"type": "number", "minimum": -180, "maximum": 180},
            "current": {
                "type": "string",
                "maxLength": 200,
                "default": "temperature_2m,wind_speed_10m,weather_code",
                "description": "comma-separated variables, e.g. temperature_2m,relative_humidity_2m",
            },
        },
        "required": ["latitude", "longitude"],
        "additionalProperties": False,
    },
    headers={},
    timeout_seconds=10.0,
    max_response_bytes=200_000,
)
SHIPPED = {WEATHER.name: WEATHER}
