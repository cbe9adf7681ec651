#!/usr/bin/env python3
"""The memory figures the READMEs and slides 01, 02 and 06 quote for the solutions still match
what the tool prints for them: lab 01's and lab 02's sectors per request and bytes per output element (`lab run NN --memory
--solution`), and the 03 -> 06 ladder with lab 08's image requests (`lab ladder --solution`, the
figures of lab 06's and lab 08's READMEs).

    readme_figures.py LAB_EXE

Run from the course root (a full clone: the figures sit in its "full clone only" blocks). Exit
status 1 names every figure that no longer matches, with the README's words and the tool's line."""
import re
import subprocess
import sys
from pathlib import Path

FULL_CLONE = re.compile(r'<!-- full clone only -->(.*?)<!-- end full clone only -->', re.S)


def readme_block(lab_folder, must_hold):
    """The README's full-clone block that holds `must_hold`, on one line."""
    text = Path('labs', lab_folder, 'README.md').read_text()
    for block in FULL_CLONE.findall(text):
        if must_hold in block:
            return ' '.join(block.split())
    raise SystemExit(f'labs/{lab_folder}/README.md: no "full clone only" block holds "{must_hold}"')


def slide_text(deck, heading_part):
    """The slide of slides/DECK.md whose heading holds `heading_part`, on one line."""
    text = Path('slides', deck + '.md').read_text()
    for slide in text.split('\n## ')[1:]:
        if heading_part in slide.split('\n', 1)[0]:
            return ' '.join(slide.split())
    raise SystemExit(f'slides/{deck}.md: no slide whose heading holds "{heading_part}"')


def report(lab_exe, lab):
    done = subprocess.run([lab_exe, 'run', lab, '--memory', '--solution'], capture_output=True, text=True,
                          timeout=300)
    if done.returncode != 0:
        raise SystemExit(f'lab run {lab} --memory --solution exited {done.returncode}:\n{done.stdout}{done.stderr}')
    return done.stdout


def number(pattern, text, what):
    found = re.search(pattern, text)
    if not found:
        raise SystemExit(f'{what}: /{pattern}/ not found in:\n{text}')
    return float(found.group(1).replace(',', ''))


def agree(problems, what, readme_value, printed_value, places):
    """The README's figure, rounded as the tool prints it, equals the printed one."""
    if round(readme_value, places) != round(printed_value, places):
        problems.append(f'{what}: the text says {readme_value}, the tool prints {printed_value}')


# What the tool prints for a transpose (`lab run NN --memory --solution`), by name.
LOAD = r'global load +\d+ +([0-9.]+) sectors/req'
STORE = r'global store +\d+ +([0-9.]+) sectors/req'
COLUMN_READ = r'local load +\d+ +([0-9.]+)-way'
BYTES_PER_ELEMENT = r'global memory: .*?([0-9.]+) per output element'
BARRIERS = r'barriers: ([0-9.]+) per work-group'

# The transposes' figures: where the text is (a README's full-clone block holding a phrase, or the
# slide whose heading holds one), then (what, the text's pattern, the tool's pattern, decimal places).
TRANSPOSE_FIGURES = {
    '01': [
        (('readme', '01-transpose-naive', 'sectors per request'), [
            ('lab 01 read of a', r'read of `a` ([0-9.]+) sectors per request', LOAD, 1),
            ('lab 01 write of at', r'write of `at` ([0-9.]+)', STORE, 1),
            ('lab 01 bytes per output element', r'; ([0-9.]+) bytes moved', BYTES_PER_ELEMENT, 2)]),
        (('slide', '01-work-items-and-coalescing', 'lab run 01 --memory'), [
            ('slide 01 load', r'global load \| ([0-9.]+) \|', LOAD, 1),
            ('slide 01 store', r'global store \| ([0-9.]+) \|', STORE, 1),
            ('slide 01 bytes per output element', r'([0-9.]+) bytes moved per output element', BYTES_PER_ELEMENT, 2)]),
    ],
    '02': [
        (('readme', '02-transpose-local', 'padded column read'), [
            ('lab 02 global sectors per request', r'both ([0-9.]+) sectors per request', STORE, 1),
            ('lab 02 padded column read', r'padded column read ([0-9]+)-way', COLUMN_READ, 1),
            ('lab 02 bytes per output element', r'([0-9.]+) bytes moved per output element', BYTES_PER_ELEMENT, 2),
            ('lab 02 barriers per work-group', r'([0-9.]+) barrier per work-group', BARRIERS, 1)]),
        (('slide', '02-local-memory-and-barriers', 'lab run 02 --memory'), [
            ('slide 02 padded column read', r'\(padded\) \| ([0-9]+)-way', COLUMN_READ, 1),
            ('slide 02 bytes per output element', r'([0-9.]+) bytes per output element', BYTES_PER_ELEMENT, 2)]),
    ],
}


def transpose_figures(lab_exe, lab, problems):
    printed = report(lab_exe, lab)
    for (kind, where, phrase), figures in TRANSPOSE_FIGURES[lab]:
        text = readme_block(where, phrase) if kind == 'readme' else slide_text(where, phrase)
        for what, text_pattern, tool_pattern, places in figures:
            agree(problems, what, number(text_pattern, text, f'{kind} {where}'),
                  number(tool_pattern, printed, f'lab {lab} report'), places)


def ladder_rows(lab_exe):
    """`lab ladder --solution`'s rows: {"03": (loads, all global, images or None)}."""
    done = subprocess.run([lab_exe, 'ladder', '--solution'], capture_output=True, text=True, timeout=600)
    if done.returncode != 0:
        raise SystemExit(f'lab ladder --solution exited {done.returncode}:\n{done.stdout}{done.stderr}')
    rows = {}
    for line in done.stdout.splitlines():
        found = re.match(r'^  (\d\d)  .*? ([0-9.]+) +([0-9.]+) +([0-9.]+|-)$', line)
        if found:
            rows[found.group(1)] = (float(found.group(2)), float(found.group(3)),
                                    None if found.group(4) == '-' else float(found.group(4)))
    if sorted(rows) != ['03', '04', '05', '06', '08']:
        raise SystemExit(f'lab ladder --solution: expected rows for labs 03, 04, 05, 06 and 08:\n{done.stdout}')
    return rows


def ladder(lab_exe, problems):
    words = readme_block('06-matmul-register-tiles', 'loads per')
    rows = ladder_rows(lab_exe)
    for lab in ('03', '04', '05', '06'):
        agree(problems, f'lab {lab} loads per multiply-add (lab 06 README)',
              number(rf'lab {lab} ([0-9.]+)', words, 'lab 06 README'), rows[lab][0], 4)
    agree(problems, 'lab 08 loads of A per multiply-add (lab 06 README)',
          number(r'([0-9.]+) through A\'s global loads', words, 'lab 06 README'), rows['08'][0], 4)
    agree(problems, 'lab 08 image bytes per multiply-add (lab 06 README)',
          number(r'([0-9.]+) through the image', words, 'lab 06 README'), rows['08'][2], 4)
    printed = report(lab_exe, '08')
    agree(problems, 'lab 08 texture requests (lab 06 README)',
          number(r'\(([0-9,]+) texture requests', words, 'lab 06 README'),
          number(r'images: .*? in ([0-9]+) requests', printed, 'lab 08 report'), 0)
    slide = slide_text('06-register-tiles-and-tuning', 'lab ladder --solution')
    figures = re.search(r'\| ([0-9.]+) \| ([0-9.]+) \| ([0-9.]+) \| ([0-9.]+) \| ([0-9.]+) \+ ([0-9.]+) \|', slide)
    if not figures:
        raise SystemExit(f'slide 06: no row of the ladder\'s figures in:\n{slide}')
    for lab, figure in zip(('03', '04', '05', '06', '08'), figures.groups()):
        agree(problems, f'slide 06 lab {lab} loads per multiply-add', float(figure), rows[lab][0], 4)
    agree(problems, 'slide 06 lab 08 image bytes per multiply-add', float(figures.group(6)), rows['08'][2], 4)
    lab_08 = readme_block('08-matmul-image', 'texture requests')
    agree(problems, 'lab 08 image bytes per multiply-add (lab 08 README)',
          number(r'([0-9.]+) bytes per multiply-add through the image', lab_08, 'lab 08 README'), rows['08'][2], 4)
    # One request per read_imagef of a warp, of the bytes of the texels it asks for (not one per channel).
    image_row = r'image load +([0-9]+) +([0-9]+) bytes/req'
    for where, text in (('lab 08 README', lab_08), ('lab 06 README', words)):
        agree(problems, f'lab 08 texture requests ({where})',
              number(r'([0-9,]+) texture requests of', text, where), number(image_row, printed, 'lab 08 report'), 0)
        agree(problems, f'lab 08 bytes per texture request ({where})',
              number(r'texture requests of ([0-9,]+) bytes', text, where),
              float(re.search(image_row, printed).group(2)), 0)


def main():
    lab_exe = sys.argv[1]
    problems = []
    for lab in TRANSPOSE_FIGURES:
        transpose_figures(lab_exe, lab, problems)
    ladder(lab_exe, problems)
    for problem in problems:
        print(problem)
    print(f'{len(problems)} figure(s) differ' if problems else 'every figure of the READMEs and slides matches the tool')
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
