"""The browser stage: render pages in headless Chromium and capture their geometry.

Knows nothing about extraction methods. Imported lazily by ``extractor`` only when
rendering is asked for.
"""
