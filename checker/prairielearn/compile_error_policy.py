#!/usr/bin/env python3
"""A compile error costs an attempt (a question's tests/compile_error says "attempt").

labcheck --format prairielearn makes a submission whose kernel does not build not gradable
(gradable: false, format_errors): PrairieLearn then uses no attempt. A course that wants a
compile error to count rewrites results.json with this: such a submission becomes gradable with
score 0, its format errors kept in the message. One the grader itself could not judge (a test whose
output starts "error:") stays not gradable: that is never the student's attempt.

Usage: compile_error_policy.py RESULTS_JSON
"""
import json
import sys


def costs_attempt(results):
    if results.get("gradable", True):
        return results
    if any(test.get("output", "").startswith("error:") for test in results.get("tests", [])):
        return results  # the grader could not judge a stage: not the student's attempt
    results = dict(results, gradable=True, score=0.0)
    results["message"] = ("A kernel does not build, so this submission scores 0 and uses an attempt:\n" +
                          "\n".join(results.pop("format_errors", [])))
    return results


def main():
    path = sys.argv[1]
    with open(path) as f:
        results = json.load(f)
    with open(path, "w") as f:
        json.dump(costs_attempt(results), f)


if __name__ == "__main__":
    main()
