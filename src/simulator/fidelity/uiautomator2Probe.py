"""Drives a device with uiautomator2 (a real third-party client) and prints what each call returned, as JSON.

Usage: uiautomator2Probe.py PORT SERIAL LOCAL_DIR. A failing call is reported as {"error": "..."}.

uiautomator2's Device starts its own on-device server (u2.jar through app_process, then HTTP /ping on tcp:9008) in
its constructor; the simulator has no such server, so `u2.connect` is probed as it is, and the adb-level calls are
then made on a Device whose start_uiautomator is skipped: those calls go through adbutils to adb only.
"""
import os
import sys

port, serial, local = sys.argv[1], sys.argv[2], sys.argv[3]
# uiautomator2 uses adbutils' global client, which reads the adb server port from the environment.
os.environ["ANDROID_ADB_SERVER_PORT"] = port

import uiautomator2 as u2  # noqa: E402
from probeCalls import print_results, probe  # noqa: E402
from uiautomator2.core import BasicUiautomatorServer  # noqa: E402


def connect_with_server():
    # What a user calls first: pushes u2.jar (after a `toybox md5sum` check) and launches the server.
    u2.connect(serial)
    return "connected"


def jar_md5():
    import hashlib
    import importlib.resources

    return hashlib.md5(importlib.resources.files("uiautomator2").joinpath("assets/u2.jar").read_bytes()).hexdigest()


probe("connect", connect_with_server)
probe("jar_md5", jar_md5)

BasicUiautomatorServer.start_uiautomator = lambda self: None
BasicUiautomatorServer.stop_uiautomator = lambda self, wait=True: None
d = u2.connect(serial)


def shell():
    ok = d.shell("echo hello")
    failed = d.shell(["ls", "/nope"])
    return {"ok": [ok.output, ok.exit_code], "failed": [failed.output, failed.exit_code]}


def app_start_monkey():
    d.app_start("com.android.settings")
    return d.app_current()


def app_start_activity():
    d.app_start("com.shoply.android", ".MainActivity", wait=True)
    return {"current": d.app_current(), "pid": d.app_wait("com.shoply.android", timeout=5, front=True)}


def app_stop():
    d.app_stop("com.shoply.android")
    return "com.shoply.android" in d.app_list_running()


def push_pull():
    source = os.path.join(local, "u2.txt")
    with open(source, "w") as handle:
        handle.write("pushed by uiautomator2\n")
    d.push(source, "/sdcard/Download/u2.txt")
    target = os.path.join(local, "u2-back.txt")
    d.pull("/sdcard/Download/u2.txt", target)
    with open(target) as handle:
        return handle.read()


def screenshot():
    image = d.screenshot(display_id=0)
    return [image.size[0], image.size[1], image.mode]


def app_info_missing():
    try:
        d.app_info("com.example.absent")
    except u2.AppNotFoundError:
        return "AppNotFoundError"
    return "found"


probe("serial", lambda: d.serial)
probe("device_info", lambda: d.device_info)
probe("wlan_ip", lambda: d.wlan_ip)
probe("window_size", lambda: list(d.window_size()))
probe("shell", shell)
probe("app_list_third_party", lambda: sorted(d.app_list("-3")))
probe("app_info", lambda: d.app_info("com.shoply.android"))
probe("app_info_missing", app_info_missing)
probe("app_start_monkey", app_start_monkey)
probe("app_start_activity", app_start_activity)
probe("app_list_running", lambda: sorted(d.app_list_running()))
probe("app_stop", app_stop)
probe("push_pull", push_pull)
probe("screenshot", screenshot)
probe("show_touch_trace", lambda: [d.show_touch_trace(), d.shell("settings get system show_touches").output][1])
def auto_grant():
    d.app_auto_grant_permissions("com.shoply.android")
    return "granted=false" in d.shell(["dumpsys", "package", "com.shoply.android"]).output


def install_uninstall():
    d.app_install(os.path.join(local, "u2.apk"))
    info = d.app_info("com.example.u2")
    return {"info": info, "uninstalled": d.app_uninstall("com.example.u2")}


probe("app_auto_grant_permissions", auto_grant)
probe("app_install_uninstall", install_uninstall)
probe("app_clear", lambda: [d.app_clear("com.shoply.android"), "cleared"][1])

print_results()
