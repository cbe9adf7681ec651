#!/usr/bin/env python3
"""Every lab's checked sizes can see a bug of shape, at every define set the lab is checked with.

usage: size_plans_catch_shapes.py SOURCE_ROOT

For each lab (labs/NN-*/lab.toml), each device class (cpu, gpu) and each define set correctness
runs there (both classes' defaults, every [[define_sets]] entry and every defines_by_size entry, each
on top of [defines]), the sizes checked on that class (its [sizes] check, [cpu.sizes] / [gpu.sizes]
check where given, and the lab's hidden sizes of checker/hidden.toml) must hold:
  - one size whose dimensions are all whole tiles of the set and all different from each other: a
    fast path for whole tiles that takes one dimension for another is wrong there (square sizes
    and ragged ones never take it);
  - for each dimension, one size in which it alone is not a whole number of tiles: an edge guard
    missing in that dimension alone shows.
A tile, per dimension, is what the geometry cuts that dimension into: TILE_SIZE (geometries "tile"
and "thread_work"), TILE_M / TILE_K / TILE_N ("register_tiles"), times 2^LEVELS where the problem is
Strassen's (the host pads to 2^LEVELS macro tiles). Exit status 1 names each lab, class and set
that lacks a size, and the tiles a size must fit.
"""
import pathlib
import sys
import tomllib

CLASSES = ('cpu', 'gpu')


def tiles(lab, defines):
    """The tile of each dimension, in the order the lab writes its sizes (m×k or M×K×N)."""
    value = lambda name: int(defines[name])
    geometry = lab['geometry']
    if geometry in ('tile', 'thread_work'):
        per_dim = {'m': value('TILE_SIZE'), 'k': value('TILE_SIZE'), 'n': value('TILE_SIZE')}
    elif geometry == 'register_tiles':
        per_dim = {'m': value('TILE_M'), 'k': value('TILE_K'), 'n': value('TILE_N')}
    else:
        raise SystemExit(f'size_plans_catch_shapes.py: geometry "{geometry}" is not known here: teach tiles() it')
    scale = 2 ** value('LEVELS') if lab['problem'] == 'strassen' else 1
    dims = ('m', 'k') if lab['problem'] == 'transpose' else ('m', 'k', 'n')
    return tuple(per_dim[d] * scale for d in dims)


def define_sets(lab, device_class):
    """(name, defines) of every set correctness runs on this class, each on top of [defines]."""
    base = dict(lab.get('defines', {}))
    sets = [(f'{cls} defaults', {**base, **lab.get(cls, {}).get('defines', {})}) for cls in CLASSES]
    sets += [(entry['name'], {**base, **entry['defines']}) for entry in lab.get('define_sets', [])]
    sets += [(f'{device_class} up to {entry["up_to"]}', {**base, **entry['defines']})
             for entry in lab.get(device_class, {}).get('defines_by_size', [])]
    return sets


def sizes(lab, device_class, hidden):
    checked = lab.get(device_class, {}).get('sizes', {}).get('check', lab['sizes']['check'])
    return [tuple(int(x) for x in s.split('x')) for s in checked + hidden]


def missing(sizes_here, tile):
    """What the plan lacks at these tiles, in words (empty when nothing)."""
    whole = lambda size, d: size[d] % tile[d] == 0
    lacks = []
    if not any(all(whole(s, d) for d in range(len(tile))) and len(set(s)) == len(s) for s in sizes_here):
        lacks.append('a size of whole tiles in every dimension, all dimensions different')
    for d in range(len(tile)):
        if not any(not whole(s, d) and all(whole(s, e) for e in range(len(tile)) if e != d) for s in sizes_here):
            lacks.append(f'a size ragged in dimension {d + 1} alone')
    return lacks


def main():
    root = pathlib.Path(sys.argv[1])
    hidden_file = root / 'checker' / 'hidden.toml'
    hidden = tomllib.loads(hidden_file.read_text())['labs'] if hidden_file.exists() else {}
    failures = 0
    for lab_toml in sorted(root.glob('labs/[0-9][0-9]-*/lab.toml')):
        number = lab_toml.parent.name[:2]
        lab = tomllib.loads(lab_toml.read_text())
        lab_hidden = hidden.get(number, {}).get('sizes', [])
        for device_class in CLASSES:
            here = sizes(lab, device_class, lab_hidden)
            for name, defines in define_sets(lab, device_class):
                tile = tiles(lab, defines)
                for lack in missing(here, tile):
                    failures += 1
                    print(f'{lab_toml}: on a {device_class.upper()} at define set "{name}" (tiles '
                          f'{"x".join(map(str, tile))}) the checked sizes lack {lack}. '
                          f'Add such a size, small, to [sizes] check or to checker/hidden.toml.')
    if failures:
        return 1
    print('every lab checks whole-tile sizes of unequal dimensions and each dimension ragged alone, at every set')
    return 0


if __name__ == '__main__':
    sys.exit(main())
