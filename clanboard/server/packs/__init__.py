"""The Glen More II pack editor's API."""
