"""The server's shared core: errors, settings, storage (engine, models, migrations' runner),
request bodies, and the guards on what a client may send (request bounds, slow clients, free
text), the garbage collector and the worker processes.
"""
