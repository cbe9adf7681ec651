#!/usr/bin/env python3
"""`lab run NN --memory` end to end on the solutions of labs 01 and 02 (small, seconds):
the naive transpose's strided store, lab 02's padded tile read conflict-free and the same
kernel unpadded 32-way, the HTML page, the line under every report, and `--versus` (two define
sets side by side; not the baseline).

    lab_memory_report.py LAB_EXE

Run from the course root. Exit status 1 names every check that failed, with what was printed."""
import pathlib
import re
import subprocess
import sys
import tempfile

HONESTY = 'no cache is modelled and nothing is timed'


def lab_memory(lab_exe, *args):
    done = subprocess.run([lab_exe, 'run', *args, '--memory'], capture_output=True, text=True, timeout=300)
    return done.returncode, done.stdout + done.stderr


def row(output, source_part, access):
    """The report's row for `access` ("local load") on the line whose source holds `source_part`."""
    for line in output.splitlines():
        if access in line and source_part in line.split('|', 1)[-1]:
            return line
    return None


def expect(problems, output, source_part, access, pattern, what):
    found = row(output, source_part, access)
    if found is None or not re.search(pattern, found):
        problems.append(f'{what}: expected a "{access}" row at `{source_part}` matching /{pattern}/, '
                        f'found {found!r}\n--- printed ---\n{output}')


def broken_copy(tmp, lab_folder, replacements):
    """The solution of `lab_folder` with each (old, new) replaced once, as a submission folder."""
    folder = pathlib.Path(tmp) / lab_folder.split('-')[0] / lab_folder
    folder.mkdir(parents=True)
    text = pathlib.Path(f'solutions/{lab_folder}/transpose.cl').read_text()
    for old, new in replacements:
        assert old in text, f'{old!r} not in the {lab_folder} solution'
        text = text.replace(old, new, 1)
    (folder / 'transpose.cl').write_text(text)
    return str(folder.parent)


def wrong_runs(lab_exe):
    """Kernels that are wrong under the simulator: the report names the fault and its line first,
    marks the figures as from a wrong run, and exits non-zero."""
    problems = []
    barrier = 'barrier(CLK_LOCAL_MEM_FENCE);\n    // end slide: read'
    cases = [
        ('02-transpose-local', [(barrier, 'if (lx != 0) ' + barrier)], 'barrier divergence at',
         'if (lx != 0) barrier', None),
        ('02-transpose-local', [(barrier, '// end slide: read')], 'data race at', 'tile[', None),
        ('01-transpose-naive', [('if (col < k && row < m)', 'if (col <= k && row < m)')],
         'out-of-bounds access at', 'a read outside every global buffer', 'local'),
    ]
    with tempfile.TemporaryDirectory() as tmp:
        for index, (lab_folder, replacements, fault, named, never) in enumerate(cases):
            submission = broken_copy(pathlib.Path(tmp) / str(index), lab_folder, replacements)
            status, output = lab_memory(lab_exe, lab_folder[:2], '--submission', submission, '--size', '60x60')
            first = output.find(fault)
            table = output.find('memory report:')
            if status == 0 or first < 0 or named not in output or not 0 <= first < table or \
                    'FIGURES FROM A WRONG RUN' not in output or (never and never in output[:table]):
                problems.append(f'{lab_folder} {replacements[0][1]!r}: expected a non-zero exit, "{fault}" naming '
                                f'"{named}" before the table{f" and no word of {never}" if never else ""}, and the '
                                f'figures marked as from a wrong run; got {status}\n{output}')
    return problems


def hangs_and_costs(lab_exe):
    """A kernel that never ends is stopped within seconds of processor time with the line of its loop
    (under Oclgrind) or after --step-limit (on the device); a size far above [memory]'s is refused."""
    problems = []
    hang = 'checker/mutants/runtime/02-transpose-local/hang_spin_on_flag.cl'
    with tempfile.TemporaryDirectory() as tmp:
        folder = pathlib.Path(tmp) / '02-transpose-local'
        folder.mkdir()
        (folder / 'transpose.cl').write_text(pathlib.Path(hang).read_text())
        status, output = lab_memory(lab_exe, '02', '--submission', tmp)
        if status == 0 or 'a loop that does not end' not in output or 'transpose.cl:19' not in output:
            problems.append(f'{hang} --memory: expected a non-zero exit naming the loop at line 19, got {status}\n'
                            f'{output}')
        done = subprocess.run([lab_exe, 'run', '02', '--no-timing', '--submission', tmp, '--step-limit', '2'],
                              capture_output=True, text=True, timeout=120)
        if done.returncode != 1 or 'stopped after 2 s while checking size' not in done.stdout:
            problems.append(f'{hang} --no-timing --step-limit 2: expected exit 1 and "stopped after 2 s", got '
                            f'{done.returncode}\n{done.stdout}{done.stderr}')
    status, output = lab_memory(lab_exe, '01', '--solution', '--size', '8192x8192')
    if status != 2 or '16384x its work' not in output or 'drop --size' not in output:
        problems.append(f'lab 01 --memory --size 8192x8192: expected exit 2, refused with what to run instead, got '
                        f'{status}\n{output}')
    status, output = lab_memory(lab_exe, '01', '--solution', '--size', '128x128')
    if status != 0 or '4x the work of the [memory] size 64x64' in output:
        problems.append(f'lab 01 --memory --size 128x128: expected exit 0 and no cost warning at 4x, got {status}\n'
                        f'{output}')
    return problems


def main() -> int:
    lab_exe = sys.argv[1]
    problems = []
    status, output = lab_memory(lab_exe, '01', '--solution')
    expect(problems, output, 'at[col * m + row]', 'global store', r' 32\.0 sectors/req \(ideal 4\.0', 'lab 01 store')
    expect(problems, output, 'at[col * m + row]', 'global load', r' 4\.0 sectors/req \(ideal 4\.0', 'lab 01 load')
    with tempfile.TemporaryDirectory() as tmp:
        html = pathlib.Path(tmp) / 'report.html'
        status, output = lab_memory(lab_exe, '02', '--solution', '--memory-html', str(html))
        expect(problems, output, 'tile[lx][r]', 'local load', r' 1\.0-way .*worst 1-way', 'lab 02 padded read')
        expect(problems, output, 'tile[lx][r]', 'global store', r' 4\.0 sectors/req', 'lab 02 store')
        if status != 0 or HONESTY not in output:
            problems.append(f'lab 02: expected exit 0 and the line "{HONESTY}", got {status}\n{output}')
        if not html.exists() or '<svg' not in html.read_text():
            problems.append(f'lab 02: expected {html} with a picture (<svg) of the worst request')
        unpadded = pathlib.Path(tmp) / 'sub' / '02-transpose-local'
        unpadded.mkdir(parents=True)
        text = pathlib.Path('solutions/02-transpose-local/transpose.cl').read_text()
        (unpadded / 'transpose.cl').write_text(text.replace('[TILE_SIZE + 1]', '[TILE_SIZE]'))
        status, output = lab_memory(lab_exe, '02', '--submission', str(unpadded.parent))
        expect(problems, output, 'tile[lx][r]', 'local load', r' 32\.0-way .*worst 32-way', 'lab 02 unpadded read')
    problems += wrong_runs(lab_exe)
    problems += hangs_and_costs(lab_exe)
    # --versus: the same kernel at a second define set, the totals side by side.
    status, output = lab_memory(lab_exe, '02', '--solution', '--versus', 'TILE_SIZE=16')
    side = output[output.find('Side by side'):] if 'Side by side' in output else ''
    if status != 0 or not re.search(r'defines +TILE_SIZE=32 +TILE_SIZE=16', side) or \
            not re.search(r'worst bank conflict +1-way +2-way', side):
        problems.append(f'lab 02 --versus TILE_SIZE=16: expected exit 0 and the two configurations side by side '
                        f'(1-way and 2-way), got {status}\n{output}')
    status, output = lab_memory(lab_exe, '02', '--solution', '--versus', 'baseline')
    if status != 2 or '--versus baseline' not in output:
        problems.append(f'lab 02 --memory --versus baseline: expected exit 2 and a message, got {status}\n{output}')
    for problem in problems:
        print(problem)
    print(f'{len(problems)} problem(s)')
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
