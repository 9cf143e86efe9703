"""The seek pool ("play now")."""
