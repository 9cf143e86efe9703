"""Game packages. Each subpackage exposes ``GAME`` (a core Game) and depends only on core."""
