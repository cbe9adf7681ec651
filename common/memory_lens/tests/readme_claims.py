#!/usr/bin/env python3
"""The READMEs' and slides' claims about a variant's coalescing or bank conflicts, each checked by
running that variant under the memory lens: lab 01's read and write sides, lab 02's padding at 32
and 16, lab 04's tile orientation, lab 05's column ownership and padding, lab 06's float4 loads
and B layout. A variant is the lab's solution with a few words replaced (as the README tells the
student to change it) and, where the README names them, other defines.

Each claim names the sentence it checks (its words must still be in the text, whitespace aside),
so a README that rewords a claim fails here until the claim below follows it.

    readme_claims.py LAB_EXE

Run from the course root. Exit status 1 names every claim the tool contradicts, with its row."""
import pathlib
import re
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field

SOLUTION_FILES = {'01': '01-transpose-naive/transpose.cl', '02': '02-transpose-local/transpose.cl',
                  '04': '04-matmul-tiled/matmul.cl', '05': '05-matmul-thread-work/matmul.cl',
                  '06': '06-matmul-register-tiles/matmul.cl'}


@dataclass(frozen=True)
class Variant:
    lab: str
    edits: tuple = ()        # (old, new) pairs replaced in the solution, every occurrence
    defines: tuple = ()      # NAME=VALUE on top of the lab's [memory] defines
    size: str = ''           # '' for the lab's [memory] size


@dataclass
class Claim:
    text: str                # 'labs/05-matmul-thread-work/README.md' or 'slides/05-....md'
    words: str               # the claim's words in that text
    variant: Variant
    rows: list = field(default_factory=list)  # (source part, access, pattern the row must match)


TILE_32_PADDED = Variant('02')
TILE_16_PADDED = Variant('02', defines=('TILE_SIZE=16',))
TILE_32_UNPADDED = Variant('02', edits=(('[TILE_SIZE + 1]', '[TILE_SIZE]'),))
# Lab 05 at T = 32, W = 8: a warp is 8 rows of the work-group, 4 work-items each.
T32_W8 = ('TILE_SIZE=32', 'THREAD_WORK=8')
INTERLEAVED = Variant('05', defines=T32_W8, size='32x64x64')
CONTIGUOUS = Variant('05', edits=(('lx + w * GROUP_COLS', 'lx * THREAD_WORK + w'),), defines=T32_W8,
                     size='32x64x64')
UNPADDED_05 = Variant('05', edits=(('[TILE_SIZE + 1]', '[TILE_SIZE]'),), defines=T32_W8, size='32x64x64')
# Lab 04 with B's tile read down a column (stored and read transposed).
B_DOWN_A_COLUMN = Variant('04', size='32x32x32', edits=(('b_tile[ly][lx] =', 'b_tile[lx][ly] ='),
                                       ('b_tile[k][lx]', 'b_tile[lx][k]')))

# Lab 06 at small tiles (seconds, not a minute): the layout's claims hold at any tile size.
SMALL_06 = Variant('06', defines=('TILE_M=32', 'TILE_N=64', 'TILE_K=8', 'WPT_M=4', 'WPT_N=8'), size='32x16x64')

L05 = 'labs/05-matmul-thread-work/README.md'
S05 = 'slides/05-more-work-per-work-item.md'
CLAIMS = [
    Claim('labs/01-transpose-naive/README.md', 'They read `a[row*k + col]`: neighbouring addresses, coalesced.',
          Variant('01'), [('a[row * k + col]', 'global load', r' 4\.0 sectors/req \(ideal 4\.0'),
                          ('at[col * m + row]', 'global store', r' 32\.0 sectors/req \(ideal 4\.0')]),
    Claim('labs/02-transpose-local/README.md', 'With `TILE_SIZE = 32` they all sit in **the same bank**: a 32-way '
          'conflict', TILE_32_UNPADDED, [('tile[lx][r]', 'local load', r' 32\.0-way')]),
    Claim('labs/02-transpose-local/README.md', "a column's elements fall in consecutive banks", TILE_32_PADDED,
          [('tile[lx][r]', 'local load', r' 1\.0-way .*worst 1-way')]),
    Claim('labs/02-transpose-local/README.md', 'The padded tile of 16 is no longer conflict-free', TILE_16_PADDED,
          [('tile[lx][r]', 'local load', r' 2\.0-way')]),
    Claim('labs/04-matmul-tiled/README.md', 'nothing reads a tile down a column, so no padding is needed',
          Variant('04', size='32x32x32'), [('a_tile[ly][k] * b_tile[k][lx]', 'local load', r' 1\.0-way .*worst 1-way'),
                          ('a_tile[ly][lx] =', 'global load', r'\(ideal 4\.0, 100%\)')]),
    Claim('labs/04-matmul-tiled/README.md', 'Unlike lab 02, nothing reads a tile down a column', B_DOWN_A_COLUMN,
          [('b_tile[lx][k]', 'local load', r'worst 8-way')]),
    Claim(L05, "a row's 4 work-items ask for 16 consecutive bytes, one sector", INTERLEAVED,
          [('a_tile[ly][tile_col] =', 'global load', r' 8\.0 sectors/req'),
           ('b_tile[k][lx + w * GROUP_COLS]', 'local load', r' 1\.0-way .*worst 1-way')]),
    Claim(L05, "a warp's global requests cost 32 sectors where the interleaved ones cost 8", CONTIGUOUS,
          [('a_tile[ly][tile_col] =', 'global load', r' 32\.0 sectors/req'),
           ('c[row * N', 'global store', r' 32\.0 sectors/req')]),
    Claim(L05, 'the padded stores below even become conflict-free', CONTIGUOUS,
          [('b_tile[k][lx * THREAD_WORK + w]', 'local load', r' 1\.0-way .*worst 1-way'),
           ('a_tile[ly][tile_col] =', 'local store', r' 1\.0-way .*worst 1-way')]),
    Claim(L05, 'the 8 rows fall in 8 different banks: the reads of A become conflict-free', INTERLEAVED,
          [('a_tile[ly][k]', 'local load', r' 1\.0-way .*worst 1-way')]),
    Claim(L05, 'a 4-way conflict on the padded stores, where the unpadded ones are 8-way', INTERLEAVED,
          [('a_tile[ly][tile_col] =', 'local store', r' 4\.0-way'),
           ('b_tile[ly][tile_col] =', 'local store', r' 4\.0-way')]),
    Claim(L05, 'where the unpadded ones are 8-way', UNPADDED_05,
          [('a_tile[ly][tile_col] =', 'local store', r' 8\.0-way'),
           ('a_tile[ly][k]', 'local load', r' 8\.0-way')]),
    Claim(S05, 'mod 32, 4-way (8-way unpadded)', INTERLEAVED,
          [('b_tile[ly][tile_col] =', 'local store', r' 4\.0-way')]),
    Claim(S05, 'cost 4× the global sectors: 32 per request, not 8', CONTIGUOUS,
          [('b_tile[ly][tile_col] =', 'global load', r' 32\.0 sectors/req')]),
    Claim('labs/06-matmul-register-tiles/README.md', 'neighbouring work-items read neighbouring float4s of a row '
          '(coalesced)', SMALL_06, [('a_next[l] =', 'global load', r'\(ideal 16\.0, 100%\)'),
                                         ('b_next[l] =', 'global load', r'\(ideal 16\.0, 100%\)')]),
    Claim('labs/06-matmul-register-tiles/README.md', 'of `b_slice[k]` (no bank conflicts) and write neighbouring '
          'float4s of a row of C (coalesced)', SMALL_06,
          [('b_tile[now][k][lx + j * THREADS_N]', 'local load', r' 1\.0-way .*worst 1-way'),
           ('(c + (size_t)row * N + col)', 'global store', r'\(ideal 16\.0, 100%\)')]),
]


def one_line(text):
    return ' '.join(text.split())


def run_variant(lab_exe, variant, scratch):
    """`lab run LAB --memory` on the variant: its exit status and output."""
    args = [lab_exe, 'run', variant.lab, '--memory']
    if variant.edits:
        relative = SOLUTION_FILES[variant.lab]
        text = pathlib.Path('solutions', relative).read_text()
        for old, new in variant.edits:
            if old not in text:
                raise SystemExit(f'solutions/{relative}: no "{old}" to make the variant {variant}')
            text = text.replace(old, new)
        folder = pathlib.Path(scratch) / str(abs(hash(variant)))
        (folder / relative).parent.mkdir(parents=True)
        (folder / relative).write_text(text)
        args += ['--submission', str(folder)]
    else:
        args.append('--solution')
    for define in variant.defines:
        args += ['-D', define]
    if variant.size:
        args += ['--size', variant.size]
    done = subprocess.run(args, capture_output=True, text=True, timeout=300)
    return done.returncode, done.stdout + done.stderr


def row(output, source_part, access):
    for line in output.splitlines():
        if f' {access} ' in line and source_part in line.split('|', 1)[-1]:
            return line
    return None


def main():
    lab_exe = sys.argv[1]
    problems = []
    outputs = {}
    with tempfile.TemporaryDirectory() as scratch:
        for claim in CLAIMS:
            if one_line(claim.words) not in one_line(pathlib.Path(claim.text).read_text()):
                problems.append(f'{claim.text}: the claim "{claim.words}" is not there any more: make CLAIMS follow')
                continue
            if claim.variant not in outputs:
                outputs[claim.variant] = run_variant(lab_exe, claim.variant, scratch)
            status, output = outputs[claim.variant]
            for source_part, access, pattern in claim.rows:
                found = row(output, source_part, access)
                if status != 0 or found is None or not re.search(pattern, found):
                    problems.append(f'{claim.text}: "{claim.words}": expected the {access} row at `{source_part}` '
                                    f'to match /{pattern}/ for {claim.variant}; exit {status}, row {found!r}\n'
                                    f'--- printed ---\n{output}')
    for problem in problems:
        print(problem)
    print(f'{len(CLAIMS)} claims, {len(outputs)} variants run, {len(problems)} problem(s)')
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
