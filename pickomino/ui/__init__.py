"""Streamlit-side helpers shared by the pages: drawings, sentences, the frame, the practice."""
