"""``method="auto"``: the page-type classifier and the routing that follows its verdict.

:mod:`.pagetype_features` reads a page, :mod:`.pagetype` classifies it with the shipped models,
:mod:`.routing` picks the method (and whether comments stay) from ``models/routes.json`` and
mines records on listings and collections. Below the front door: nothing here imports
:mod:`extractor.api`; methods are resolved through :mod:`extractor.registry`.
"""

from .pagetype import PAGE_TYPES, PageTypeVerdict, classify_source, page_type_of
from .routing import RECORD_TYPES, AutoPlan, Route, plan, records_for, route

__all__ = ["PAGE_TYPES", "RECORD_TYPES", "AutoPlan", "PageTypeVerdict", "Route", "classify_source", "page_type_of",
           "plan", "records_for", "route"]
