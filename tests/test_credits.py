"""A map's credit line is left out of the text; a sentence naming a map provider stays."""

import pytest

from extractor import extract
from extractor.tidy.credits import MAP_CREDIT

INTRO = ("We have ten clinics across Bristol, Bath and North Somerset, each with its own team of vets and registered "
         "veterinary nurses, and all our patients can use the out-of-hours hospital.")


@pytest.mark.parametrize("credit", ["Map data © OpenStreetMap contributors", "Leaflet | © OpenStreetMap contributors",
                                    "Map data ©2024 Google", "© Mapbox © OpenStreetMap Improve this map",
                                    "Tiles © Esri"])
def test_a_maps_credit_is_recognised(credit):
    assert MAP_CREDIT.fullmatch(credit)


@pytest.mark.parametrize("line", ["© 2025 Willowbrook Veterinary Group", "We mapped every stop with OpenStreetMap.",
                                  "Map of our clinics"])
def test_other_lines_are_no_map_credit(line):
    assert not MAP_CREDIT.fullmatch(line)


def test_a_map_credit_between_the_text_and_a_list_is_left_out():
    # a 171st blind round's clinic finder: the map's box, its credit in a corner, between the introduction and the list
    html = (f"<html><body><main><h1>Find a clinic near you</h1><p>{INTRO}</p><div class='map'><div class='tiles'>"
            "</div><div class='attribution'>Map data © OpenStreetMap contributors</div></div>"
            f"<h2>Willowbrook Clifton</h2><p>{INTRO}</p></main></body></html>")
    text = extract(html, method="decay").text
    assert "OpenStreetMap" not in text and "Willowbrook Clifton" in text, text
