#!/bin/sh
# The entrypoint of every lab's PrairieLearn question (make_questions.py copies it into
# serverFilesCourse/labcheck/). It runs in the course's container image (the Containerfile at the
# top of the repository, target prairielearn-grader), where the course is built in $COURSE.
# The question's tests/ folder (mounted at /grade/tests) says which lab it is and the choice for
# a kernel that does not build:
#   /grade/tests/lab            "04-matmul-tiled/matmul.cl"
#   /grade/tests/compile_error  "free" (not gradable: no attempt used) or "attempt" (scored 0)
COURSE=${COURSE:-/course}
lab_file=$(cat /grade/tests/lab) || exit 1
compile_error=$(cat /grade/tests/compile_error 2>/dev/null || echo free)
lab=${lab_file%%-*}
mkdir -p /grade/results
# The upload is read as Gradescope's run_autograder and labcheck --class read it (zips, Matmul.cl,
# matmul (1).cl, one .cl elsewhere, nothing), and the notes say how, in the same words.
python3 "$COURSE/checker/gradescope/submission_mapping.py" /grade/student /tmp/submission /tmp/unzipped \
    "$lab_file" > /tmp/upload-notes.json
"$COURSE/build/checker/labcheck" --root "$COURSE" --submission /tmp/submission --lab "$lab" \
    --uploaded --upload-notes /tmp/upload-notes.json \
    --format prairielearn --results-dir /grade/results --quiet --memory-feedback
if [ "$compile_error" = attempt ]; then
    python3 "$COURSE/checker/prairielearn/compile_error_policy.py" /grade/results/results.json
fi
# labcheck's status says how the grading went; PrairieLearn should read the results, not a failed job.
exit 0
