"""Live tables: the table in memory, its cache, the move path, the views each viewer may see, AI
seats, watchers, presence, and playing together (takeback, rematch, chat).
"""
