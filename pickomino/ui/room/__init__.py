"""The live classroom's pages: the projector with the teacher's controls, and the pupil's phone.

- `live`: the room as this session last read it, the teacher's token, every change through the
  store (`pickomino.rooms` decides, `pickomino.store` keeps).
- `projector`: what the class sees on the board, and the teacher's buttons.
- `phone`: the join form and the light page a pupil answers on.
"""
