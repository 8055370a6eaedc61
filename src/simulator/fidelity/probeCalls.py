"""What the uiautomator2 probes share: probe() runs one client call and keeps its answer in `results`, printed as JSON.

Clients print progress (adbutils' install does), so each call runs with stdout sent to stderr, with its duration;
stdout carries only the JSON. A failing call is kept as {"error": "..."} so one run shows every answer.
"""
import contextlib
import json
import sys
import time

results = {}


def probe(name, call):
    with contextlib.redirect_stdout(sys.stderr):
        started = time.monotonic()
        try:
            results[name] = {"value": call()}
        except Exception as error:  # noqa: BLE001 - every failure is a result to report
            results[name] = {"error": f"{type(error).__name__}: {error}"}
        print(f"{name}: {time.monotonic() - started:.2f}s", file=sys.stderr)


def print_results():
    print(json.dumps(results))
