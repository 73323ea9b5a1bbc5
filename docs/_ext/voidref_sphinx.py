"""Sphinx glue for the voidref site: directives that render engine results.

Defined once here and used by every chapter.
"""


def setup(app):
    return {"version": "0.1", "parallel_read_safe": True, "parallel_write_safe": True}
