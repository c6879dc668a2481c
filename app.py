"""Entrypoint of the Streamlit app: language, navigation, page config, sidebar, the chosen page."""

from pickomino.ui.frame import (
    count_visit,
    finish_run,
    lay_out,
    navigation,
    settle_language,
    sidebar,
    style,
)

lang = settle_language()
page, spec = navigation(lang)
lay_out(spec)
count_visit(page)
sidebar(lang)
style()
page.run()
finish_run(lang)
