"""Streamlit-side helpers shared by the pages: drawings, sentences, the frame and the examples."""
