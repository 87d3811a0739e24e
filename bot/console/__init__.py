"""The local front ends: an interactive console and a transcript runner, same lines as Discord."""
