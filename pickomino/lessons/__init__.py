"""The Learn pages' examples and figures: tables built and asked about without Streamlit."""
