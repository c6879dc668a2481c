"""Entrypoint of the Streamlit app: page config, language, sidebar, then the chosen page."""

import streamlit as st

from pickomino.ui.frame import count_visit, navigation, settle_language, sidebar, style

st.set_page_config(page_title="Pickomino", page_icon="🎲", layout="centered")
lang = settle_language()
page = navigation(lang)
count_visit(page)
sidebar(lang)
style()
page.run()
