"""Accounts: sign-up, log-in, sessions and CSRF, their storage, bot accounts' tokens, and the open-
table limits that count per account or per address.
"""
