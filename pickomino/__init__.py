"""Pickomino: a rules engine, exact odds and bots for the dice game, under a teaching app."""
