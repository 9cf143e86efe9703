"""Turn notifications by Web Push (VAPID)."""
