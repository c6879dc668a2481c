"""The things a person does in the app, each one object that owns its state, without Streamlit.

The practice table, the game on the Play page, a quiz run, a classroom and a game's review each
keep their state, update it from a click, save and restore it (`kept`), check what they are given
and explain it in the reader's language here, where they are tested without a page; `ui/` only
draws them and turns clicks into their methods.
"""
