"""What people look at: the dashboard (`dashboard`, its forms in `forms`, the trace explorer in
`explorer`), the health report (`report`) and the charts both draw (`charts`). `pages` holds the
plumbing every page shares (templates, headers, login and CSRF checks).
"""
