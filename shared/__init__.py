"""The framework-neutral core: handlers, data, forms and security. It imports no web framework."""
