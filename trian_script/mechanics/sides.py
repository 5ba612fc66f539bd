"""Sides: players who play as one team, and the turn order that alternates the teams.

Ruleset value ``teams.size``: players per team when no teams are given (0: every player is a side of
their own). Teams given by seat order with size ``s`` are every ``n/s``-th seat: with four seats and
teams of two, seats 1 and 3 against 2 and 4. A side is named by its first seat (its captain), so a
rule that asks "whose is it" gets a seat name whether or not the game has teams.

Turns alternate the teams (A1 B1 A2 B2; A1 B1 C1 A2 B2 C2): ``interleave`` gives that order.
"""
from __future__ import annotations


class TeamError(ValueError):
    """Teams that cannot be played: a seat twice or missing, uneven or single-player teams."""


def parse(spec: str) -> list[list[str]]:
    """``red+green,blue+yellow`` → [[red, green], [blue, yellow]]."""
    return [[seat.strip() for seat in team.split("+")] for team in spec.split(",") if team.strip()]


def by_seat_order(seats: list[str], size: int) -> list[list[str]]:
    """Teams of ``size`` from the seat order: the teams take turns, so team i is every n-th seat."""
    if size <= 0:
        return [[seat] for seat in seats]
    if len(seats) % size or len(seats) // size < 2:
        raise TeamError(f"{len(seats)} players cannot form teams of {size}: "
                        f"play with a multiple of {size}, at least {2 * size}")
    count = len(seats) // size
    return [seats[i::count] for i in range(count)]


def check(teams: list[list[str]], seats: list[str]) -> None:
    """Every seat in exactly one team, at least two teams, all of the same size (at least 2)."""
    named = [seat for team in teams for seat in team]
    for seat in named:
        if named.count(seat) > 1:
            raise TeamError(f"{seat} is in more than one team")
        if seat not in seats:
            raise TeamError(f"{seat} is not a seat of this game ({', '.join(seats)})")
    missing = [seat for seat in seats if seat not in named]
    if missing:
        raise TeamError(f"{', '.join(missing)} {'is' if len(missing) == 1 else 'are'} in no team")
    sizes = {len(team) for team in teams}
    if len(teams) < 2 or len(sizes) != 1 or min(sizes) < 2:
        raise TeamError("teams need at least two teams, all of the same size, of at least two players each")


def interleave(teams: list[list[str]]) -> list[str]:
    """The turn order: the first player of each team, then the second of each, and so on."""
    return [team[i] for i in range(max(map(len, teams))) for team in teams if i < len(team)]


def sides(teams: list[list[str]]) -> dict[str, str]:
    """seat -> the name of its side (the team's first seat)."""
    return {seat: team[0] for team in teams for seat in team}


def teams_of(seats: list[str], given: list[list[str]] | None, size: int) -> list[list[str]]:
    """The teams ``given`` (checked), or by seat order with ``teams.size`` (every seat alone with 0)."""
    teams = given or by_seat_order(seats, size)
    if given or size:
        check(teams, seats)
    return teams
