"""The Conduit domain: users, profiles, articles, comments, tags. Framework-free."""
