"""Entrypoint of the Streamlit app (placeholder until the Learn pages land)."""

import streamlit as st

st.set_page_config(page_title="Pickomino", page_icon="🎲")
st.title("Pickomino")
st.write("The rules engine is here; the Learn pages, the sandbox and the odds explorer are coming.")
