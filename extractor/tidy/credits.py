"""A map's attribution line ("Map data © OpenStreetMap contributors"), left out of the text.

A page that draws a map (a clinic finder, a store locator, an event's venue) prints its tiles' credit in the map's
corner, and the map's box sits in the page's column, between the text and the list it locates: a 171st blind round's
clinic finder kept the line between its introduction and its first clinic. A reader copies the places, not the
credit. Only a block that is the credit alone goes.
"""

from __future__ import annotations

import re

#: A map's credit: a tile or data provider after "©", maybe after "Leaflet |" or "Map data" ("Leaflet | © OpenStreetMap
#: contributors", "Map data ©2024 Google", "© Mapbox © OpenStreetMap Improve this map", "Tiles © Esri"); the
#: providers are those of Leaflet's and MapLibre's common tile layers.
MAP_CREDIT = re.compile(
    r"(?:leaflet\s*[|·]\s*)?(?:(?:map data|map tiles|tiles|imagery|data)\s*(?:by\s*)?)?©\s*(?:\d{4}\s*)?"
    r"(?:openstreetmap|osm|mapbox|google|here|tomtom|maptiler|esri|carto|stadia|thunderforest|stamen)\b[^\n]{0,80}",
    re.I)
