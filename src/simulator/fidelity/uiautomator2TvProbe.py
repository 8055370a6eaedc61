"""Walks a simulated TV's Settings to 'Factory reset' with uiautomator2 by keyevents and prints what it saw, as JSON.

Usage: uiautomator2TvProbe.py PORT SERIAL. A failing call is reported as {"error": "..."}.

uiautomator2's element calls (d(text=...), d.dump_hierarchy(), d.press) are JSON-RPC to its own on-device server
(u2.jar on tcp:9008), which the simulator does not run; they are probed as they are. The walk uses its adb-level
calls (d.keyevent, d.shell, d.app_current), and the window is read with `uiautomator dump` and searched with
uiautomator2's own XPath engine (d.xpath(..., source=xml)), as a script does when the server cannot start.
"""
import os
import sys

port, serial = sys.argv[1], sys.argv[2]
# uiautomator2 uses adbutils' global client, which reads the adb server port from the environment.
os.environ["ANDROID_ADB_SERVER_PORT"] = port

import uiautomator2 as u2  # noqa: E402
from probeCalls import print_results, probe  # noqa: E402
from uiautomator2.core import BasicUiautomatorServer  # noqa: E402


BasicUiautomatorServer.start_uiautomator = lambda self: None
BasicUiautomatorServer.stop_uiautomator = lambda self, wait=True: None
d = u2.connect(serial)


def window():
    """The window as `uiautomator dump` wrote it to a file, read back through adb."""
    dumped = d.shell("uiautomator dump /sdcard/window_dump.xml")
    if dumped.exit_code != 0:
        raise RuntimeError(f"uiautomator dump exited {dumped.exit_code}: {dumped.output}")
    return d.shell("cat /sdcard/window_dump.xml").output


def element(xpath, source):
    """uiautomator2's reading of the first match: its text, bounds, focus and resource id."""
    found = d.xpath(xpath, source=source).all()
    if not found:
        return None
    first = found[0]
    return {
        "count": len(found),
        "text": first.text,
        "bounds": list(first.bounds),
        "focused": first.attrib.get("focused"),
        "resource_id": first.attrib.get("resource-id"),
    }


def focused_labels(source):
    """Labels (text, else content-desc) of the one focused node and its descendants, in document order."""
    focused = d.xpath('//*[@focused="true"]', source=source).all()
    if len(focused) != 1:
        return {"focused_count": len(focused)}
    inside = d.xpath(
        '//*[@focused="true"]/descendant-or-self::*[@text!="" or @content-desc!=""]', source=source
    ).all()
    return [node.text or node.attrib.get("content-desc") for node in inside]


def walk():
    # Home's Settings card is focused; CENTER opens the panel, six DOWN reach System, then About, then Reset.
    steps = []
    for keys in [["DPAD_CENTER"], ["DPAD_DOWN"] * 6, ["DPAD_CENTER"], ["DPAD_CENTER"], ["DPAD_DOWN"] * 2,
                 ["DPAD_CENTER"], ["DPAD_UP"]]:
        for key in keys:
            d.keyevent(key)
        steps.append(focused_labels(window()))
    return steps


probe("home_focus", lambda: focused_labels(window()))
probe("walk", walk)
probe("app_current", lambda: d.app_current())
source = window()
probe("factory_reset", lambda: element('//*[@text="Factory reset"]', source))
probe("factory_reset_focused_row", lambda: element('//*[@focused="true"]', source))
probe("focused_title", lambda: element('//*[@focused="true"]//*[@text="Factory reset"]', source))
probe("guided_title", lambda: element("@com.android.tv.settings:id/guidedactions_item_title", source))
probe("dump_hierarchy", lambda: len(d.dump_hierarchy()))
probe("selector_exists", lambda: bool(d(text="Factory reset").exists))

print_results()
