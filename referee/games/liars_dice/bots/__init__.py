"""Bots: easy, medium, strong and two yardsticks; each reads only a seat view."""
