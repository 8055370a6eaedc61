"""Drives a device with pure-python-adb (ppadb, a real third-party adb client) and prints each call's answer as JSON.

Usage: ppadbProbe.py PORT SERIAL APK_PATH WORK_DIR. A failing call is reported as {"error": "..."}.
"""
import hashlib
import json
import os
import sys

from ppadb.client import Client

port, serial, apk_path, work = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
client = Client(host="127.0.0.1", port=port)
device = client.device(serial)
results = {}


def probe(name, call):
    try:
        results[name] = {"value": call()}
    except Exception as error:  # noqa: BLE001 - every failure is a result to report
        results[name] = {"error": f"{type(error).__name__}: {error}"}


def push_pull():
    source = os.path.join(work, "note.txt")
    with open(source, "w") as handle:
        handle.write("pushed by ppadb\n")
    device.push(source, "/sdcard/Download/ppadb.txt")
    back = os.path.join(work, "back.txt")
    device.pull("/sdcard/Download/ppadb.txt", back)
    with open(back) as handle:
        return handle.read()


def wm_size():
    size = device.wm_size()
    return [size.width, size.height]


def screencap_digest():
    png = device.screencap()
    return {"signature": png[:8].hex(), "bytes": len(png) > 1000, "md5": hashlib.md5(png).hexdigest() != ""}


probe("devices", lambda: [d.serial for d in client.devices()])
probe("echo", lambda: device.shell("echo hello"))
probe("properties", lambda: {k: v for k, v in device.get_properties().items() if k in ("ro.build.version.sdk", "ro.product.model", "ro.product.locale")})
probe("features", lambda: sorted(device.list_features().keys())[:3])
probe("packages", lambda: sorted(device.list_packages()))
probe("wm_size", wm_size)
probe("wm_density", lambda: device.wm_density())
probe("push_pull", push_pull)
probe("install", lambda: device.install(apk_path))
probe("is_installed", lambda: device.is_installed("com.example.ppadb"))
probe("version_name", lambda: device.get_package_version_name("com.example.ppadb"))
probe("uninstall", lambda: device.uninstall("com.example.ppadb"))
probe("is_installed_after", lambda: device.is_installed("com.example.ppadb"))
probe("pid_system_server", lambda: (device.get_pid("system_server") or "").isdigit())
probe("cpu_count", lambda: device.cpu_count())
probe("screencap", screencap_digest)
probe("keyevent", lambda: device.input_keyevent(3))
print(json.dumps(results))
