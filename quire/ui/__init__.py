"""`quire ui`: the browser screens, served by `quire serve` beside its bearer-token API.

`quire.ui.app.UI` is the sub-app the service hands every path outside `/v1/`: it signs a browser
in with a one-time ticket (minted over the token API), keeps its session in an HttpOnly,
SameSite=Strict cookie, checks the Host header, and refuses any write without the session's CSRF
token or from another origin. Each screen is one or two operations of `quire.ops`, run through
the service's own `execute` (the same path the CLI and MCP take), rendered by Jinja2 templates
with autoescape; page Markdown goes through markdown-it-py with raw HTML off.
"""
