"""The live classroom without Streamlit: the teacher's desk and the pupil's seat in a room.

- `room`: a room as a session reads it (`Seen`, read again only when its pulse moved) and the
  one look-up of a room by its code, shared by both sides (`Classroom`).
- `teacher`: `TeacherDesk`, the teacher's token, opening a room within the limits, every change
  made on the stored room (the retry loop), and `Board`, what the projector shows at a pulse and
  which of the teacher's buttons act.
- `pupil`: `PupilSeat`, joining, the browser's one seat, answering, and `Phone`, what a pupil's
  phone shows at a pulse (never the answer before the reveal).
- `asked`: a question in the reader's words; `versus`: the class's game against the expert, told.
- `tables`: the room's pupils dealt into tables (`activities.table`), each table in the board's
  words, the results and the games' records in one file.

`pickomino.rooms` decides what a room may hold, `pickomino.store` keeps it; the pages in
`ui/room/` take the store, the clock and the session's memory, draw these objects and turn clicks
into their methods.
"""

from pickomino.activities.classroom.asked import Asked, asked, seat_labels, seats_said
from pickomino.activities.classroom.pupil import SEAT_COOKIE, SEAT_KEY, Phone, PupilSeat
from pickomino.activities.classroom.room import KNOWN_KEY, Classroom, Seen
from pickomino.activities.classroom.teacher import (
    COOKIE_PREFIX,
    CURRENT_COOKIE,
    TEACHER_KEY,
    TIMER_SECONDS,
    Board,
    TeacherDesk,
    control_link,
    join_link,
)

__all__ = [
    "COOKIE_PREFIX",
    "CURRENT_COOKIE",
    "KNOWN_KEY",
    "SEAT_COOKIE",
    "SEAT_KEY",
    "TEACHER_KEY",
    "TIMER_SECONDS",
    "Asked",
    "Board",
    "Classroom",
    "Phone",
    "PupilSeat",
    "Seen",
    "TeacherDesk",
    "asked",
    "control_link",
    "join_link",
    "seat_labels",
    "seats_said",
]
