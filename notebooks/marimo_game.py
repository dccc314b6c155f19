"""Nova Luna in marimo: the widget, and a table and a plot that follow the game as it is played.

`marimo edit notebooks/marimo_game.py` opens it to change; `marimo run notebooks/marimo_game.py` serves it as
an app. marimo re-runs a cell when something it reads changes. The widget's moves arrive as messages, which
re-run nothing by themselves, so the cell that makes the widget bridges its synced `version` to `mo.state`
with `widget.observe`: every move (a click, Python's `board.play(...)`, a bot's answer) sets it, and the
cells that read it run again.
"""

import marimo

__generated_with = "0.25.2"
# "full": the page's whole width for the board, wheel and area in play side by side (README, "marimo").
app = marimo.App(width="full")


@app.cell
def _():
    import marimo as mo

    from novaluna_widget import NovaLunaWidget

    return NovaLunaWidget, mo


@app.cell
def _(NovaLunaWidget, mo):
    widget = NovaLunaWidget(players=["You", "Luna"], seed=3, bots={1: "greedy"})
    get_version, set_version = mo.state(widget.version)
    widget.observe(lambda _: set_version(widget.version), names=["version"])
    board = mo.ui.anywidget(widget)
    board
    return board, get_version


@app.cell
def _(board, get_version, mo):
    get_version()  # read, so this cell runs again after every move
    game = board.game
    _rows = [
        {
            "player": player.name,
            "tokens left": player.tokens,
            "tiles": len(player.board.tiles),
            "to move": "●" if board.current_player == seat else "",
        }
        for seat, player in enumerate(game.players)
    ]
    _said = f"Turn {board.turn}" if board.result is None else f"Over: {game.players[board.result['winner']].name} wins"
    mo.vstack([mo.md(f"**{_said}**"), mo.ui.table(_rows, selection=None, label="The players")])
    return (game,)


@app.cell
def _(game):
    import matplotlib.pyplot as plt

    # Tokens left after each tile taken: every player starts with the same supply; a task fulfilled costs one.
    _left = [[player.supply] for player in game.players]
    for _event in game.log:
        if _event.kind == "take":
            for _tokens in _left:
                _tokens.append(_tokens[-1])
        elif _event.kind == "cover":
            _left[_event.player][-1] = _event.data["tokens_left"]
    _figure, _axes = plt.subplots(figsize=(7, 2.6))
    for _player, _tokens in zip(game.players, _left):
        _axes.step(range(len(_tokens)), _tokens, where="post", label=_player.name)
    _axes.set(xlabel="tiles taken", ylabel="tokens left", ylim=(0, None))
    _axes.legend()
    _figure.tight_layout()
    _figure
    return


if __name__ == "__main__":
    app.run()
