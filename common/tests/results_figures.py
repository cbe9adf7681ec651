"""The course's texts against the measured results in docs/results/*.json (course_texts_agree.py's part).

Two kinds of text are checked:
  - a results table: a Markdown table with a header cell that links a results page,
    `[H200](../../docs/results/h200.md)`. Each such column holds that run's figures; the other
    columns say which figure a row is: `lab` (NN, or – for a library or copy row), `what`
    (comma-separated parts of the figure's "what", `solution` when absent), `size` (4096³, 8192²,
    8192×8192, 8192, as the run writes it such as "256 MiB", or – for none). A lab README's row without a lab is its own lab. A figure in a cell is
    a number with a unit: GB/s, TB/s, GFLOP/s, TFLOP/s, ms, µs, "N%" (its share of the run's limit,
    "N% of the datasheet" the datasheet's) or "R× cuBLAS" / "R× CLBlast" / "R× lab NN" (its rate
    over that figure's at the same size). It must be the run's figure rounded to the digits written;
    a number the check cannot place fails, so every number in such a table is checked;
  - a copy of a results page (its "Device: ..." line, table and notes) in a docs/*.md page: line
    for line the page's.
Every lab README has a results table with a column for every GPU results file, so a GPU the course
publishes is in every lab's figures.
"""
import json
import re

UNITS = {'GB/s': ('rate', 1.0), 'TB/s': ('rate', 1000.0), 'GFLOP/s': ('rate', 1.0),
         'TFLOP/s': ('rate', 1000.0), 'ms': ('seconds', 1e-3), 'µs': ('seconds', 1e-6)}
NUMBER = r'(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)'
FIGURE = re.compile(NUMBER + r'\s*(?:(GB/s|TB/s|GFLOP/s|TFLOP/s|ms|µs)(?!\w)|(%)(\s+of\s+(?:the\s+)?datasheet)?'
                    r'|×\s*(cuBLAS|CLBlast|lab\s+\d\d))')
LINK = re.compile(r'^\[([^\]]+)\]\(([^)\s#]*results/([\w-]+)\.md)\)$')
KEYS = ('lab', 'what', 'size')


def cells(line):
    return [c.strip() for c in re.split(r'(?<!\\)\|', line.strip().strip('|'))]


def tables(text):
    """(first line number, header cells, [(line number, cells)]) of every Markdown table in text."""
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        if (lines[i].lstrip().startswith('|') and i + 1 < len(lines)
                and re.match(r'^\s*\|?\s*:?-{3,}', lines[i + 1])):
            header, rows, j = cells(lines[i]), [], i + 2
            while j < len(lines) and lines[j].lstrip().startswith('|'):
                rows.append((j + 1, cells(lines[j])))
                j += 1
            yield i + 1, header, rows
            i = j
        else:
            i += 1


def dims(text):
    """[4096, 4096, 4096] for '4096³', '4096×4096×4096'; [8192] for a bare '8192' (any shape)."""
    text = text.replace(' ', '')
    match = re.fullmatch(r'(\d+(?:[×x]\d+)*)([²³]?)', text)
    if not match:
        return None
    parts = [int(p) for p in re.split('[×x]', match.group(1))]
    return parts * {'²': 2, '³': 3}.get(match.group(2), 1)


def same_size(written, stored):
    """A size as dims() reads it against the run's; a size that is not dimensions ('256 MiB', '' for
    none) is matched as written."""
    if isinstance(written, str):
        return written.lower() == stored.strip().lower()
    stored_dims = dims(stored)
    if stored_dims is None:
        return False
    return written == stored_dims or (len(written) == 1 and set(stored_dims) == set(written))


def decimals(number):
    return len(number.split('.')[1]) if '.' in number else 0


def agrees(written, value):
    """The written number is value rounded to the digits written."""
    number = float(written.replace(',', ''))
    return abs(number - value) <= 0.5 * 10 ** -decimals(written) * (1 + 1e-9) + 1e-12


class Results:
    """One docs/results/STEM.json: its figures, found by lab, what and size."""

    def __init__(self, path):
        self.path = path
        self.data = json.loads(path.read_text())
        self.figures = self.data['figures']

    def find(self, lab, what, size):
        """The one figure of this lab whose 'what' holds every part of `what` at this size, or an error."""
        parts = [p.strip().lower() for p in what.split(',') if p.strip()]
        found = [f for f in self.figures
                 if f['lab'] == lab and same_size(size, f['size'])
                 and (all(p in f['what'].lower() for p in parts) if what != 'solution' else f['what'] == 'solution')]
        if len(found) == 1:
            return found[0], None
        shown = size if isinstance(size, str) else '×'.join(map(str, size))
        where = f'lab {lab or "–"}, "{what}", {shown or "no size"}'
        return None, (f'no figure of {self.path.name} is {where}' if not found else
                      f'{len(found)} figures of {self.path.name} are {where}: ' +
                      '; '.join(f['what'] for f in found))


def reference(results, figure, name):
    """The figure `name` (cuBLAS, CLBlast, lab NN) names at the same size as `figure`."""
    lab = re.fullmatch(r'lab\s+(\d\d)', name)
    size = dims(figure['size']) or figure['size']
    return results.find(lab.group(1), 'solution', size) if lab else results.find('', name, size)


def check_value(results, figure, match):
    """None if the written figure agrees with the run's, else what the run says."""
    number, unit, percent, datasheet, versus = match.groups()
    if unit:
        key, scale = UNITS[unit]
        value = figure[key] / scale
        shown = f'{value:.{decimals(number) + 2}f} {unit}'
    elif percent:
        value = figure['percent_of_datasheet' if datasheet else 'percent_of_limit']
        shown = f'{value:.2f}%' + (' of the datasheet' if datasheet else f' of {figure["limit"] or "no limit"}')
    else:
        other, error = reference(results, figure, versus)
        if error:
            return error
        value = figure['rate'] / other['rate']
        shown = f'{value:.4f}× {versus} ({figure["rate"]:.1f} / {other["rate"]:.1f})'
    return None if agrees(number, value) else shown


def check_cell(report, path, line, results, figure, cell):
    rest = FIGURE.sub('', cell)
    if re.search(r'\d', rest):
        report.fail(path, f'"{cell}" (line {line})', 'only figures with units: GB/s, TB/s, GFLOP/s, TFLOP/s, ms, µs, '
                    '%, "× cuBLAS", "× CLBlast", "× lab NN"', 'write each number of a results table with its unit')
    for match in FIGURE.finditer(cell):
        said = check_value(results, figure, match)
        if said is not None:
            report.fail(path, f'{match.group(0)} (line {line}, {results.path.name}, lab {figure["lab"] or "–"}, '
                        f'{figure["what"]}, {figure["size"]})', said,
                        'copy the figure from the results file, rounded to the digits written')


def row_key(header, row, own_lab):
    """(lab, what, size dims) a row names, or an error."""
    given = {h.lower(): c for h, c in zip(header, row) if h.lower() in KEYS}
    what = given.get('what', '').strip() or 'solution'
    written = given.get('size', '').strip()
    size = dims(written)
    if size is None:
        if re.search(r'\d', written) and not re.fullmatch(r'\d+ [KMG]iB', written):
            return None, f'a size in the row ("{written}"): 4096³, 8192², 8192×8192, 8192, "256 MiB" or none'
        size = '' if written in ('', '–', '-') else written
    lab = re.search(r'\d\d', given.get('lab', ''))
    if lab:
        lab = lab.group(0)
    elif what != 'solution' or given.get('lab', '').strip() in ('–', '-'):
        lab = ''
    elif own_lab:
        lab = own_lab
    else:
        return None, 'a lab column (or a lab README)'
    return (lab, what, size), None


def check_table(report, path, header, rows, results_of, own_lab):
    """Every figure of a results table against its run; returns the results stems it links."""
    columns = {}
    for i, name in enumerate(header):
        link = LINK.match(name)
        if link and (path.parent / link.group(2)).resolve() == results_of.folder / f'{link.group(3)}.md':
            columns[i] = link.group(3)
        elif name.lower() not in KEYS:
            report.fail(path, f'a column "{name}" in a results table', 'lab, what, size or a link to a results page',
                        'give each row\'s lab, what and size in their own columns')
    for line, row in rows:
        key, error = row_key(header, row, own_lab)
        if error:
            report.fail(path, f'a row (line {line}) of a results table without its figure', error,
                        'name the lab (or –), what and size of each row')
            continue
        for i, stem in columns.items():
            cell = row[i] if i < len(row) else ''
            if cell in ('', '–', '-'):
                continue
            results = results_of(stem)
            if results is None:
                report.fail(path, f'a column for {stem}.md', f'docs/results/{stem}.json beside it', 'keep the JSON')
                continue
            figure, error = results.find(*key)
            if error:
                report.fail(path, f'a row (line {line}) of a results table', error, 'name a figure of the run')
                continue
            check_cell(report, path, line, results, figure, cell)
    return set(columns.values())


class ResultsFiles:
    def __init__(self, folder):
        self.folder = folder
        self.cache = {}

    def __call__(self, stem):
        if stem not in self.cache:
            path = self.folder / f'{stem}.json'
            # Only `lab bench` runs are results files; other JSON there (grading-throughput.json) is not.
            is_bench = path.exists() and 'figures' in json.loads(path.read_text())
            self.cache[stem] = Results(path) if is_bench else None
        return self.cache[stem]

    def gpu_stems(self):
        return sorted(p.stem for p in self.folder.glob('*.json')
                      if self(p.stem) and self(p.stem).data.get('device_class') == 'GPU')


def check_copies(report, docs):
    """A results page copied into a docs/*.md page (from its "Device:" line on) is the page, line for line."""
    pages = {p.read_text().splitlines()[0]: p for p in sorted((docs / 'results').glob('*.md'))
             if p.read_text().startswith('Device:')}
    for path in sorted(docs.glob('*.md')):
        lines = path.read_text().splitlines()
        for i, line in enumerate(lines):
            if not line.startswith('Device:'):
                continue
            page = pages.get(line)
            if page is None:
                report.fail(path, f'a "Device:" line (line {i + 1}) of no results page', 'the first line of a '
                            'docs/results/*.md', 'copy the results page as `lab bench --markdown` wrote it')
                continue
            want = page.read_text().rstrip('\n').splitlines()
            for j, expected in enumerate(want):
                got = lines[i + j] if i + j < len(lines) else '(the end of the file)'
                if got != expected:
                    report.fail(path, f'line {i + j + 1}: "{got[:80]}"', f'"{expected[:80]}" ({page.name} line {j + 1})',
                                f'copy {page.relative_to(docs.parent)} again')
                    break


def check_results_figures(report, labs, markdown_files):
    root = report.root
    folder = root / 'docs' / 'results'
    if not folder.is_dir():
        report.skip('figures against docs/results', 'docs/results/ is absent')
        return
    results_of = ResultsFiles(folder)
    own = {lab.readme_path: lab.number for lab in labs}
    linked = {}
    for path in markdown_files:
        for _, header, rows in tables(path.read_text()):
            if any(LINK.match(h) for h in header):
                linked.setdefault(path, set()).update(
                    check_table(report, path, header, rows, results_of, own.get(path)))
    for lab in labs:
        if lab.readme is None:
            continue
        missing = [s for s in results_of.gpu_stems() if s not in linked.get(lab.readme_path, set())]
        if missing:
            report.fail(lab.readme_path, 'no results table with a column for ' + ', '.join(f'{s}.md' for s in missing),
                        'the lab\'s figures on every GPU the course publishes (docs/results/*.json)',
                        'add a table under "Measured figures": size | [GPU](../../docs/results/STEM.md) ...')
    check_copies(report, root / 'docs')
