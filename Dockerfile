# The course in a container: one image for macOS, Windows and any Linux (docs/container.md).
# Debian 12, the packages of common/setup.sh (its one list), and the course built in /course.
#
#   docker build -t opencl-course .                       # or podman build / buildah bud
#   docker run --rm -it -v "$PWD":/workspace opencl-course
#   $ lab run 01                                           # your clone's labs/, the image's build
#
# Targets: `course` (the default: the last stage) is what students use and what
# .devcontainer/devcontainer.json builds; `grader` (--target grader) is PrairieLearn's external-grader
# image: the same packages and build, without solutions/, checker/mutants/ and the built slides
# (docs/prairielearn.md).
#
# A GPU: the image holds no GPU driver. NVIDIA's OpenCL comes from the host's driver through the
# NVIDIA Container Toolkit: `docker run --gpus all ...` or, with CDI, `podman run
# --device nvidia.com/gpu=all ...`; the toolkit mounts libnvidia-opencl.so.1 into the container and
# nvidia.icd below registers it with the ICD loader (docs/container.md; not tried on a GPU).
#
# BASE: Debian 12 by default; common/container/test.sh makes it with debootstrap and tags it so.
ARG BASE=docker.io/library/debian:12

# --- the packages: common/setup.sh's list, installed by it (its own layer, shared by both targets)
FROM ${BASE} AS packages
COPY common/setup.sh /tmp/setup.sh
RUN /tmp/setup.sh --packages-only && rm -rf /var/lib/apt/lists/* /tmp/setup.sh \
 && mkdir -p /etc/OpenCL/vendors \
 && echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
# The NVIDIA Container Toolkit mounts the driver's libraries only when the image asks for them.
ENV NVIDIA_VISIBLE_DEVICES=all NVIDIA_DRIVER_CAPABILITIES=compute,utility

# --- the course built: setup.sh again finds every package and only builds ----------------------
FROM packages AS build
COPY . /course
WORKDIR /course
RUN common/setup.sh --no-check

# --- the grader's tree: what PrairieLearn's image may hold (no answers) ------------------------
FROM build AS grader-tree
RUN rm -rf /course/solutions /course/checker/mutants /course/build/solutions /course/build/slides

# --- PrairieLearn's external grader: labcheck in /course/build, the course in /course ----------
FROM packages AS grader
COPY --from=grader-tree /course /course
WORKDIR /course
RUN useradd --system --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin labcheck-student

# --- the student's image (the default target): lab and labcheck on PATH, run on /workspace ----
FROM build AS course
RUN ln -s /course/build/common/lab /usr/local/bin/lab \
 && ln -s /course/build/checker/labcheck /usr/local/bin/labcheck \
 && useradd --create-home --uid 1000 --shell /bin/bash student \
 && mkdir -p /workspace/build && chown student: /workspace/build
# Your clone is mounted at /workspace: lab and labcheck read its labs/ (LAB_ROOT), and build
# nothing into it: the C++ is built once, in /course/build; kernels are compiled when a lab runs.
# (/workspace/build is the student's: a volume mounted there starts out theirs, for common/setup.sh.)
ENV LAB_ROOT=/workspace
WORKDIR /workspace
USER student
CMD ["bash"]
