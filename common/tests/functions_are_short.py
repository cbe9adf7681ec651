#!/usr/bin/env python3
"""Lists every function (and method) in DIR's C++ files whose body spans more than LIMIT lines.

    functions_are_short.py DIR [--limit 60]

The developers' guide asks for no function over 60 lines: split a longer one into named steps.
A function is a brace block whose head holds a ')' and that is not inside another function (its
lambdas count with it); comments and string literals are skipped. Exit status 1 lists each, longest
first, with its file, first line and length."""
import argparse
import pathlib
import re
import sys


def code_only(text: str) -> str:
    """The text with comments and literals blanked out, its line breaks kept."""
    keep_lines = lambda m: '""' + '\n' * m.group(0).count('\n')
    text = re.sub(r'/\*.*?\*/', lambda m: '\n' * m.group(0).count('\n'), text, flags=re.S)
    text = re.sub(r'R"(\w*)\((.*?)\)\1"', keep_lines, text, flags=re.S)
    text = re.sub(r'//[^\n]*', '', text)
    text = re.sub(r'"(\\.|[^"\\\n])*"', '""', text)
    return re.sub(r"'(\\.|[^'\\\n])*'", "''", text)


def block_kind(head: str, inside_function: bool) -> str:
    if inside_function:
        return 'block'
    if head == '' or re.match(r'^(namespace|extern)\b', head):
        return 'namespace'
    if re.search(r'\b(class|struct|enum|union)\b[^()]*$', head):
        return 'type'
    return 'function' if ')' in head and not head.endswith('=') else 'initializer'


def long_functions(path: pathlib.Path, limit: int):
    stack, head, line = [], '', 1
    for ch in code_only(path.read_text()):
        if ch == '\n':
            line += 1
        if ch == '{':
            kind = block_kind(head.strip(), any(k == 'function' for k, _, _ in stack))
            stack.append((kind, line, ' '.join(head.split())))
            head = ''
        elif ch == '}':
            if stack:
                kind, start, name = stack.pop()
                if kind == 'function' and line - start + 1 > limit:
                    yield line - start + 1, start, name
            head = ''
        elif ch == ';':
            head = ''
        else:
            head += ch


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument('root')
    parser.add_argument('--limit', type=int, default=60)
    args = parser.parse_args()
    found = []
    for path in sorted(pathlib.Path(args.root).rglob('*.[ch]pp')):
        for length, start, name in long_functions(path, args.limit):
            found.append((length, f'{path}:{start}: {length} lines: {name[-100:]}'))
    for _, text in sorted(found, reverse=True):
        print(text)
    if found:
        print(f'{len(found)} function(s) over {args.limit} lines: split each into named steps')
    else:
        print(f'no function in {args.root} is over {args.limit} lines')
    return 1 if found else 0


if __name__ == '__main__':
    sys.exit(main())
