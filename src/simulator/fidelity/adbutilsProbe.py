"""Drives a device with adbutils (a real third-party adb client) and prints what each call returned, as JSON.

Usage: adbutilsProbe.py PORT SERIAL. A failing call is reported as {"error": "..."} so one run shows every answer.
"""
import json
import sys

import adbutils

port, serial = int(sys.argv[1]), sys.argv[2]
device = adbutils.AdbClient(host="127.0.0.1", port=port).device(serial)
results = {}


def probe(name, call):
    try:
        results[name] = {"value": call()}
    except Exception as error:  # noqa: BLE001 - every failure is a result to report
        results[name] = {"error": f"{type(error).__name__}: {error}"}


def shell2_false():
    reply = device.shell2("false")
    return {"returncode": reply.returncode, "output": reply.output}


def push_and_list():
    device.sync.push(b"pushed by adbutils\n", "/data/local/tmp/adbutils.txt")
    return sorted(entry.path for entry in device.sync.list("/data/local/tmp"))


def app_current():
    info = device.app_current()
    return {"package": info.package, "activity": info.activity}


def app_info():
    info = device.app_info("com.shoply.android")
    return {
        "version_name": info.version_name,
        "version_code": info.version_code,
        "first_install_time": info.first_install_time.isoformat(),
        "last_update_time": info.last_update_time.isoformat(),
        "signature": info.signature,
        "flags": info.flags,
        "path": info.path,
    }


def battery():
    info = device.battery()
    return {"usb_powered": info.usb_powered, "level": info.level, "temperature": info.temperature}


probe("shell2_false", shell2_false)
probe("sdk", lambda: device.getprop("ro.build.version.sdk"))
probe("airplane", lambda: device.shell("settings get global airplane_mode_on"))
probe("packages", lambda: device.list_packages())
probe("app_current", app_current)
probe("window_size", lambda: list(device.window_size()))
probe("app_info", app_info)
probe("battery", battery)
probe("screen_on", device.is_screen_on)
probe("rotation", device.rotation)
probe("push_list", push_and_list)
probe("pull", lambda: device.sync.read_text("/data/local/tmp/adbutils.txt"))
print(json.dumps(results))
