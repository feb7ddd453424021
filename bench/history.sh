#!/usr/bin/env bash
# The change-point detector of `fsflow history` on seeded synthetic series: 30 runs of 5
# repetitions each, Gaussian noise of a coefficient of variation drawn per trial (2-10 %, then at
# fixed values), and a 5 % shift of the mean from run 16 on. Prints, per noise level over 200
# trials of each kind: how often the shift is found at the right run (alone: with no other
# change point), how often the untested energy statistic itself places it there (the most any
# test can confirm), and how often a series without a shift has no change point. Targets (issue
# 28): found at the right run in at least 90 % of trials, no change point in at least 95 %.
# Needs no root, no device: pure computation (a few seconds).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/fsflow" --version >/dev/null          # builds engine/target/fsflow.jar when needed
cd "$root/engine"
mvn -o -B -ntp -q test-compile
java -cp "target/fsflow.jar:target/test-classes" org.fsflow.history.SyntheticTrials
