"""The article's examples: hello-world pages, escaping, and the guestbook."""
