"""The live classroom's pages: the projector with the teacher's controls, and the pupil's phone.

The classroom itself (the room as read, the teacher's desk, the pupil's seat) is
`pickomino.activities.classroom`; these modules draw it and turn clicks into its methods.

- `live`: what only a page has: the store, the clock, the session's memory, the cookies.
- `projector`: what the class sees on the board, and the teacher's buttons.
- `versus`: the class's game against the expert on the board.
- `phone`: the join form and the light page a pupil answers on.
- `asked`: a question's table drawn.
- `tables`: the room's tables: dealt from the teacher's panel, on the board, a phone's link.
"""
