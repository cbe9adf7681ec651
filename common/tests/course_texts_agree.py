#!/usr/bin/env python3
"""Checks that the course's texts agree with its files and with one another.

    course_texts_agree.py [ROOT]

Read from the files, nothing written down here:
  - counts: every "<number> labs" in the top README, slides/README.md, docs/*.md and the decks
    is the number of labs/NN-* folders, every "<number> decks" the number of slides/NN-*.md, and
    a "build/slides/NN-... ... MM-...html" range ends at the last deck;
  - decks: slides/README.md's table has a row for every deck, and its "leads to" cell links the
    lab the deck's metadata names (`lab: "NN"`); "deck N leads to lab MM" says the same;
  - lab READMEs: every labs/NN-*/README.md has the shared headings (SHARED_HEADINGS); a quoted
    section (`see "X"`, `under "X"`, `README, "X"`, `lab NN README, "X"`) is a heading there;
  - lab READMEs against lab.toml: every speedup bar quoted as "at least R× [at SIZE] [on a
    GPU|CPU]" (or "≥ R×") under "How it is graded" is lab.toml's min_ratio (and size) for that
    device class, and every class's bar is quoted; the sizes quoted there are check sizes; a
    define written `NAME = V` takes a value lab.toml gives NAME; the file the README says you
    edit is lab.toml's kernel_file; the kernels of its contract are the ones the top README's
    table and docs/contracts.md name;
  - tile defaults: a sentence or table row of a lab README, or of the deck that leads to the lab,
    that calls a tile shape "the GPU default(s)" (or CPU), and does not mark it as past ("then",
    "before", "earlier", "was"), gives lab.toml's values for that class: a macro tile
    `M × N × K` is TILE_M × TILE_N × TILE_K, a micro tile `M × N micro tiles` (or the `M × N` after
    a macro tile) WPT_M × WPT_N, `(M + N) × K` the two slices, `S KiB` their (TILE_M + TILE_N) ·
    TILE_K · 4 bytes;
  - links: a link to a Markdown file's #anchor names a heading of that file;
  - measured figures (results_figures.py): every figure of a table whose header links a results
    page (`[H200](../../docs/results/h200.md)`) is that run's, from docs/results/*.json; every lab
    README has such a table for every GPU published there; a results page copied into docs/*.md
    is the page.
A file the copy does not have (the student edition has no solutions/) is skipped with a note.
Exit status 1 lists every disagreement with the file, what it says and what the other side says.
"""
import pathlib
import re
import sys
import tomllib

from results_figures import check_results_figures

SHARED_HEADINGS = ['The contract', 'Background', 'Steps', 'Questions', 'Stuck?', 'Running',
                   'How it is graded', 'Measured figures']
NUMBERS = {'one': 1, 'two': 2, 'three': 3, 'four': 4, 'five': 5, 'six': 6, 'seven': 7, 'eight': 8,
           'nine': 9, 'ten': 10, 'eleven': 11, 'twelve': 12, 'thirteen': 13, 'fourteen': 14}
COUNT = re.compile(r'\b(' + '|'.join(NUMBERS) + r'|\d+) (?:slide )?(labs|decks)\b', re.IGNORECASE)
HEADING = re.compile(r'^(#{1,6})\s+(.*?)\s*$', re.MULTILINE)
SIZE = r'\d+(?:\s*[×x]\s*\d+)*³?'
BAR = re.compile(r'(?:at least|≥)\s*(\d+(?:\.\d+)?)×(?:\s+of it)?(?:\s+at\s+(' + SIZE + r'))?'
                 r'(?:\s+on an? (GPU|CPU)\b)?')
DEFAULT = re.compile(r'`(\w+)` is (?:a `-D` define, )?(?:default (\d+)|(\d+) by default)')
CLASSES = ('gpu', 'cpu')


class Report:
    def __init__(self, root):
        self.root = root
        self.problems = []
        self.notes = []

    def fail(self, path, said, expected, hint):
        where = path.relative_to(self.root) if isinstance(path, pathlib.Path) else path
        self.problems.append(f'{where}: says {said}; expected {expected}. {hint}')

    def skip(self, what, why):
        self.notes.append(f'skipped: {what} ({why})')


def flat(text):
    """Text with every run of white space (and a TOML comment's line start) as one space."""
    return re.sub(r'\s+', ' ', re.sub(r'\n\s*# ?', '\n', text))


def headings(text):
    return [m.group(2) for m in HEADING.finditer(text)]


def anchor(heading):
    """The anchor GitHub and pandoc give a heading: lower case, punctuation gone, spaces to '-'."""
    text = re.sub(r'[`*_]', '', heading.lower())
    return re.sub(r'[^\w\- ]', '', text).replace(' ', '-')


def section(text, title):
    """The text under `## title`, up to the next heading of level 2 or above ('' if none)."""
    match = re.search(r'^## ' + re.escape(title) + r'\s*$', text, re.MULTILINE)
    if not match:
        return ''
    end = re.search(r'^#{1,2} ', text[match.end():], re.MULTILINE)
    return text[match.end():match.end() + end.start()] if end else text[match.end():]


def normal_size(text):
    """'8192 × 8192', '8192x8192' and '8192' (and '512³', '512x512x512') compare equal."""
    parts = re.split(r'\s*[×x]\s*', text.replace('³', '').strip().lower())
    return parts[0] if len(set(parts)) == 1 else 'x'.join(parts)


class Lab:
    def __init__(self, folder):
        self.folder = folder
        self.number = folder.name[:2]
        self.readme_path = folder / 'README.md'
        self.readme = self.readme_path.read_text() if self.readme_path.exists() else None
        toml_path = folder / 'lab.toml'
        self.toml = tomllib.loads(toml_path.read_text()) if toml_path.exists() else None

    def speedup(self, device_class):
        """(min_ratio, size) of the speedup stage on a device class, or None without [speedup]."""
        if not self.toml or 'speedup' not in self.toml:
            return None
        merged = dict(self.toml['speedup'])
        merged.update(self.toml.get(device_class, {}).get('speedup', {}))
        return float(merged['min_ratio']), normal_size(str(merged['size']))

    def check_sizes(self):
        """lab.toml's check sizes of every device class, as written there."""
        sizes = set(self.toml.get('sizes', {}).get('check', []))
        for device_class in CLASSES:
            sizes |= set(self.toml.get(device_class, {}).get('sizes', {}).get('check', []))
        return sizes

    def define_values(self):
        """Every value lab.toml gives each define, in any table or set."""
        values = {}

        def take(table):
            for name, value in (table or {}).items():
                values.setdefault(name, set()).update(value if isinstance(value, list) else [value])
        sources = [self.toml]
        sources += [self.toml.get(c, {}) for c in CLASSES]
        for source in sources:
            take(source.get('defines'))
            take(source.get('bench_defines'))
            take(source.get('tune'))
            take(source.get('speedup', {}).get('baseline_defines'))
            for entry in source.get('define_sets', []) + source.get('defines_by_size', []):
                take(entry.get('defines'))
        return values

    def kernels(self):
        return set(re.findall(r'__kernel\s+void\s+(\w+)\s*\(', self.readme or ''))


def count_texts(root):
    """The texts that state how many labs and decks the course has (lab READMEs do not)."""
    paths = [root / 'README.md', root / 'slides' / 'README.md']
    paths += sorted((root / 'docs').glob('*.md')) + sorted((root / 'slides').glob('[0-9][0-9]-*.md'))
    return [p for p in paths if p.exists()]


def check_counts(report, labs, decks):
    root = report.root
    stated = {'labs': 0, 'decks': 0}
    for path in count_texts(root):
        text = flat(path.read_text())
        for match in COUNT.finditer(text):
            word, what = match.group(1).lower(), match.group(2).lower()
            said = NUMBERS.get(word) or int(word)
            actual = len(labs) if what == 'labs' else len(decks)
            folders = 'labs/NN-* folders' if what == 'labs' else 'slides/NN-*.md decks'
            if path == root / 'README.md':
                stated[what] += 1
            if said != actual:
                report.fail(path, f'"{match.group(0)}"', f'{actual} {what}: there are {actual} {folders}',
                            f'write the number the folder holds, or "{what} 01 to NN" where only some are meant')
        for match in re.finditer(r'build/slides/\S+ \.\.\. (\d\d)-\S*html', text):
            if decks and match.group(1) != decks[-1].name[:2]:
                report.fail(path, f'"{match.group(0)}"', f'the range to end at the last deck, {decks[-1].name}',
                            'name the last deck of slides/')
    if (root / 'README.md').exists() and not stated['labs']:
        report.fail(root / 'README.md', 'no "<number> labs"', f'the course\'s size stated ({len(labs)} labs)',
                    'say in the opening paragraph how many labs there are')


def deck_lab(deck):
    match = re.search(r'^lab:\s*"?(\d\d)"?', deck.read_text(), re.MULTILINE)
    return match.group(1) if match else None


def check_deck_table(report, labs, decks):
    readme = report.root / 'slides' / 'README.md'
    if not readme.exists():
        report.skip('the deck table', 'slides/README.md is absent')
        return
    text = readme.read_text()
    rows = {m.group(1): m.group(0) for m in re.finditer(r'^\| \[`([\w.-]+\.md)`\].*$', text, re.MULTILINE)}
    for deck in decks:
        row = rows.get(deck.name)
        if row is None:
            report.fail(readme, f'no row for {deck.name}', 'one row per deck in the table', 'add the deck\'s row')
            continue
        linked = re.findall(r'\(\.\./labs/(\d\d)-[\w-]+/README\.md\)', row.split('|')[-2])
        wanted = deck_lab(deck)
        if linked != ([wanted] if wanted else []):
            report.fail(readme, f'{deck.name} leads to {linked or "no lab"}',
                        f'lab {wanted}, as the deck\'s metadata says' if wanted else 'no lab (its metadata names none)',
                        'make the "leads to" cell and the deck\'s `lab:` agree')
    by_number = {str(int(d.name[:2])): deck_lab(d) for d in decks}
    for match in re.finditer(r'[Dd]eck (\d+) leads to lab (\d\d)', flat(text)):
        if by_number.get(match.group(1)) != match.group(2):
            report.fail(readme, f'"{match.group(0)}"', f'deck {match.group(1)} to lead to lab '
                        f'{by_number.get(match.group(1))}, as its metadata says', 'correct the sentence')


def check_headings(report, labs):
    for lab in labs:
        if lab.readme is None:
            report.skip(f'lab {lab.number}\'s headings', 'its README.md is absent')
            continue
        present = {h for h in headings(lab.readme)}
        missing = [h for h in SHARED_HEADINGS if h not in present]
        if missing:
            report.fail(lab.readme_path, 'no heading ' + ', '.join(f'"## {h}"' for h in missing),
                        'the headings every lab README shares: ' + ', '.join(SHARED_HEADINGS),
                        'rename the section to the shared heading (and the links and quotes that name it)')


def check_quoted_sections(report, labs):
    """`see "X"`, `under "X"`, `README, "X"` in a lab folder, `lab NN README, "X"` anywhere: X is a heading."""
    by_number = {lab.number: lab for lab in labs}
    root = report.root
    texts = [(p, lab) for lab in labs for p in (lab.readme_path, lab.folder / 'lab.toml')]
    texts += [(p, None) for p in count_texts(root)]
    for path, own in texts:
        if not path.exists():
            continue
        text = flat(path.read_text())
        quotes = [(by_number.get(m.group(1)), m.group(2), m.group(0))
                  for m in re.finditer(r'\blab (\d\d)(?:\'s)? README, "([^"]+)"', text)]
        if own is not None:
            quotes += [(own, m.group(1), m.group(0))
                       for m in re.finditer(r'(?:\bsee|\bunder|(?<!lab \d\d )(?<!\'s )README,) "([^"]+)"', text)]
        for lab, name, said in quotes:
            if lab is None or lab.readme is None:
                continue
            if name not in headings(lab.readme):
                report.fail(path, f'\'{said}\'', f'a heading of {lab.readme_path.relative_to(root)}',
                            'quote the section\'s heading as it is written')


def check_speedup_bars(report, lab):
    graded = flat(section(lab.readme, 'How it is graded'))
    wanted = {c: lab.speedup(c) for c in CLASSES}
    if wanted['gpu'] is None:
        return
    covered = set()
    for match in BAR.finditer(graded):
        ratio, size, named = float(match.group(1)), match.group(2), match.group(3)
        classes = [named.lower()] if named else list(CLASSES)
        for device_class in classes:
            want_ratio, want_size = wanted[device_class]
            if ratio != want_ratio or (size and normal_size(size) != want_size):
                report.fail(lab.readme_path, f'"{match.group(0)}" ("How it is graded")',
                            f'lab.toml\'s bar on a {device_class.upper()}: at least {want_ratio:g}× at {want_size}',
                            f'write the min_ratio and size of [speedup] / [{device_class}.speedup]'
                            + ('' if named else ', and "on a GPU" / "on a CPU" where the two differ'))
            covered.add(device_class)
    for device_class in CLASSES:
        if device_class not in covered:
            want_ratio, want_size = wanted[device_class]
            report.fail(lab.readme_path, f'no bar for a {device_class.upper()} under "How it is graded"',
                        f'"at least {want_ratio:g}× at {want_size} on a {device_class.upper()}" (lab.toml)',
                        'quote every device class\'s bar as "at least R× at SIZE on a GPU/CPU"')


def check_sizes_and_defines(report, lab):
    graded = section(lab.readme, 'How it is graded')
    known = lab.check_sizes()
    for size in re.findall(r'\b\d+×\d+(?:×\d+)?\b', graded):
        if normal_size(size) not in {normal_size(s) for s in known}:
            report.fail(lab.readme_path, f'the check size {size} ("How it is graded")',
                        'one of lab.toml\'s check sizes: ' + ', '.join(sorted(known)),
                        'quote the sizes of [sizes] check (and [gpu.sizes] / [cpu.sizes])')
    values = lab.define_values()
    rules = section(lab.readme, 'The contract') + graded
    for name, value in re.findall(r'\b([A-Z][A-Z_]+) = (\d+)\b', rules):
        if name in values and int(value) not in values[name]:
            report.fail(lab.readme_path, f'{name} = {value} ("The contract" or "How it is graded")',
                        f'a value lab.toml gives {name}: ' + ', '.join(str(v) for v in sorted(values[name])),
                        'write the value lab.toml has, or change lab.toml')
    defaults = lab.toml.get('defines', {})
    for name, first, second in re.findall(DEFAULT, flat(lab.readme)):
        if name in defaults and int(first or second) != defaults[name]:
            report.fail(lab.readme_path, f'`{name}` is {first or second} by default',
                        f'{defaults[name]}, its value in lab.toml\'s [defines]', 'write the default lab.toml has')


def check_file_and_kernels(report, lab, tables):
    match = re.search(r'You edit (?:one file:? )?\[`([^`]+)`\]', lab.readme)
    kernel_file = lab.toml.get('kernel_file')
    if match and match.group(1) != kernel_file:
        report.fail(lab.readme_path, f'you edit `{match.group(1)}`', f'`{kernel_file}` (lab.toml kernel_file)',
                    'name the file lab.toml names')
    mine = lab.kernels()
    every = set().union(*tables['kernel names']) if tables['kernel names'] else set()
    for path, rows in tables['rows'].items():
        cell = rows.get(lab.number)
        if cell is None:
            continue  # lab_tables says so
        named = set(re.findall(r'`(\w+)`', cell['kernels']))
        if mine and (not mine <= named or (named & every) - mine):
            report.fail(path, f'lab {lab.number}\'s kernels are {sorted(named & every)}',
                        f'{sorted(mine)}, the kernels of {lab.readme_path.relative_to(report.root)}\'s contract',
                        'name the kernels the lab README\'s contract declares')
        if cell.get('file') and cell['file'] != kernel_file:
            report.fail(path, f'lab {lab.number}\'s file is `{cell["file"]}`', f'`{kernel_file}` (lab.toml)',
                        'name the file lab.toml names')


def lab_tables(report, labs):
    """The labs tables of the top README (lab | folder | kernel) and docs/contracts.md (lab | file | kernels)."""
    rows = {}
    sources = [(report.root / 'README.md', r'^\| (\d\d) \| \[`labs/[^|]*\| ([^|]*) \|', None),
               (report.root / 'docs' / 'contracts.md', r'^\| ([\d, ]+) \| `([^`]+)` \| ([^|]*) \|', 'file')]
    for path, pattern, has_file in sources:
        if not path.exists():
            report.skip(f'the labs table of {path.relative_to(report.root)}', 'the file is absent')
            continue
        table = {}
        for match in re.finditer(pattern, path.read_text(), re.MULTILINE):
            cell = {'kernels': match.group(3) if has_file else match.group(2)}
            if has_file:
                cell['file'] = match.group(2)
            for number in re.findall(r'\d\d', match.group(1)):
                table[number] = cell
        rows[path] = table
        for lab in labs:
            if lab.number not in table:
                report.fail(path, f'no row for lab {lab.number} in its table of labs', f'a row for {lab.folder.name}',
                            'add the lab\'s row (its number, its kernels)')
    return {'rows': rows, 'kernel names': [lab.kernels() for lab in labs]}


def check_labs_against_toml(report, labs):
    tables = lab_tables(report, labs)
    for lab in labs:
        if lab.readme is None or lab.toml is None:
            report.skip(f'lab {lab.number} against its lab.toml', 'README.md or lab.toml is absent')
            continue
        check_speedup_bars(report, lab)
        check_sizes_and_defines(report, lab)
        check_file_and_kernels(report, lab, tables)


PAST = re.compile(r'\b(then|before|earlier|was|were|used to)\b')
CLASS_DEFAULT = re.compile(r"\bthe (GPU|CPU) defaults?\b(?!')")  # not "the CPU defaults' multiply-adds"
MACRO = re.compile(r'\b(\d+) × (\d+) × (\d+)\b(?! multiply)')
MICRO = re.compile(r'\b(\d+) × (\d+)(?= micro)|(?<=, )(\d+) × (\d+)\b(?! ×)')
SLICES = re.compile(r'\((\d+) \+ (\d+)\) × (\d+)')
KIB = re.compile(r'\b(\d+) KiB for the (?:GPU|CPU) defaults?')


def sentences(text):
    """Table rows and the sentences of each paragraph, white space flattened."""
    for block in re.split(r'\n\s*\n', text):
        if block.lstrip().startswith('|'):
            yield from (row for row in block.splitlines() if row.strip())
            continue
        yield from re.split(r'(?<=[.;:])\s+(?=[A-Z(])', flat(block))


def class_defines(lab, device_class):
    merged = dict(lab.toml.get('defines', {}))
    merged.update(lab.toml.get(device_class, {}).get('defines', {}))
    return merged


def tile_claims(sentence, d):
    """(what the sentence says, what lab.toml's defines `d` make it) for each tile figure in it."""
    claims = []
    if all(k in d for k in ('TILE_M', 'TILE_N', 'TILE_K')):
        want = (d['TILE_M'], d['TILE_N'], d['TILE_K'])
        claims += [(' × '.join(m), ' × '.join(map(str, want))) for m in MACRO.findall(sentence)]
        claims += [(f'({m[0]} + {m[1]}) × {m[2]}', f'({want[0]} + {want[1]}) × {want[2]}')
                   for m in SLICES.findall(sentence)]
        kib = (want[0] + want[1]) * want[2] * 4 / 1024
        claims += [(f'{m} KiB', f'{kib:g} KiB') for m in KIB.findall(sentence)]
    if 'WPT_M' in d and 'WPT_N' in d:
        for m in MICRO.finditer(sentence):
            said = ' × '.join(g for g in m.groups() if g)
            claims.append((said + ' micro tiles', f"{d['WPT_M']} × {d['WPT_N']} micro tiles"))
    return claims


def check_tile_defaults(report, labs, decks):
    """What a README or the deck leading to a lab calls the GPU (or CPU) default tile is lab.toml's."""
    by_number = {lab.number: lab for lab in labs if lab.toml is not None}
    texts = [(lab.readme_path, lab.readme, lab) for lab in by_number.values() if lab.readme]
    for deck in decks:
        lab = by_number.get(deck_lab(deck))
        if lab is not None:
            texts.append((deck, deck.read_text(), lab))
    for path, text, lab in texts:
        for sentence in sentences(text):
            named = CLASS_DEFAULT.search(sentence)
            if not named or PAST.search(sentence):
                continue
            device_class = named.group(1).lower()
            for said, want in tile_claims(sentence, class_defines(lab, device_class)):
                if said.split(' micro')[0] != want.split(' micro')[0]:
                    report.fail(path, f'{said} for the {device_class.upper()} defaults ("{sentence.strip()[:80]}")',
                                f'{want} (lab {lab.number}\'s lab.toml, [{device_class}.defines] on [defines])',
                                'write lab.toml\'s values, or mark a figure of an earlier run as past ("then")')


def markdown_files(root):
    skip = {'.git', 'build', 'subprojects', 'node_modules'}
    for path in sorted(root.rglob('*.md')):
        parts = path.relative_to(root).parts
        # hidden folders (.git, a local .carry or .venv) are nobody's course text
        hidden = any(p.startswith('.') for p in parts[:-1])
        if not hidden and not skip.intersection(parts) and not any(p.startswith('build') for p in parts[:1]):
            yield path


def check_anchors(report):
    link = re.compile(r'\]\(([^)\s#]*\.md|)#([\w-]+)\)')
    for path in markdown_files(report.root):
        for target, name in link.findall(path.read_text()):
            target_path = (path.parent / target).resolve() if target else path
            if not target_path.exists():
                report.fail(path, f'a link to {target}#{name}', 'a file that exists', 'correct the link\'s path')
                continue
            anchors = {anchor(h) for h in headings(target_path.read_text())}
            if name not in anchors:
                report.fail(path, f'a link to {target or path.name}#{name}',
                            f'an anchor of a heading there: ' + ', '.join(sorted(anchors)),
                            'link to the heading as it is written now')


def main():
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else '.').resolve()
    lab_folders = sorted(p for p in (root / 'labs').glob('[0-9][0-9]-*') if p.is_dir())
    if not lab_folders:
        print(f'skipped: {root}/labs holds no lab folder (labs/NN-name); run from the course root or pass it')
        return 77
    labs = [Lab(folder) for folder in lab_folders]
    decks = sorted((root / 'slides').glob('[0-9][0-9]-*.md'))
    report = Report(root)
    check_counts(report, labs, decks)
    check_deck_table(report, labs, decks)
    check_headings(report, labs)
    check_quoted_sections(report, labs)
    check_labs_against_toml(report, labs)
    check_tile_defaults(report, labs, decks)
    check_anchors(report)
    check_results_figures(report, labs, list(markdown_files(root)))
    for note in report.notes:
        print(note)
    for problem in report.problems:
        print(problem)
    if report.problems:
        print(f'{len(report.problems)} disagreement(s) between the course\'s texts and its files')
        return 1
    print(f'the texts agree: {len(labs)} labs, {len(decks)} decks')
    return 0


if __name__ == '__main__':
    sys.exit(main())
