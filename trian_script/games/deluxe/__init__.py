"""Galaxy of Trian Deluxe (2014) with „Początek Podboju": New Order's code, Deluxe's rules."""
from .game import Deluxe as GAME  # noqa: E402
