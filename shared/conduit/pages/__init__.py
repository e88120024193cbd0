"""Conduit's server-rendered pages: plain handlers over the domain, as the API uses it."""
