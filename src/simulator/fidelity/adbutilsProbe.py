"""Drives a device with adbutils (a real third-party adb client) and prints what each call returned, as JSON.

Usage: adbutilsProbe.py PORT SERIAL [NAMES]. A failing call is reported as {"error": "..."} so one run shows every
answer. NAMES (comma-separated) runs only those probes, e.g. `screenshot,window_size` on a profile without the apps.
"""
import json
import sys

import adbutils

port, serial = int(sys.argv[1]), sys.argv[2]
device = adbutils.AdbClient(host="127.0.0.1", port=port).device(serial)
only = set(sys.argv[3].split(",")) if len(sys.argv) > 3 else None
results = {}


def probe(name, call):
    if only is not None and name not in only:
        return
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


def screenshot():
    # error_ok=False: by default adbutils answers a black image of window_size() when screencap's PNG does not parse.
    image = device.screenshot(error_ok=False)
    colours = image.getcolors(maxcolors=1 << 16)
    return {"size": list(image.size), "mode": image.mode, "colours": len(colours) if colours else 1 << 16}


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
probe("screenshot", screenshot)
print(json.dumps(results))
