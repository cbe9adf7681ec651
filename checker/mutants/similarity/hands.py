"""How one student writes code: the habits a hand keeps across every lab (loop counters, `++i` or
`i++`, const or not, braces, `+=` or fma, temporaries, the order of operands) and the choices it
makes afresh at every TODO (which way to write it, in which order). Used by honest_fills.py.

Every choice made while filling a lab goes through Draws, so the same fill can be written again
(`Hand.replay`): a copier who reorders takes the same choices with the independent blocks in
another order."""

import hashlib
import random
import re


def weighted(rng, options):
    """One key of `options` (key -> probability)."""
    keys = list(options)
    return rng.choices(keys, weights=[options[k] for k in keys])[0]


class Draws:
    """The random choices of one fill, logged so that a replay gives them back (with `reorder`,
    every order drawn is changed)."""

    def __init__(self, rng):
        self.rng, self.log, self.at, self.reorder = rng, [], None, False

    def _next(self, make):
        if self.at is None:
            self.log.append(make())
            return self.log[-1]
        value = self.log[self.at]
        self.at += 1
        return value

    def random(self):
        return self._next(self.rng.random)

    def index(self, weights):
        return self._next(lambda: self.rng.choices(range(len(weights)), weights=weights)[0])

    def permutation(self, n, keep):
        """Indices 0..n-1: as they come with probability `keep`, else shuffled (a replay that reorders
        turns any order into another)."""
        def make():
            order = list(range(n))
            if self.rng.random() >= keep:
                self.rng.shuffle(order)
            return order
        order = self._next(make)
        if self.reorder and n > 1:
            order = order[1:] + order[:1]
        return order


class Hand:
    """A student's habits (drawn once) and the choices of the fill being written."""

    def __init__(self, rng, conformity, seed):
        self.conformity, self.seed = conformity, seed
        self.counter = weighted(rng, {"uint": .55, "int": .35, "size_t": .10})  # loop counters
        self.index_type = weighted(rng, {"uint": .75, "int": .2, "size_t": .05})  # index temporaries
        self.increment = weighted(rng, {"++{}": .5, "{}++": .42, "{} += 1": .08})
        self.not_equal = rng.random() < .06        # `i != n` in loop tests
        self.const = rng.random() < .55            # const on local values
        self.braces = rng.random() < .55           # braces around a one-statement body
        self.allman = rng.random() < .15           # `{` on its own line
        self.unroll = rng.random() < .12           # #pragma unroll before fixed-count loops
        self.multiply_add = weighted(rng, {"+=": .55, "= +": .07, "mad": .12, "fma": .26})  # `a += x * y`, `a = a + x * y`, ...
        self.size_cast = weighted(rng, {0: .5, .5: .2, 1: .3})  # how often a row offset is cast to size_t
        self.parens = rng.random() < .15           # `(row * K) + k`
        self.temporaries = rng.choice([.15, .5, .85])  # how often a value gets a name
        self.swap = weighted(rng, {.05: .6, .4: .25, .85: .15})  # how often operands come the other way
        self.early_return = rng.random() < .4      # `if (outside) return;` over wrapping the body
        self.keeps_todos = rng.random() < .3       # leaves the TODO comments in
        self.quirkiness = rng.choice([.04, .1, .2])  # how often a statement comes out in a way of its own
        self.draws = Draws(rng)

    # --- a fill, and writing it again ---
    def start_fill(self):
        self.draws.log, self.draws.at, self.draws.reorder = [], None, False

    def replay(self, reorder):
        """The same hand about to write its last fill again (the blocks in another order with `reorder`)."""
        again = object.__new__(Hand)
        again.__dict__.update(self.__dict__)
        again.draws = Draws(self.draws.rng)
        again.draws.log, again.draws.at, again.draws.reorder = self.draws.log, 0, reorder
        return again

    # --- choices ---
    def pick(self, n, popular=None):
        """Which of n ways: the first (what the lab leads to) with probability `conformity` (or
        `popular`), the others evenly."""
        first = self.conformity if popular is None else popular
        return self.draws.index([first] + [(1 - first) / (n - 1)] * (n - 1)) if n > 1 else 0

    def chance(self, probability):
        return self.draws.random() < probability

    def order(self, items, keep=.7):
        """`items` (independent statements or blocks) in the order this student writes them."""
        return [items[i] for i in self.draws.permutation(len(items), keep)]

    def name(self, role, pool):
        """The student's name for `role`: the same in every lab, the first of `pool` most often."""
        digest = hashlib.sha256(f"{self.seed}:{role}".encode()).digest()
        roll = digest[0] / 256
        return pool[0] if roll < .4 else pool[1 + digest[1] % (len(pool) - 1)] if len(pool) > 1 else pool[0]

    # --- expressions ---
    def both(self, x, y, op):
        return f"{y} {op} {x}" if self.chance(self.swap) else f"{x} {op} {y}"

    def add(self, x, y):
        return self.both(x, y, "+")

    def mul(self, x, y):
        return self.both(x, y, "*")

    def index(self, row, width, col, cast=True):
        """row * width + col in this student's order, row in parentheses when it is a sum (and cast to
        size_t, where the student does, when `cast`)."""
        compound = any(op in row for op in "+-") and not row.startswith("(")
        if cast and self.chance(self.size_cast):
            row = f"(size_t)({row})" if compound else f"(size_t){row}"
        elif compound:
            row = f"({row})"
        product = self.mul(row, width)
        return self.add(f"({product})" if self.parens else product, col)

    def all_of(self, conditions):
        return " && ".join(self.order(conditions, keep=.6))

    def any_of(self, conditions):
        return " || ".join(self.order(conditions, keep=.6))

    def value(self, type_, name, expr):
        return f"{'const ' if self.const else ''}{type_} {name} = {expr};"

    def index_value(self, name, expr):
        return self.value(self.index_type, name, expr)

    def for_(self, var, end, start="0", step=None, unrollable=False):
        test = f"{var} != {end}" if self.not_equal and step is None else f"{var} < {end}"
        step = f"{var} += {step}" if step else self.increment.format(var)
        head = f"for ({self.counter} {var} = {start}; {test}; {step})"
        return ["#pragma unroll", head] if unrollable and self.unroll else [head]

    def multiply_added(self, acc, x, y, vector=False):
        """acc gains x * y (x a float; with `vector`, y and acc float4s)."""
        if self.multiply_add == "+=":
            return f"{acc} += {self.mul(x, y)};"
        if self.multiply_add == "= +":
            return f"{acc} = {acc} + {self.mul(x, y)};"
        x = f"(float4)({x})" if vector else x
        return f"{acc} = {self.multiply_add}({x}, {y}, {acc});"

    # --- quirks: what one student does now and then, and a copier keeps ---
    def quirked(self, line, occurrence):
        """`line` (one statement) as this student sometimes writes it: a declaration split from its
        value, the value in parentheses or cast to its type, `/ 4` as `>> 2`, `x += y` as `x = x + y`,
        a stray semicolon. The same code, other tokens. Chosen by the line itself (and how many times it
        came before), so that the student's fill written again in another order has the same quirks."""
        roll = random.Random(hashlib.sha256(f"{self.seed}:{occurrence}:{line}".encode()).digest())
        if not line.endswith(";") or line.startswith(("for", "if", "while", "return", "#", "}")) or \
                roll.random() >= self.quirkiness:
            return [line]
        declaration = re.match(r"^(?:const )?((?:__local |__global |__private )?(?:const )?\w+\*?) (\w+) = ([^{},]+);$", line)
        assignment = re.match(r"^[\w\[\]. +*]+ = [^{;][^;]*;$", line)  # not an array's {initialiser}
        compound = re.match(r"^([\w\[\]. ]+?) \+= (.+);$", line)
        ways = {"stray": .3, "split": 1 if declaration else 0, "cast": 1 if declaration else 0,
                "parens": 1 if declaration or assignment else 0, "expand": 1 if compound else 0,
                "shift": 1 if declaration and re.search(r"/ 4\b", line) and declaration.group(1).endswith("int") else 0}
        way = roll.choices(list(ways), weights=list(ways.values()))[0]
        if way == "split":
            return [f"{declaration.group(1)} {declaration.group(2)};", f"{declaration.group(2)} = {declaration.group(3)};"]
        if way == "parens":
            return [line[:-1].replace(" = ", " = (", 1) + ");"]
        if way == "cast":
            return [line[:-1].replace(" = ", f" = ({declaration.group(1)})(", 1) + ");"]
        if way == "expand":
            return [f"{compound.group(1)} = {compound.group(1)} + {compound.group(2)};"]
        if way == "shift":
            return [re.sub(r"/ 4\b", ">> 2", line, count=1)]
        return [line + ";"]

    def quirks(self, lines):
        """Every statement of `lines` through quirked (blocks keep their shape; none before an else)."""
        out, seen = [], {}
        for i, line in enumerate(lines):
            body = line.lstrip(" ")
            indent = line[:len(line) - len(body)]
            seen[body] = seen.get(body, 0) + 1
            before_else = i + 1 < len(lines) and lines[i + 1].lstrip(" ").startswith(("else", "} else"))
            out += [indent + q for q in ([body] if before_else else self.quirked(body, seen[body]))]
        return out

    # --- statements ---
    def block(self, head, body):
        """`head` (a list of lines ending in the statement's head, or one line) over `body` (lines)."""
        head = [head] if isinstance(head, str) else list(head)
        if len(body) == 1 and not self.braces and not body[0].startswith(("for", "if", "#")):
            return head + ["    " + body[0]]
        opening = head[:-1] + ([head[-1], "{"] if self.allman else [head[-1] + " {"])
        return opening + ["    " + line for line in body] + ["}"]

    def loop(self, var, end, body, start="0", step=None, unrollable=False):
        return self.block(self.for_(var, end, start, step, unrollable), body)

    def if_(self, condition, body):
        return self.block(f"if ({condition})", body)

    def if_else(self, condition, then, otherwise):
        lines = self.if_(condition, then)
        tail = self.block("else", otherwise)
        if lines[-1] == "}" and not self.allman:
            return lines[:-1] + ["} " + tail[0]] + tail[1:]
        return lines + tail
