"""Generated Bottle apps, ported and served beside their port (issue #36, part 3)."""
