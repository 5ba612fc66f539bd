"""The galaxy features of New Order as plain definitions, shared by the hand-built test tilesets."""

FEATURES = {
    "space": {"letter": "s", "forms": "space", "background": True, "holds": "ship"},
    "nebula": {"letter": "n", "forms": "nebula", "divides": "space", "holds": "emissary"},
    "gas": {"letter": "g", "divides": "space"},
    "path": {"letter": "p", "forms": "system", "within": "space", "joined": True},
}
PROPERTIES = {
    "planet": {"on": "path", "holds": "emissary"},
    "extractor": {"on": "nebula", "forbids": "emissary"},
}
