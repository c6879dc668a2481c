"""Entrypoint of the Streamlit app: language, navigation, page config, sidebar, the chosen page."""

from pickomino.ui.frame import (
    begin_run,
    count_visit,
    end_run,
    lay_out,
    navigation,
    settle_language,
    sidebar,
    style,
)

begin_run()
lang = settle_language()
page, spec = navigation(lang)
lay_out(spec)
count_visit(page)
sidebar(lang)
style()
page.run()
end_run(lang)
