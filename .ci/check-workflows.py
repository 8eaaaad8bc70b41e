#!/usr/bin/env python3
"""The workflow step's fallback where actionlint cannot be installed: each GitHub workflow
parses as YAML and has the shape GitHub requires (triggers, jobs with `runs-on` and steps,
each step either `uses` or `run`, `needs` naming real jobs). actionlint checks far more; this
only keeps a broken file from passing silently."""

import sys

import yaml


def problems(path):
    with open(path, encoding="utf-8") as file:
        document = yaml.safe_load(file)
    if not isinstance(document, dict):
        yield "not a mapping"
        return
    # YAML 1.1 reads the key `on` as the boolean true.
    if "on" not in document and True not in document:
        yield "no `on:` triggers"
    jobs = document.get("jobs")
    if not isinstance(jobs, dict) or not jobs:
        yield "no jobs"
        return
    for name, job in jobs.items():
        if not isinstance(job, dict):
            yield f"job {name}: not a mapping"
            continue
        if "runs-on" not in job and "uses" not in job:
            yield f"job {name}: no runs-on"
        needs = job.get("needs", [])
        for needed in [needs] if isinstance(needs, str) else needs:
            if needed not in jobs:
                yield f"job {name}: needs unknown job {needed}"
        for index, step in enumerate(job.get("steps", []), start=1):
            if not isinstance(step, dict) or ("uses" in step) == ("run" in step):
                yield f"job {name}, step {index}: needs exactly one of `uses` and `run`"


def main():
    failed = False
    for path in sys.argv[1:]:
        found = list(problems(path))
        for problem in found:
            print(f"{path}: {problem}", file=sys.stderr)
        failed = failed or bool(found)
        if not found:
            print(f"{path}: well-formed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
