"""What a session's user agent says about the device, in words ("Firefox on Windows"). Pure.

A description for a person, not a fingerprint: the browser and the system are enough for a
reader to recognise a session ("that was my phone"). Order matters: Edge and Opera also say
Chrome, Chrome also says Safari, Android also says Linux.
"""

from __future__ import annotations

import re

_BROWSERS = (
    ("Edge", re.compile(r"\bEdg(e|A|iOS)?/")),
    ("Opera", re.compile(r"\bOPR/|\bOpera\b")),
    ("Samsung Internet", re.compile(r"\bSamsungBrowser/")),
    ("Firefox", re.compile(r"\bFirefox/|\bFxiOS/")),
    ("Chrome", re.compile(r"\b(?:Headless)?Chrome/|\bCriOS/|\bChromium/")),
    ("Safari", re.compile(r"\bSafari/")),
)
_SYSTEMS = (
    ("iPhone", re.compile(r"\biPhone\b")),
    ("iPad", re.compile(r"\biPad\b")),
    ("Android", re.compile(r"\bAndroid\b")),
    ("Chrome OS", re.compile(r"\bCrOS\b")),
    ("Windows", re.compile(r"\bWindows\b")),
    ("macOS", re.compile(r"\bMac OS X\b|\bMacintosh\b")),
    ("Linux", re.compile(r"\bLinux\b")),
)
_PROGRAMS = re.compile(r"^(curl|python-requests|python-httpx|okhttp|Wget)/", re.IGNORECASE)
UNKNOWN = "Unknown device"


def describe(user_agent: str) -> str:
    agent = user_agent.strip()
    if not agent:
        return UNKNOWN
    program = _PROGRAMS.match(agent)
    if program:
        return f"A program ({program.group(1)})"
    browser = next((name for name, pattern in _BROWSERS if pattern.search(agent)), None)
    system = next((name for name, pattern in _SYSTEMS if pattern.search(agent)), None)
    if browser and system:
        return f"{browser} on {system}"
    return browser or system or UNKNOWN
