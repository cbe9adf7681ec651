#!/usr/bin/env python3
"""The page of `lab run 02 --memory --memory-html` on lab 02's unpadded tile, with --versus TILE_SIZE=16:
the worst request (the column read) drawn as a labelled grid, lanes by banks, the --versus configuration
beside it, and one sentence that reads it ("32 lanes hit bank 0 ... padding"). When chromium is
installed, a headless screenshot of the page must show the red cells of the picture; without it that
part is skipped (said on stdout), the page's own checks still run. A wrong run's page (lab 02 with
its barrier left out: a race) must say so in a banner above the source and the figures.

    report_page.py LAB_EXE

Run from the course root. Exit status 1 names what is missing."""
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import zlib


def red_pixels(png):
    """Pixels of the picture's red (#c0392b) in an 8-bit RGB or RGBA PNG, decoded without libraries."""
    data = png.read_bytes()
    width, height, depth, colour = int.from_bytes(data[16:20], 'big'), int.from_bytes(data[20:24], 'big'), data[24], data[25]
    if depth != 8 or colour not in (2, 6):
        return -1
    channels = 3 if colour == 2 else 4
    chunks, at = b'', 8
    while at < len(data):
        length = int.from_bytes(data[at:at + 4], 'big')
        if data[at + 4:at + 8] == b'IDAT':
            chunks += data[at + 8:at + 8 + length]
        at += 12 + length
    raw, stride, previous, count = zlib.decompress(chunks), width * channels, bytearray(width * channels), 0
    for row in range(height):
        kind, line = raw[row * (stride + 1)], bytearray(raw[row * (stride + 1) + 1:(row + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up, corner = previous[i], previous[i - channels] if i >= channels else 0
            predictor = [0, left, up, (left + up) // 2, 0][kind]
            if kind == 4:
                p = left + up - corner
                predictor = min((abs(p - left), left), (abs(p - up), up), (abs(p - corner), corner))[1]
            line[i] = (line[i] + predictor) & 0xff
        count += sum(1 for i in range(0, stride, channels) if abs(line[i] - 0xc0) < 8 and abs(line[i + 1] - 0x39) < 8
                     and abs(line[i + 2] - 0x2b) < 8)
        previous = line
    return count


def wrong_run_page(lab_exe, tmp, solution):
    """Lab 02's solution without its barrier races on the tile: the page's first words after the heading
    are the wrong-run banner with the race and its line, before the source table and again before the totals."""
    folder = tmp / 'racing' / '02-transpose-local'
    folder.mkdir(parents=True)
    barrier = 'barrier(CLK_LOCAL_MEM_FENCE);\n    // end slide: read'
    if barrier not in solution:
        return [f'lab 02\'s solution no longer holds {barrier!r}: update this test']
    (folder / 'transpose.cl').write_text(solution.replace(barrier, '// end slide: read'))
    page = tmp / 'racing.html'
    done = subprocess.run([lab_exe, 'run', '02', '--memory', '--submission', str(folder.parent), '--size', '60x60',
                           '--memory-html', str(page)], capture_output=True, text=True, timeout=300)
    html = page.read_text() if page.exists() else ''
    banner, table = html.find('FIGURES FROM A WRONG RUN'), html.find('<table>')
    if done.returncode == 0 or not 0 <= banner < table or 'data race' not in html[banner:table] or \
            html.count("class='wrong'") != 2:
        return [f'the page of a racing lab 02 kernel has no wrong-run banner (with the race) above its source and '
                f'its totals; lab exited {done.returncode}\n{done.stdout}']
    return []


def main():
    lab_exe = sys.argv[1]
    problems = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = pathlib.Path(tmp) / '02-transpose-local'
        folder.mkdir()
        text = pathlib.Path('solutions/02-transpose-local/transpose.cl').read_text()
        (folder / 'transpose.cl').write_text(text.replace('[TILE_SIZE + 1]', '[TILE_SIZE]'))
        page = pathlib.Path(tmp) / 'report.html'
        done = subprocess.run([lab_exe, 'run', '02', '--memory', '--submission', tmp, '--versus', 'TILE_SIZE=16',
                               '--memory-html', str(page)], capture_output=True, text=True, timeout=300)
        html = page.read_text() if page.exists() else ''
        for what, pattern in [('two grids, this run and --versus', r'(<figure.*){2}'),
                              ('lane labels', r'lane →.*>28<'), ('bank labels', r'bank 0<.*bank 28<'),
                              ('the sentence', r'32 lanes hit bank 0: .*padding per row'),
                              ('the --versus caption', r'--versus: TILE_SIZE=16'),
                              ('the totals with their line breaks', r'global memory: .*\n +coalescing ideal')]:
            if not re.search(pattern, html, re.S):
                problems.append(f'the page has no {what} (/{pattern}/); lab exited {done.returncode}\n{done.stdout}')
        problems += wrong_run_page(lab_exe, pathlib.Path(tmp), text)
        browser = shutil.which('chromium') or shutil.which('chromium-browser')
        if browser is None:
            print('chromium is not installed: the screenshot check is skipped (apt-get install chromium)')
        else:
            shot = pathlib.Path(tmp) / 'page.png'
            # tall enough for the whole page: the source table of the file (the solution's 180 lines,
            # its float4 extension included) comes before the picture
            subprocess.run([browser, '--headless', '--no-sandbox', '--disable-gpu', f'--screenshot={shot}',
                            '--window-size=1400,6000', page.as_uri()], capture_output=True, timeout=120)
            red = red_pixels(shot) if shot.exists() else 0
            if red < 32 * 50:  # 32 cells of at least 50 pixels, in this run's grid alone
                problems.append(f'the screenshot {shot} shows {red} red pixels: the picture is not drawn')
    for problem in problems:
        print(problem)
    print(f'{len(problems)} problem(s)')
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
