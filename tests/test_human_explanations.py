"""Every technique's explanation and nudge read as English: counts agree with their nouns
("1 cell", never "1 cells"), articles with what follows ("an X-Wing", "a W-Wing"), and no
phrase says a digit twice ("removed from 2 from r4c2").

The puzzles below are solved step by step; between them every technique of the solver
takes at least one step (checked), so each finder's texts are read on real positions."""

from __future__ import annotations

import re
from typing import Any

import pytest

from puzzleterm.engine.gameid import load_game_id
from puzzleterm.engine.sudoku.geometry import Geometry
from puzzleterm.engine.sudoku.human.catalog import TECHNIQUES, Deduction
from puzzleterm.engine.sudoku.human.solve import grade_givens
from puzzleterm.engine.words import article

from .human_helpers import GEO9, parse_line

#: 9x9 puzzles (public sets) whose solve paths, between them, use every technique.
PUZZLES = [
    "520001009004090006001008350702105000010000020000904701076200500200050600400600087",
    "000000000040807050002034600098375020001206500050149360004790100070403090000000000",
    "702000005050040620010580003000090500084305710005010000500038060061050080800000204",
    "002070090800004000007120408090802500508010907006705080205061800000200001060080700",
    "008009600000010000200506001802701500090000020006302107100403005000050000005900700",
    "601940072900806000000100006090000647100000009764000020800004000000608004340029801",
    "070000000064908037000507040058000160000000000036000470020705000910604280000000010",
    "800070000029005000750000340040790008010020090500034020072000054000900730000050002",
    "000010032000400005050030417670008000800000004000100086426070050100006000780090000",
    "210907503003200008800300020100000695000000000569000002020008006300006400605104087",
    "109700804000500100420600007000050712000407000537010000800004075003008000702005908",
    "100597003700020004090040050807000905009010800000905000902104306000000000036000410",
    "100005049705100000000080060200801090008000100030906005010040000000003904340500002",
    "590100074120500039000700000000000426000000000234000000000003000480002057950007041",
    "108300006097200540040000082000905024000010000830702000580000090076003410400009205",
    "901305002000006000008970305480000901003090800205000073709058200000200000500607109",
    "078000400003007002502300697050020700000504000007090050625001903700200500009000280",
    "203075008070830060009000705400000020780000091030000006608000100090086070100520609",
    "925300000100400906400270000007000068804000102210000300000093001709001004000004259",
    "060504900000000102927100400200050803000902000506070004009006721402000000001207040",
    "000207040750091060000040000120304008045000670300509014000010000080730026090402000",
    "002406030850000460060000002500178006000604000100235007600000070024000085080509600",
    "000059046000230010000004200010090402700000005904010070001900000090065000380740000",
    "013000000080007012904310070000004007208000105500200000030042509450100060000000740",
    "000950000019402070000003020073205089500090004290108750030800000020504890000026000",
    "..247..58..............1.4.....2...9528.9.4....9...1.........3.3....75..685..2...",
    "400000009500908002000010000030809020000361000000000000601030204204000703003204800",
    "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6",
    ".47.8...1............6..7..6....357......5....1..6....28..4.....9.1...4.....2.69.",
    "200000004030904070490762083040020010000105000500000008009301600310070059020000030",
    "100000005000205000030040010300080007002306800005000600001000700050000030980070046",
    "400080009730001005080300700007009020000070000050400600001004070200700098500090004",
]
#: Dealt puzzles whose texts once read badly ("(a X-Wing)", "from 8 from r1c1").
GAME_IDS = ["xsudoku:5x5:hard#21421a41", "sudoku:9x9:extreme#5"]

NOUNS = ("cells", "links", "guesses", "places", "candidates", "digits", "rows", "columns",
         "boxes", "steps", "solutions", "chains", "strong links")
ONE_OF_MANY = re.compile(rf"(?<![\w.])1 (?:{'|'.join(NOUNS)})\b")
ARTICLE = re.compile(r"(?<![\w-])([Aa]n?) ([^\s,;:()]+)")
TWICE_FROM = re.compile(r"\bfrom \S+ from\b")


def bad_words(text: str) -> list[str]:
    """What reads wrong in ``text``."""
    out = [m.group(0) for m in ONE_OF_MANY.finditer(text)]
    out += [m.group(0) for m in ARTICLE.finditer(text)
            if article(m.group(2)) != m.group(1).lower()]
    out += [m.group(0) for m in TWICE_FROM.finditer(text)]
    return out


def test_the_checks_catch_what_they_should() -> None:
    assert bad_words("the region at r1c1 (1 cells)") == ["1 cells"]
    assert bad_words("(a X-Wing)") == ["a X-Wing"]
    assert bad_words("an W-Wing") == ["an W-Wing"]
    assert bad_words("so it is removed from 2 from r4c2") == ["from 2 from"]
    assert bad_words("an XY-Chain of 1 link, a W-Wing and an 8 in r1c1 (2 cells)") == []


def steps_of(geo: Geometry, givens: tuple[int, ...]) -> list[Deduction]:
    return grade_givens(geo, givens)[1].steps


def all_steps() -> list[Deduction]:
    out: list[Deduction] = []
    for text in PUZZLES:
        out += steps_of(GEO9, parse_line(text.replace(".", "0")))
    for gid in GAME_IDS:
        state: Any = load_game_id(gid).state
        out += steps_of(state.geo, state.givens)
    return out


@pytest.fixture(scope="module")
def steps() -> list[Deduction]:
    return all_steps()


def test_every_technique_is_explained(steps: list[Deduction]) -> None:
    seen = {s.technique for s in steps}
    missing = [t.id for t in TECHNIQUES if t.id not in seen]
    assert not missing, f"no puzzle here takes a step of {missing}"


def test_explanations_read_well(steps: list[Deduction]) -> None:
    bad = {}
    for s in steps:
        for text in (s.explanation, s.nudge):
            found = bad_words(text)
            if found:
                bad[s.technique] = (found, text)
    assert not bad
