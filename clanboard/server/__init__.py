"""The clanboard web server: a FastAPI app with a JSON API, WebSockets per seat and storage.

``create_app(Settings(...))`` builds the app; ``clanboard serve`` runs it with uvicorn.
"""

from clanboard.server.app import create_app
from clanboard.server.core.settings import Settings

__all__ = ["Settings", "create_app"]
